// What the hex games draw an answer with (a reach's cells and costs, the way to a tapped hex, what-if
// hexes, a path and a move, a miniature's hexons): their modules import it, so it comes with their
// files and not with the page's start-up code, which a table game's first visit loads too.
import { GOOD, BAD, PATH, WHATIF, isHex, hexKey, arr, costHue, costFill } from './draw.js';
import { hexonCells } from './hex.js';

/** Unit `id`'s hex in `request` (a Large or Huge miniature's: its first hexon), or null. */
export function hexStart(request, id) {
  const u = arr(request?.units).find((v) => v.id === id);
  if (isHex(u)) return { q: u.q, r: u.r };
  if (u && arr(u.hexons).length) return u.hexons[0];
  return null;
}

export function reachCells(out, hexes, badgeOf, stopOf) {
  const costs = hexes.map((h) => h.cost ?? 0);
  const min = Math.min(...costs), max = Math.max(...costs);
  out.overlay.push({ type: 'hexes', reach: true, cells: hexes.map((h) => ({ q: h.q, r: h.r, label: h.cost, badge: badgeOf?.(h), stop: stopOf?.(h),
    color: costFill(costHue(h.cost ?? 0, min, max), 0.45) })) });
  for (const h of hexes) out.reach.set(hexKey(h), h);
}

/**
 * The way to a tapped hex of a reach, drawn, with its cost. `parentOf(entry)`: in the parent form, the
 * entry a step back (by default the reached hex at its `parent`; a game whose answer links its
 * steps otherwise gives its own).
 */
export function pickedPath(out, id, start, pick, r, parentOf = (e) => (isHex(e.parent) ? out.reach.get(hexKey(e.parent)) ?? null : null)) {
  const entry = pick && out.reach.get(hexKey(pick));
  if (!entry) return null;
  // another way there the reach lists (`alternatives`), when the tap chose one (`pick.alt` ≥ 1)
  const alt = pick.alt > 0 ? arr(entry.alternatives)[pick.alt - 1] : null;
  const picked = alt ? { ...alt, q: entry.q, r: entry.r } : entry;
  out.picked = picked;
  const path = reachPath(picked, start, r?.paths, parentOf);
  if (arr(picked.hexons).length) out.overlay.push({ type: 'hexes', cells: footprint(picked.hexons).map((h) => ({ ...h, color: 'rgba(29,53,87,0.25)' })) });
  out.overlay.push({ type: 'hexpath', cells: path, color: PATH });
  // what is left of the move beside the cost, where the reach says what it had
  const had = Number.isFinite(r?.movementPoints) ? r.movementPoints : Number.isFinite(r?.allowance) ? r.allowance : null;
  const left = had !== null && Number.isFinite(picked.cost) ? `, ${Math.max(0, had - picked.cost)} left` : '';
  out.mark({ type: 'mark', shape: 'hex', hex: picked, color: PATH, label: `cost ${picked.cost}${left}` });
  out.tracks.push({ kind: 'hexes', steps: path, color: out.colour(id) });
  return picked;
}

/** What-if hexes (reached only without other units): a dashed outline. */
export function whatIfCells(out, whatIf) {
  const extra = arr(whatIf?.result?.hexes).filter((h) => isHex(h) && !out.reach.has(hexKey(h)));
  if (extra.length) out.overlay.push({ type: 'hexes', cells: extra.map((h) => ({ q: h.q, r: h.r, color: 'rgba(91,42,134,0.08)', outline: WHATIF, dashed: true })) });
  out.whatIfCount = extra.length;
}

/** The hexes of a miniature's hexons (A-TW-1). */
export const footprint = (hexons) => arr(hexons).filter(isHex).flatMap((h) => hexonCells(h.q, h.r));

/** A proposed hex path (request) from the unit's hex (or `from`), numbered, and its end. */
export function drawHexPath(out, id, path, color = PATH, from = null) {
  const start = from ?? out.unitHex(id);
  const cells = [...(start ? [start] : []), ...arr(path).filter(isHex)];
  if (cells.length > 1) {
    out.overlay.push({ type: 'hexpath', cells, color, numbered: true });
    out.tracks.push({ kind: 'hexes', steps: cells, color: out.colour(id) });
  }
  return cells;
}

export function drawHexMove(out, r, req) {
  drawHexPath(out, req.unit, req.path);
  if (isHex(r.final)) {
    if (arr(r.final.hexons).length) out.overlay.push({ type: 'hexes', cells: footprint(r.final.hexons).map((h) => ({ ...h, color: 'rgba(30,107,60,0.25)' })) });
    out.mark({ type: 'mark', shape: 'hex', hex: r.final, color: r.legal === false ? BAD : GOOD, label: r.legal === false ? 'stops here' : 'final' });
  }
}
drawHexMove.marks = ['unit', 'numbered', 'endHex'];

/**
 * The path to a reached hex: its own `path` (the result's `paths` is "full"), or in the parent form
 * ("paths": "parent", asked for or chosen by the engine's MC_MAX_PATH_OUTPUT) the chain back to the
 * start, a step back at a time (`parentOf`).
 */
function reachPath(entry, start, paths, parentOf) {
  let cells;
  if (paths !== 'parent' && arr(entry.path).length) cells = entry.path.filter(isHex);
  else {
    cells = [];
    // A path has at most MC_MAX_MOVE_POINTS (1000) steps; the bound also stops a malformed cycle.
    for (let e = entry, n = 0; e && n <= 1000; n++) {
      cells.unshift({ q: e.q, r: e.r });
      e = parentOf(e);
    }
  }
  return start ? [start, ...cells] : cells;
}
