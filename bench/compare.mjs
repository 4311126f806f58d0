// What a JavaScript developer would write instead of calling movecalc, for the side-by-side
// comparisons. Each function starts from the same JSON request text the engine gets and returns a
// plain object answer, so both are timed from the same string to a parsed answer.
//
// They do less than the engine does (no rule clauses, no trace, no snap-to or slide, no input
// checks), so the comparison flatters them.
import { defineHex, Grid, rectangle, Orientation, Direction } from 'honeycomb-grid';
import SAT from 'sat';
import { System } from 'detect-collisions';
import { rectCorners } from './generate.mjs';

// ---------------------------------------------------------------------------------------------
// Hex reach: honeycomb-grid for the board and neighbours, a plain Dijkstra with a binary heap.

// offset -1: odd rows shifted right, docs/api.md's odd-r layout.
const OddRHex = defineHex({ dimensions: 1, orientation: Orientation.POINTY, offset: -1 });
// docs/api.md's direction order: E, NE, NW, W, SW, SE (ties go to the lower index).
const DIRECTIONS = [Direction.E, Direction.NE, Direction.NW, Direction.W, Direction.SW, Direction.SE];

/** A binary min-heap of [cost, order, item] entries. */
class Heap {
  constructor() { this.a = []; }
  get size() { return this.a.length; }
  push(e) {
    const a = this.a;
    a.push(e);
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (less(a[p], a[i])) break;
      [a[p], a[i]] = [a[i], a[p]];
      i = p;
    }
  }
  pop() {
    const a = this.a;
    const top = a[0], last = a.pop();
    if (a.length > 0) {
      a[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1, r = l + 1;
        let m = i;
        if (l < a.length && less(a[l], a[m])) m = l;
        if (r < a.length && less(a[r], a[m])) m = r;
        if (m === i) break;
        [a[m], a[i]] = [a[i], a[m]];
        i = m;
      }
    }
    return top;
  }
}
const less = (x, y) => x[0] < y[0] || (x[0] === y[0] && x[1] < y[1]);

/**
 * GODSGLOOM-like reach over a {cols, rows} board: entering open ground costs 1, difficult 2,
 * impassable and occupied hexes cannot be entered, the budget is the mover's speed. No engagement
 * zones (the benchmark's reach cases give the mover no enemies). Returns {hexes: [{q, r, col,
 * row, cost, parent}]} like movecalc's "paths": "parent" answer.
 */
export function honeycombReach(text) {
  return honeycombKept(text).reach();
}

/**
 * honeycomb-grid's side of a position kept between questions: the grid, the terrain costs and the
 * occupied hexes built once; `update(change)` moves one unit ({id, q, r} or {id, col, row}; other
 * fields are nothing to it) and `reach()` answers as honeycombReach.
 */
export function honeycombKept(text) {
  const req = JSON.parse(text);
  const at = (p) => (p.q !== undefined ? { q: p.q, r: p.r } : { col: p.col, row: p.row });
  const grid = req.board.hexes
    ? new Grid(OddRHex, req.board.hexes.map(at))
    : new Grid(OddRHex, rectangle({ width: req.board.cols, height: req.board.rows }));
  const enterCost = new Map();
  for (const t of req.board.hexes ?? req.board.terrain ?? []) {
    if (!t.terrain) continue;
    enterCost.set(grid.getHex(at(t)), t.terrain === 'impassable' ? Infinity : t.terrain === 'difficult' ? 2 : 1);
  }
  const occupied = new Set();
  const hexOf = new Map();
  let mover = null;
  for (const u of req.units) {
    const hex = grid.getHex(at(u));
    hexOf.set(u.id, hex);
    if (u.id === req.unit) mover = { u, hex };
    else occupied.add(hex);
  }
  return {
    update(change) {
      if (change.q === undefined && change.col === undefined) return;
      const hex = grid.getHex(at(change));
      occupied.delete(hexOf.get(change.id));
      occupied.add(hex);
      hexOf.set(change.id, hex);
    },
    reach: () => dijkstra(grid, enterCost, occupied, mover),
  };
}

function dijkstra(grid, enterCost, occupied, mover) {
  const budget = mover.u.speed ?? mover.u.move;
  const best = new Map([[mover.hex, 0]]);
  const parent = new Map();
  const heap = new Heap();
  let order = 0;
  heap.push([0, order++, mover.hex]);
  while (heap.size > 0) {
    const [cost, , hex] = heap.pop();
    if (cost > best.get(hex)) continue;
    for (const d of DIRECTIONS) {
      const next = grid.neighborOf(hex, d, { allowOutside: false });
      if (!next || occupied.has(next)) continue;
      const c = cost + (enterCost.get(next) ?? 1);
      if (c > budget || c >= (best.get(next) ?? Infinity)) continue;
      best.set(next, c);
      parent.set(next, hex);
      heap.push([c, order++, next]);
    }
  }
  const hexes = [];
  for (const [hex, cost] of best) {
    if (hex === mover.hex) continue;
    const p = parent.get(hex);
    hexes.push({ q: hex.q, r: hex.r, col: hex.col, row: hex.row, cost, parent: { q: p.q, r: p.r } });
  }
  return { hexes };
}

// ---------------------------------------------------------------------------------------------
// Arcane Legions straight collision: the first contact along one forward step, by bisection.

const SLOP = 1e-6;

function unitDims(u) {
  if (u.base === 'sortie') return [1, 1];
  if (u.base === 'formation') return [2, 1];
  return [u.width, u.depth];
}

/** The mover, its step and every obstacle's outline, read from an AL `move` request. */
function readStep(text) {
  const req = JSON.parse(text);
  const mover = req.units.find((u) => u.id === req.order.unit);
  const [w, d] = unitDims(mover);
  const action = req.order.actions[0];
  const f = (mover.facing * Math.PI) / 180;
  // One straight forward step (bench/generate.mjs picks such seeds); distance defaults to 1.
  if (req.order.actions.length !== 1 || action.step !== 'forward') throw new Error('not one forward step');
  const distance = action.distance ?? 1;
  const step = [Math.sin(f) * distance, Math.cos(f) * distance];
  const obstacles = [];
  for (const u of req.units) {
    if (u === mover) continue;
    const [uw, ud] = unitDims(u);
    obstacles.push({ id: u.id, points: rectCorners(u.x, u.y, u.facing, uw, ud) });
  }
  for (const t of req.terrain ?? []) {
    if (t.kind === 'blocking' || t.kind === 'hindering') obstacles.push({ id: t.id, points: t.polygon });
  }
  // The mover's outline relative to its centre, so that moving it is a change of position.
  const outline = rectCorners(0, 0, mover.facing, w, d);
  return { mover, step, obstacles, outline };
}

/** Bisection on t in [0, 1] for the first t at which hit(t) is true, to MC_LINEAR_SLOP. */
function firstContact(hit, length) {
  if (!hit(1)) return { t: 1, hit: null };
  let lo = 0, hi = 1;
  while ((hi - lo) * length > SLOP) {
    const mid = (lo + hi) / 2;
    if (hit(mid)) hi = mid;
    else lo = mid;
  }
  return { t: lo, hit: hit(hi) };
}

function answer(mover, step, contact) {
  return {
    final: { x: mover.x + step[0] * contact.t, y: mover.y + step[1] * contact.t, facing: mover.facing },
    collision: contact.hit,
  };
}

/** SAT.js: every obstacle tested at every bisection step (no broad phase). */
export function satBisection(text) {
  return satKept(text).query();
}

/**
 * SAT.js's side of a position kept between questions: the obstacles' polygons built once;
 * `update(change)` moves one obstacle unit ({id, x}: its outline shifted along x) and `query()`
 * answers as satBisection.
 */
export function satKept(text) {
  const { mover, step, obstacles, outline } = readStep(text);
  const polys = obstacles.map((o) => ({ id: o.id,
    poly: new SAT.Polygon(new SAT.Vector(0, 0), o.points.map(([x, y]) => new SAT.Vector(x, y))) }));
  const byId = new Map(polys.map((o) => [o.id, o]));
  const xOf = new Map(JSON.parse(text).units.map((u) => [u.id, u.x]));
  const moving = new SAT.Polygon(new SAT.Vector(mover.x, mover.y), outline.map(([x, y]) => new SAT.Vector(x, y)));
  const hit = (t) => {
    moving.pos.x = mover.x + step[0] * t;
    moving.pos.y = mover.y + step[1] * t;
    for (const o of polys) if (SAT.testPolygonPolygon(moving, o.poly)) return o.id;
    return null;
  };
  return {
    update(change) {
      const o = byId.get(change.id);
      if (!o || typeof change.x !== 'number') return;
      o.poly.pos.x += change.x - xOf.get(change.id);
      xOf.set(change.id, change.x);
    },
    query: () => answer(mover, step, firstContact(hit, Math.hypot(step[0], step[1]))),
  };
}

/** detect-collisions: the obstacles in its BVH (the broad phase), SAT on the candidates. */
export function detectCollisionsBisection(text) {
  const { mover, step, obstacles, outline } = readStep(text);
  const system = new System();
  for (const o of obstacles) {
    system.createPolygon({ x: 0, y: 0 }, o.points.map(([x, y]) => ({ x, y })), { isStatic: true, userData: { id: o.id } });
  }
  const moving = system.createPolygon({ x: mover.x, y: mover.y }, outline.map(([x, y]) => ({ x, y })));
  const hit = (t) => {
    moving.setPosition(mover.x + step[0] * t, mover.y + step[1] * t);
    let id = null;
    system.checkOne(moving, (r) => {
      id = r.b.userData?.id ?? null;
      return true;
    });
    return id;
  };
  return answer(mover, step, firstContact(hit, Math.hypot(step[0], step[1])));
}
