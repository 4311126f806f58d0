// The board's units as controls for keyboards and screen readers: a button over each
// unit's token, named with the unit and its place, so that a unit is found by name, picked with
// Enter or Space and moved with the board's own keys (board-keys.js). The buttons let pointers through
// to the canvas (style.css .unit-controls): a finger still drags the unit drawn beneath.
import { toOffset } from './hex.js';

const round1 = (v) => Math.round(v * 10) / 10;
const SLICE = 100; // units placed per slice of a pass (place)
const whenIdle = globalThis.requestIdleCallback ?? ((f) => setTimeout(f, 0));
const cancelIdle = globalThis.cancelIdleCallback ?? clearTimeout;

/**
 * A unit's name and place in words: `{id, q, r, facing}` on a hex board ("Shieldwall, col 4 row 6,
 * facing 0"), `{id, x, y, facing}` on a table in its length unit ("Knights, x 42″ y 16″, facing 90";
 * "Legion, x 14 y 9 steps, facing 20").
 */
export function unitName(u, { hexBoard, lengthUnit }) {
  const facing = Number.isFinite(u.facing) ? `, facing ${round1(u.facing)}` : '';
  if (hexBoard) {
    const o = toOffset(u.q, u.r);
    return `${u.id}, col ${o.col} row ${o.row}${facing}`;
  }
  const [x, y] = [round1(u.x), round1(u.y)];
  return lengthUnit === 'inch' ? `${u.id}, x ${x}″ y ${y}″${facing}` : `${u.id}, x ${x} y ${y} ${lengthUnit}s${facing}`;
}

/**
 * A unit's name and the hex it is drawn on, which a card being played moves ahead of the position
 * (app.js draws an ordered piece where the order leaves it): "Hastati, col 5 row 5, ordered from
 * col 5 row 6". `drawn`: the board's unit; `unit`: the position's.
 */
function drawnName(drawn, unit, words) {
  if (!words.hexBoard || (drawn.q === unit.q && drawn.r === unit.r)) return unitName(unit, words);
  const from = toOffset(unit.q, unit.r);
  return `${unitName({ ...unit, q: drawn.q, r: drawn.r }, words)}, ordered from col ${from.col} row ${from.row}`;
}

/**
 * Keeps a button over each unit the board drew. `box`: the element over the canvas; `board`: its
 * `scene.units`, `extentOf(u)` and `tokenRoom(u, sharesHex)` (screen); `unitOf(id)`: the unit in the position; `words()`:
 * unitName's options; `selected()`: the unit picked; `activate(id)`: Enter, Space or a screen
 * reader's click; `key(id, event)`: any other key; `keys()`: what the keys do to a unit now (each
 * button's accessible description). Call `place()` after each paint: up to SLICE units' buttons
 * follow at once, more in the page's idle time, SLICE at a time.
 */
export function initUnitControls({ box, board, unitOf, words, selected, activate, key, keys }) {
  const buttons = new Map();
  // one description for every button, read after its name
  const said = document.createElement('p');
  said.id = 'unit-keys';
  said.hidden = true;
  box.append(said);

  function button(id) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'unit-control';
    b.tabIndex = 0;
    b.setAttribute('aria-describedby', said.id);
    b.addEventListener('click', () => activate(id));
    b.addEventListener('keydown', (e) => { if (e.key !== 'Enter' && e.key !== ' ') key(id, e); });
    buttons.set(id, b);
    box.append(b);
    return b;
  }

  const set = (b, k, v) => { if (b.getAttribute(k) !== v) b.setAttribute(k, v); };

  // while a finger drags or pans, no one reaches for the buttons: they follow once it lifts (a
  // frame of a drag among 1,000 units moves no 1,000 buttons: docs/performance.md's frame budget)
  let stale = false;
  for (const type of ['pointerup', 'pointercancel']) board.canvas.addEventListener(type, () => { if (stale) requestAnimationFrame(place); });

  // A pass over the units is made SLICE units at a time when the page is idle (a position of a
  // few units at once), so 1,000 units' buttons (made on opening, moved on every zoom step) never
  // hold the page's thread for long. A paint during a pass starts it again with the new view.
  let pass = null;
  function place() {
    if (pass) cancelIdle(pass.job);
    pass = null;
    stale = !!board.gesture?.moved;
    if (stale) return;
    const how = keys();
    if (said.textContent !== how) said.textContent = how;
    const units = board.scene?.units ?? [];
    // the hexes a small token (a C&C leader) shares with a unit: that unit's button stays off it
    const shared = new Set(units.filter((u) => u.small && !u.free).map((u) => `${u.q},${u.r}`));
    pass = { units, i: 0, seen: new Set(), w: words(), sel: selected(), job: 0, shared, near: null, halves: new Map() };
    // a pass of one slice is made at once; a longer one starts when idle too, so that the paint's
    // frame lays out no hundred buttons (opening and every zoom step at the limits)
    if (pass.units.length <= SLICE) step(); else pass.job = whenIdle(step, { timeout: 200 });
  }

  function step() {
    const p = pass, end = Math.min(p.units.length, p.i + SLICE);
    for (; p.i < end; p.i++) {
      const u = p.units[p.i], unit = unitOf(u.id);
      if (!unit || p.seen.has(u.id)) continue;
      p.seen.add(u.id);
      const b = buttons.get(u.id) ?? button(u.id);
      // set through the CSSOM (the page's CSP refuses style attributes) and only when it moved
      const e = board.extentOf(u), half = halfOf(u, e, p);
      if (b.classList.contains('token') === !!u.free) b.classList.toggle('token', !u.free);
      const box = [e.x - half, e.y - half, half * 2].map(Math.round), at = box.join();
      if (b.dataset.at !== at) {
        b.dataset.at = at;
        Object.assign(b.style, { left: `${box[0]}px`, top: `${box[1]}px`, width: `${box[2]}px`, height: `${box[2]}px` });
      }
      set(b, 'aria-label', drawnName(u, unit, p.w));
      set(b, 'aria-pressed', String(p.sel === u.id));
    }
    if (p.i < p.units.length) { p.job = whenIdle(step, { timeout: 200 }); return; }
    pass = null;
    for (const [id, b] of buttons) {
      if (p.seen.has(id)) continue;
      // a unit taken off the board: its button goes, and a focus on it returns to the board
      if (document.activeElement === b) board.canvas.focus();
      b.remove();
      buttons.delete(id);
    }
  }

  /**
   * Half a unit's button across: a square over the token at least 24 px across (a rotated base's
   * box); a hex token's a disc 44 px across where no other token is that near (a finger's target:
   * tokens are 24–27 px on a phone). A one-hex token's room is fixed (board.js tokenRoom); a
   * leader's (a small token) and a many-hex unit's is up to the nearest other unit's token or
   * button (board-hex.js buttonRoom): beside his unit on its hex a leader's stays 24 px.
   */
  function halfOf(u, e, p, least = Math.max(e.ex, e.ey, 12)) {
    if (u.free) return least;
    if (!u.small && u.hexes.length < 2) return Math.max(least, Math.min(22, board.tokenRoom(u, p.shared.has(`${u.q},${u.r}`))));
    // (one placed later in the pass is as small as it may be here; its own room keeps clear of this one)
    p.halves.set(u.id, Math.max(least, board.buttonRoom(u, e, p, (v, ev) => p.halves.get(v.id) ?? (v.small || v.hexes.length > 1 ? 12 : halfOf(v, ev, p)))));
    return p.halves.get(u.id);
  }

  return { place };
}
