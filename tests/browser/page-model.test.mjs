// The page's position model without a browser: each system's state becomes the request JSON of
// docs/api.md, undo/redo restores it, renames follow references, and params carry only changes.
// The requests also go to the real engine: until the rule sets land it answers unknown_query
// before it looks at the query's fields, so this checks the envelope only; the field names follow
// docs/api.md and each rule set's scenarios will check the rest.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createEngine } from '../../wasm/movecalc.mjs';
import { SYSTEMS, createStore, buildRequest, setAssumptions, renameRefs, forgetRefs, unfinished, defaultDoc } from '../../web/model.js';
import { hugeHexons } from '../../web/games/torn-world.js';
import { everyDefaultQuery, SPEARMEN_PURSUIT } from './positions.mjs';
import { toAxial, toOffset, fromPixel, center, boardCells, dirOf, dirVector } from '../../web/hex.js';
import { snapHexon } from '../../web/games/torn-world-hexon.js';

const engine = await createEngine();
const described = engine.request({ query: 'describe' }).result;
setAssumptions(described.assumptions);

test('hex helpers: odd-r offsets, pixels, the C&C board and hexon snapping', () => {
  assert.deepEqual(toAxial(4, 3), { q: 3, r: 3 });
  assert.deepEqual(toOffset(3, 3), { col: 4, row: 3 });
  for (let q = -3; q <= 3; q++) for (let r = -3; r <= 3; r++) assert.deepEqual(fromPixel(...center(q, r)), { q, r });
  const cc = boardCells({ preset: 'cc-ancients' }, SYSTEMS['cc-ancients'].presets['cc-ancients']);
  assert.equal(cc.length, 5 * 13 + 4 * 12);
  assert.equal(cc.filter((c) => c.row === 1).length, 12);
  for (const [q, r] of [[0, 0], [2, 1], [-1, 3], [1, 4]]) assert.deepEqual(snapHexon(q, r), { q, r });
  assert.deepEqual(snapHexon(1, 0), { q: 0, r: 0 });
  for (let i = 0; i < 6; i++) assert.equal(dirOf(...dirVector(i)), i);
});

test('every system builds a request with the contract fields, and the engine reads it', () => {
  for (const { system, query, doc } of everyDefaultQuery()) {
    const req = buildRequest(system, doc);
    assert.equal(req.system, system);
    assert.equal(req.query, query);
    assert.ok(req.units.length >= 2);
    for (const u of req.units) assert.ok(u.id && u.side, `${system} unit has id and side`);
    if (SYSTEMS[system].board === 'free') {
      assert.ok(req.table.width > 0 && Array.isArray(req.terrain));
      for (const u of req.units) for (const k of ['x', 'y', 'facing']) assert.equal(typeof u[k], 'number');
    } else {
      assert.ok(req.board);
      for (const u of req.units) assert.ok(Number.isInteger(u.q) || Array.isArray(u.hexons));
    }
    // The engine must read what the page sends: an answer, or unknown_query for a query whose
    // rule set has not landed in this build. Any other error means the page built it wrong.
    const answer = engine.request(req);
    if (!answer.ok) assert.equal(answer.error.code, 'unknown_query', `${system}/${query}: ${JSON.stringify(answer.error)}`);
  }
});

test('system specifics: AL codex and base, Ninth Age boundary, C&C preset, GODSGLOOM facing, Torn World hexons', () => {
  const store = createStore(null);
  // (Arcane Legions opens on a reach, no order planned: a step added as the Ask panel adds one)
  const al = structuredClone(store.state.docs['arcane-legions']);
  al.query = 'move';
  al.inputs.move.actions = [{ step: 'forward', distance: 1 }];
  let req = buildRequest('arcane-legions', al);
  assert.deepEqual(req.units[0].codex, { forward: 1, backward: 2, left: 1, right: 1 });
  assert.equal(req.units[0].base, 'formation');
  assert.deepEqual(req.order.actions[0], { step: 'forward', distance: 1 });
  assert.deepEqual(req.turnOrder, ['red', 'blue']);
  // (a pursuit planned: the opening plans none)
  Object.assign(store.state.docs['ninth-age'], { query: 'pursue' }).inputs.pursue = structuredClone(SPEARMEN_PURSUIT);
  req = buildRequest('ninth-age', store.state.docs['ninth-age']);
  assert.equal(req.units[0].width, Math.round(5 * 25 / 25.4 * 1e6) / 1e6);
  assert.equal(req.units[2].fled, true);
  assert.deepEqual(req.pursued, { unit: 'Raiders', facing: 15, fleeDistance: 11 });
  req = buildRequest('cc-ancients', store.state.docs['cc-ancients']);
  assert.equal(req.board.preset, 'cc-ancients');
  assert.deepEqual(req.baselines, { Rome: 'bottom', Carthage: 'top' });
  assert.ok(req.units.some((u) => u.type === 'leader'));
  req = buildRequest('godsgloom', store.state.docs.godsgloom);
  assert.ok(req.units.every((u) => Number.isInteger(u.facing) && u.facing >= 0 && u.facing < 6));
  assert.deepEqual(req.units[1].tokens, ['fast']);
  req = buildRequest('torn-world', store.state.docs['torn-world']);
  const huge = req.units.find((u) => u.size === 'huge');
  assert.equal(huge.hexons.length, 3);
  assert.equal(huge.q, undefined);
  for (const h of huge.hexons) assert.deepEqual(snapHexon(h.q, h.r), h);
  assert.equal(hugeHexons({ q: 0, r: 0, hexonCount: 2 }).length, 2);
});

test('undo, redo and reset restore the position; edits with one merge key are one step', () => {
  const store = createStore(null);
  const x0 = store.doc().units[0].x, f0 = store.doc().units[0].facing;
  store.edit((d) => { d.units[0].x = 1; }, 'drag:1');
  store.edit((d) => { d.units[0].x = 2; }, 'drag:1');
  store.edit((d) => { d.units[0].facing = 90; });
  store.undo();
  assert.equal(store.doc().units[0].facing, f0);
  assert.equal(store.doc().units[0].x, 2);
  store.undo();
  assert.equal(store.doc().units[0].x, x0);
  assert.equal(store.canUndo(), false);
  store.redo();
  store.redo();
  assert.equal(store.doc().units[0].facing, 90);
  store.reset();
  assert.equal(store.doc().units[0].facing, f0);
  store.undo();
  assert.equal(store.doc().units[0].facing, 90);
});

// a drop the rules refuse puts the question back (its closing edit, within Infinity): nothing was
// made, so the step an Undo took back before it is still Redo's
test('a gesture put back as it was leaves no Undo step and keeps Redo', () => {
  const store = createStore(null), x0 = store.doc().units[0].x, was = JSON.stringify(store.doc().inputs.move);
  store.edit((d) => { d.units[0].x = x0 + 1; });
  store.undo();
  store.edit((d) => { d.inputs.move.actions = [{ step: 'forward', distance: 3 }]; }, 'drag:3');
  store.edit((d) => { d.inputs.move = JSON.parse(was); }, 'drag:3', Infinity);
  assert.equal(store.canUndo(), false, 'no step left by the refused drop');
  assert.equal(store.canRedo(), true, 'Redo survives a drop put back');
  store.redo();
  assert.equal(store.doc().units[0].x, x0 + 1);
});

test('renaming a unit follows its references; params send only changed values', () => {
  const store = createStore(null);
  const d = store.doc();
  d.units[0].id = 'Cohort';
  renameRefs(d, 'Legion', 'Cohort');
  assert.equal(d.inputs.move.unit, 'Cohort');
  assert.equal(buildRequest('arcane-legions', d).params, undefined);
  d.params['A-AL-5'] = { legLength: 1 };
  assert.equal(buildRequest('arcane-legions', d).params, undefined);
  d.params['A-AL-5'].legLength = 2;
  assert.deepEqual(buildRequest('arcane-legions', d).params, { 'A-AL-5': { legLength: 2 } });
  // the engine accepts the params it described, and answers a turn with them
  d.inputs.move.actions = [{ turn: 45, off: 'front', toward: 'right' }];
  const answer = engine.request(buildRequest('arcane-legions', d));
  assert.equal(answer.ok, true, JSON.stringify(answer.error));
  assert.ok(answer.assumptions.includes('A-AL-5'));
});

test('a saved position that is damaged or from an older page falls back to the default', () => {
  const good = createStore(null);
  good.doc().query = 'no-such-query';
  const saved = JSON.parse(JSON.stringify({ ...good.state, system: 'godsgloom' }));
  saved.docs.godsgloom = { units: 'not a list' };
  const store = createStore(saved);
  assert.equal(store.state.system, 'godsgloom');
  assert.deepEqual(store.doc(), createStore(null).state.docs.godsgloom);
  assert.equal(store.state.docs['arcane-legions'].query, 'move');
});

test('C&C order: the card, the ordered units (moving ones in the sequence played, then the rest) and each path, as the engine reads them', () => {
  const store = createStore(null);
  store.setSystem('cc-ancients');
  const H = (col, row) => toAxial(col, row);
  store.edit((d) => {
    d.query = 'order';
    d.inputs.order = { card: 'leadership', leader: 'Scipio', inspired: '', linked: '', active: 1,
      moves: [{ unit: 'Hastati', path: [] }, { unit: 'Equites', path: [H(9, 6)] }, { unit: 'Scipio', path: [H(6, 6)], second: true }] };
  });
  const req = buildRequest('cc-ancients', store.doc());
  assert.equal(req.side, 'Rome');
  assert.deepEqual(req.card, { type: 'leadership', leader: 'Scipio' });
  assert.deepEqual(req.ordered, ['Equites', 'Scipio', 'Hastati']);
  assert.deepEqual(req.moves, [{ unit: 'Equites', path: [H(9, 6)] }, { unit: 'Scipio', path: [H(6, 6)] }]); // `second` only on Move-Fire-Move
  assert.equal(engine.request(req).ok, true);
  store.edit((d) => { d.inputs.order.card = 'move-fire-move'; d.inputs.order.orders = 2; });
  const mfm = buildRequest('cc-ancients', store.doc());
  assert.deepEqual(mfm.card, { type: 'move-fire-move', orders: 2 });
  assert.equal(mfm.moves[1].second, true);
  // I Am Spartacus by its dice, each symbol rolled as often as counted (CCA-MV-1)
  store.edit((d) => { d.inputs.order.card = 'i am spartacus'; d.inputs.order['dice.heavy'] = 1; d.inputs.order['dice.leader'] = 2; });
  const sp = buildRequest('cc-ancients', store.doc());
  assert.deepEqual(sp.card, { type: 'i am spartacus', dice: ['heavy', 'leader', 'leader'] });
  assert.equal(engine.request(sp).ok, true);
  // an older saved position kept one unit and its path
  store.edit((d) => { d.inputs.order = { unit: 'Hastati', path: [H(6, 5)], section: 'center' }; });
  assert.deepEqual(buildRequest('cc-ancients', store.doc()).moves, [{ unit: 'Hastati', path: [H(6, 5)] }]);
});

test('an unfinished question says what it needs instead of going to the engine, which would refuse it or rule that nothing moves; optional fields are not needed', () => {
  // every default position's question can be asked as it stands, but Arcane Legions' move order,
  // which its opening leaves unplanned (it opens on the Legion's reach: docs/page.md)
  for (const { system, query, doc } of everyDefaultQuery()) {
    const planned = doc.inputs[query]?.actions?.length !== 0;
    assert.equal(unfinished(system, doc), planned ? null : 'Add the actions: Add step or Add turn.', `${system} ${query}`);
  }
  // [system, query, change, words, what the engine makes of it: refused, or a ruling that moves nothing]
  const stays = (r) => r.hexesMoved === 0 || r.pointsSpent === 0 || (Array.isArray(r.moves) && r.moves.length === 0) || (!!r.start && r.start.q === r.final?.q && r.start.r === r.final?.r);
  const cases = [
    ['torn-world', 'move', (i) => { i.path = []; }, 'Tap hexes from the Warbeast to draw its path (Path tool).', 'refused'],
    ['godsgloom', 'move', (i) => { i.path = []; }, 'Tap hexes from the Shieldwall to draw its path (Path tool).', 'stays'],
    ['godsgloom', 'move', (i) => { i.unit = ''; i.path = []; }, 'Choose the unit to ask about.', 'refused'],
    ['godsgloom', 'reach', (i) => { i.unit = 'Gone'; }, 'Choose the unit to ask about.', 'refused'], // a unit no longer on the board
    ['cc-ancients', 'move', (i) => { i.path = []; }, 'Tap hexes from the Hastati to draw its path (Path tool).', 'stays'],
    ['cc-ancients', 'order', (i) => { i.moves = []; }, 'Add the units the card orders (Add unit), then draw their paths.', 'stays'],
    ['cc-ancients', 'retreat', (i) => { i.unit = ''; }, 'Choose the unit to ask about.', 'refused'],
    ['ninth-age', 'charge', (i) => { i.charger = ''; }, 'Choose the charger to ask about.', 'refused'],
    ['ninth-age', 'charge', (i) => { i.target = ''; }, 'Choose the target to ask about.', 'refused'],
    ['ninth-age', 'flee', (i) => { i.unit = ''; }, 'Choose the fleeing unit to ask about.', 'refused'],
    ['ninth-age', 'pursue', (i) => { i.pursuers = []; }, 'Add the pursuers: Add pursuer.', 'refused'],
    ['arcane-legions', 'reachArea', (i) => { i.unit = ''; }, 'Choose the unit to ask about.', 'refused'],
    ['arcane-legions', 'move', (i) => { i.actions = []; }, 'Add the actions: Add step or Add turn.', 'stays'],
  ];
  // (a copy of the position as everyDefaultQuery leaves it for that question, before it moves on)
  const planned = (system, query) => { for (const x of everyDefaultQuery()) if (x.system === system && x.query === query) return structuredClone(x.doc); return null; };
  for (const [system, query, change, words, engineSays] of cases) {
    const d = planned(system, query);
    change(d.inputs[query] ??= {});
    assert.equal(unfinished(system, d), words, `${system} ${query}`);
    const out = engine.request(buildRequest(system, d));
    if (engineSays === 'refused') assert.equal(out.ok, false, `the engine refuses the unfinished ${system} ${query}`);
    else assert.ok(out.ok && stays(out.result), `the engine rules that nothing moves in the unfinished ${system} ${query}`);
  }
  // blank optional fields leave a question that can be asked (and the engine answers)
  const optional = [
    ['cc-ancients', 'retreat', (i) => { i.attacker = ''; }], ['cc-ancients', 'evade', (i) => { i.attacker = ''; }],
    ['ninth-age', 'pursue', (i) => { i.pursuedUnit = ''; }], ['ninth-age', 'flee', (i) => { i.from = ''; }], ['ninth-age', 'charge', (i) => { i.combined = []; }],
    ['torn-world', 'eject', (i) => { i.path = []; }], // it ends where it stands
    ['torn-world', 'shift', (i) => { i.path = []; }], // the engine lists where it may go
  ];
  for (const [system, query, change] of optional) {
    const d = planned(system, query);
    change(d.inputs[query] ??= {});
    assert.equal(unfinished(system, d), null, `${system} ${query}`);
    assert.equal(engine.request(buildRequest(system, d)).ok, true, `the engine answers ${system} ${query}`);
  }
});

// Issue 31: a unit taken off the board (dragged off it, or ✕ in the list) leaves no question
// naming it: a field is cleared (the form asks for a unit again), a row naming it goes.
test('a unit removed is named by no question of its game: fields naming it cleared, rows naming it gone (each game of describe)', () => {
  const strings = (v) => (Array.isArray(v) ? v.flatMap(strings) : v && typeof v === 'object' ? Object.values(v).flatMap(strings) : [v]);
  for (const { id: system } of described.systems) {
    for (const { id } of defaultDoc(system).units) {
      const d = defaultDoc(system);
      d.units = d.units.filter((u) => u.id !== id);
      forgetRefs(d, id);
      assert.ok(!strings(d.inputs).includes(id), `${system}: ${id} is named by no input`);
    }
  }
  // by hand: C&C's default position without the Hastati, the reach's unit and the order's row
  const cc = defaultDoc('cc-ancients');
  cc.units = cc.units.filter((u) => u.id !== 'Hastati');
  forgetRefs(cc, 'Hastati');
  assert.equal(cc.inputs.reach.unit, '');
  assert.equal(unfinished('cc-ancients', cc), 'Choose the unit to ask about.');
  assert.deepEqual(cc.inputs.order.moves, []);
  // The Ninth Age's pursuit without the Spearmen: the pursuer's row goes, the pursued stay
  const na = defaultDoc('ninth-age');
  na.inputs.pursue = structuredClone(SPEARMEN_PURSUIT);
  forgetRefs(na, 'Spearmen');
  assert.deepEqual([na.inputs.pursue.pursuedUnit, na.inputs.pursue.pursuers], ['Raiders', []]);
});

// Issue 31 (review 8): an Arcane Legions move order is one, its steps and turns paid from one set of
// movement points (AL-MOV-1, AL-MOV-2), however many drops make it. A drop made with points left
// keeps the order open (the `move` question's `begun`); the next question of that unit asks the
// whole order from where it began. Figures from the default position's Legion (a formation, codex
// forward 1, 4 movement icons, at (14, 9) facing 20) by hand.
test('AL-MOV-1 AL-MOV-2 AL-LAT-3 AL-TRN-2 an order made over two drops is asked whole from where it began and paid from one set of points; the unit moved otherwise, or a collision, ends it', () => {
  const AL = 'arcane-legions', game = SYSTEMS[AL];
  const store = createStore(null);
  // a drop made as make-move.js makes it: the unit to the ruling's end (to 0.01), then the question's `made`
  const drop = (actions) => {
    store.edit((d) => { d.query = 'move'; d.inputs.move.actions = actions; });
    const request = buildRequest(AL, store.doc()), result = engine.request(request).result;
    store.edit((d) => {
      game.applyRuling(request, result, (id) => d.units.find((u) => u.id === id), (u, p) => { u.x = Math.round(p.x * 100) / 100; u.y = Math.round(p.y * 100) / 100; u.facing = Math.round(p.facing * 100) / 100; });
      game.queries.move.made(d.inputs.move, { request, result, doc: d });
    });
    return { request, result };
  };
  // 0.8 of a step ahead: a partial step costs a whole one, the forward cost 1 (AL-LAT-2, AL-LAT-3)
  const first = drop([{ step: 'forward', distance: 0.8 }]);
  assert.equal(first.result.pointsSpent, 1);
  const legion = () => store.doc().units.find((u) => u.id === 'Legion');
  assert.deepEqual(store.doc().inputs.move.begun, { unit: 'Legion', from: { x: 14, y: 9, facing: 20 }, actions: [{ step: 'forward', distance: 0.8 }], spent: 1,
    at: { x: legion().x, y: legion().y, facing: 20 } }, 'the order so far, open');
  assert.ok(Math.abs(legion().y - (9 + 0.8 * Math.cos(20 * Math.PI / 180))) < 0.006, 'the unit stands where the step left it');
  assert.equal(unfinished(AL, store.doc()) !== null, true, 'nothing more is asked until the next drop');
  // a tap on it: its reach with the 3 points left (AL-MOV-1: 4 icons, 1 spent)
  store.edit((d) => { d.query = 'reachArea'; d.inputs.reachArea = { unit: 'Legion' }; });
  assert.equal(buildRequest(AL, store.doc()).movementPoints, 3);
  // the next drop, a 45° turn off the front, is asked as the whole order from (14, 9) facing 20;
  // the turn costs the front's 1 and 1 again for the step the formation lies beyond the tool
  // (AL-TRN-2, A-AL-5: its back on the exit leg, its depth 1 beyond): 1 + 2 = 3 of 4
  const second = drop([{ turn: 45, off: 'front', toward: 'right' }]);
  assert.deepEqual(second.request.order.actions, [{ step: 'forward', distance: 0.8 }, { turn: 45, off: 'front', toward: 'right' }]);
  const from = second.request.units.find((u) => u.id === 'Legion');
  assert.deepEqual([from.x, from.y, from.facing], [14, 9, 20]);
  assert.deepEqual([second.result.legal, second.result.pointsSpent, second.result.movementPoints], [true, 3, 4]);
  assert.equal(legion().facing, 65, '20° + 45°');
  assert.equal(store.doc().inputs.move.begun.spent, 3);
  // Undo takes back the turn's drop alone: the order after the step again (here two Undo steps,
  // the question's and the drop's; on the page one, the drag's gesture)
  store.undo(); store.undo();
  assert.equal(store.doc().inputs.move.begun.spent, 1);
  // moved by Set up (or its form), the unit's order is over: the next question starts anew from where it stands
  store.edit((d) => { d.units.find((u) => u.id === 'Legion').x += 1; d.query = 'move'; d.inputs.move.actions = [{ step: 'forward', distance: 1 }]; });
  const fresh = buildRequest(AL, store.doc());
  assert.deepEqual(fresh.order.actions, [{ step: 'forward', distance: 1 }]);
  assert.equal(fresh.units.find((u) => u.id === 'Legion').x, legion().x);
  store.edit((d) => { d.query = 'reachArea'; });
  assert.equal(buildRequest(AL, store.doc()).movementPoints, undefined, 'its reach with all its points');
  // a collision ends the order (AL-COL-2): the Legion 3.4 steps ahead meets the Chargers after 2.86
  store.reset();
  const hit = drop([1, 1, 1].map(() => ({ step: 'forward', distance: 1 })));
  assert.equal(hit.result.endedBy, 'collision');
  assert.equal(store.doc().inputs.move.begun, undefined, 'no order open after a collision');
});
