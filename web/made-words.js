// What a move made did, in words (app.js sayMade): fetched at the page's first touch, click or key,
// not with the page, which makes no move before one.
import { colRow, isPluralName, spentOf, arr } from './draw.js';
import { own } from './model.js';
import * as hex from './hex.js';

/**
 * What Make this move made (app.js makeMove), in words: the ruling `r`'s where its game has them
 * (`madeWords`: "Charge made: Knights charge Raiders …"), else where each unit now stands and what a
 * lone unit spent (`pick`: the reached hex tapped), what the ruling leaves to do next first (a card's
 * battles: the game's `madeNote`, told the units as they stood). Kept by the move
 * (`where.remember`), so that Redo says it again.
 */
export function madeText(where, before, r, pick) {
  const s = where.sys(), ok = r?.response?.ok, req = r?.request ?? {}, res = r?.response?.result ?? {};
  // (a reached hex tapped: the way drawn there, its reach entry's or the alternative picked)
  const way = pick ? r?.scene?.picked ?? r?.scene?.reach.get(hex.key(pick.q, pick.r)) ?? null : null;
  const said = ok ? s.madeWords?.(req, res, r.scene?.events ?? []) : null, note = ok ? s.madeNote?.(req, res, way, before) ?? '' : '';
  // (the unit the question moved said first, the units it moved after it: "Guardsman is now on …;
  // Warbeast is now on …" told a phone's three lines where the ejected went, not the mover)
  const first = s.mover(req), order = [...before].sort((a, b) => (b.id === first) - (a.id === first));
  const text = said ? madeWords([said.text], said.lead, note) : madeWords(movedWords(where, order, paidWords(where, r, pick)), 'Move made', note);
  const key = moveKey(before, where.doc().units);
  if (key) where.remember(key, text);
  return text;
}

/**
 * What Redo made again (`before`: the units it replaced): what the move said when it was made, its
 * cost and a card's battles too ("Redone: …", the same words after its lead), else where each unit
 * moved now stands; null when none moved.
 */
export function redoneText(where, before) {
  const key = moveKey(before, where.doc().units), made = key && where.said.get(key);
  if (made) return made.replace(/^[^:]*/, 'Redone');
  const redone = movedWords(where, before);
  return redone.length ? madeWords(redone, 'Redone') : null;
}

// A move by what it changed: each unit it moved or removed, before and after; '' when none (a step
// of a question's edits, redone, is not a move that moved nothing)
function moveKey(before, after) {
  const now = new Map(after.map((u) => [u.id, JSON.stringify(u)]));
  const changed = before.map((u) => [JSON.stringify(u), now.get(u.id) ?? null]).filter(([b, a]) => b !== a);
  return changed.length ? JSON.stringify(changed) : '';
}

// What a hex move spent, where its answer says: a reached hex tapped (its reach entry's cost) or
// a move's cost, of the points or allowance it had ("for 2 of its 3 movement points"): a tap's
// move was made at once, and its verdict said where the unit went but not what it cost.
function paidWords({ isHexBoard, sys }, r, pick) {
  if (!isHexBoard() || !r?.response?.ok) return '';
  const res = r.response.result ?? {}, tapped = r.request?.query === sys().tapQuery && pick;
  const n = tapped ? r.scene?.reach.get(hex.key(pick.q, pick.r))?.cost : res.cost;
  return Number.isFinite(n) ? `for ${spentOf(n, res)}` : '';
}

/** The move Make this move made (or Redo made again: `lead`), from movedWords' clauses; `note` first (a game's madeNote). */
function madeWords(said, lead = 'Move made', note = '') {
  return `${lead}: ${note ? `${note} ` : ''}${said.join('; ') || 'nothing moved'} (Undo to take it back).`;
}

/** What Undo took back, from movedWords' clauses (the units back where they stood), as Redo's words say what it made again; null when none moved. */
export const undoneWords = (said) => (said.length ? `Undone: ${said.join('; ')} (Redo to make it again).` : null);

/**
 * What an Undo that moved no unit took back, from document `before` to `now`: the question chosen
 * ("Pursue chosen, back on Charge"), in a game whose questions take dice (its `play.dice`,
 * play-rolls.js `diceWords`: there the drag, each roll and the question the dice decide are steps
 * of their own) a roll, rolled or typed ("the roll: Flee distance 5, Knights 5"), or what the
 * question asked, a drag's (its fields of one value, as the form labels them; "the move asked" where
 * only a plan changed, an order's steps or a path, which the board shows again); else null. (An
 * Undo of a roll said nothing, and of a turn's plan taken back nothing either: reviews.)
 */
export function undoneStep(game, before, now) {
  const dice = game.play?.dice;
  const q = before.query, title = (x) => own(game.queries, x)?.title ?? `${x.charAt(0).toUpperCase()}${x.slice(1)}`;
  // (without dice a question is chosen by the drag that asks it: a plan taken back)
  if (q !== now.query) return undoneWords([dice ? `${title(q)} chosen, back on ${title(now.query)}` : `the ${title(q).toLowerCase()} asked`]);
  if (dice) {
    const was = dice(game, before, own);
    if (was.join() !== dice(game, now, own).join()) return undoneWords([`the roll: ${was.join(', ')}`]);
  }
  const a = before.inputs[q] ?? {}, b = now.inputs[q] ?? {};
  // (its fields of one value: a drawn path or an order is the move itself, shown again)
  const said = arr(own(game.queries, q)?.fields).filter((f) => typeof a[f.key] !== 'object' && a[f.key] !== b[f.key])
    .map((f) => `${f.label.replace(/ \(.*\)$/, '')} ${a[f.key] === '' || a[f.key] === undefined ? 'none' : a[f.key]}`);
  if (!said.length && JSON.stringify(a) === JSON.stringify(b)) return null;
  return undoneWords([`the ${title(q).toLowerCase()} asked${said.length ? `: ${said.join(', ')}` : ''}`]);
}

/**
 * A move made on a unit's reach (a reached hex tapped, or the unit dropped on one) and taken back
 * by Undo: the hex to pick again on that reach (`{q, r, unit}`), so that it comes back with the way
 * there drawn and Make this move ready, as a move made with the form does (docs/page.md "Undo and
 * Redo"); else null. `d`: the document now, `tapQuery` its game's reach, `was` the units after the move.
 */
export function undonePick(d, tapQuery, was) {
  const id = d.query === tapQuery ? d.inputs[tapQuery]?.unit : null;
  const to = id && was.find((u) => u.id === id), from = id && d.units.find((u) => u.id === id);
  return to && from && (to.q !== from.q || to.r !== from.r) ? { q: to.q, r: to.r, unit: id } : null;
}

/**
 * What changed of the units since `before`, a clause for each place: where each unit moved now
 * stands, or that it is gone. On a hex board, units moved onto one hex are named together
 * ("Hastati and Scipio are now on …"), and one that ends on a unit that stayed has joined it
 * ("Scipio is now with Hastati on …": a unit attached to another). `paid`: what the move spent
 * (app.js paidWords), said after a lone unit's place. `where`: the page's `doc()`, `isHexBoard()`,
 * `lengthLabel(v)`, `inSteps()` (lengths shown in the game's steps) and `unitWord()`. `now`: how a
 * place is said ('back' after an Undo), and a unit not in `before` is back on the board.
 */
export function movedWords({ doc, isHexBoard, lengthLabel, inSteps, unitWord }, before, paid = '', now = 'now') {
  const units = new Map(doc().units.map((u) => [u.id, u])), was = new Set(before.map((b) => b.id));
  const is = (id) => (isPluralName(id) ? 'are' : 'is');
  const at = (u) => (isHexBoard() ? `on ${colRow(u)}`
    : `at x ${lengthLabel(u.x)}, y ${lengthLabel(u.y)}${inSteps() ? ` (${unitWord()})` : ''}, facing ${Math.round(u.facing)}°`);
  const moved = [], said = [];
  for (const b of before) {
    const u = units.get(b.id);
    if (!u) said.push(`${b.id} ${is(b.id)} off the ${isHexBoard() ? 'board' : 'table'}`);
    else if (isHexBoard() ? u.q !== b.q || u.r !== b.r || u.facing !== b.facing : u.x !== b.x || u.y !== b.y || u.facing !== b.facing) moved.push(u);
  }
  const hexOf = (u) => (isHexBoard() ? `${u.q},${u.r}` : u.id);
  const groups = new Map();
  for (const u of moved) groups.set(hexOf(u), [...(groups.get(hexOf(u)) ?? []), u]);
  for (const [hex, group] of groups) {
    const names = group.map((u) => u.id), who = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
    const joined = isHexBoard() ? doc().units.find((v) => hexOf(v) === hex && !names.includes(v.id)) : null;
    said.push(`${who} ${names.length > 1 ? 'are' : is(who)} ${now} ${joined ? `with ${joined.id} ` : ''}${at(group[0])}`);
  }
  // (a unit the step took off: a fled or destroyed unit an Undo brings back)
  for (const u of units.values()) if (!was.has(u.id)) said.push(`${u.id} ${is(u.id)} back ${at(u)}`);
  // (what it spent, when one unit moved)
  if (paid && moved.length === 1 && said.length === 1) said[0] += `, ${paid}`;
  return said;
}
