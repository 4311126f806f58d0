// The unit tray of Set up: the game's unit kinds, to drag onto the board (or tap: the
// middle of the view) without a form. A unit dropped gets a unique default name; the units form
// stays for exact values. Removing a unit by dragging it off the board is tools.js's (dragEnd).
import { uniqueId } from './model.js';

/**
 * The kinds of unit `game` offers: each option of its unit field `trayField` (a width × depth
 * option left out: its size is typed), else one kind; each with the profile a unit of it starts
 * with (the game's `newUnit()`). The kinds the position's `units` use come first, the most used
 * first, then the rest in the game's order: C&C's leader, on every side, was the last of 19 chips.
 */
export function trayKinds(game, units = []) {
  const f = game.trayField ? game.unitFields.find((x) => x.key === game.trayField) : null;
  const options = f ? f.options.filter(([v]) => v !== 'custom') : [['', 'unit']];
  const used = new Map();
  if (f) for (const u of units) used.set(u[f.key], (used.get(u[f.key]) ?? 0) + 1);
  const kinds = options.map(([value, label], k) => ({ value, label: label.replace(/\s*\(.*\)$/, ''), profile: { ...game.newUnit(), ...(f ? { [f.key]: value } : {}) }, k }));
  kinds.sort((a, b) => (used.get(b.value) ?? 0) - (used.get(a.value) ?? 0) || a.k - b.k);
  return kinds.map(({ k, ...kind }) => kind);
}

/** A unit of `kind`'s default name: the game's own word for it, else its kind ("Sortie"; a size "Unit 25 × 50"). */
export function trayName(game, kind) {
  const n = game.newUnitName?.(kind.profile) ?? kind.label;
  return /^\d/.test(n) ? `Unit ${n}` : n.charAt(0).toUpperCase() + n.slice(1);
}

// The most kinds shown as chips side by side; more are chosen from a list (picker).
const CHIPS = 3;

/**
 * The tray in `box`: `game()`, `doc()`, `board` (toWorld, canvas), `shown()` (Set up with the Move
 * tool), `removing()` (the id of a unit held off the board, else ''), and `add(unit, at)`: puts the new unit at world point `at` (null: the view's middle).
 * `render()` after a change of game or mode.
 */
export function initUnitTray({ box, game, doc, board, shown, removing, add }) {
  let key = '', kinds = null, kindsOf = '';

  // while a unit is held off the board the tray says what letting go does (the board's edge, where
  // the finger is, has no room for it). The kinds are ordered as the tray opens for a game, and
  // keep their places while it stays open: a chip never moves while a finger may be on its way.
  function render() {
    box.hidden = !shown();
    if (box.hidden) { kinds = null; return; }
    const g = game();
    if (!kinds || kindsOf !== g.name) { kinds = trayKinds(g, doc().units); kindsOf = g.name; }
    const gone = removing(), k = JSON.stringify(kinds.map((x) => x.value)) + g.name + gone;
    if (k === key) return;
    key = k;
    if (gone) {
      const p = document.createElement('p');
      p.className = 'tray-note';
      p.setAttribute('role', 'status');
      p.textContent = `Let go: ${gone} is removed`;
      box.replaceChildren(p);
    } else if (kinds.length > CHIPS) box.replaceChildren(...picker(g));
    else box.replaceChildren(...kinds.map((kind) => chip(kind)));
  }

  // More kinds than fit beside the zoom buttons (C&C's 19 showed one and a half): a list of them
  // in the game's order, the position's most used chosen, and one chip that adds the kind chosen.
  function picker(g) {
    const select = document.createElement('select');
    select.className = 'tray-pick';
    select.setAttribute('aria-label', 'Kind of unit to add');
    for (const kind of trayKinds(g)) select.append(new Option(kind.label, kind.value));
    select.value = kinds[0].value;
    const chosen = () => chip(kinds.find((x) => x.value === select.value), 'Add');
    let b = chosen();
    select.addEventListener('change', () => { const next = chosen(); b.replaceWith(next); b = next; });
    return [select, b];
  }

  function chip(kind, text = kind.label) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'tray-kind';
    b.textContent = text;
    b.setAttribute('aria-label', `Add a ${kind.label}: drag it onto the board, or press to put it in the middle`);
    let drag = null, dragged = false;
    // along the tray a finger scrolls it (the page leaves the chips' touches to us: style.css);
    // out of it, onto the board above it, it carries a unit of this kind
    b.addEventListener('pointerdown', (e) => {
      drag = { id: e.pointerId, x: e.clientX, y: e.clientY, scroll: box.scrollLeft, moved: false, slid: false };
      try { b.setPointerCapture(e.pointerId); } catch { /* a synthetic pointer */ }
    });
    b.addEventListener('pointermove', (e) => {
      if (!drag || e.pointerId !== drag.id) return;
      const r = box.getBoundingClientRect();
      if (!drag.moved && e.clientY >= r.top && e.clientY <= r.bottom) {
        if (Math.abs(e.clientX - drag.x) > 8) drag.slid = true;
        box.scrollLeft = drag.scroll - (e.clientX - drag.x);
      } else if (!drag.moved) { drag.moved = true; b.classList.add('dragging'); }
    });
    const end = (e, cancelled) => {
      if (!drag || e.pointerId !== drag.id) return;
      const { moved, slid } = drag;
      drag = null;
      b.classList.remove('dragging');
      if (slid && !moved) dragged = true; // the tray scrolled: no unit added by the click that follows
      if (cancelled || !moved) return; // a press without a drag is a click (below)
      dragged = true;
      const r = board.canvas.getBoundingClientRect();
      if (e.clientX < r.left || e.clientX > r.right || e.clientY < r.top || e.clientY > r.bottom) return;
      place(kind, board.toWorld(...board.local(e)));
    };
    b.addEventListener('pointerup', (e) => end(e, false));
    b.addEventListener('pointercancel', (e) => end(e, true));
    b.addEventListener('click', () => { if (dragged) { dragged = false; return; } place(kind, null); });
    return b;
  }

  function place(kind, at) {
    const g = game(), d = doc();
    const unit = { ...JSON.parse(JSON.stringify(kind.profile)), id: uniqueId(d, trayName(g, kind)), side: d.sides[0]?.name };
    add(unit, at);
  }

  return { render };
}
