// Still pictures (issue 33). The legend lists the marks drawn in it, told by what the ruling holds,
// not by colour alone: Torn World draws a Free Attack as a red arrow and a move stopped short as a
// red end hex, an ejection as a brown arrow and its candidate hexes with brown edges. Every Torn
// World move and eject scenario is drawn as movecalc-render and the page's Download draw it
// (stillView, drawnOn, drawnLegend), and its legend checked against the ruling's fields
// (docs/api/torn-world.md: `freeAttacks` each `{unit, rule, cause, at}`; `ejections` and `markers`
// each with `from` and `to`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createEngine } from '../../wasm/movecalc.mjs';
import { SYSTEMS, setAssumptions, setTerrainKinds } from '../../web/model.js';
import { checkPosition, useEngineLimits } from '../../web/share.js';
import { resultScene } from '../../web/results.js';
import { boardScene, sideColour, legendMarks } from '../../web/scene.js';
import { stillView, drawnOn, drawnLegend } from '../../web/picture.js';
import { SvgContext } from '../../web/svg-context.js';
import { Painter } from '../../web/board.js';
import { isHex } from '../../web/draw.js';
import { scenarioFiles, loadScenario } from './util.mjs';

const engine = await createEngine();
const ask = (req) => JSON.parse(engine.requestText(JSON.stringify(req)));
const described = ask({ query: 'describe' }).result;
setAssumptions(described.assumptions);
setTerrainKinds(described.systems);
useEngineLimits(described.limits);

const ctx = new SvgContext(0, 0);
const measure = (t, f) => { ctx.font = f; return ctx.measureText(t).width; };
/** The legend entries' texts of the still picture of `req` 800 px wide. */
function stillLegend(req, response) {
  const { doc } = checkPosition({ request: req });
  const rs = resultScene(req.system, req, response, (side) => sideColour(doc, side));
  const scene = boardScene(req.system, doc, { result: rs });
  const still = stillView(scene, 800);
  return drawnLegend(legendMarks(req.system, req.query), scene, drawnOn(scene, still.view, still.boardWidth, still.boardHeight, measure)).map((m) => m.text);
}

const arr = (v) => (Array.isArray(v) ? v : []);

/** The scenario requests of `game` that `keep` takes, each as [file, request]. */
const scenariosOf = (game, keep) => scenarioFiles().filter((f) => f.includes(`/${game}/`))
  .map((f) => [f, loadScenario(f).request]).filter(([, r]) => r && keep(r));

/** Each ruled request of `cases`, with its result, its still picture's legend and its file's name. */
function* ruledStills(cases) {
  for (const [file, req] of cases) {
    const response = ask(req);
    if (!response.ok) continue;
    yield { req, r: response.result, legend: stillLegend(req, response), label: file.split('/').pop() };
  }
}

test('TW-EJ-2 TW-FA-1 TW-FA-2 a still picture\'s legend names a Free Attack only where the ruling makes one at a hex, an ejection only where one is placed', () => {
  assert.ok(SYSTEMS['torn-world'], 'the page draws Torn World');
  const cases = scenariosOf('torn-world', (r) => ['move', 'eject'].includes(r.query));
  let attacks = 0, without = 0, redEnds = 0;
  for (const { r, legend, label } of ruledStills(cases)) {
    const attacked = arr(r.freeAttacks).some((fa) => isHex(fa.at));
    // placed: a hex given, or the only one (the engine's first of several nearest hexes is no one's choice: not drawn)
    const ejected = [...arr(r.ejections), ...arr(r.markers)].some((e) => isHex(e.from) && isHex(e.to) && !(e.choice === 'first-candidate' && arr(e.candidates).length > 1));
    assert.equal(legend.some((t) => /Free Attack/.test(t)), attacked, `${label}: the Free Attack entry ${attacked ? 'listed' : 'left out'} (${legend.join(' | ')})`);
    assert.equal(legend.some((t) => /an ejection/.test(t)), ejected, `${label}: the ejection entry ${ejected ? 'listed' : 'left out'}`);
    if (attacked) attacks++; else without++;
    if (!attacked && r.legal === false && isHex(r.final)) redEnds++;
  }
  // the cases that tell colour from mark: both kinds, and a red end hex without a Free Attack
  assert.ok(attacks > 0 && without > 0, `scenarios with and without a Free Attack (${attacks}, ${without})`);
  assert.ok(redEnds > 0, 'a move or ejection stopped short (a red end hex) with no Free Attack');
});

// C&C draws an ordered unit's adjacent enemies as dashed lines, red where it must battle, brown
// otherwise, and a move not made as a solid red line: each entry listed where the ruling has one.
test('CCA-MV-2 a C&C order\'s still legend lists the battle lines the ruling draws, and a move not made only where one is refused', () => {
  const cases = scenariosOf('cc-ancients', (r) => r.query === 'order');
  const seen = { must: 0, other: 0 };
  for (const { req, r, legend, label } of ruledStills(cases)) {
    const here = new Set(req.units.map((u) => u.id));
    const lines = arr(r.battle).filter((b) => here.has(b.unit)).flatMap((b) => arr(b.adjacentEnemies).filter((e) => here.has(e)).map(() => b.mustBattle === true));
    const must = lines.includes(true), other = lines.includes(false);
    assert.equal(legend.some((t) => /adjacent enemy it must battle/.test(t)), must, `${label}: the must-battle entry (${legend.join(' | ')})`);
    assert.equal(legend.includes('to an adjacent enemy'), other, `${label}: the adjacent-enemy entry`);
    const notMade = arr(r.moves).some((m, i) => m?.legal === false && arr(req.moves?.[i]?.path).length > 0);
    if (!notMade) assert.ok(!legend.includes('a move not made'), `${label}: no move refused, none listed (${legend.join(' | ')})`);
    if (must) seen.must++;
    if (other) seen.other++;
  }
  assert.ok(seen.must > 0 && seen.other > 0, `orders with both kinds of battle line (${seen.must}, ${seen.other})`);
});

// A still picture frames the whole table, and every unit besides: Arcane Legions' table is
// optional, and a request without one places its units where it says (at the corner of the page's
// default table, or past it); none is cut off.
test('AL-BRK-4 a still picture of units placed past the table\'s edge holds every unit whole', () => {
  const cases = scenariosOf('arcane-legions', (r) => Array.isArray(r.units) && !r.table && r.units.some((u) => u.x < 0 || u.y < 0));
  assert.ok(cases.length > 0, 'scenarios with units past the default table\'s edge');
  for (const [file, req] of cases) {
    const { doc } = checkPosition({ request: req });
    const scene = boardScene(req.system, doc, {});
    const { view, boardWidth, boardHeight } = stillView(scene, 800);
    const p = new Painter(null);
    Object.assign(p, { width: boardWidth, height: boardHeight });
    p.show(scene);
    Object.assign(p, view);
    for (const u of doc.units) {
      const [w, d] = SYSTEMS[req.system].size(u), r = Math.hypot(w, d) / 2;
      for (const [dx, dy] of [[-r, -r], [r, r]]) {
        const [x, y] = p.toScreen(u.x + dx, u.y + dy);
        assert.ok(x >= 0 && x <= boardWidth && y >= 0 && y <= boardHeight, `${file.split('/').pop()}: ${u.id} in the picture (${x}, ${y})`);
      }
    }
  }
});
