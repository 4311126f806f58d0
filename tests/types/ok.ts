// Typed uses of the engine module that must compile under `tsc --strict` (tests/js/types.test.mjs).
import { createEngine } from 'movecalc';
import type { GodsgloomReachHex, Request, TornWorldMoveRequest } from 'movecalc';

const engine = await createEngine({ systems: ['godsgloom'] });

// The request's system and query narrow the result once `ok` is checked.
const reach = engine.request({
  system: 'godsgloom',
  query: 'reach',
  board: { cols: 7, rows: 7, terrain: [{ q: 1, r: 1, terrain: 'difficult' }] },
  units: [{ id: 'a', side: 'red', q: 0, r: 3, facing: 0, speed: 4 }],
  unit: 'a',
  params: { 'A-GG-1': { arcWidth: 3 } },
});
if (reach.ok) {
  const hexes: GodsgloomReachHex[] = reach.result.hexes;
  const cost: number = hexes[0].cost;
  // asked in full detail (the default): the entry's full-detail fields are there
  const engaged: boolean = reach.result.hexes[0].engaged;
  const facings: number[] = reach.result.hexes[0].facings;
  // and `paths` says which form the way there is in, each hex of it with col and row
  if (reach.result.paths === 'full') console.log(engaged, facings, reach.result.hexes[0].path.map((h) => h.col + h.row));
  else console.log(reach.result.hexes[0].parent.col);
  const moveType: 'normal' | 'engaged' | 'breakaway' | 'teleport' | 'reposition' | 'none' = reach.result.moveType;
  console.log(cost, moveType, reach.result.zones.map((z) => z.unit), reach.result.trace.length);
} else {
  console.log(reach.error.code, reach.error.path);
}

// Brief detail leaves fields out at their defaults; asked in full detail, Torn World's and C&C's are there.
const brief = engine.request({ system: 'godsgloom', query: 'reach', board: { cols: 7, rows: 7 }, units: [], unit: 'a', detail: 'brief' });
if (brief.ok) console.log(brief.result.hexes.map((h) => h.engaged ?? false));
const twReach = engine.request({ system: 'torn-world', query: 'reach', board: { cols: 9, rows: 9 }, units: [{ id: 'o', side: 'red', size: 'large', q: 1, r: 4, move: 2 }], unit: 'o', action: 'move', detail: 'full', paths: 'parent' });
if (twReach.ok) console.log(twReach.result.hexes.map((h) => h.freeAttacks.length + h.ejects.length));
const ccReach = engine.request({ system: 'cc-ancients', query: 'reach', units: [{ id: 'u', side: 'red', type: 'light infantry', col: 3, row: 4 }], unit: 'u' });
if (ccReach.ok) console.log(ccReach.result.hexes.filter((h) => h.canBattle && !h.mustBattle).map((h) => h.hexesMoved));

// Offset coordinates, a move, its reasons.
const move = engine.request({
  system: 'godsgloom',
  query: 'move',
  board: { hexes: [{ col: 0, row: 0 }, { col: 1, row: 0 }] },
  units: [{ id: 'a', side: 'red', col: 0, row: 0, facing: 1, speed: 1 }],
  unit: 'a',
  path: [{ col: 1, row: 0 }],
});
if (move.ok && !move.result.legal) console.log(move.result.reasons[0].rule, move.result.final.facing);

// Sensitivity: each other reading of an assumption relied on, and what changes under it.
const weighed = engine.request({
  system: 'godsgloom',
  query: 'move',
  board: { cols: 7, rows: 7 },
  units: [{ id: 'a', side: 'red', q: 0, r: 3, facing: 0, speed: 4 }, { id: 'e', side: 'blue', q: 3, r: 2, facing: 3 }],
  unit: 'a',
  path: [{ q: 1, r: 3 }, { q: 2, r: 3 }],
  sensitivity: true,
});
if (weighed.ok) {
  for (const e of weighed.sensitivity ?? []) {
    const changes: boolean | null = e.changes;
    const params: Record<string, number> = e.params;
    console.log(e.assumption, e.reading, e.rule, changes, params, e.limit, e.changed?.map((c) => [c.field, c.value, c.count]));
  }
}

// Free-form tables: Arcane Legions' order of actions, The Ninth Age's charge.
const order = engine.request({
  system: 'arcane-legions',
  query: 'move',
  units: [{ id: 'a', side: 'red', x: 0, y: 0, facing: 0, base: 'sortie', movementIcons: 3 }],
  order: { unit: 'a', actions: [{ step: 'forward' }, { turn: 90, off: 'front', toward: 'left' }] },
});
if (order.ok) console.log(order.result.final.x, order.result.actions.map((a) => a.events.length));

const charge = engine.request({
  system: 'ninth-age',
  query: 'charge',
  units: [
    { id: 'C', side: 'red', x: 0, y: 0, facing: 0, width: 4, depth: 2 },
    { id: 'T', side: 'blue', x: 0, y: 8, facing: 180, base: { width: 25, length: 50 }, files: 5, ranks: 2 },
  ],
  charger: 'C',
  target: 'T',
  range: 9,
});
if (charge.ok && charge.result.possible) console.log(charge.result.wheel?.angle, charge.result.final?.facing);

// A request built apart keeps its own type; one of unknown kind gives the general response.
const eject: TornWorldMoveRequest = {
  system: 'torn-world',
  query: 'move',
  board: { cols: 12, rows: 12 },
  units: [{ id: 'o', side: 'red', size: 'large', q: 1, r: 4, move: 2 }],
  unit: 'o',
  action: 'move',
  path: [{ q: 3, r: 5 }],
};
const ejected = engine.request(eject);
if (ejected.ok) console.log(ejected.result.ejections?.map((e) => e.chooser ?? 'unknown'));

// A request built in a variable `as const` (read-only arrays and all) keeps its kind too.
const fixed = { system: 'godsgloom', query: 'move', board: { cols: 3, rows: 3 }, units: [{ id: 'a', side: 'red', q: 0, r: 0, facing: 0, speed: 2 }], unit: 'a', path: [{ q: 1, r: 0 }] } as const;
const fixedMove = engine.request(fixed);
if (fixedMove.ok) console.log(fixedMove.result.legal);

const any: Request = JSON.parse('{"query": "describe"}');
const answer = engine.request(any);
if (answer.ok) console.log(answer.query, answer.assumptions);

const described = engine.request({ query: 'describe' });
if (described.ok) console.log(described.result.systems.map((s) => s.lengthUnit), described.result.limits.MC_MAX_UNITS);

// Text in, text out.
const text: string = engine.requestText('{"query": "describe"}');
const parsed = engine.request(text);
console.log(text.length, parsed.ok);

// A position kept in the engine: its system types each query asked of it.
const kept = engine.open({ system: 'godsgloom', board: { cols: 7, rows: 7 }, units: [{ id: 'a', side: 'red', q: 0, r: 3, facing: 0, speed: 4 }] });
const keptReach = kept.ask({ query: 'reach', unit: 'a' });
if (keptReach.ok) console.log(keptReach.result.moveType, keptReach.result.hexes.map((h) => h.engaged && h.facings.length));
const keptMove = kept.ask({ query: 'move', unit: 'a', path: [{ q: 1, r: 3 }] });
if (keptMove.ok) console.log(keptMove.result.legal, kept.update({ units: [{ id: 'a', q: 1 }] }).ok);
kept.close();

// A Ninth Age flee kept in the engine, its poses in the arrays form.
const nine = await createEngine({ systems: ['ninth-age'] });
const field = nine.open({ system: 'ninth-age', table: { width: 48, height: 48 }, units: [
  { id: 'f', side: 'red', x: 24, y: 24, facing: 0, width: 4, depth: 2 },
  { id: 'e', side: 'blue', x: 24, y: 30, facing: 180, width: 4, depth: 2 },
] });
const fled = field.ask({ query: 'flee', unit: 'f', distance: 7 }, { format: 'arrays' });
const firstMove = fled.result?.moves?.[0];
if (fled.ok && firstMove) console.log(firstMove.unit, firstMove.rows, firstMove.destroyed === true, fled.arrays?.poses?.[0]);
field.close();

// Where every module's .wasm is, and the one typed error of the wrapper.
import { MovecalcError } from 'movecalc';
const located = await createEngine({ systems: ['godsgloom'], locateFile: (name) => new URL(`/wasm/${name}`, 'https://example.org/') });
await located.loadSystems(['torn-world']).catch((e: unknown) => {
  if (e instanceof MovecalcError && e.code === 'load_failed') console.log(e.message, e.path, e.response?.error?.code);
});

// The worker API: the same requests, answered as promises.
import { createWorkerEngine } from 'movecalc/worker';
const off = await createWorkerEngine({ systems: ['godsgloom'], timeout: 500 });
const later = await off.request({ system: 'godsgloom', query: 'reach', board: { cols: 7, rows: 7 }, units: [{ id: 'a', side: 'red', q: 0, r: 3, facing: 0, speed: 4 }], unit: 'a' }, { timeout: 100 });
if (later.ok) console.log(later.result.hexes.length);
const keptOff = await off.open({ system: 'godsgloom', board: { cols: 7, rows: 7 }, units: [] });
const asked = await keptOff.ask({ query: 'reach', unit: 'a' });
if (asked.ok) console.log(asked.result.hexes.map((h) => h.cost));
console.log(asked.ok, (await keptOff.update({ remove: ['a'] })).ok);
await keptOff.close();
off.terminate();

// A request parsed from text (typed any) gets the general Response.
const fromText = engine.request(JSON.parse('{"query":"describe"}'));
if (fromText.ok) console.log(fromText.system, fromText.query);
