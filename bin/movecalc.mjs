#!/usr/bin/env node
// The JS CLI: the native build/movecalc's options, output and exit codes, answered through the
// WebAssembly build (`movecalc --help`).
import { createReadStream, readFileSync } from 'node:fs';
import { createEngine } from '../wasm/movecalc.mjs';
import { SYSTEMS, buildRequest, setAssumptions, setTerrainKinds, own } from '../web/model.js';
import { checkPosition, useEngineLimits, ShareError } from '../web/share.js';
import { INPUT_HELP, isInput, readInput } from './input.mjs';
import { lines } from './lines.mjs';

const LIMIT = 4 * 1024 * 1024; // MC_MAX_REQUEST_BYTES; larger input still reaches the engine's limit error
const USAGE = `usage: movecalc [--pretty] INPUT        answer the request INPUT stands for
       movecalc --lines FILE|-        answer one JSON request per line (JSON Lines)
       movecalc serve [--port N] [--frame-ancestors ORIGINS]   serve the movecalc site (serve --help)
       movecalc --version | --help
${INPUT_HELP}  --pretty  indent the response, two spaces per level (the same bytes otherwise)
  --lines   each line of FILE (or stdin) is one engine request, ruled as written
  A link or a position is asked as the page asks it (the request its \`Edit in Advanced\` shows).
  exit: 0 ok, 1 the response is an error, 2 the input cannot be read
`;

// Indents compact JSON without re-reading its numbers (JSON.stringify would reprint them), as the
// native CLI does.
function pretty(s) {
  let out = '';
  let depth = 0;
  let inString = false;
  const newline = () => '\n' + '  '.repeat(depth);
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (inString) {
      out += c;
      if (c === '\\' && i + 1 < s.length) out += s[++i];
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') { inString = true; out += c; }
    else if (c === '{' || c === '[') {
      out += c;
      if (s[i + 1] === '}' || s[i + 1] === ']') out += s[++i];
      else { depth++; out += newline(); }
    } else if (c === '}' || c === ']') { depth--; out += newline() + c; }
    else if (c === ',') out += ',' + newline();
    else if (c === ':') out += ': ';
    else out += c;
  }
  return out;
}

// `movecalc serve …`: the site this package carries, served; the server keeps the process running
if (process.argv[2] === 'serve') await (await import('./serve.mjs')).serveCommand(process.argv.slice(3));
else await cli();

// The request CLI: answers INPUT (or each line of --lines).
async function cli() {
  let wantPretty = false;
  let wantLines = false;
  let file;
  let bad = false;
  for (const a of process.argv.slice(2)) {
    if (a === '--help' || a === '-h') { process.stdout.write(USAGE); process.exit(0); }
    if (a === '--version') {
      const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
      process.stdout.write(`movecalc ${version}\n`);
      process.exit(0);
    }
    if (a === '--pretty') wantPretty = true;
    else if (a === '--lines') wantLines = true;
    else if (file === undefined && isInput(a)) file = a;
    else bad = true;
  }
  if (bad || file === undefined || (wantPretty && wantLines)) {
    process.stderr.write(USAGE);
    process.exit(2);
  }

  const engine = await createEngine();
  // The engine refuses a request holding a NUL byte, as the native CLI's C string would be cut.
  const answer = (bytes) => engine.requestBytes(bytes.subarray(0, LIMIT + 1));

  if (wantLines) {
    const input = file === '-' ? process.stdin : createReadStream(file);
    try {
      // Each line is answered as soon as it has arrived; blank lines ask nothing, as natively.
      for await (let line of lines(input)) {
        if (line.length > 0 && line[line.length - 1] === 0x0d) line = line.subarray(0, line.length - 1);
        if (!/^[ \t]*$/.test(line.toString('latin1'))) process.stdout.write(answer(line) + '\n');
      }
    } catch {
      process.stderr.write(`movecalc: cannot read ${file}\n`);
      process.exit(2);
    }
    process.exit(0);
  }

  const fail = (code, message) => { process.stderr.write(`movecalc: ${message}\n`); process.exit(code); };
  const { bytes, payload } = await readInput(file, fail);
  let request = bytes;
  if (payload) {
    // a link's position: the request the page asks of it, with the page's checks
    const system = payload.system ?? payload.request?.system;
    if (own(SYSTEMS, system)) {
      const described = JSON.parse(engine.requestText('{"query":"describe"}')).result;
      setAssumptions(described.assumptions);
      setTerrainKinds(described.systems);
      useEngineLimits(described.limits);
    }
    try {
      const { system: id, doc } = checkPosition(payload);
      request = Buffer.from(JSON.stringify(buildRequest(id, doc)), 'utf8');
    } catch (e) { fail(2, `the position cannot be set up: ${e instanceof ShareError ? e.message : String(e)}`); }
  }
  const response = answer(request);
  process.stdout.write((wantPretty ? pretty(response) : response) + '\n');
  process.exit(response.startsWith('{"ok":true') ? 0 : 1);
}
