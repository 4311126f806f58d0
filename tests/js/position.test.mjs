// Positions kept in the engine through WebAssembly (engine.open): for every scenario file, the
// request split into its position and its query answers with exactly the bytes the native CLI
// prints for the whole request, before and after an update (units moved and removed).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { createEngine, splitRequest, REACH_FLAGS } from '../../wasm/movecalc.mjs';

const GG = REACH_FLAGS.godsgloom;
import { loadScenario, nativeCli, root, scenarioFiles } from './util.mjs';

const engine = await createEngine();

function native(text) {
  try {
    return execFileSync(nativeCli, ['-'], { input: text, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 }).trimEnd();
  } catch (e) {
    return e.stdout.trimEnd(); // exit 1: a response with "ok": false
  }
}

// The change the test makes (the first unit one along in x or q, the last of two or more
// removed), and the same change made by hand to a copy of the request.
function changeOf(request) {
  const units = request.units;
  if (!Array.isArray(units) || typeof units[0]?.id !== 'string') return null;
  const changed = structuredClone(request);
  const move = { id: units[0].id };
  for (const key of ['x', 'q']) {
    if (typeof units[0][key] === 'number') {
      move[key] = units[0][key] + 1;
      changed.units[0][key] = move[key];
    }
  }
  const change = { units: [move] };
  const last = units.at(-1);
  if (units.length >= 2 && typeof last?.id === 'string' && last.id !== units[0].id) {
    change.remove = [last.id];
    changed.units.pop();
  }
  return { change, changed };
}

const full = (request) => {
  const { position, query } = splitRequest(request);
  return JSON.stringify({ ...position, ...query });
};

let split = 0;
for (const file of scenarioFiles()) {
  const s = loadScenario(file);
  const request = s.request;
  if (request === null || typeof request !== 'object' || Array.isArray(request) || typeof request.system !== 'string') continue;
  split++;
  test(`${relative(root, file)}: open + ask == request, before and after an update`, () => {
    const before = engine.bytesInUse();
    const { position, query } = splitRequest(request);
    const pos = engine.open(position);
    try {
      assert.equal(pos.askText(JSON.stringify(query)), native(full(request)), 'as opened');
      const c = changeOf(request);
      if (c) {
        assert.deepEqual(pos.update(c.change), { ok: true });
        assert.equal(pos.askText(JSON.stringify(query)), native(full(c.changed)), `after ${JSON.stringify(c.change)}`);
      }
    } finally {
      pos.close();
    }
    assert.equal(engine.bytesInUse(), before, 'the position left memory behind');
  });
}

test('every scenario with a system is split', () => {
  assert.ok(split > 400, `${split} scenarios split`);
});

test('open errors name the path; a closed position throws', () => {
  assert.throws(() => engine.open({ system: 'godsgloom', unit: 'a' }), (e) => e.response?.error?.path === 'unit');
  const pos = engine.open({ system: 'godsgloom', board: { cols: 3, rows: 3 }, units: [] });
  const answer = pos.ask({ query: 'reach', unit: 'a', units: [] });
  assert.equal(answer.error.code, 'bad_request');
  assert.equal(answer.error.path, 'units');
  assert.equal(pos.update({ remove: ['zz'] }).error.path, 'remove[0]');
  pos.close();
  pos.close();
  assert.throws(() => pos.ask({ query: 'reach' }), /closed/);
});

test('a closed position\'s handle is refused after a new position takes its slot (the module\'s own calls)', async () => {
  // The Emscripten module itself, as the wrapper calls it, so that the old handle can be used.
  const { default: factory } = await import('../../wasm/dist/movecalc-godsgloom.mjs');
  const m = await factory({ wasmBinary: readFileSync(new URL('../../wasm/dist/movecalc-godsgloom.wasm', import.meta.url)) });
  // `fn(...args, text)` with the text in the module's memory, freed after.
  const withText = (text, fn, ...args) => {
    const size = m.lengthBytesUTF8(text) + 1;
    const input = m._malloc(size);
    m.stringToUTF8(text, input, size);
    try {
      return fn(...args, input);
    } finally {
      m._free(input);
    }
  };
  const openRaw = (text) => withText(text, (input) => m._mc_position_open(input, 0));
  const call = (fn, handle, text) => {
    const out = withText(text, fn, handle);
    const response = JSON.parse(m.UTF8ToString(out));
    m._mc_free(out);
    return response;
  };
  const position = JSON.stringify({ system: 'godsgloom', board: { cols: 5, rows: 5 }, units: [{ id: 'a', side: 'red', q: 1, r: 1, facing: 0, speed: 2 }] });
  const reach = JSON.stringify({ query: 'reach', unit: 'a' });
  const max = engine.request({ query: 'describe' }).result.limits.MC_MAX_POSITIONS;
  const before = m._mc_bytes_in_use();
  const open = Array.from({ length: max }, () => openRaw(position));
  assert.ok(open.every((h) => h !== 0), 'every slot opens');
  const old = open[max >> 1];
  m._mc_position_close(old);
  const fresh = openRaw(position); // every other slot is taken: the closed one's
  assert.notEqual(fresh, 0);
  assert.notEqual(fresh, old);
  for (const fn of [m._mc_position_ask, m._mc_position_ask_arrays]) {
    const refused = call(fn, old, reach);
    assert.equal(refused.error.code, 'bad_request');
    assert.match(refused.error.message, /not an open position/);
  }
  assert.equal(call(m._mc_position_update, old, '{"remove":["a"]}').error.code, 'bad_request');
  m._mc_position_close(old); // ignored: the new position stays open
  assert.equal(call(m._mc_position_ask, fresh, reach).ok, true);
  for (const h of [...open, fresh]) m._mc_position_close(h);
  assert.equal(m._mc_bytes_in_use(), before, 'closing gave back every position\'s memory');
});

// The rows a GODSGLOOM reach's JSON answer gives, as the arrays form puts them: q, r, cost, the row
// of the hex before it on the path (-1 the start, -2 a hex that is not a destination) and the
// flags, fields at their documented defaults when `detail: brief` left them out.
function rowsOfJson(answer) {
  const result = answer.result;
  const hexes = result.hexes;
  const rowOf = new Map(hexes.map((h, i) => [`${h.q},${h.r}`, i]));
  return hexes.map((h) => {
    let before;
    if (h.parent) before = h.parent;
    else if (h.path.length >= 2) before = h.path.at(-2);
    else before = result.start;
    const landing = !h.parent && h.path.length === 1 && h.path[0].q === h.q && h.path[0].r === h.r && !isStep(result.start, h);
    const atStart = before.q === result.start.q && before.r === result.start.r;
    const flags =
      (h.engaged ? GG.engaged : 0) |
      (h.mayMeleeAttack === false ? GG.noMelee : 0) |
      (h.nimble ? GG.nimble : 0) |
      (h.minimumMove ? GG.minimumMove : 0) |
      ((h.endedBy ?? 'choice') !== 'choice' ? GG.endedBy : 0);
    return { q: h.q, r: h.r, cost: h.cost, parent: atStart ? -1 : (rowOf.get(`${before.q},${before.r}`) ?? -2), flags, landing };
  });
}

// A hex next to the start (a one-step path looks like a landing there).
function isStep(a, b) {
  const dq = b.q - a.q, dr = b.r - a.r;
  return Math.max(Math.abs(dq), Math.abs(dr), Math.abs(dq + dr)) === 1;
}

let reaches = 0, moves = 0;
for (const file of scenarioFiles()) {
  const request = loadScenario(file).request;
  if (request?.system === 'godsgloom' && request.query === 'reach') {
    reaches++;
    test(`${relative(root, file)}: the arrays form of the reach agrees with its JSON answer`, () => {
      const { position, query } = splitRequest(request);
      const pos = engine.open(position);
      try {
        const json = pos.ask(query);
        const arrays = pos.ask(query, { format: 'arrays' });
        if (!json.ok) {
          assert.deepEqual(arrays, json, 'an error is the same error');
          return;
        }
        assert.equal(arrays.result.unit, json.result.unit);
        const want = rowsOfJson(json);
        const a = arrays.arrays;
        assert.equal(arrays.result.rows, want.length);
        for (const name of ['q', 'r', 'cost', 'parent', 'flags']) assert.equal(a[name].length, want.length, name);
        want.forEach((w, i) => {
          const got = { q: a.q[i], r: a.r[i], cost: a.cost[i], parent: a.parent[i], flags: a.flags[i] & ~GG.landing };
          // A landing (Teleport, Reposition) has no walked path: its parent is the start.
          if (a.flags[i] & GG.landing) assert.equal(a.parent[i], -1, `row ${i}: a landing's parent`);
          const { landing, ...plain } = w;
          assert.deepEqual(got, plain, `row ${i}`);
          if (landing) assert.ok(a.flags[i] & GG.landing, `row ${i} is a landing`);
        });
        assert.deepEqual(arrays.assumptions, json.assumptions);
      } finally {
        pos.close();
      }
    });
  } else if (request?.system === 'arcane-legions' && request.query === 'move') {
    moves++;
    test(`${relative(root, file)}: the arrays form of the move gives its JSON answer's poses`, () => {
      const { position, query } = splitRequest(request);
      const pos = engine.open(position);
      try {
        const json = pos.ask(query);
        const arrays = pos.ask(query, { format: 'arrays' });
        if (!json.ok) {
          assert.deepEqual(arrays, json, 'an error is the same error');
          return;
        }
        const poses = [json.result.final, ...json.result.actions.map((x) => x.pose)].flatMap((p) => [p.x, p.y, p.facing]);
        assert.equal(arrays.result.legal, json.result.legal);
        assert.equal(arrays.result.rows, poses.length / 3);
        // The arrays hold the engine's doubles; the JSON prints them to at most 15 significant
        // digits and 9 decimals (a -5.6e-17 left by a rotation prints as 0).
        const got = arrays.arrays.poses;
        assert.equal(got.length, poses.length);
        poses.forEach((p, i) => assert.ok(Math.abs(got[i] - p) <= 1e-9 * Math.max(1, Math.abs(p)), `value ${i}: ${got[i]} vs ${p}`));
      } finally {
        pos.close();
      }
    });
  }
}

// The flags a hex reach entry gives in its JSON answer (docs/api.md "Arrays"), fields at their
// documented defaults when `detail: brief` left them out. A flag of REACH_FLAGS (generated from the
// game's src/rules/<game>/<prefix>_columns.h) named after a field is set when the field is true or
// a list not empty; OWN_FLAGS gives the others, as (entry, bit) => bits, or null for a bit the JSON
// does not tell (left out of the comparison). A game whose flag is neither fails the comparison.
const nonEmpty = (list) => Array.isArray(list) && list.length > 0;
const TW = REACH_FLAGS['torn-world'], CCA = REACH_FLAGS['cc-ancients'];
const OWN_FLAGS = {
  'torn-world': { attackCountShift: (h, shift) => (h.freeAttacks?.length ?? 0) << shift },
  'cc-ancients': {
    canBattle: (h, bit) => ((h.canBattle ?? true) ? bit : 0),
    stoppedByTerrain: (h, bit) => (h.stoppedBy === 'terrain' ? bit : 0),
    stoppedByLeader: (h, bit) => (h.stoppedBy === 'leader' ? bit : 0),
    stoppedByAllowance: (h, bit) => (h.stoppedBy === 'allowance' ? bit : 0),
    attaches: (h, bit) => (h.attachesTo !== undefined || h.leaderAttaches !== undefined ? bit : 0),
  },
  godsgloom: {
    noMelee: (h, bit) => (h.mayMeleeAttack === false ? bit : 0),
    endedBy: (h, bit) => ((h.endedBy ?? 'choice') !== 'choice' ? bit : 0),
    landing: null, // Teleport, Reposition: a one-hex path looks like a step (the GODSGLOOM test above)
  },
};
/** The flags `system`'s reach entry `h` gives, and the mask of the bits its JSON tells. */
function flagsOf(system, h) {
  let flags = 0, mask = -1;
  for (const [name, bit] of Object.entries(REACH_FLAGS[system])) {
    const own = OWN_FLAGS[system]?.[name];
    if (own === null) mask &= ~bit;
    else if (own) flags |= own(h, bit);
    else if (h[name] === true || nonEmpty(h[name])) flags |= bit;
  }
  return { flags, mask };
}

// Asks a position opened on `request` its query in JSON and in the arrays form, as opened and after
// the update test's change: an error must be the same error; else `check(json, arrays)` compares
// them, and the arrays form has the JSON's assumptions and no trace.
function bothForms(request, check) {
  const { position, query } = splitRequest(request);
  const pos = engine.open(position);
  try {
    for (const change of [null, changeOf(request)?.change].filter((c, k) => k === 0 || c)) {
      if (change) assert.deepEqual(pos.update(change), { ok: true });
      const json = pos.ask(query);
      const arrays = pos.ask(query, { format: 'arrays' });
      if (!json.ok) {
        assert.deepEqual(arrays, json, 'an error is the same error');
        continue;
      }
      check(json, arrays);
      assert.deepEqual(arrays.assumptions, json.assumptions);
      assert.equal(arrays.result.trace, undefined, 'no trace in the arrays form');
    }
  } finally {
    pos.close();
  }
}

const same = (a, b) => a.q === b.q && a.r === b.r;
const key = (h) => `${h.q},${h.r}`;

let rebuiltWhole = 0, rebuiltToDivergence = 0, passingThrough = 0;

// Checks the arrays of a hex reach (a game of REACH_FLAGS) against its JSON answer: every hex in
// order, its cost, its parent (the row of the hex before it on its JSON path, -1 the start, -2 a
// hex no row stands on), its flags; then follows each row's parent chain back along its JSON path.
function checkHexReach(system, unit, json, arrays) {
  const result = json.result;
  const hexes = result.hexes;
  const start = result.start;
  const rowOf = new Map(hexes.map((h, i) => [key(h), i]));
  const a = arrays.arrays;
  assert.equal(arrays.result.unit, unit);
  assert.equal(arrays.result.rows, hexes.length);
  if (system === 'torn-world') assert.equal(arrays.result.legal, result.legal);
  for (const name of ['q', 'r', 'cost', 'parent', 'flags']) assert.equal(a[name].length, hexes.length, name);
  hexes.forEach((h, i) => {
    const before = h.parent ?? (h.path.length >= 2 ? h.path.at(-2) : start);
    const { flags, mask } = flagsOf(system, h);
    const want = { q: h.q, r: h.r, cost: h.cost, parent: same(before, start) ? -1 : (rowOf.get(key(before)) ?? -2), flags };
    assert.deepEqual({ q: a.q[i], r: a.r[i], cost: a.cost[i], parent: a.parent[i], flags: a.flags[i] & mask }, want, `row ${i}`);
  });
  // The chain of parents is the JSON path, back to the start, as long as each row it passes has
  // the JSON path's beginning as its own path (best paths need not share their beginnings).
  const pathOf = (i) => hexes[i].path;
  const samePath = (x, y) => x.length === y.length && x.every((h, k) => same(h, y[k]));
  hexes.forEach((h, i) => {
    if (!h.path) return;
    let row = i;
    for (let d = h.path.length - 1; ; d--) {
      assert.ok(same({ q: a.q[row], r: a.r[row] }, h.path[d]), `row ${i}: step ${d} of the chain`);
      const p = a.parent[row];
      if (p === -1) {
        assert.equal(d, 0, `row ${i}: the chain reaches the start after ${h.path.length - d} of ${h.path.length} steps`);
        rebuiltWhole++;
        return;
      }
      if (p === -2) {
        assert.ok(d >= 1 && !rowOf.has(key(h.path[d - 1])), `row ${i}: -2 only for a hex no row stands on`);
        passingThrough++;
        return;
      }
      assert.ok(d >= 1 && same({ q: a.q[p], r: a.r[p] }, h.path[d - 1]), `row ${i}: the parent at step ${d - 1}`);
      if (!samePath(pathOf(p), h.path.slice(0, d))) {
        rebuiltToDivergence++;
        return;
      }
      row = p;
    }
  });
}

// The reach of a `move` scenario's mover over its battlefield (its movement fields, the path and
// choices left out): Huge miniatures through Volume Landscape, ends on markers, marshes and
// warriors' two-hex moves that no reach scenario has.
function reachOfMove(request) {
  if (request.query !== 'move' || typeof request.unit !== 'string' || request.cause === 'deploy') return null;
  const { path, choices, ...rest } = request;
  return { ...rest, query: 'reach' };
}

let hexReaches = 0, fromMoves = 0;
const seenFlags = {};
for (const file of scenarioFiles()) {
  const scenario = loadScenario(file).request;
  const system = scenario?.system;
  if (!(system in REACH_FLAGS)) continue;
  const request = scenario.query === 'reach' ? scenario : reachOfMove(scenario);
  if (!request) continue;
  if (request === scenario) hexReaches++;
  else fromMoves++;
  const what = request === scenario ? 'the reach' : 'the reach of its move\'s mover';
  test(`${relative(root, file)}: the arrays form of ${what} agrees with its JSON answer, before and after an update`, () => {
    const before = engine.bytesInUse();
    bothForms(request, (json, arrays) => {
      checkHexReach(system, request.unit, json, arrays);
      for (const f of arrays.arrays.flags) seenFlags[system] = (seenFlags[system] ?? 0) | f;
    });
    assert.equal(engine.bytesInUse(), before, 'the position left memory behind');
  });
}

test('CCA-MV-2 arrays: with ignoreUnits a warrior\'s two-hex ends are charges that need an adjacent enemy and must battle', () => {
  const pos = engine.open({ system: 'cc-ancients', units: [{ id: 'w', side: 'red', type: 'warrior', col: 6, row: 6 }, { id: 'e', side: 'blue', type: 'heavy infantry', col: 6, row: 4 }] });
  try {
    const query = { query: 'reach', unit: 'w', ignoreUnits: true, detail: 'brief' };
    const arrays = pos.ask(query, { format: 'arrays' });
    checkHexReach('cc-ancients', 'w', pos.ask(query), arrays);
    const { cost, flags } = arrays.arrays;
    const charge = CCA.warriorCharge | CCA.needsAdjacentEnemy | CCA.mustBattle;
    // Radius 2 around a hex in the middle of the board: 6 one-hex and 12 two-hex ends.
    assert.deepEqual([...cost].sort(), [...Array(6).fill(1), ...Array(12).fill(2)]);
    cost.forEach((c, i) => assert.equal(flags[i] & charge, c === 2 ? charge : 0, `row ${i}`));
    for (const f of flags) seenFlags['cc-ancients'] |= f;
  } finally {
    pos.close();
  }
});

test('the reach scenarios of every game of REACH_FLAGS were checked in the arrays form, every Torn World and C&C: Ancients flag seen', () => {
  for (const system of Object.keys(REACH_FLAGS)) assert.ok(system in seenFlags, `${system}: no reach checked in the arrays form`);
  assert.ok(hexReaches >= 20, `${hexReaches} reach scenarios`);
  assert.ok(fromMoves >= 40, `${fromMoves} reaches of move scenarios`);
  const tw = Object.entries(TW).filter(([name]) => name !== 'attackCountShift').reduce((m, [, bit]) => m | bit, 0);
  const cca = Object.values(CCA).reduce((m, bit) => m | bit, 0);
  assert.equal(seenFlags['torn-world'] & tw, tw, 'every Torn World flag set on some row');
  assert.ok(seenFlags['torn-world'] >> TW.attackCountShift > 1, 'two free attacks or more on some row');
  assert.equal(seenFlags['cc-ancients'], cca, 'every C&C: Ancients flag set on some row');
  assert.ok(rebuiltWhole > 100, `${rebuiltWhole} rows' parent chains rebuilt their whole JSON path`);
  console.log(`arrays chains: ${rebuiltWhole} whole, ${rebuiltToDivergence} up to a row whose own path differs, ${passingThrough} through a hex no row stands on`);
});

test('the arrays form covers the GODSGLOOM reach and Arcane Legions move scenarios; other queries answer in JSON', () => {
  assert.ok(reaches >= 15, `${reaches} reach scenarios`);
  assert.ok(moves > 20, `${moves} move scenarios`);
  const pos = engine.open({ system: 'godsgloom', board: { cols: 3, rows: 3 }, units: [{ id: 'a', side: 'x', q: 1, r: 1, facing: 0, speed: 1 }] });
  const move = { query: 'move', unit: 'a', path: [{ q: 2, r: 1 }] };
  assert.deepEqual(pos.ask(move, { format: 'arrays' }), pos.ask(move));
  assert.throws(() => pos.ask(move, { format: 'csv' }), /unknown answer format/);
  pos.close();
});

// The Ninth Age keeps its battlefield between asks (docs/api.md "Kept worlds"): every scenario's
// first three units moved, moved back and turned one after another, a unit added (a copy of the
// first under a new id) and removed, then one moved again, each ask answering as the whole request.
let ninthAge = 0;
for (const file of scenarioFiles()) {
  const request = loadScenario(file).request;
  if (request?.system !== 'ninth-age' || !Array.isArray(request.units) || request.units.length === 0) continue;
  ninthAge++;
  test(`${relative(root, file)}: the kept battlefield follows units moved in place, added and removed`, () => {
    const before = engine.bytesInUse();
    const { position, query } = splitRequest(request);
    const queryText = JSON.stringify(query);
    const now = structuredClone(request);
    const pos = engine.open(position);
    const check = (what) => assert.equal(pos.askText(queryText), engine.requestText(full(now)), what);
    const update = (change) => assert.deepEqual(pos.update(change), { ok: true }, JSON.stringify(change));
    try {
      check('as opened');
      const steps = [['x', 1], ['x', -1], ['y', -0.25], ['y', 0.25], ['facing', 45], ['facing', -45]];
      for (const unit of now.units.slice(0, 3)) {
        for (const [key, by] of steps) {
          if (typeof unit[key] !== 'number') continue;
          unit[key] += by;
          update({ units: [{ id: unit.id, [key]: unit[key] }] });
          check(`${unit.id}.${key} ${by > 0 ? '+' : ''}${by}`);
        }
      }
      const added = { ...structuredClone(now.units[0]), id: 'added-by-test' };
      now.units.push(added);
      update({ units: [added] });
      check('a unit added');
      now.units.pop();
      update({ remove: [added.id] });
      check('the unit removed');
      now.units[0].x += 0.5;
      update({ units: [{ id: now.units[0].id, x: now.units[0].x }] });
      check('moved after the removal');
    } finally {
      pos.close();
    }
    assert.equal(engine.bytesInUse(), before, 'the position left memory behind');
  });
}

test('every Ninth Age scenario was followed through updates', () => {
  assert.ok(ninthAge >= 60, `${ninthAge} scenarios`);
});

// The moves a Ninth Age answer's JSON gives, as its arrays form lists them: each mover's final pose
// and path, in the answer's order; a charge's the move it makes (docs/api.md "Arrays").
function ninthAgeMoves(request, result) {
  const query = request.query;
  const move = (unit, m, extra) => ({ unit, poses: m ? [m.final, ...m.path] : [], ...extra });
  if (query === 'pursue') {
    // a flee made first (pursued.fleesFrom) is the first mover, its unit the pursued one
    const fled = result.flee?.made ? [move(request.pursued.unit, result.flee, { destroyed: result.flee.destroyed })] : [];
    return [...fled, ...result.pursuers.map((p) => move(p.unit, p, { outcome: p.outcome }))];
  }
  if (query === 'flee') return [move(result.unit, result, { destroyed: result.destroyed })];
  return (result.chargers ?? [result]).map((c) => {
    const path = (c.possible || !c.failedChargeMove) && c.path ? 'charge' : c.failedChargeMove ? 'failedChargeMove' : 'none';
    return move(c.charger, path === 'charge' ? c : c.failedChargeMove, { possible: c.possible, path });
  });
}

const ninthAgeArrays = { pursue: 0, charge: 0, flee: 0 };
for (const file of scenarioFiles()) {
  const request = loadScenario(file).request;
  if (request?.system !== 'ninth-age' || !(request.query in ninthAgeArrays)) continue;
  ninthAgeArrays[request.query]++;
  test(`${relative(root, file)}: the arrays form of the ${request.query} gives its JSON answer's poses, before and after an update`, () => {
    bothForms(request, (json, arrays) => {
      const want = ninthAgeMoves(request, json.result);
      const poses = want.flatMap((m) => m.poses.flatMap((p) => [p.x, p.y, p.facing]));
      assert.deepEqual(arrays.result.moves, want.map(({ poses: p, ...rest }) => ({ unit: rest.unit, rows: p.length, ...rest })));
      assert.equal(arrays.result.rows, poses.length / 3);
      // The engine's doubles against the JSON's (at most 15 significant digits, 9 decimals).
      const got = arrays.arrays.poses;
      assert.equal(got.length, poses.length);
      poses.forEach((p, i) => assert.ok(Math.abs(got[i] - p) <= 1e-9 * Math.max(1, Math.abs(p)), `value ${i}: ${got[i]} vs ${p}`));
    });
  });
}

test('the arrays form covers the Ninth Age pursue, charge and flee scenarios', () => {
  assert.ok(ninthAgeArrays.pursue >= 10 && ninthAgeArrays.charge >= 10 && ninthAgeArrays.flee >= 3, JSON.stringify(ninthAgeArrays));
});

// Every hex game (describe's board "hex") keeps its world between asks and reads again only the
// units an update replaced in place, one a hex or on the hexes it covers (docs/api.md "Kept
// worlds"). Each scenario's first units are put on one
// another's places (a hex shared: the request's error, or a C&C leader joining a friendly unit),
// put back, walked round a ring that ends where it began (one hex, one hexon for Large and Huge
// miniatures, a column or a row for an offset place: a leader leaving its unit), then the first unit is removed and added
// back (it comes last) and walked again; every ask is compared with the native CLI's answer to
// the whole request, as tests/c/test_position.c does natively.
const PLACE = ['q', 'r', 'col', 'row', 'hexons'];
const RING = {
  hex: [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]],
  hexon: [[2, 1], [-1, 3], [-3, 2], [-2, -1], [1, -3], [3, -2]],
  offset: [[1, 0], [0, 1], [0, 1], [-1, 0], [0, -1], [0, -1]],
};

function placedAs(unit, other) {
  const change = { id: unit.id };
  for (const k of PLACE) {
    if (k in other) change[k] = structuredClone(other[k]);
    else if (k in unit) change[k] = null;
  }
  return change;
}

function ringStep(unit, s) {
  const num = (v) => typeof v === 'number';
  if (Array.isArray(unit.hexons)) {
    const [dq, dr] = RING.hexon[s];
    return unit.hexons.every((h) => num(h.q) && num(h.r)) ? { id: unit.id, hexons: unit.hexons.map((h) => ({ ...h, q: h.q + dq, r: h.r + dr })) } : null;
  }
  if (num(unit.q) && num(unit.r)) {
    const [dq, dr] = RING[unit.size === 'large' ? 'hexon' : 'hex'][s];
    return { id: unit.id, q: unit.q + dq, r: unit.r + dr };
  }
  if (num(unit.col) && num(unit.row)) return { id: unit.id, col: unit.col + RING.offset[s][0], row: unit.row + RING.offset[s][1] };
  return null;
}

const hugeScenarios = (system) => scenarioFiles().some((f) => {
  const r = loadScenario(f).request;
  return r?.system === system && Array.isArray(r.units) && r.units.some((u) => Array.isArray(u?.hexons));
});

function applyChange(request, change) {
  const unit = request.units.find((u) => u.id === change.id);
  for (const [k, v] of Object.entries(change)) {
    delete unit[k];
    if (v !== null) unit[k] = structuredClone(v);
  }
}

const hexGames = engine.request({ query: 'describe' }).result.systems.filter((s) => s.board === 'hex').map((s) => s.id);
test('describe lists the hex games whose kept worlds are followed through moves', () => {
  assert.ok(hexGames.length >= 3, hexGames.join(', '));
});
for (const system of hexGames) {
  test(`${system}: units replaced in place, on one another's places, round rings, removed and added back answer as the native CLI does`, () => {
    const asked = []; // { what, text, full }
    let huge = 0, followed = 0;
    for (const file of scenarioFiles()) {
      const request = structuredClone(loadScenario(file).request);
      if (request?.system !== system || !Array.isArray(request.units) || request.units.length === 0) continue;
      const before = engine.bytesInUse();
      const { position, query } = splitRequest(request);
      const queryText = JSON.stringify(query);
      const pos = engine.open(position);
      followed++;
      const step = (change, update = { units: [change] }) => {
        assert.deepEqual(pos.update(update), { ok: true }, `${relative(root, file)}: ${JSON.stringify(update)}`);
        asked.push({ what: `${relative(root, file)} after ${JSON.stringify(update)}`, text: pos.askText(queryText), full: full(request) });
      };
      try {
        const units = request.units;
        const m = Math.min(units.length, 5);
        for (let i = 0; i < m; i++) {
          const was = structuredClone(units[i]);
          for (let o = 0; o < m; o++) {
            if (o === i) continue;
            const change = placedAs(units[i], units[o]);
            applyChange(request, change);
            step(change);
          }
          const back = placedAs(units[i], was);
          applyChange(request, back);
          step(back);
          for (let s = 0; s < 6; s++) {
            const change = ringStep(units[i], s);
            if (!change) break;
            applyChange(request, change);
            step(change);
            huge += 'hexons' in change;
          }
        }
        if (units.length >= 2) {
          const first = units.shift();
          units.push(first);
          step(null, { remove: [first.id], units: [first] });
          for (let s = 0; s < 6; s++) {
            const change = ringStep(units.at(-1), s);
            if (!change) break;
            applyChange(request, change);
            step(change);
          }
        }
      } finally {
        pos.close();
      }
      assert.equal(engine.bytesInUse(), before, `${relative(root, file)}: the position left memory behind`);
    }
    let out;
    try {
      out = execFileSync(nativeCli, ['--lines', '-'], { input: asked.map((a) => a.full).join('\n'), encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    } catch (e) {
      out = e.stdout; // exit 1: some response is an error
    }
    const lines = out.trimEnd().split('\n');
    assert.equal(lines.length, asked.length);
    asked.forEach((a, k) => assert.equal(a.text, lines[k], a.what));
    const results = asked.filter((a) => a.text.startsWith('{"ok":true')).length;
    // Each scenario's unit is at least put back and walked round a ring of six.
    assert.ok(followed >= 30 && asked.length >= 7 * followed, `${asked.length} asks over ${followed} scenarios`);
    assert.ok(results > asked.length / 3, `${results} of ${asked.length} answered with a result`);
    // A game whose scenarios have Huge miniatures (hexons) has them walked round too.
    if (hugeScenarios(system)) assert.ok(huge > 20, `${huge} moves of Huge miniatures`);
    console.log(`${system}: ${asked.length} asks after in-place changes, ${results} answered with a result${huge ? `, ${huge} after moves of Huge miniatures` : ''}`);
  });
}

test('a unit added by an update is read as in a request: a null field answers as the full request does, bad_request at its path', () => {
  const systems = engine.request({ query: 'describe' }).result.systems.map((s) => s.id);
  let refused = 0;
  for (const system of systems) {
    const request = scenarioFiles().filter((f) => f.includes(`/scenarios/${system}/`)).map((f) => loadScenario(f).request)
      .find((r) => Array.isArray(r.units) && r.units.length > 0 && engine.request(r).ok);
    assert.ok(request, `${system}: a scenario with units that gets a ruling`);
    const last = request.units.length - 1;
    for (const field of Object.keys(request.units[last]).filter((k) => k !== 'id')) {
      const changed = structuredClone(request);
      changed.units[last][field] = null;
      const expected = engine.requestText(JSON.stringify(changed));
      const { position, query } = splitRequest(changed);
      const pos = engine.open({ ...position, units: position.units.slice(0, last) });
      try {
        assert.deepEqual(pos.update({ units: [changed.units[last]] }), { ok: true });
        assert.equal(pos.askText(JSON.stringify(query)), expected, `${system} units[${last}].${field}: null`);
      } finally {
        pos.close();
      }
      const r = JSON.parse(expected);
      if (!r.ok && r.error.code === 'bad_request' && r.error.path === `units[${last}].${field}`) refused++;
    }
  }
  assert.ok(refused > 0, 'no null field was refused at its path');
});

test('an arrays ask of a query that does not declare the arrays form (describe) answers as a plain ask, with no columns', () => {
  const described = engine.request({ query: 'describe' }).result.systems;
  let asked = 0;
  for (const system of described) {
    for (const q of system.queries.filter((x) => !x.arrays)) {
      const file = scenarioFiles().find((f) => f.includes(`/scenarios/${system.id}/`) && loadScenario(f).request.query === q.name);
      if (!file) continue;
      const { position, query } = splitRequest(loadScenario(file).request);
      const pos = engine.open(position);
      try {
        const plain = pos.ask(query);
        const arrays = pos.ask(query, { format: 'arrays' });
        assert.equal(arrays.arrays, undefined, `${relative(root, file)}: no columns`);
        assert.deepEqual(arrays, plain, relative(root, file));
        asked++;
      } finally {
        pos.close();
      }
    }
  }
  assert.ok(asked > 0, 'no query without the arrays form was asked');
});
