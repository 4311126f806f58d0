// A drop in play that ejects (a game whose moves can eject others: its `playEject`,
// TW-EJ-1 … TW-EJ-4): the move is asked with the reach's way to the hex dropped on, and each
// ejected miniature (or marker) waits for the player: for an enemy the Dexterity test's outcome
// first (it says who places it), then a tap on one of the nearest free hexes the engine lists. Every
// choice goes into the request's `choices`; the page never picks one. When each is given the
// move is made, as one Undo step.
import { el, colRow, showParts } from './draw.js';

const MOVE = 'move';

/**
 * `page`: the store, `ui`, `sys()`, `doc()`, `currentRequest()`, `refresh()`, `makeMove()` and `bar`
 * (the element the choices' buttons and words go in). Returns what tools.js and app.js call.
 */
export function initPlayEject({ store, ui, sys, doc, currentRequest, refresh, makeMove, bar }) {
  const can = () => !!sys().playEject && !!sys().queries[MOVE];
  /** True while a drop's ejections are being chosen: the question is the move the drop asked. */
  const active = () => can() && !!ui.eject && doc().query === MOVE && doc().inputs[MOVE]?.unit === ui.eject.unit;
  const choices = () => doc().inputs[MOVE]?.choices ?? [];
  const ruling = () => {
    const r = ui.result;
    return r?.response?.ok && r.request?.query === MOVE && ui.lastRequest === JSON.stringify(currentRequest(), null, 2) ? r.response.result : null;
  };
  // A piece's choice (an ejected miniature's or a marker's), and its key in `choices`.
  const who = (x) => (x.marker !== undefined ? { marker: x.marker } : { unit: x.unit });
  const mine = (x) => choices().find((c) => (x.marker !== undefined ? c.marker === x.marker : c.unit === x.unit));
  // The player of side `side`, named by a unit the board shows (a side's name, "Accord", is shown
  // nowhere on it): the mover's, else piece `x`'s own (an ejected enemy's), else the other player.
  function player(side, x) {
    const sideOf = (id) => doc().units.find((u) => u.id === id)?.side, mover = ui.eject.unit;
    if (side === sideOf(mover)) return `${mover}’s player`;
    return x.unit !== undefined && side === sideOf(x.unit) ? `${x.unit}’s player` : 'the other player';
  }
  const capital = (s) => `${s[0].toUpperCase()}${s.slice(1)}`;

  /**
   * A drop of unit `id` that the page may not make by itself (its ejections, or what it destroys,
   * are chosen): the question becomes the move along `path` (the reach's way to the hex dropped
   * on), with no choice yet. False when there is no way to ask it by.
   */
  function start(id, path, action) {
    if (!can() || !Array.isArray(path) || !path.length) return false;
    store.setEject({ unit: id });
    store.edit((d) => {
      d.query = MOVE;
      d.inputs[MOVE] = { unit: id, action: action ?? 'move', path: path.map((s) => ({ q: s.q, r: s.r })), choices: [] };
    });
    return true;
  }

  // The first ejection (then marker) still waiting for the player, in the order the engine resolves them.
  function waiting(r) {
    for (const e of r.ejections ?? []) {
      const c = mine(e);
      if (e.enemy && !c?.dexterity) return { piece: e, needs: 'dexterity' };
      if (!c?.to) return { piece: e, needs: 'hex' };
    }
    for (const m of r.markers ?? []) if (!m.stays && (m.candidates ?? []).length && !mine(m)?.to) return { piece: m, needs: 'hex' };
    return null;
  }

  function give(piece, what) {
    store.edit((d) => {
      const list = d.inputs[MOVE].choices ?? [];
      const k = list.findIndex((c) => (piece.marker !== undefined ? c.marker === piece.marker : c.unit === piece.unit));
      const c = { ...(k >= 0 ? list[k] : who(piece)), ...what };
      d.inputs[MOVE].choices = k >= 0 ? list.map((x, i) => (i === k ? c : x)) : [...list, c];
    });
  }

  /** Each answer: once every ejection has its choices, the move is made. */
  function follow() {
    if (!active()) return;
    const r = ruling();
    if (!r) return;
    if (r.legal !== false && !waiting(r)) { store.setEject(null); makeMove(); }
    refresh();
  }

  /** A tap on the board while choosing: a nearest free hex of the piece waiting is where it goes. True when taken. */
  function tap(h) {
    if (!active()) return false;
    const r = ruling(), w = r && waiting(r);
    if (!w || w.needs !== 'hex') return true;
    const to = (w.piece.candidates ?? []).find((c) => c.q === h.q && c.r === h.r);
    if (to) give(w.piece, { to: { q: to.q, r: to.r } });
    else { store.ejectSaid(`Not one of the nearest free hexes for ${w.piece.unit ?? w.piece.marker}: tap a highlighted one.`); refresh(); }
    return true;
  }

  // the drop's move is not made: the unit's reach is the question again
  function cancel() {
    const id = ui.eject.unit;
    store.setEject(null);
    store.edit((d) => {
      d.inputs[MOVE] = { ...d.inputs[MOVE], path: [], choices: [] };
      d.query = sys().tapQuery;
      (d.inputs[d.query] ??= {}).unit = id;
    });
  }

  /**
   * The waiting piece's nearest free hexes, outlined strongly and numbered, for the tap; `asked`:
   * while its test's outcome is asked too (the answer draws them then), to keep them in view
   * (app.js showChoices: the zoom buttons lay over one).
   */
  function overlay(asked) {
    const r = active() && ruling(), w = r && waiting(r);
    if (!w || (w.needs !== 'hex' && !asked)) return [];
    return [{ type: 'hexes', choices: true, cells: w.piece.candidates.map((c, i) => ({ q: c.q, r: c.r, color: 'rgba(255,214,102,0.55)', outline: '#1b2430', label: String(i + 1) })) }];
  }

  /** The bar under the verdict: what is waiting, as buttons (the test's outcome) or words (tap a hex). */
  function render() {
    if (!active()) return false;
    const r = ruling();
    const w = r && waiting(r);
    const parts = [];
    // a cross, so that whose test it is, or who places the piece, keeps the row's room
    const cancelButton = el('button', '✕', 'icon small');
    cancelButton.setAttribute('aria-label', 'Cancel this move');
    cancelButton.title = 'Cancel this move';
    cancelButton.type = 'button';
    cancelButton.id = 'eject-cancel';
    cancelButton.addEventListener('click', cancel);
    if (!r) parts.push(el('p', 'Asking where the ejected go…'));
    else if (r.legal === false) parts.push(el('p', `This move cannot be made: ${r.reasons?.[0]?.message ?? 'see the verdict'}`));
    else if (w?.needs === 'dexterity') {
      const e = w.piece;
      // whose test, and whose player each outcome has place the piece (TW-EJ-3: passed, the ejected
      // miniature's; failed, the ejector's), in small lines under the outcome's word ("Passed" alone
      // did not say; "its player" and "Warbeast’s" beneath it read as riddles)
      const passed = player(e.chooserIfPassed, e), failed = player(e.chooserIfFailed, e);
      const p = el('p', `${e.unit}’s Dexterity test:`);
      p.id = 'eject-ask';
      p.className = 'choice test';
      p.title = `${e.unit} is ejected and takes a Dexterity test (TW-EJ-3): passed, ${passed} places it; failed, ${failed} places it.`;
      parts.push(p);
      for (const [outcome, chooser] of [['passed', passed], ['failed', failed]]) {
        const word = outcome === 'passed' ? 'Passed:' : 'Failed:';
        const b = el('button', word, 'small test');
        b.append(document.createElement('br'), chooser.replace(/ player$/, ''), document.createElement('br'), 'player places');
        b.setAttribute('aria-label', `${word} ${chooser} places ${e.unit}`);
        b.type = 'button';
        b.dataset.dexterity = outcome;
        b.addEventListener('click', () => give(e, { dexterity: outcome }));
        parts.push(b);
      }
    } else if (w) {
      const x = w.piece;
      const name = x.unit ?? x.marker;
      // one row on a phone: who places it and the hexes' numbers as on the board (each button's
      // name says its hex); the verdict above says the move and why it ejects. The chooser is a
      // side, named by its player (player())
      const who = x.chooser ? `${capital(player(x.chooser, x))} places ${name}:` : `Where ${name} goes:`;
      const p = el('p', who);
      p.id = 'eject-ask';
      p.className = 'choice';
      p.title = `Tap where ${name} goes: one of its ${x.candidates.length} nearest free hex${x.candidates.length === 1 ? '' : 'es'} (numbered)${x.chooser ? `, chosen by ${player(x.chooser, x)}` : ''} (TW-EJ-1).`;
      parts.push(p);
      // the same hexes as buttons, for a keyboard or a screen reader; the choice to make now, so not
      // the pale secondary look (a newcomer read those as disabled)
      x.candidates.forEach((c, i) => {
        const b = el('button', String(i + 1), 'small');
        b.dataset.hex = String(i + 1);
        b.type = 'button';
        b.setAttribute('aria-label', `${i + 1}: ${colRow(c)}, where ${name} goes`);
        b.addEventListener('click', () => give(x, { to: { q: c.q, r: c.r } }));
        parts.push(b);
      });
    }
    if (ui.eject.said) { parts.push(el('p', ui.eject.said, 'order-said')); store.ejectSaid(''); }
    parts.push(cancelButton);
    bar.hidden = false;
    if (showParts(bar, parts)) bar.scrollTop = 0; // a bar scrolled to its last button (a landscape phone) shows the next question from its start
    return true;
  }

  return { can, active, start, tap, follow, overlay, render };
}
