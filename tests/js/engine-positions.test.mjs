// The engine worker's kept positions (wasm/movecalc-kept.mjs): a drag of each game's main unit on
// the page's default position, frame by frame, with the what-if question between frames and the
// changes a drag meets (another unit moved, terrain edited, a unit removed or given a new field, a
// position the engine refuses), answers with the bytes of the whole request each time; and the
// drag's frames are asked of one kept position (one open), not as whole requests.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createEngine, splitRequest, SYSTEM_IDS } from '../../wasm/movecalc.mjs';
import { buildRequest, defaultDoc } from '../../web/model.js';
import { KeptPositions } from '../../wasm/movecalc-kept.mjs';
import { SPEARMEN_PURSUIT } from '../browser/positions.mjs';

const engine = await createEngine();

/** The engine with its opens and whole requests counted. */
function counted() {
  const n = { opens: 0, wholes: 0 };
  const e = {
    holds: (s) => engine.holds(s),
    open: (p) => { n.opens++; return engine.open(p); },
    requestText: (t) => { n.wholes++; return engine.requestText(t); },
  };
  return { e, n };
}

// The Ninth Age opens with nothing asked, no unit named: the pursuit it opened on, planned
const PLANNED = { 'ninth-age': ['pursue', SPEARMEN_PURSUIT] };
/** The page's default position of `system`, its question planned where it opens with none. */
function openingDoc(system) {
  const d = defaultDoc(system), [query, inputs] = PLANNED[system] ?? [];
  if (query) { d.query = query; d.inputs[query] = structuredClone(inputs); }
  return d;
}
const mainUnit = (r) => r.unit ?? r.order?.unit ?? r.pursuers?.[0]?.unit;
const whole = (r) => engine.requestText(typeof r === 'string' ? r : JSON.stringify(r));

/** Frame i of a drag: the unit a little further along (on a hex board a hex every third frame). */
function dragged(request, id, i) {
  const r = structuredClone(request);
  const u = r.units.find((v) => v.id === id);
  if (typeof u.q === 'number') { u.q += Math.floor(i / 3) % 3; u.r -= Math.floor(i / 9); } else { u.x += 0.15 * i; u.y += 0.05 * i; }
  return r;
}

for (const system of SYSTEM_IDS) {
  test(`${system}: a drag of the default position's main unit through a kept position answers as whole requests, byte for byte`, () => {
    const request = buildRequest(system, openingDoc(system));
    const id = mainUnit(request);
    assert.equal(typeof id, 'string', 'the default position names its main unit');
    const { e, n } = counted();
    const kept = new KeptPositions(e, splitRequest);
    const check = (r, what) => assert.equal(kept.answerText(r), whole(r), what);
    try {
      let ok = 0;
      for (let i = 0; i < 24; i++) {
        const r = dragged(request, id, i);
        check(r, `frame ${i}`);
        check({ ...r, ignoreUnits: true }, `frame ${i}, what-if`);
        ok += JSON.parse(whole(r)).ok ? 1 : 0;
      }
      assert.ok(ok > 0, 'some frames are ruled');
      assert.deepEqual(n, { opens: 1, wholes: 0 }, 'one open, then updates');
      // another unit moved as well: still an update
      const two = dragged(request, id, 5);
      const other = two.units.find((u) => u.id !== id);
      if (typeof other.q === 'number') other.r += 1; else other.x += 1;
      check(two, 'two units changed');
      assert.equal(n.opens, 1);
      // a field added to the unit (at its end: the update would not keep the order): opened anew
      const traited = dragged(request, id, 5);
      traited.units.find((u) => u.id === id).note = 'x';
      check(traited, 'a field added');
      assert.equal(n.opens, 2);
      // the dragged unit somewhere the engine refuses: the request's error, through the position
      const off = dragged(request, id, 5);
      const u = off.units.find((v) => v.id === id);
      if (typeof u.q === 'number') u.q = -50; else u.x = -50;
      check(off, 'off the board');
      assert.equal(JSON.parse(kept.answerText(off)).ok, false);
      check(dragged(request, id, 6), 'back on the board');
      // a unit removed; terrain changed: opened anew
      const fewer = dragged(request, id, 6);
      fewer.units = fewer.units.filter((v) => v.id === id || v.id === other.id);
      check(fewer, 'a unit removed');
      const opens = n.opens;
      const terrain = dragged(request, id, 6);
      if (terrain.board) terrain.board = { ...terrain.board, terrain: [] }; else terrain.terrain = [];
      check(terrain, 'terrain changed');
      assert.equal(n.opens, opens + 1);
      // what the engine cannot open (a position member of the wrong type) is asked whole
      check({ ...request, units: 'none' }, 'units not a list');
      check({ ...request, units: [...request.units, request.units[0]] }, 'an id twice');
      assert.equal(n.wholes, 2);
      check('{"query":"describe"}', 'JSON text as typed');
    } finally {
      kept.close();
    }
  });
}

test('a position is kept per game: questions of two games in turn each update their own', () => {
  const { e, n } = counted();
  const kept = new KeptPositions(e, splitRequest);
  try {
    const a = buildRequest('godsgloom', defaultDoc('godsgloom'));
    const b = buildRequest('arcane-legions', defaultDoc('arcane-legions'));
    for (let i = 0; i < 6; i++) {
      for (const r of [dragged(a, mainUnit(a), i), dragged(b, mainUnit(b), i)]) assert.equal(kept.answerText(r), whole(r));
    }
    assert.deepEqual(n, { opens: 2, wholes: 0 });
    const before = engine.bytesInUse();
    kept.close();
    assert.ok(engine.bytesInUse() < before, 'closing gives back what the positions held');
  } finally {
    kept.close();
  }
});
