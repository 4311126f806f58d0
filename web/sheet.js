// The bottom sheet of a phone's page: the verdict, the tabs and the current panel under
// the board, at one of three steps the player picks: the verdict and the tabs (the board takes the rest),
// half (the panel under the board) or full (the panel over the whole screen). The handle above the
// verdict changes it: a tap cycles the steps, a drag up or down moves a step per fifth of the
// screen, and from the keyboard Enter cycles and the arrows step. The steps are `body[data-sheet]`,
// laid out by style.css; on a desktop's layout the handle is not shown and the step changes nothing.
// With the on-screen keyboard up (the visual viewport shorter than the page), the page is laid out
// in what is left, `body.keyboard`: the field typed in and the verdict above it stay in view.
// Knows no game.

export const STEPS = ['peek', 'half', 'full'];
const WORDS = { peek: 'the verdict and the tabs', half: 'half the screen', full: 'the whole screen' };
const SHORT = { peek: 'Verdict', half: 'Half', full: 'Full' };
/** The step a tap on the handle goes to from `step`: the steps in turn, round again. */
const after = (step) => STEPS[(STEPS.indexOf(step) + 1) % STEPS.length];

/**
 * `handle`: the sheet's handle button; `panels`: the element holding the side panels (a panel made
 * current there while only the verdict shows brings the sheet to half); `tabs`: the tab strip (a
 * tab tapped at half on an upright phone raises a panel not used beside the board to the whole
 * screen: at half it showed a few lines of it; one used beside the board, `data-board`, tapped on the whole screen
 * brings the board back at half); `resized()` after each change of step (the board's size with it); `vv` the visual viewport.
 * Returns `{ step, set }`.
 */
export function initSheet(handle, panels, tabs = null, { resized = () => {}, vv = window.visualViewport } = {}) {
  const body = document.body;
  const label = handle.querySelector('.sheet-step');
  function set(step) {
    if (!STEPS.includes(step) || body.dataset.sheet === step) return;
    const was = body.dataset.sheet;
    body.dataset.sheet = step;
    if (was && handle.offsetParent) resized(); // (a desktop shows no handle: its board keeps its size)
    // (its visible word first in its name: "Full: …")
    handle.setAttribute('aria-label', `Panel ${SHORT[step]}: ${WORDS[step]}. Press for ${WORDS[after(step)]}; arrow keys make it taller or shorter`);
    if (label) label.textContent = SHORT[step];
  }
  const step = () => body.dataset.sheet;
  const by = (k) => set(STEPS[Math.max(0, Math.min(STEPS.length - 1, STEPS.indexOf(step()) + k))]);
  set('half');

  // a drag: a step up or down each fifth of the screen the finger travels (at least 48 px), made as
  // the finger goes; a press that did not move is the click's (a tap cycles)
  let drag = null, dragged = false;
  handle.addEventListener('pointerdown', (e) => {
    if (e.button !== 0) return;
    dragged = false;
    drag = { id: e.pointerId, y0: e.clientY, from: STEPS.indexOf(step()), moved: false };
    try { handle.setPointerCapture(e.pointerId); } catch { /* a synthetic pointer */ }
  });
  handle.addEventListener('pointermove', (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    const dy = e.clientY - drag.y0;
    if (!drag.moved && Math.abs(dy) < 8) return;
    drag.moved = true;
    const per = Math.max(48, window.innerHeight / 5);
    set(STEPS[Math.max(0, Math.min(STEPS.length - 1, drag.from - Math.round(dy / per)))]);
  });
  const end = (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    dragged = drag.moved;
    drag = null;
  };
  handle.addEventListener('pointerup', end);
  handle.addEventListener('pointercancel', end);
  // (a click from the keyboard has no pointer: detail 0)
  handle.addEventListener('click', (e) => {
    if (dragged && e.detail > 0) { dragged = false; return; }
    set(after(step()));
  });
  handle.addEventListener('keydown', (e) => {
    const k = { ArrowUp: 1, ArrowDown: -1, PageUp: 1, PageDown: -1 }[e.key];
    if (k === undefined) return;
    e.preventDefault();
    by(k);
  });

  // a panel opened while only the verdict shows (a tool, a link, the examples): shown at half
  new MutationObserver(() => { if (step() === 'peek') set('half'); }).observe(panels, { attributes: true, attributeFilter: ['data-tab'] });
  // (after the tab's own click has made its panel current; the strip's tabs name their panel by
  // aria-controls, More's menu items by data-panel). The tab of the panel on the whole screen
  // tapped again brings the board back at half: a player read Share, tapped Share to go back, and
  // nothing happened (only the handle did it)
  const panelOf = (e) => {
    const tab = e.target.closest('[aria-controls], [data-panel]');
    return tab && document.getElementById(tab.dataset.panel ?? tab.getAttribute('aria-controls'));
  };
  let again = false; // the tab tapped is the current panel's (read before its own click handler)
  tabs?.addEventListener('click', (e) => { again = !!panelOf(e)?.hasAttribute('data-current'); }, true);
  tabs?.addEventListener('click', (e) => {
    const panel = panelOf(e);
    if (!panel?.matches('.panel') || !handle.offsetParent) return; // (no handle shown: a desktop's layout)
    const beside = panel.hasAttribute('data-board');
    if (step() === 'peek') set('half'); // (the tab of the panel current already changes no tab)
    // (upright: a landscape phone's panel already has the height beside the board)
    else if (step() === 'full' && (beside || again)) { set('half'); return; }
    if (!beside && step() === 'half' && matchMedia('(orientation: portrait)').matches) set('full');
  });

  // The on-screen keyboard: the page is laid out in the visual viewport left above it, and the field
  // typed in is brought into view in its panel (the verdict is above the panel, in view too).
  if (vv) {
    const fit = () => {
      const typing = document.activeElement?.matches?.('input, textarea, select, [contenteditable="true"]');
      const short = vv.height * vv.scale < window.innerHeight - 80;
      const on = short && typing;
      body.classList.toggle('keyboard', !!on);
      if (on) {
        body.style.setProperty('--vv-height', `${Math.round(vv.height)}px`);
        body.style.setProperty('--vv-top', `${Math.round(vv.offsetTop)}px`);
        // after the layout the class makes
        requestAnimationFrame(() => document.activeElement?.scrollIntoView?.({ block: 'nearest' }));
      } else {
        body.style.removeProperty('--vv-height');
        body.style.removeProperty('--vv-top');
      }
    };
    vv.addEventListener('resize', fit);
    vv.addEventListener('scroll', fit);
    // the keyboard goes down with the focus (a tap outside the field)
    document.addEventListener('focusout', () => requestAnimationFrame(fit));
  }
  return { step, set };
}
