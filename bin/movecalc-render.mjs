#!/usr/bin/env node
// A ruling as an SVG picture without a browser (`movecalc-render --help`): the page's own scene and
// drawing modules (web/scene.js, web/board.js, web/picture.js) drawn into an SvgContext, the ruling
// asked of the WebAssembly engine in Node. The picture is the page's Download SVG.
import { readFileSync, writeFileSync } from 'node:fs';
import { createEngine } from '../wasm/movecalc.mjs';
import { SYSTEMS, SYSTEM_IDS, buildRequest, setAssumptions, setTerrainKinds, own } from '../web/model.js';
import { encodeShare, checkPosition, positionPayload, parseJSON, useEngineLimits, ShareError } from '../web/share.js';
import { INPUT_HELP, isInput, readInput } from './input.mjs';
import { resultScene, verdictOf } from '../web/results.js';
import { boardScene, sideColour, legendMarks } from '../web/scene.js';
import { picture, stillView, drawnOn, drawnLegend, unitsBySide } from '../web/picture.js';
import { SvgContext, SvgPath } from '../web/svg-context.js';

const USAGE = `usage: movecalc-render INPUT [-o OUT.svg] [--width PX] [--site URL]
       movecalc-render --help | --version
Draws a ruling as the movecalc page's Download SVG does: a title, the verdict, the board with the
ruling drawn, the units by side, the legend and the share link as a caption.
${INPUT_HELP}  -o OUT.svg    where to write the picture, SVG (default, or -: stdout); a PNG, JPEG, GIF,
                WebP, AVIF or BMP name is refused (exit 2): the picture is SVG only
  --width PX    the board's width in the picture, 320-2000 (default 800); its height follows the board
  --site URL    the movecalc page the caption's link opens (default: a link's own page; else the
                caption gives the link's fragment, #p=CODE)
  exit: 0 the picture was written (whatever the ruling says), 1 the engine could not read the
        request (its error on stderr, no picture), 2 the input or the options cannot be used
`;

const fail = (code, message) => { process.stderr.write(`movecalc-render: ${message}\n`); process.exit(code); };

const args = process.argv.slice(2);
let input, out = '-', width = 800, site = null;
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  const value = () => (i + 1 < args.length ? args[++i] : fail(2, `${a} needs a value\n${USAGE}`));
  if (a === '--help' || a === '-h') { process.stdout.write(USAGE); process.exit(0); }
  if (a === '--version') {
    const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    process.stdout.write(`movecalc-render ${version}\n`);
    process.exit(0);
  }
  if (a === '-o' || a === '--output') out = value();
  else if (a === '--width') width = Number(value());
  else if (a === '--site') site = value();
  else if (input === undefined && isInput(a)) input = a;
  else fail(2, `unexpected argument ${JSON.stringify(a)}\n${USAGE}`);
}
if (input === undefined) fail(2, `no INPUT given\n${USAGE}`);
// the picture is SVG only: a raster name would hold SVG under another format's name
if (/\.(png|jpe?g|gif|webp|avif|bmp)$/i.test(out)) {
  fail(2, `-o ${out}: movecalc-render writes SVG only (name the file .svg); for a PNG, convert the SVG or use the page's Download PNG`);
}
if (!Number.isInteger(width) || width < 320 || width > 2000) fail(2, '--width must be a whole number of px from 320 to 2000');
if (site !== null) {
  try { site = new URL(site).href; } catch { fail(2, `--site ${JSON.stringify(site)} is not a URL`); }
}

/** What to rule: {request} (ruled as written) or {payload} (a link's position), and the link's page. */
async function readWhat() {
  const { bytes, payload, page } = await readInput(input, fail);
  if (payload) return { payload, page };
  let value;
  try { value = parseJSON(bytes.toString('utf8'), input === '-' ? 'stdin' : input); } catch (e) { fail(2, e instanceof ShareError ? e.message : String(e)); }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) fail(2, `${input}: expected a JSON object (a request or a position)`);
  return { request: value, page };
}

const { request: given, payload, page } = await readWhat();
const system = given ? given.system : payload.system ?? payload.request?.system;
if (!own(SYSTEMS, system)) fail(2, `system: must be one of ${SYSTEM_IDS.join(', ')} (got ${JSON.stringify(system ?? null)})`);

const engine = await createEngine({ systems: [system] });
const ask = (req) => JSON.parse(engine.requestText(JSON.stringify(req)));
const described = ask({ query: 'describe' }).result;
setAssumptions(described.assumptions);
setTerrainKinds(described.systems);
useEngineLimits(described.limits);

// a request is ruled as written: the engine's error, if any, comes before the page's checks
const fromEngine = (r) => fail(1, `the engine could not read the request: ${r.error?.path ? `${r.error.path}: ` : ''}${r.error?.message ?? r.error?.code}`);
const first = given ? ask(given) : null;
if (first && !first.ok) fromEngine(first);
let position;
try { position = checkPosition(given ? { request: given } : payload); } catch (e) {
  fail(2, `${given ? 'the request' : 'the position'} cannot be set up on the board: ${e instanceof ShareError ? e.message : String(e)}`);
}
const { doc } = position;
const request = given ?? buildRequest(system, doc);
const response = first ?? ask(request);
if (!response.ok) fromEngine(response);
// a reach the page also asks without other units (its what-if outline)
const extra = {};
if (own(SYSTEMS[system].queries, request.query)?.whatIf && request.ignoreUnits !== true) {
  const whatIf = ask({ ...request, ignoreUnits: true });
  if (whatIf.ok) extra.whatIf = whatIf;
}

const rs = resultScene(system, request, response, (side) => sideColour(doc, side), null, extra);
const scene = boardScene(system, doc, { result: rs });
const code = await encodeShare(positionPayload(system, doc));
const base = site ?? page;
const ctx = new SvgContext(0, 0);
const measure = (t, f) => { ctx.font = f; return ctx.measureText(t).width; };
// framed and keyed as the page's Download SVG: the whole board, the legend of the marks drawn
const still = stillView(scene, width);
const pic = picture({
  scene, ...still, title: `${SYSTEMS[system].name}: ${request.query}`, verdict: verdictOf(response, request), sides: unitsBySide(doc),
  legend: drawnLegend(legendMarks(system, request.query), scene, drawnOn(scene, still.view, still.boardWidth, still.boardHeight, measure)),
  link: base ? `${base}#p=${code}` : `#p=${code}`, events: rs.events ?? [], measure,
});
Object.assign(ctx, { width: pic.width, height: pic.height, title: pic.title, desc: pic.desc });
pic.paint(ctx, SvgPath);
try {
  if (out === '-') process.stdout.write(ctx.toSVG()); else writeFileSync(out, ctx.toSVG());
} catch (e) { fail(2, `cannot write ${out}: ${e.code ?? e.message}`); }
