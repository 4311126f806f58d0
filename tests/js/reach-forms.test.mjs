// The forms of a hex `reach` answer (docs/api.md "Hex boards"): `"detail": "brief"` carries the
// same information as the full answer — expanding it with the documented defaults gives the full
// answer back — and, in Torn World, the parent form's nodes rebuild each entry's own whole path.
// Run on every reach scenario and on the benchmark's busy positions (enemies, zones, attacks).
// What was compared is counted: each hex game of describe must have had at least MIN_COMPARED
// positions compared, so that answers of another kind (errors, limited paths) cannot leave the
// comparison empty. A hex game without an entry in SYSTEMS (one added by docs/adding-a-game.md) is
// compared on its reach scenarios, its brief entries holding none of its own defaults: at least one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { relative } from 'node:path';
import { createEngine } from '../../wasm/movecalc.mjs';
import { hexReach } from '../../bench/generate.mjs';
import { loadScenario, nativeCli, root, scenarioFiles } from './util.mjs';

const engine = await createEngine();
const ask = (req) => JSON.parse(engine.requestText(JSON.stringify(req)));

const MIN_COMPARED = 10;
// per system: positions whose brief and full answers were compared, in each path form; Torn World's
// positions whose every path was rebuilt from the parent form
const compared = {};
const count = (system, what) => { compared[system] ??= { full: 0, parent: 0, rebuilt: 0 }; compared[system][what]++; };

// Odd-r offset of an axial hex (docs/api.md "Hex boards").
const full = (h) => ({ ...h, col: h.q + (h.r - (h.r & 1)) / 2, row: h.r });

// Each system's clause, its documented brief defaults (a function of the result, for the fields
// whose default depends on it) and the hexes inside an entry besides `parent` and `path`.
const SYSTEMS = {
  godsgloom: {
    clause: 'GG-MOV-1',
    defaults: (result) => ({
      engaged: false, engagedWith: [], nimble: false, minimumMove: false, endedBy: 'choice', facings: [0, 1, 2, 3, 4, 5],
      ...(result.moveType === 'reposition' ? {} : { mayMeleeAttack: true }),
    }),
    expandInner: () => {},
  },
  'torn-world': {
    clause: 'TW-MV-1',
    defaults: (result, request) => {
      const mover = request.units.find((u) => u.id === request.unit);
      return { freeAttacks: [], ejects: [], ejectsMarkers: [], ...(mover.size === 'huge' ? { destroyed: [] } : {}) };
    },
    expandInner: (e) => {
      for (const key of ['hexons', 'destroyed']) if (e[key]) e[key] = e[key].map(full);
      for (const a of e.freeAttacks ?? []) {
        a.at = full(a.at);
        a.rule ??= 'TW-FA-2';
      }
    },
  },
  'cc-ancients': {
    clause: 'CCA-MV-3',
    defaults: (result) => ({
      canBattle: true, mustBattle: false,
      ...(result.ignoreUnits || result.type === 'leader' ? {} : { adjacentEnemies: [] }),
    }),
    expandInner: (e) => { e.hexesMoved ??= e.cost; },
  },
};

const hexGames = ask({ query: 'describe' }).result.systems.filter((s) => s.board === 'hex').map((s) => s.id);
// A hex game's brief form without fields of its own to leave out (docs/api.md "Hex boards").
const NO_DEFAULTS = { clause: 'docs/api.md "Hex boards"', defaults: () => ({}), expandInner: () => {} };
const formsOf = (system) => SYSTEMS[system] ?? NO_DEFAULTS;

/** The full answer rebuilt from a brief one with the documented defaults. */
function expand(system, brief, request) {
  const sys = formsOf(system);
  const out = structuredClone(brief);
  const defaults = sys.defaults(out.result, request);
  const entry = (e) => {
    if (e.parent) e.parent = full(e.parent);
    if (e.path) e.path = e.path.map(full);
    sys.expandInner(e);
    for (const [k, v] of Object.entries(defaults)) if (!(k in e)) e[k] = structuredClone(v);
  };
  out.result.hexes.forEach(entry);
  for (const t of out.result.through ?? []) t.parent = full(t.parent);
  return out;
}

/** The full answer without the entries' `alternatives`, which a brief answer leaves out (docs/api.md),
 * and so without the `through` nodes only their paths pass (the parent form). */
function withoutAlternatives(answer) {
  const out = structuredClone(answer);
  for (const e of out.result?.hexes ?? []) delete e.alternatives;
  const through = out.result?.through;
  if (through) {
    const byNode = new Map([...out.result.hexes, ...through].map((e) => [e.node, e]));
    const used = new Set();
    for (const e of out.result.hexes) {
      for (let n = byNode.get(e.parentNode); n && !used.has(n.node); n = byNode.get(n.parentNode)) used.add(n.node);
    }
    out.result.through = through.filter((t) => used.has(t.node));
  }
  return out;
}

/** Fields of brief entries that hold their default (the brief answer should have left them out). */
function defaultsLeftIn(system, brief, request) {
  const defaults = formsOf(system).defaults(brief.result, request);
  const found = [];
  for (const e of brief.result.hexes) {
    for (const [k, v] of Object.entries(defaults)) if (k in e && JSON.stringify(e[k]) === JSON.stringify(v)) found.push(k);
    for (const h of [e.parent, ...(e.path ?? [])]) if (h && ('col' in h || 'row' in h)) found.push('col/row');
    if (system === 'cc-ancients' && 'hexesMoved' in e) found.push('hexesMoved');
  }
  return [...new Set(found)];
}

function nativeText(req) {
  try {
    return execFileSync(nativeCli, ['-'], { input: JSON.stringify(req), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).trimEnd();
  } catch (e) {
    return e.stdout.trimEnd();
  }
}

const positions = [];
for (const file of scenarioFiles()) {
  const s = loadScenario(file);
  if (s.request.query === 'reach' && hexGames.includes(s.request.system)) positions.push({ name: relative(root, file), request: s.request });
}
// hexReach generates the positions of the games with an entry in SYSTEMS
for (const system of hexGames.filter((g) => SYSTEMS[g])) {
  const preset = system === 'cc-ancients';
  for (const seed of [77, 78, 79, 80]) {
    positions.push({ name: `busy position ${seed} of ${system} (bench/generate.mjs)`,
      request: hexReach(system, { seed, cols: preset ? 13 : 12, rows: 9, preset, units: 30, terrain: 12, moverSpeed: 4 }) });
  }
}

for (const { name, request } of positions) {
  const system = request.system;
  const { clause } = formsOf(system);
  for (const paths of ['full', 'parent']) {
    test(`${clause} ${name}, paths ${paths}: the brief answer expanded with the documented defaults is the full answer`, () => {
      const fullAnswer = ask({ ...request, paths, detail: 'full' });
      const briefReq = { ...request, paths, detail: 'brief' };
      const brief = ask(briefReq);
      assert.equal(brief.ok, fullAnswer.ok);
      assert.equal(engine.requestText(JSON.stringify(briefReq)), nativeText(briefReq), 'native and WebAssembly brief answers differ');
      if (!fullAnswer.ok) { // refused: the same refusal in either form
        assert.deepEqual(brief.error, fullAnswer.error);
        return;
      }
      assert.deepEqual(defaultsLeftIn(system, brief, request), []);
      assert.deepEqual(expand(system, brief, request), withoutAlternatives(fullAnswer));
      count(system, paths);
    });
  }
  if (system !== 'torn-world') continue;
  test(`TW-MV-1 ${name}: following parentNode through hexes and through rebuilds each entry's own whole path`, () => {
    const whole = ask({ ...request, paths: 'full', detail: 'full' });
    const parents = ask({ ...request, paths: 'parent', detail: 'full' });
    assert.equal(parents.ok, whole.ok);
    // refused, no move, or limited to the parent form: no whole paths to compare (counted below)
    if (!whole.ok || !whole.result.legal || whole.result.paths !== 'full') return;
    const byNode = new Map();
    for (const e of [...parents.result.hexes, ...parents.result.through]) {
      assert.ok(!byNode.has(e.node), `node ${e.node} listed twice`);
      byNode.set(e.node, e);
    }
    assert.equal(parents.result.hexes.length, whole.result.hexes.length);
    parents.result.hexes.forEach((e, i) => {
      const path = [];
      let v = e.node;
      for (; v !== parents.result.startNode; v = byNode.get(v).parentNode) {
        const n = byNode.get(v);
        assert.ok(n, `node ${v} is neither listed nor the start`);
        path.unshift({ q: n.q, r: n.r, col: n.col, row: n.row });
        assert.ok(path.length <= e.cost, 'the chain is longer than the cost');
      }
      assert.deepEqual(path, whole.result.hexes[i].path, `(q ${e.q}, r ${e.r})`);
    });
    count(system, 'rebuilt');
  });
}

// Declared last, run last: the tests above run one after another in this file.
test(`every hex game of describe has had at least ${MIN_COMPARED} reach positions compared in both path forms (one without an entry in SYSTEMS: 1; Torn World: its paths rebuilt)`, (t) => {
  t.diagnostic(JSON.stringify(compared));
  assert.ok(hexGames.length > 0, 'describe lists no hex game');
  for (const system of Object.keys(SYSTEMS)) assert.ok(hexGames.includes(system), `${system}: not a hex game of describe`);
  for (const system of hexGames) {
    const c = compared[system] ?? { full: 0, parent: 0, rebuilt: 0 };
    const least = SYSTEMS[system] ? MIN_COMPARED : 1;
    assert.ok(c.full >= least && c.parent >= least, `${system}: ${JSON.stringify(c)}`);
    if (system === 'torn-world') assert.ok(c.rebuilt >= MIN_COMPARED, `${system}: ${JSON.stringify(c)}`);
  }
});
