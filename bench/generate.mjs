// The benchmark's requests, generated deterministically (a seeded PRNG) in the shapes of
// docs/api.md, so that they measure the rule sets as they land without changing this file:
//   hex `reach` with "paths": "parent" (godsgloom, cc-ancients, torn-world; the stress cases and
//   the growth points also with "detail": "brief", docs/api.md "Hex boards"),
//   Arcane Legions `move` with one forward step, The Ninth Age `pursue`.
// Sizes: "seed" (the system's scenario files under tests/scenarios/<system>/ when there are any,
// else a small generated position), "busy" (40 units, 20 terrain pieces, the game's full board)
// and "stress" (500 units, 200 terrain pieces; a 100 x 100 board for hex reach).
// A game of describe without a hand entry in BENCHED_BY_HAND is benchmarked on its first query,
// its seed cases only (no generator here for its busy and stress positions).
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { prng } from '../tests/reliability/gen.mjs';
import { createEngine } from '../wasm/movecalc.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));


const round = (v) => Math.round(v * 1e6) / 1e6;

// ---------------------------------------------------------------------------------------------
// Hex boards

/// Odd-r cells of a board: a cols x rows grid, or the C&C preset (odd rows hold 12 hexes).
function boardCells(cols, rows, preset = false) {
  const cells = [];
  for (let row = 0; row < rows; row++) {
    const n = preset && (row & 1) ? cols - 1 : cols;
    for (let col = 0; col < n; col++) cells.push({ col, row });
  }
  return cells;
}

const CC_TYPES = ['light infantry', 'light bow infantry', 'slinger', 'auxilia', 'warrior', 'medium infantry',
  'heavy infantry', 'light cavalry', 'light bow cavalry', 'medium cavalry', 'heavy cavalry', 'elephant'];

/**
 * One hex reach request. `board`: {cols, rows} or {preset: true} (C&C 13 x 9); `units` and
 * `terrain` counts; `moverSpeed` the mover's allowance; `allFriends` puts every other unit on the
 * mover's side (no engagement zones, so the reach can cover the whole board).
 */
export function hexReach(system, { seed, cols, rows, preset = false, units, terrain, moverSpeed, allFriends = false, detail }) {
  const rnd = prng(seed);
  const cells = boardCells(cols, rows, preset);
  // The mover stands near the middle; the other pieces take distinct random hexes.
  const mid = cells.findIndex((c) => c.row === Math.floor(rows / 2) && c.col === Math.floor(cols / 2));
  const moverCell = cells.splice(mid, 1)[0];
  rnd.shuffle(cells);
  const sides = system === 'cc-ancients' ? ['red', 'blue'] : ['north', 'south'];
  const list = [];
  const unitCells = [moverCell, ...cells.slice(0, units - 1)];
  unitCells.forEach((cell, i) => {
    const side = i === 0 || allFriends || i % 2 === 1 ? sides[0] : sides[1];
    const u = { id: i === 0 ? 'mover' : `u${i}`, side, col: cell.col, row: cell.row };
    if (system === 'godsgloom') {
      Object.assign(u, { facing: i === 0 ? 0 : rnd.between(0, 5), speed: i === 0 ? moverSpeed : rnd.between(2, 4),
        traits: [], abilities: [], tokens: [] });
    } else if (system === 'cc-ancients') {
      u.type = i === 0 ? 'light cavalry' : rnd.pick(CC_TYPES);
    } else {
      Object.assign(u, { size: 'infantry', move: i === 0 ? moverSpeed : rnd.between(2, 4),
        run: i === 0 ? Math.min(moverSpeed * 2, 1000) : rnd.between(4, 6), abilities: [] });
    }
    list.push(u);
  });
  const terrainNames = system === 'cc-ancients' ? ['forest'] : system === 'godsgloom'
    ? ['difficult', 'difficult', 'impassable'] : ['volume'];
  const terrainList = cells.slice(units - 1, units - 1 + terrain)
    .map((c) => ({ col: c.col, row: c.row, terrain: rnd.pick(terrainNames) }));
  const request = { system, query: 'reach' };
  if (preset && terrainList.length === 0) { /* the C&C board is the default */ }
  else if (preset) request.board = { preset: 'cc-ancients', terrain: terrainList };
  else request.board = { cols, rows, terrain: terrainList };
  request.units = list;
  request.unit = 'mover';
  if (system === 'torn-world') request.action = 'move';
  request.paths = 'parent';
  if (detail) request.detail = detail;
  return request;
}

// ---------------------------------------------------------------------------------------------
// Free-form tables

/// Corners of a w x d rectangle centred on (x, y), facing `facing` degrees (compass style).
export function rectCorners(x, y, facing, w, d) {
  const f = (facing * Math.PI) / 180;
  const fwd = [Math.sin(f), Math.cos(f)];
  const right = [Math.cos(f), -Math.sin(f)];
  return [[-1, -1], [1, -1], [1, 1], [-1, 1]].map(([a, b]) => [
    x + (a * w) / 2 * right[0] + (b * d) / 2 * fwd[0],
    y + (a * w) / 2 * right[1] + (b * d) / 2 * fwd[1],
  ]);
}

/// A convex polygon of 4 to 7 vertices inside the circle of radius r about (x, y).
function convexPolygon(rnd, x, y, r) {
  const n = rnd.between(4, 7);
  const start = rnd.range(0, (2 * Math.PI) / n);
  const pts = [];
  for (let i = 0; i < n; i++) {
    const a = start + (i * 2 * Math.PI) / n + rnd.range(-0.25, 0.25) * (Math.PI / n);
    const rr = r * rnd.range(0.75, 1);
    pts.push([round(x + rr * Math.cos(a)), round(y + rr * Math.sin(a))]);
  }
  return pts;
}

/**
 * Lays out a free-form table as a grid of square cells of side `cell`, one object per cell within
 * a circle of radius `cell` * 0.43, so that no two objects touch. Two cells, the mover's and the
 * one ahead of it, are kept for the scene under test. Returns the table and the cell centres.
 */
function tableCells(rnd, count, cell, minCols, minRows) {
  let cols = minCols, rows = minRows;
  while (cols * rows < (count + 2) / 0.7) {
    cols += 3;
    rows += 2;
  }
  const moverCol = Math.floor(cols / 2), moverRow = Math.floor(rows / 2) - 1;
  const free = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      if (c === moverCol && (r === moverRow || r === moverRow + 1)) continue;
      free.push([(c + 0.5) * cell, (r + 0.5) * cell]);
    }
  }
  rnd.shuffle(free);
  return {
    table: { width: cols * cell, height: rows * cell },
    mover: [(moverCol + 0.5) * cell, (moverRow + 0.5) * cell],
    free,
  };
}

/**
 * Arcane Legions `move`: one forward step of a formation whose step runs into a blocking terrain
 * piece set at an angle half a step ahead (a collision, a snap-to), among `units` units and
 * `terrain` terrain pieces (blocking and hindering). Lengths in steps; cells of 3 steps.
 */
export function arcaneLegionsMove({ seed, units, terrain, minCols = 12, minRows = 8 }) {
  const rnd = prng(seed);
  const cell = 3;
  const others = Math.max(0, units - 1) + Math.max(0, terrain - 1);
  const t = tableCells(rnd, others, cell, minCols, minRows);
  const [mx, my] = t.mover;
  const unitList = [{ id: 'mover', side: 'red', x: mx, y: my, facing: 0, base: 'formation',
    codex: { forward: 1, backward: 2, left: 1, right: 1 }, movementIcons: 4 }];
  // The blocker: a 1.2-step square turned 15 degrees, its lowest corner 0.5 steps ahead of the
  // mover's front edge and 0.2 steps right of its centre line.
  const a = (15 * Math.PI) / 180;
  const sq = [[-0.6, -0.6], [0.6, -0.6], [0.6, 0.6], [-0.6, 0.6]]
    .map(([x, y]) => [x * Math.cos(a) - y * Math.sin(a), x * Math.sin(a) + y * Math.cos(a)]);
  const low = sq.reduce((p, q) => (q[1] < p[1] ? q : p));
  const dx = mx + 0.2 - low[0], dy = my + 0.5 + 0.5 - low[1];
  const terrainList = terrain > 0
    ? [{ id: 'blocker', kind: 'blocking', polygon: sq.map(([x, y]) => [round(x + dx), round(y + dy)]) }] : [];
  let k = 0;
  for (let i = 1; i < units; i++) {
    const [cx, cy] = t.free[k++];
    const formation = rnd.next() < 0.6;
    const cavalry = rnd.next() < 0.3;
    unitList.push({
      id: `u${i}`, side: rnd.next() < 0.5 ? 'red' : 'blue',
      x: round(cx + rnd.range(-0.1, 0.1)), y: round(cy + rnd.range(-0.1, 0.1)),
      facing: 45 * rnd.between(0, 7), base: formation ? 'formation' : 'sortie',
      codex: cavalry ? { forward: 1, backward: 3, left: 2, right: 2 } : { forward: 1, backward: 2, left: 1, right: 1 },
      movementIcons: rnd.between(2, 8),
    });
  }
  for (let i = 1; i < terrain; i++) {
    const [cx, cy] = t.free[k++];
    terrainList.push({ id: `t${i}`, kind: rnd.next() < 0.5 ? 'blocking' : 'hindering',
      polygon: convexPolygon(rnd, cx, cy, 1.25) });
  }
  return {
    system: 'arcane-legions', query: 'move', table: t.table, units: unitList, terrain: terrainList,
    activeSide: 'red', turnOrder: ['red', 'blue'],
    order: { unit: 'mover', actions: [{ step: 'forward', distance: 1 }] },
  };
}

/**
 * The Ninth Age `pursue`: unit P pursues F, which fled 8" straight ahead; with `blocker`, an
 * enemy unit E stands 4" ahead of P's front, so the pursuit becomes a charge. `units` and
 * `terrain` (impassable) fill the rest of the table. Lengths in inches; cells of 8".
 */
export function ninthAgePursue({ seed, units, terrain, blocker = true, minCols = 9, minRows = 6 }) {
  const rnd = prng(seed);
  const cell = 8;
  const fixed = blocker ? 3 : 2;
  const others = Math.max(0, units - fixed) + terrain;
  const t = tableCells(rnd, others, cell, minCols, minRows);
  const [px, py] = t.mover;
  const unitList = [
    { id: 'P', side: 'red', x: px, y: py, facing: 0, width: 5, depth: 2 },
    { id: 'F', side: 'blue', x: px, y: py + 1 + 8 + 1, facing: 0, width: 5, depth: 2, fled: true },
  ];
  if (blocker) unitList.push({ id: 'E', side: 'blue', x: px + 0.5, y: py + 1 + 4 + 1, facing: 180, width: 5, depth: 2 });
  let k = 0;
  for (let i = fixed; i < units; i++) {
    const [cx, cy] = t.free[k++];
    unitList.push({ id: `u${i}`, side: rnd.next() < 0.5 ? 'red' : 'blue',
      x: round(cx + rnd.range(-0.3, 0.3)), y: round(cy + rnd.range(-0.3, 0.3)), facing: 45 * rnd.between(0, 7),
      width: rnd.pick([4, 5]), depth: rnd.pick([1.5, 2, 2.5]) });
  }
  const terrainList = [];
  for (let i = 0; i < terrain; i++) {
    const [cx, cy] = t.free[k++];
    terrainList.push({ id: `t${i}`, kind: 'impassable', polygon: convexPolygon(rnd, cx, cy, 3) });
  }
  return {
    system: 'ninth-age', query: 'pursue', table: t.table, units: unitList, terrain: terrainList,
    pursued: { unit: 'F', facing: 0, fleeDistance: 8 }, pursuers: [{ unit: 'P', distance: 7 }],
  };
}

// ---------------------------------------------------------------------------------------------
// The cases

/// Arcane Legions seeds are orders of one forward step, the case the comparators answer too.
const SEED_FILTER = {
  'arcane-legions': (r) => r.order?.actions?.length === 1 && r.order.actions[0].step === 'forward',
};

/// Scenario files of `system` whose request is the benchmarked query (at most `max`).
function scenarioSeeds(system, query, max = 2) {
  const dir = join(root, 'tests', 'scenarios', system);
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((f) => f.endsWith('.json')).sort()
    .map((f) => ({ file: `tests/scenarios/${system}/${f}`, s: JSON.parse(readFileSync(join(dir, f), 'utf8')) }))
    .filter(({ s }) => s.request && s.request.query === query && (SEED_FILTER[system] ?? (() => true))(s.request))
    .slice(0, max);
}

// The query benchmarked of each game: these by hand (their order sets the generated positions'
// seeds), then every other game of describe with its first query, its cases its scenario files.
const BENCHED_BY_HAND = [
  { system: 'godsgloom', query: 'reach' },
  { system: 'cc-ancients', query: 'reach' },
  { system: 'torn-world', query: 'reach' },
  { system: 'arcane-legions', query: 'move' },
  { system: 'ninth-age', query: 'pursue' },
];
const described = (await createEngine()).request({ query: 'describe' }).result.systems;
const BENCHED = [
  ...BENCHED_BY_HAND,
  ...described.filter((s) => !BENCHED_BY_HAND.some((b) => b.system === s.id)).map((s) => ({ system: s.id, query: s.queries[0].name })),
];

function generated(system, size) {
  const seed = 1000 + BENCHED.findIndex((b) => b.system === system) * 10 + ['seed', 'busy', 'stress'].indexOf(size);
  switch (`${system}/${size}`) {
    // GODSGLOOM's mat is 9 hexes deep and 8 to 10 wide (docs/rules/godsgloom.md).
    case 'godsgloom/seed': return [hexReach(system, { seed, cols: 10, rows: 9, units: 3, terrain: 3, moverSpeed: 3 }), 'generated: 10 x 9 board, 3 units, 3 terrain hexes'];
    case 'godsgloom/busy': return [hexReach(system, { seed, cols: 10, rows: 9, units: 40, terrain: 20, moverSpeed: 4 }), 'generated: 10 x 9 board, 40 units, 20 terrain hexes'];
    case 'godsgloom/stress': return [hexReach(system, { seed, cols: 100, rows: 100, units: 500, terrain: 200, moverSpeed: 300, allFriends: true }), 'generated: 100 x 100 board, 500 units (all friends), 200 terrain hexes, Speed 300: reach over the whole board'];
    case 'cc-ancients/seed': return [hexReach(system, { seed, cols: 13, rows: 9, preset: true, units: 3, terrain: 0 }), 'generated: the 13 x 9 board, 3 units'];
    case 'cc-ancients/busy': return [hexReach(system, { seed, cols: 13, rows: 9, preset: true, units: 40, terrain: 20 }), 'generated: the 13 x 9 board, 40 units, 20 forest hexes'];
    case 'cc-ancients/stress': return [hexReach(system, { seed, cols: 100, rows: 100, units: 500, terrain: 200 }), 'generated: 100 x 100 board, 500 units, 200 forest hexes (light cavalry: 4 hexes at most)'];
    // Torn World's board size is not in the rules excerpt; 24 x 18 stands for a full table.
    case 'torn-world/seed': return [hexReach(system, { seed, cols: 12, rows: 10, units: 3, terrain: 3, moverSpeed: 3 }), 'generated: 12 x 10 board, 3 miniatures, 3 terrain hexes'];
    case 'torn-world/busy': return [hexReach(system, { seed, cols: 24, rows: 18, units: 40, terrain: 20, moverSpeed: 4 }), 'generated: 24 x 18 board, 40 miniatures, 20 terrain hexes'];
    case 'torn-world/stress': return [hexReach(system, { seed, cols: 100, rows: 100, units: 500, terrain: 200, moverSpeed: 300 }), 'generated: 100 x 100 board, 500 miniatures, 200 terrain hexes, move 300: reach over the whole board'];
    case 'arcane-legions/seed': return [arcaneLegionsMove({ seed, units: 3, terrain: 2 }), 'generated: 36 x 24 steps, 3 units, 2 terrain pieces, the step collides'];
    case 'arcane-legions/busy': return [arcaneLegionsMove({ seed, units: 40, terrain: 20 }), 'generated: 40 units, 20 terrain pieces, the step collides'];
    case 'arcane-legions/stress': return [arcaneLegionsMove({ seed, units: 500, terrain: 200 }), 'generated: 500 units, 200 terrain pieces, the step collides'];
    case 'ninth-age/seed': return [ninthAgePursue({ seed, units: 3, terrain: 1, blocker: false }), 'generated: 72 x 48", 3 units, 1 terrain piece, a free pursuit'];
    case 'ninth-age/busy': return [ninthAgePursue({ seed, units: 40, terrain: 20 }), 'generated: 40 units, 20 terrain pieces, the pursuit charges'];
    case 'ninth-age/stress': return [ninthAgePursue({ seed, units: 500, terrain: 200 }), 'generated: 500 units, 200 terrain pieces, the pursuit charges'];
    default: return null; // a game without a generator here: its scenario files only
  }
}

/**
 * Every latency case: {id, system, query, size, source, text}. `text` is the request exactly as
 * both builds and the comparators receive it.
 */
export function latencyCases() {
  const cases = [{ id: 'engine/describe', system: 'engine', query: 'describe', size: 'envelope',
    source: 'the describe request (answered by every build)', text: JSON.stringify({ query: 'describe' }) }];
  for (const { system, query } of BENCHED) {
    const seeds = scenarioSeeds(system, query);
    if (seeds.length > 0) {
      for (const { file, s } of seeds) {
        cases.push({ id: `${system}/${query}/seed:${file.split('/').pop()}`, system, query, size: 'seed',
          source: file, text: JSON.stringify(s.request) });
      }
    } else if (generated(system, 'seed')) {
      const [req, source] = generated(system, 'seed');
      cases.push({ id: `${system}/${query}/seed`, system, query, size: 'seed', source: `${source} (no scenario file yet)`, text: JSON.stringify(req) });
    }
    for (const size of ['busy', 'stress']) {
      if (!generated(system, size)) continue;
      const [req, source] = generated(system, size);
      cases.push({ id: `${system}/${query}/${size}`, system, query, size, source, text: JSON.stringify(req) });
      // The compact answer of the same reach (same search, fewer bytes to write and parse).
      if (size === 'stress' && query === 'reach') {
        cases.push({ id: `${system}/${query}/${size}-brief`, system, query, size, source: `${source}; "detail": "brief"`,
          text: JSON.stringify({ ...req, detail: 'brief' }) });
      }
    }
  }
  return cases;
}

/// Hex reach against board size: GODSGLOOM reach over the whole side x side board, answered with
/// "detail": "brief" (`text`) and in full (`textFull`).
export function hexGrowthCases(sides) {
  return sides.map((side) => {
    const hexes = side * side;
    const req = hexReach('godsgloom', { seed: 2000 + side, cols: side, rows: side,
      units: Math.max(2, Math.round(hexes * 0.01)), terrain: Math.round(hexes * 0.02),
      moverSpeed: Math.min(1000, 2 * side), allFriends: true });
    return { id: `growth/hex/${side}x${side}`, n: hexes, label: `${side} x ${side}`, text: JSON.stringify({ ...req, detail: 'brief' }),
      textFull: JSON.stringify(req) };
  });
}

/**
 * Free-form move and pursue against the number of objects n = units + terrain pieces: two units
 * per piece, at most 500 pieces (MC_MAX_TERRAIN). 1,500 objects is the most the limits admit
 * (1,000 units, MC_MAX_UNITS); 2,000 is refused with the `limit` error, and reported so.
 */
export function objectGrowthCases(counts) {
  const out = [];
  for (const n of counts) {
    const terrain = Math.min(500, Math.max(1, Math.round(n / 3)));
    const units = n - terrain;
    out.push({ id: `growth/al-move/${n}`, kind: 'al-move', n, units, terrain,
      text: JSON.stringify(arcaneLegionsMove({ seed: 3000 + n, units, terrain })) });
    out.push({ id: `growth/9a-pursue/${n}`, kind: '9a-pursue', n, units, terrain,
      text: JSON.stringify(ninthAgePursue({ seed: 4000 + n, units, terrain })) });
  }
  return out;
}
