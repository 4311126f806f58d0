// The browser tests' hook, `window.movecalcTest` (docs/page.md "Tests and the test hook"): in the
// test build only (web/build-site.mjs defines MOVECALC_TEST there), never in public/. It draws a
// canned response (docs/api.md shapes) as if the engine had answered the current request, and
// reads back state the canvas cannot show to a test. `page` is app.js's side of it.
import * as hex from './hex.js';
import { loadHandle, loadArrows } from './board.js';

export function installTestHook(page) {
  const { ui, store, board, canvas, engine } = page;
  // what each of the board's last paints drew: its scene's units, the units placed near the view,
  // the names drawn, the spots tried for names in that paint, whether names are left to place, and
  // the layers drawn afresh (board.js layer: the others were copied as last drawn)
  const paints = [];
  let painted = 0;
  const paint = board.paint.bind(board);
  board.paint = () => {
    paint();
    painted++;
    paints.push({ units: board.scene?.units.length ?? 0, near: board.bodies?.size ?? 0, names: (board.drawnText ?? []).filter((t) => t[3] === 'name').length, candidates: board.candidates ?? 0, more: !!board.lastPlan?.job || !!board.unitsLeft, layers: [...(board.redrawn ?? [])] });
    if (paints.length > 200) paints.shift();
  };
  const onScreen = (sx, sy) => { const [x, y] = board.origin(); return { x: x + sx, y: y + sy }; };
  window.movecalcTest = {
    render(response) { page.cancelRule(); store.asking(); const request = page.currentRequest(); store.ruledText(JSON.stringify(request, null, 2)); page.render(response, request); },
    request: () => page.currentRequest(),
    /** What the answer draws on the board (board.js overlay items), to check drawings against the rules. */
    overlay: () => JSON.parse(JSON.stringify(ui.result?.scene?.overlay ?? [])),
    /** The ways the answer shown can replay (the timeline's tracks). */
    tracks: () => ui.result?.scene?.tracks?.length ?? 0,
    /** What the board draws over the answer for a unit carried on a table in play (play-table.js): the facing under the finger, the ruler. */
    playOverlay: () => JSON.parse(JSON.stringify(page.playOverlay())),
    /** The engine's answer drawn now, and the request it answers. */
    ruling: () => JSON.parse(JSON.stringify({ request: ui.result?.request ?? null, response: ui.result?.response ?? null })),
    /** True once the answer shown is the engine's to the position and question on the board now, or
     * the page holds that question back on purpose (a move just made, an unfinished question: app.js `heldWords`). */
    ruled() {
      const now = JSON.stringify(page.currentRequest(), null, 2);
      return (!!ui.result?.response || ui.held === now) && ui.lastRequest === now && !page.refreshQueued();
    },
    /** Question `query` planned with `inputs` on the position on the board, as the start of its
     * history (Undo goes back no further): a test's move where the opening plans none. */
    plan(query, inputs) { const d = JSON.parse(JSON.stringify(store.doc())); d.query = query; d.inputs[query] = inputs; store.load(store.state.system, d, { undoable: false }); },
    state: () => JSON.parse(JSON.stringify({ system: store.state.system, doc: store.doc(), selected: ui.selected, pick: ui.pick, t: ui.t, pending: ui.pending, tool: ui.tool })),
    screenOf(id) {
      const u = store.doc().units.find((v) => v.id === id);
      return onScreen(...(u.q !== undefined ? board.toScreen(...hex.center(u.q, u.r)) : board.toScreen(u.x, u.y)));
    },
    /** Where a hex unit's token is drawn on the screen: a small one's (a C&C leader's) disc, off its hex's centre. */
    tokenOf(id) { const t = board.tokenOf(board.scene.units.find((u) => u.id === id)); return onScreen(t.px, t.py); },
    screenOfWorld: (x, y) => onScreen(...board.toScreen(x, y)),
    /** Where the board's bitmap draws world point (x, y), in CSS px from the bitmap's corner (no page offset). */
    canvasOfWorld: (x, y) => board.toScreen(x, y),
    /** Each unit's token or base on the page, by id: its box [x0, y0, x1, y1] as the board draws it (board.js extentOf). */
    unitBoxes() {
      const [x, y] = board.origin();
      return Object.fromEntries(board.scene.units.map((u) => { const e = board.extentOf(u); return [u.id, [x + e.x - e.ex, y + e.y - e.ey, x + e.x + e.ex, y + e.y + e.ey]]; }));
    },
    /** Every hex of the board: its column, row and centre on the page. */
    cellsOnScreen: () => board.scene.cells.map((c) => ({ ...hex.toOffset(c.q, c.r), ...onScreen(...board.toScreen(...hex.center(c.q, c.r))) })),
    screenOfHex(col, row) { const a = hex.toAxial(col, row); return this.screenOfWorld(...hex.center(a.q, a.r)); },
    shareCode: () => page.shareCode(),
    openExample: (ex) => page.openExample(ex),
    /** Resolves once the board's keys have come (tools.js: fetched at the first focus on the board or a unit's control). */
    boardKeys: async () => { await page.loadKeys(); return true; },
    /** The saved library (its panel's code fetched first if it is not yet). */
    library: async () => JSON.parse(JSON.stringify(await page.library())),
    /** Every text the board drew in its last paint, [text, CSS px] (board.js `drawnText`). */
    boardText: () => board.drawnText.map(([t, px]) => [t, px]),
    /** The same with where each was drawn and what it is: {text, px, box: [x0, y0, x1, y1] in CSS px of the canvas, kind, unit}. */
    boardLabels: () => board.drawnText.map(([text, px, box, kind, unit]) => ({ text, px, box: [...box], kind, unit: unit ?? null })),
    /** Boxes looked at to place the last paint's texts (board.js `work`): the work, counted, not timed. */
    boardWork: () => board.work,
    /** The spots tried for the units' names in the last paint, and the units near the view it placed (board.js planNames). */
    boardCandidates: () => ({ candidates: board.candidates, units: board.bodies.size }),
    /** Each unit's name as placed in the last paint, with its unit's screen box and any callout line
     * [x0, y0, x1, y1]; and the boxes of every unit near the view, by id. */
    boardNames: () => ({
      names: [...board.plan].filter(([, p]) => p.name).map(([unit, { name }]) => ({ unit, text: name.t, box: [...name.box], within: name.within, callout: name.callout && [...name.callout] })),
      bodies: Object.fromEntries([...board.bodies].map(([id, b]) => [id, [...b]])),
    }),
    /** How a drag's quick questions were answered so far: on the page's thread or by the worker (engine-client.js). */
    quick: () => ({ ...engine.quick, holds: engine.quickHolds(store.state.system) }),
    /** The camera: CSS px per world unit, and each unit's short side in world units (a base's; null on hexes).
     * As the next paint draws it: a fit or framing asked for is made first (settle), as screenOf's
     * toScreen makes it, so that the two read one view (phone.test read a framed mover's place and
     * the fitted view's scale, on a loaded machine, while a framing waited for its frame). */
    camera: () => ({ s: (board.settle(), board.s), units: board.scene.units.map((u) => ({ id: u.id, short: u.free ? Math.min(u.free.w, u.free.d) : null })) }),
    /** What the board's last paints (up to 200) drew, oldest first: {units, near, names, candidates, more, layers}. */
    paints: () => paints.map((p) => ({ ...p })),
    /** Sets how long a paint of the board places names and draws a new board's layers for (board.js `sliceMs`): 0, the least each paint does. */
    setSliceMs(ms) { board.sliceMs = ms; },
    /**
     * Paints the board once more, at once: nothing kept from the paints before (its layers, the
     * names' plan) and nothing left to later frames, to compare with what was drawn over frames.
     */
    paintAtOnce() {
      const ms = board.sliceMs;
      Object.assign(board, { sliceMs: Infinity, layers: null, unitsLayered: false, fresh: null, lastPlan: null });
      try { paint(); } finally { board.sliceMs = ms; }
    },
    /** True when the board has no paint waiting for a frame, no fit, framing or reveal asked for, and nothing left to later frames. */
    idle: () => !board.pending && !board.want && !board.workLeft && !board.revealsDue,
    /** How many paints the board made since the page opened (the list above keeps the last 200). */
    paintCount: () => painted,
    /** The arrows at the board's edge pointing at units and named terrain out of view: {units: ids, terrain: ids, x, y} on the page. */
    // (their drawing, board-arrows.js, fetched when a view first leaves something out, awaited and drawn)
    async offView() {
      if (!board.paintArrows) { await loadArrows(); await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))); }
      return (board.offView ?? []).map(([units, x, y, terrain]) => ({ units: [...units], terrain: [...terrain], ...onScreen(x, y) }));
    },
    /** The strips of the view's ground the rows' and columns' numbers are pinned on in the last paint (board.js `open`, the view less them): boxes on the page. */
    strips() {
      const [x0, y0] = board.open, [x, y] = board.origin();
      return [...(y0 ? [[x, y, x + board.w, y + y0]] : []), ...(x0 ? [[x, y, x + x0, y + board.h]] : [])];
    },
    /** The rotate handle's point on the page, or null where the unit has none (no facing); its code (board-handle.js) awaited. */
    async handleOf(id) {
      await loadHandle();
      const u = board.scene.units.find((v) => v.id === id), hp = u && board.handleOf(u);
      return hp ? onScreen(...hp) : null;
    },
  };
}
