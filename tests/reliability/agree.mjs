// What "an answer agrees with itself" means, query by query, for every game (issue 35): each
// summary field matches the details it sums up. `legal` (or the game's own verdict: `reachable`,
// `canEvade`, `possible`) with its reasons; `canBattle` with its parts; counts and totals with the
// lists they count; a choice's default option with the answer itself. Each game's own meaning of a
// field is its page's (docs/api/<game>.md): a Torn World whyNot's `legal` is the action's (with
// `restrictions`), beside `reachable` (with `reasons`); GODSGLOOM's `restrictions` make a hex
// unreachable; a Ninth Age charge's verdict is `possible`. A game's checks are its own file,
// agree-<game>.mjs, whose default export maps each query to `(request, result, label)` asserting
// them; this file holds what the games share. The agreement tests send the requests.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { fromOffset, key } from './props.mjs';
import { BOARD } from './cc-army.mjs';

/** The file of `system`'s agreement checks (docs/adding-a-game.md "What a game ships"). */
export const agreementFile = (system) => new URL(`./agree-${system}.mjs`, import.meta.url);

/** `system`'s agreement checks, {query: check}, or null when it has no agree-<game>.mjs. */
export async function agreementOf(system) {
  const file = agreementFile(system);
  return existsSync(file) ? (await import(file)).default : null;
}

/** A hex of a request ({q, r} or {col, row}) in axial coordinates. */
export const hexOf = (h) => (Number.isInteger(h.q) && Number.isInteger(h.r) ? { q: h.q, r: h.r } : fromOffset(h.col, h.row));

/** The hexes of a request's board, as keys: its list, its grid, or the C&C preset (the default). */
export function boardKeys(req) {
  const b = req.board;
  if (Array.isArray(b?.hexes)) return new Set(b.hexes.map((h) => key(hexOf(h))));
  const all = [];
  if (Number.isInteger(b?.cols)) for (let row = 0; row < b.rows; row++) for (let col = 0; col < b.cols; col++) all.push({ col, row });
  return new Set((all.length ? all : BOARD).map((h) => key(fromOffset(h.col, h.row))));
}
export const arr = (v) => (Array.isArray(v) ? v : []);
export const samePose = (a, b) => a && b && ['x', 'y', 'facing'].every((k) => Math.abs(a[k] - b[k]) < 1e-9);

/** `legal` agrees with `reasons`: false exactly when some reason is given. */
export function agreeLegal(x, label, flag = 'legal') {
  assert.equal(x[flag], x.reasons.length === 0, `${label}: ${flag} ${x[flag]} with ${x.reasons.length} reasons ${JSON.stringify(x.reasons)}`);
}

/** A whyNot's `reachable` with its reasons, its path and the movement points a reason needs (GODSGLOOM, Torn World). */
export function whyNotCore(res, label) {
  agreeLegal(res, label, 'reachable');
  if (res.reachable) {
    assert.equal(res.whatIf, undefined, `${label}: reachable, yet a whatIf`);
    if (res.path.length) assert.equal(key(res.path.at(-1)), key(res.to), `${label}: the path ends elsewhere than at to`);
  }
  for (const x of res.reasons.filter((y) => y.needs !== undefined)) assert.ok(x.needs > (res.movementPoints ?? res.allowance), `${label}: ${x.code} needs ${x.needs}`);
}
