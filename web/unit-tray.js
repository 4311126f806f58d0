// The unit tray of Set up: the game's unit kinds, to drag onto the board (or tap: the
// middle of the view) without a form. A unit dropped gets a unique default name; the units form
// stays for exact values. Removing a unit by dragging it off the board is tools.js's (dragEnd).
import { uniqueId } from './model.js';

/**
 * The kinds of unit `game` offers: each option of its unit field `trayField` (a width × depth
 * option left out: its size is typed), else one kind; each with the profile a unit of it starts
 * with (the game's `newUnit()`).
 */
export function trayKinds(game) {
  const f = game.trayField ? game.unitFields.find((x) => x.key === game.trayField) : null;
  const options = f ? f.options.filter(([v]) => v !== 'custom') : [['', 'unit']];
  return options.map(([value, label]) => ({ value, label: label.replace(/\s*\(.*\)$/, ''), profile: { ...game.newUnit(), ...(f ? { [f.key]: value } : {}) } }));
}

/** A unit of `kind`'s default name: the game's own word for it, else its kind ("Sortie"; a size "Unit 25 × 50"). */
export function trayName(game, kind) {
  const n = game.newUnitName?.(kind.profile) ?? kind.label;
  return /^\d/.test(n) ? `Unit ${n}` : n.charAt(0).toUpperCase() + n.slice(1);
}

/**
 * The tray in `box`: `game()`, `doc()`, `board` (toWorld, canvas), `shown()` (Set up with the Move
 * tool), `removing()` (the id of a unit held off the board, else ''), and `add(unit, at)`: puts the new unit at world point `at` (null: the view's middle).
 * `render()` after a change of game or mode.
 */
export function initUnitTray({ box, game, doc, board, shown, removing, add }) {
  let key = '';

  // while a unit is held off the board the tray says what letting go does (the board's edge, where
  // the finger is, has no room for it)
  function render() {
    box.hidden = !shown();
    if (box.hidden) return;
    const g = game(), kinds = trayKinds(g), gone = removing(), k = JSON.stringify(kinds.map((x) => x.value)) + g.name + gone;
    if (k === key) return;
    key = k;
    if (gone) {
      const p = document.createElement('p');
      p.className = 'tray-note';
      p.setAttribute('role', 'status');
      p.textContent = `Let go: ${gone} is removed`;
      box.replaceChildren(p);
    } else box.replaceChildren(...kinds.map((kind) => chip(kind)));
  }

  function chip(kind) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'tray-kind';
    b.textContent = kind.label;
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
      place(kind, board.toWorld(e.clientX - r.left, e.clientY - r.top));
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
