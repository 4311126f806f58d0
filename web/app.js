// The calculator page: a board to set up a position, forms for units, terrain, sides and settings,
// the request that position stands for, and the engine's answer drawn on the board and listed
// beside it. Everything the engine or the user wrote reaches the page through textContent (or
// canvas text), never as HTML.
import { SAVE_KEY, EMBED, EMBED_AUTOSIZE, saved, firstGame, engine, engineLoading, scriptURL, embedLoading } from './boot.js';
import { describeExample } from './examples.js'; // written by build-site.mjs: the examples a module fetched at first use
import { Board, loadTracks } from './board.js';
import * as hex from './hex.js';
import { SYSTEMS, SYSTEM_IDS, boardCells as modelBoardCells, buildRequest, setAssumptions, setTerrainKinds, terrainKinds, own, unfinished, rollsLeft, gameName, isGame, loadGame, loadGames } from './model.js';
import { GAME_FACTS } from './games/index.js';
import { boardScene, lengthText, hexesOf as sceneHexesOf, terrainColour as sceneTerrainColour, pathQuery as scenePathQuery, pathInputs as scenePathInputs, resultBounds as sceneResultBounds, firstDrag, nearUnits, involvedUnits, sideColour, legendMarks } from './scene.js';
import { resultScene, resultText, verdictOf, legendOf, el } from './results.js';
import { option, on, keepSame } from './forms.js';
import { referText, referNodes, referClauses } from './draw.js';
import { installTestHook } from './test-hook.js';
import { createStore } from './store.js';
import { storedGames } from './library-keys.js';
import { initLinks, READONLY, beforeLinkGames, shareModule } from './links.js';
import { createPanels, createTabs, lazyPanel, lazyInView, loadOnce, adoptRules, PHONE_LAYOUT, LANDSCAPE } from './panels.js';
import { useEngineLimits } from './limits.js';
import { initUnitsPanel } from './units-panel.js';
import { initTools } from './tools.js';
import { initQueryForm } from './query-form.js';
import { initDownloads } from './downloads.js';
import { initSheet } from './sheet.js';
import { initUnitControls } from './unit-controls.js';

const $ = (id) => document.getElementById(id);

// The modules of the games the page starts with (boot.js started the first one's): the game shown
// (an embed's: the one its URL names), and those whose saved entries or position the Library panel
// reads (their rules check them). Every other game's module loads when it is opened.
const startGame = isGame(saved?.system) ? saved.system : firstGame ?? SYSTEM_IDS[0];
try {
  await loadGames([startGame, ...(EMBED ? [] : [...storedGames(), ...beforeLinkGames()])]);
} catch (err) {
  $('status').textContent = 'page failed to load';
  $('verdict').textContent = `The page could not be loaded: ${err.message ?? err}`;
  throw err;
}
// embed mode's code (embed.js), an embed's alone: boot.js fetched it beside this file and the
// game's module; the full page never does
const embedCode = EMBED ? await embedLoading : null;

// the one store: the documents (undoable) and the session (store.js); `ui` reads the session,
// the store's actions change it
const store = createStore(saved ?? { system: startGame }, { unruled: saved?.unruled === true });
const ui = store.session;
store.setMode(defaultMode(store.doc()));

// Play once a position is on the board; an embed, whose toolbar shows no mode to switch, sets up as it always did
function defaultMode(d) { return d.units.length && !EMBED ? 'play' : 'setup'; }
const sys = () => SYSTEMS[store.state.system];
const doc = () => store.doc();
const isHexBoard = () => sys().board === 'hex';
const unitById = (id) => doc().units.find((u) => u.id === id);
const colourOf = (side) => sideColour(doc(), side);
const round = (v, p = 100) => Math.round(v * p) / p;

// ---- lengths in the chosen display unit ----
const lengthLabel = (v) => lengthText(store.state.system, doc(), store.state.display, v);
const unitWord = () => ({ step: 'steps', inch: 'inches', hex: 'hexes' }[sys().lengthUnit]);

// ---- the scene the board draws (scene.js) ----
const hexesOf = (u) => sceneHexesOf(store.state.system, u);
const terrainColour = (kind) => sceneTerrainColour(store.state.system, kind);
const boardCells = () => modelBoardCells(store.state.system, doc().board);

// The Ruler's code, fetched when the tool is first chosen (setTool): a first visit's page without it
const rulerCode = loadOnce(() => import('./ruler.js'));

function scene() {
  const sc = boardScene(store.state.system, doc(), {
    result: ui.result?.scene, answered: !!ui.result, selected: ui.selected, pending: ui.pending, tool: ui.tool, t: ui.t, playing: !!ui.playing, display: store.state.display,
  });
  // a unit carried in play on hexes: its footprint follows the finger, outlined in its side's colour
  // (the position itself changes only when the move is made; a table has no hexes to paint it on)
  const carried = ui.carry?.at && isHexBoard() && unitById(ui.carry.id);
  if (carried) sc.overlay = [...sc.overlay, { type: 'hexes', cells: hexesOf({ ...carried, ...ui.carry.at }).map((h) => ({ q: h.q, r: h.r, color: 'rgba(255,255,255,0.35)', outline: colourOf(carried.side) })) }];
  // a unit a set-up drag holds off the board: what letting go does (tools.js dragEnd)
  const off = ui.offBoard;
  if (off) sc.overlay = [...sc.overlay, { type: 'mark', x: off.at[0], y: off.at[1], shape: 'x', color: '#b3261e', label: `Let go: ${off.id} is removed` }];
  // on a table in play: the facing under the finger, or the ruler from the unit's front, kept after the lift (play-table.js)
  sc.overlay = [...sc.overlay, ...tools.playOverlay()];
  // on hexes: the section of the card played, the hexes a drop's ejected miniature may go to (play-orders.js, play-eject.js)
  sc.overlay = [...sc.overlay, ...tools.playHexOverlay(sc)];
  // a card played: each piece it moves drawn where the order leaves it (the position changes when the order is made)
  const placed = tools.playPlaced();
  if (placed.size) {
    sc.units = sc.units.map((u) => {
      const p = placed.get(u.id);
      return p && (p.q !== u.q || p.r !== u.r) ? { ...u, q: p.q, r: p.r, hexes: hexesOf({ ...unitById(u.id), q: p.q, r: p.r }) } : u;
    });
  }
  // the Ruler's reading (ruler.js), drawn and said in words under the tools (rulerNote)
  if (ui.tool === 'measure' && ui.ruler && rulerCode.ready) {
    sc.ruler = rulerCode.ready.measure(sc, ui.ruler.a, ui.ruler.b, rulerLabel);
    sc.overlay = [...sc.overlay, sc.ruler.item];
  }
  return sc;
}

// A distance as a player measures it: inches to 0.1, steps to 0.01, or the chosen mm or cm.
function rulerLabel(v) {
  const s = sys();
  if (store.state.display !== 'game' && s.mmPerUnit) return lengthLabel(v);
  return s.lengthUnit === 'inch' ? `${v.toFixed(1)}″` : `${round(v)} ${round(v) === 1 ? s.lengthUnit : `${s.lengthUnit}s`}`;
}
function rulerNote(sc = scene()) {
  const m = sc.ruler;
  if (!m) return TOOL_NOTES.measure;
  const [a, b] = m.between;
  const ends = a && b ? ` between ${a} and ${b} (${isHexBoard() ? 'their nearest hexes' : 'closest edges'})` : a || b ? ` from ${a ?? b}${isHexBoard() ? '' : '’s nearest edge'}` : '';
  return `Ruler: ${m.item.label}${ends}.`;
}

// ---- the board (its tools: tools.js) ----
const canvas = $('board');
// the units' buttons, made below once the tools they call exist (wiring, not state)
const late = { unitControls: null };
const board = new Board(canvas, {
  autoHeight: EMBED_AUTOSIZE,
  framed: EMBED && !EMBED_AUTOSIZE, // its height the frame's (style.css), never the board's proportions
  // the zoom buttons' row (2.5rem and its 0.4rem margin, style.css .zoom): fits and framings keep
  // the board's content above it (they covered the lower right hexes)
  foot: 48,
  // a landscape phone shows a hex board whole, at the largest size that shows it (docs/page.md), its
  // hexes 28 px across at least: a board of 16 columns beside the column's 248 px fits at 29 only,
  // and cut at 32 it hid its first 3 rows and last 2 columns (still over WCAG's 24-px target)
  wholeHex: () => (matchMedia(LANDSCAPE).matches ? 28 : 0),
  // the controls that float over the board where they do (a landscape phone's card bar, timeline
  // and Make this move; the zoom buttons and Set up's tray everywhere), as boxes of the canvas: the
  // board writes nothing under them (the card bar covered the section's orders left)
  covers() {
    checkCoversSoon();
    if (!ui.covers) store.setCovers(readCovers());
    return ui.covers;
  },
  // read afresh for a fit or framing made at a paint: kept, they were the boxes from before the
  // ruling that frames (the Make this move it shows, say)
  coversNow: () => store.setCovers(readCovers()),
  // an embed not activated leaves one finger to scroll its host page (embed.js)
  pageScrolls: () => EMBED && !document.body.classList.contains('active'),
  mode: () => (store.locked ? 'view' : ui.tool === 'move' && tools.playing() ? 'play' : ui.tool),
  // a game whose units turn in play by their turn handle (a game of move orders, play-table.js)
  playTurns: () => sys().tablePlay === 'order',
  turner: () => doc().inputs[doc().query]?.unit,
  select: (id) => store.select(id),
  dragTo: (id, w, pointer) => tools.dragTo(id, w, pointer),
  rotateTo: (id, w, free) => tools.rotateTo(id, w, free),
  dragEnd(id, cancelled) { store.nextGesture(); tools.dragEnd(id, cancelled); },
  // where unit `id`, carried in play, would stand (play-hex.js carry: a many-hex unit on its lattice)
  carriedAt: (id) => (ui.carry?.id === id && !ui.carry.dropped ? ui.carry.at : null),
  // a unit the ruling offers as a choice (the game's `tapChoice`) is chosen by a tap in play
  tapUnit(id) {
    const choice = tools.playing() && ui.result?.response?.ok && sys().tapChoice?.(ui.result.response.result, ui.result.request ?? {}, id);
    if (choice) applyChoice(...choice); else tools.tapUnit(id);
  },
  tap: (w) => tools.tap(w),
  paint: (w, first) => tools.paintHex(w, first),
  measure(a, b) { // only the board and the reading change: no forms are built again
    store.setRuler({ a, b });
    const sc = scene();
    board.setScene(sc);
    $('tool-note').textContent = rulerNote(sc);
  },
  hover(w) { store.setHover(w); showReadout(); },
  painted: () => late.unitControls?.place(),
  // (the controls' boxes read afresh: the layout that resized the board moved them too)
  resized() { store.setCovers(readCovers()); const r = ui.result; showChoices(r && resultBounds(r.scene, r.request)); },
});

// The controls' boxes are kept (the session's `covers`), not read at every paint: read there, after
// a ruling or an edit changed the page, they laid it out inside the paint's frame (a drag's every
// frame, a zoom's every step at the limits). Read again at the paint after a full refresh
// (refreshNow), and checked in a task after each frame that used them and whenever a control or
// the canvas changes size, shows or hides (observers), where the layout is fresh: a change is
// painted again at once.
// (the first visit's how-to over the board's top too: a first view framed under it hid a reach's
// first rows until the first touch)
const COVERING = ['play-bar', 'timeline', 'apply', 'unit-tray', 'zoom-out', 'zoom-in', 'fit', 'coach'];
function readCovers() {
  const c = canvas.getBoundingClientRect(), [x, y] = board.origin(c); // (in the drawing's px)
  return COVERING.map($)
    .filter((e) => getComputedStyle(e).visibility !== 'hidden').map((e) => e.getBoundingClientRect()) // (a landscape phone keeps a hidden timeline's place)
    .filter((r) => r.width && r.height && r.left < c.right && r.right > c.left && r.top < c.bottom && r.bottom > c.top)
    .map((r) => [r.left - x, r.top - y, r.right - x, r.bottom - y]);
}
function checkCovers() {
  store.setCoverCheck(0);
  const was = ui.covers;
  if (!was) return; // read afresh at the next paint
  const now = readCovers();
  if (now.length !== was.length || now.some((b, i) => b.some((v, k) => v !== was[i][k]))) { store.setCovers(now); board.draw(); }
}
function checkCoversSoon() { if (!ui.coverCheck) store.setCoverCheck(setTimeout(checkCovers)); }
{
  // (an attribute written again with the same value is a mutation too: `hidden` is, on most rulings)
  const sizes = new ResizeObserver(checkCoversSoon), shows = new MutationObserver((records) => { if (records.some((r) => r.oldValue !== r.target.getAttribute(r.attributeName))) checkCoversSoon(); });
  for (const e of [canvas, ...COVERING.map($)]) { sizes.observe(e); shows.observe(e, { attributes: true, attributeOldValue: true, attributeFilter: ['hidden', 'class', 'style'] }); }
}

const pathQuery = (d = doc()) => scenePathQuery(store.state.system, d);
const pathInputs = (d = doc()) => scenePathInputs(store.state.system, d);

function onBoard(h) {
  return boardCells().some((c) => c.q === h.q && c.r === h.r);
}


// ---- the forms and the tools, each given the page's context ----
const page = {
  store, ui, board, canvas, doc, sys, isHexBoard, unitById, colourOf, round, unitWord, terrainColour,
  hexesOf, boardCells, onBoard, pathQuery, pathInputs, refresh, redrawResult, currentRequest, setTool,
  renderIfStale, toggleFullBoard, described: () => ui.described, assumptionSummaries: () => ui.assumptionSummaries,
  // a lane of its own: a ruling does not put it aside, nor it a ruling; a Play drag's whyNot is a
  // drag's frame, answered on the page's thread where it can be (engine-client.js `quick`)
  askEngine: (request) => engine.ask(request, 'tap', { quick: dragging() }),
  // (a unit's reach asked again by a tap or a drag on it: the view stays, the finger is on the board)
  makeMove, rule: () => { store.setMade(null); ask({ frame: false }); },
};
const terrainNote = () => (sys().board === 'free'
  ? 'Choose the Terrain tool, tap the table at each corner of the piece, then Finish polygon (or Enter).'
  : 'Choose the Terrain tool, then tap or drag over hexes to paint them; a hex already of this kind is cleared.');
/** The terrain kind the Terrain tool lays: the Terrain panel's picker's, its first until the panel has been filled. */
function terrainKind() {
  renderIfStale('terrain-panel');
  return $('terrain-kind').value || (terrainKinds(store.state.system) ?? [''])[0];
}
const units = initUnitsPanel(page);
// the Units panel's list and its form's room (unit-list.js), fetched when the list first comes into
// view, as the form below it: on a desktop its first rows, not the top 100 px of it at the column's
// foot under a question not yet asked (a game opening on nothing asked, at 1280 × 800), which a first visit
// would fetch (a tab brings the panel to the column's top; a phone's panel opens at the foot)
const unitList = loadOnce(() => import('./unit-list.js').then(({ initUnitList }) => initUnitList({ ...page, removeUnit: units.removeUnit })));
const unitListInView = lazyInView($('unit-list'), unitList, (l) => { l.renderUnitList(); if (!unitsForm.ready) l.renderFormRoom(); }, units.listFailed, matchMedia(PHONE_LAYOUT).matches ? 0 : 150);
// the Units panel's form (units-form.js), fetched when it first comes into view: a desktop's first
// view shows the Ask panel above it, a phone's the board
const unitsForm = loadOnce(() => import('./units-form.js').then(({ initUnitsForm }) => initUnitsForm(page)));
const unitFormInView = lazyInView($('unit-form'), unitsForm, (f) => f.renderUnitForm(),
  (err) => { $('unit-form-title').textContent = `The unit form could not be opened (${err.message ?? err}): it works offline once it has been opened online.`; });
const tools = initTools({ ...page, terrainKind, removeUnit: units.removeUnit, playBar: $('play-bar'), timing });
const questions = initQueryForm(page);
const { applyRuling, canApply, finishPolygon } = tools;
// where a unit added from Set up's tray or the library is placed (place-free.js): fetched with either
const placing = loadOnce(() => import('./place-free.js').then(({ initPlaceFree }) => initPlaceFree(page)));
const placeFree = (d, u, near) => placing.ready(d, u, near);
// a button over each unit for keyboards and screen readers, placed after each paint (unit-controls.js)
late.unitControls = initUnitControls({
  box: $('unit-controls'), board, unitOf: unitById, selected: () => ui.selected,
  words: () => ({ hexBoard: isHexBoard(), lengthUnit: sys().lengthUnit }),
  activate: (id) => tools.activateUnit(id), key: (id, e) => tools.unitKey(id, e), keys: () => tools.unitKeys(),
});
$('unit-controls').addEventListener('focusin', tools.loadKeys);
// the unit tray of Set up: a kind dragged onto the board is a new unit where it lands (unit-tray.js,
// fetched when Set up first shows it: a player on the board's own position never needs it)
const trayShown = () => !EMBED && !store.locked && ui.tool === 'move' && !tools.playing();
function renderTray() {
  if (tray.ready) tray.ready.render();
  else if (!trayShown()) $('unit-tray').hidden = true;
  else tray.get().then((t) => t.render(), () => { /* not fetched (offline): tried again at the next change */ });
}
// (its rules with it: unit-tray.js alone is read in Node too, by the tests)
const tray = loadOnce(() => Promise.all([import('./unit-tray.js'), import('./unit-tray.css'), placing.get()]).then(([{ initUnitTray }, { default: rules }]) => { adoptRules(rules); return initUnitTray({
  box: $('unit-tray'), game: sys, doc, board, shown: trayShown,
  removing: () => ui.offBoard?.id ?? '',
  add(u, at) {
    store.edit((d) => {
      if ((!isHexBoard() || sys().hasFacing) && !Number.isFinite(u.facing)) u.facing = 0;
      if (!isHexBoard() && at) [u.x, u.y] = at.map((v) => round(v)); // where no spot is clear, where it landed
      placeFree(d, u, at ?? undefined);
      if (isHexBoard() ? Number.isInteger(u.q) : Number.isFinite(u.x)) d.units.push(u);
    });
    if (unitById(u.id)) store.select(u.id);
    refresh('select');
  },
}); }));

// ---- the request and the answer ----
function currentRequest() {
  return buildRequest(store.state.system, doc());
}

function renderPreview(afterDrag = false) {
  const text = JSON.stringify(currentRequest(), null, 2);
  store.setPreview(text);
  renderPanel('request-panel');
  // during a drag, and as the finger lifts, the last answer stays drawn until the next (one frame
  // later) replaces it
  if (ui.lastRequest && text !== ui.lastRequest && ui.result && !board.gesture && !afterDrag) clearResult();
  store.ruledText(text);
}

// A measure while a move made holds the question (no ruling is asked, so none redraws the verdict):
// its reading replaces the held words as the finger moves and once it lifts (heldWords).
function showHeldMeasure() {
  if (ui.result || !tools.playMeasured()) return;
  const held = heldWords(), v = $('verdict');
  if (!held || v.textContent === held.text) return;
  v.replaceChildren(...referNodes(referText(held.text)));
  v.className = `verdict ${held.kind}`;
}

function clearResult() {
  store.clearResult();
  $('timeline').hidden = true;
  const held = heldWords();
  // (a reason held over, its clause id after its sentence as a ruling's: redrawResult)
  $('verdict').replaceChildren(...referNodes(referText(held?.text ?? (ui.ready ? 'The position changed: ruling again…' : 'The position changed: press Rule on it again.'))));
  $('verdict').className = `verdict${held ? ` ${held.kind}` : ''}`;
  store.defer({ details: held?.kind === 'made' ? ui.made.details : null });
  $('details').replaceChildren();
  if (!dragging()) showDetails();
}

/** Shows a response: the verdict and lists beside the board, the drawing on it. */
function render(response, request, extra = {}, frame = true) {
  // the same question answered again (a drag's quick answer ruled in full once the finger lifts):
  // the hex the player picked, and the reason it was refused, stay on screen; so does the hex an
  // Undo picked on its unit's reach (made-words.js undonePick)
  const again = !!ui.pick && ((!!ui.result?.request && JSON.stringify(ui.result.request) === JSON.stringify(request))
    || (ui.pick.undone === ui.edits && request.unit === ui.pick.unit && request.query === sys().tapQuery));
  store.showResult({ request, response, scene: null, extra }, again);
  // an error names no place worth zooming to; a finger on the board keeps the view where it is
  redrawResult(response.ok === true && frame, response.ok === true && !board.gesture);
  tools.follow(); // a unit carried in play: its hex on the reach that just answered; a card's or a drop's choices settled
  tools.renderPlayBar(); // the card's running total, the ejection waiting
  showApply();
  // the Advanced panel's full response: written once the finger lifts (it can be large)
  store.defer({ response });
  if (!dragging()) showDeferred();
}

const resultBounds = (rs, request) => sceneResultBounds(store.state.system, doc(), rs, request);
// how a new answer is framed: its mover in view, the units nearest it while they fit legibly, and
// the units the question involves clear of the controls
const answerFraming = (b) => ({ near: nearUnits(store.state.system, doc(), b.at, b.names), mover: b.at, involved: involvedUnits(doc(), b.names, ui.result?.response?.ok ? ui.result.response.result : null) });

// A hex unit's reach shown by a tap ('reach') is brought into view where it is not all in view
// (board.reveal): the view zoomed out about the unit, never in, as far as shows all of it with its
// edge hexes whole (REACH_PAD hex sizes round their centres), no smaller than hexes hold a cost;
// past that moved as little as shows it, the unit in view. GODSGLOOM's Outriders' 64 hexes ran 3 columns past a
// phone's right edge; framed on the reach, the unit moved from under the finger and the next drag
// missed it (a newcomer's review). Not while a finger is on the board: the hex under a unit picked
// up would move from under it. A table's view stays on a tap (view.test).
const REACH_PAD = 1;
const padded = (b, p) => [b[0] - p, b[1] - p, b[2] + p, b[3] + p];

// A tapped hex `p` on answer scene `sc`: its reach entry, and the way drawn there (the entry's or
// one of its alternatives); nulls for none.
function pickedOf(sc, p) {
  const entry = p ? sc.reach.get(hex.key(p.q, p.r)) ?? null : null;
  return [entry, entry ? sc.picked ?? entry : null];
}

/**
 * Draws the answer again (a new answer, `frame`: framed; 'whole': the units it names brought into
 * view by a pan where one is off it; 'reach': a tapped unit's reach brought into view; `follow`
 * keeps its mover in view; a picked hex: the view stays).
 */
function redrawResult(frame = false, follow = false) {
  const r = ui.result;
  if (!r) return;
  r.scene = resultScene(r.request?.system ?? store.state.system, r.request, r.response, colourOf, ui.pick, { ...r.extra, event: ui.event });
  const [entry, pick] = pickedOf(r.scene, ui.pick);
  // the verdict: the answer's, or a tapped hex's (its ways there, or why not)
  // (a hex game's, tap-reach.js: it comes with the hex games' play)
  let v = tools.tapVerdict(r.request, r.response, ui.pick, entry) ?? verdictOf(r.response, r.request);
  // a drag onto open ground measured (play-table.js measured): the ruler's reading is the verdict
  const ruler = tools.playMeasured();
  if (ruler) v = { text: ruler.text, kind: ruler.beyond ? 'illegal' : 'answered' };
  // a drop in play on a hex it reaches that did not move it there (play-hex.js playTo): why, first
  if (ui.pick?.notMade && v.nodes) v = { nodes: [el('p', ui.pick.notMade), ...v.nodes], kind: '' };
  // a charge dragged: the roll it needs first, then a facing its arcs do not give (play-table.js),
  // both before the ruling's words: after them a phone's four lines hid the facing behind "…"
  const aimed = r.response?.ok ? tools.playNote(r.request, r.response.result) : { lead: '', text: '', against: '' };
  const lead = aimed.lead ? [aimed.lead, aimed.text].filter(Boolean).join(' ') : '', note = aimed.lead ? '' : aimed.text;
  if (note) v = v.nodes ? { ...v, nodes: [...v.nodes, el('p', note)] } : { ...v, text: `${v.text} ${note}` };
  if (lead) v = v.nodes ? { ...v, nodes: [el('p', lead), ...v.nodes] } : { ...v, text: `${lead} ${v.text}` };
  const undone = undoneSaid();
  if (undone) v = v.nodes ? { ...v, nodes: [el('p', undone), ...v.nodes] } : { ...v, text: `${undone} ${v.text}` };
  // what happened on the way, numbered as on the board, each a button that shows it there (the
  // game's `eventNodes`, whose drawer lists events)
  if (!v.nodes && r.scene.events?.length) v = { nodes: [el('p', v.text), ...sys().eventNodes(r.scene, ui.event, showEvent)], kind: v.kind };
  // a unit of the card's that went back: its reason in the colour of a reason against, never a legal
  // order's green, first: after the order's words a phone's lines cut it at "… more"
  if (aimed.against) v = { ...v, nodes: [el('p', aimed.against, 'against'), ...(v.nodes ?? [el('p', v.text)])] };
  // every clause id in it after its sentence, a button opening its entry (draw.js referText)
  const verdict = $('verdict'), words = v.nodes ? null : referText(v.text);
  if (v.nodes) v.nodes.forEach(referClauses);
  // the same words again (a drag's rulings often say the same) leave the page's layout as it was
  const same = !v.nodes && !verdict.classList.contains('tap') && verdict.textContent === words;
  // (a tapped hex's answer shown whole stays whole while its words stay the same too)
  const sameWords = verdict.textContent === (v.nodes ? v.nodes.map((n) => n.textContent).join('') : words);
  if (!same) verdict.replaceChildren(...(v.nodes ?? referNodes(words)));
  // a verdict a tap showed whole stays whole while its words stay the same. A charge's facing note
  // does not: grown under a finger aiming the charge, the verdict moved the tabs by 110 px and back
  // at each facing; it stays three lines, the rest a tap away
  const whole = sameWords && verdict.classList.contains('whole');
  // an answer with buttons of its own (a tapped hex's ways, a move's events: not its clause ids)
  // scrolls to them in its box (style.css), never hides them behind "… more"
  const own = !!verdict.querySelector('button:not(.rule)');
  verdict.className = `verdict ${v.kind}${v.nodes ? ' tap' : ''}${own ? ' own' : ''}${whole ? ' whole' : ''}`;
  showApply(); // a reached hex tapped is a move to make
  store.defer({ details: () => resultText(r.response, ui.assumptionSummaries, {
    request: r.request ?? {}, pick, reachCount: r.scene.reach.size, whatIfCount: r.scene.whatIfCount, onChoice: applyChoice,
  }) });
  // during a drag the list waits for the finger to rest or lift: rebuilt at every move it was a
  // third of a drag step's work (its DOM, style, layout and paint; docs/performance.md
  // "Same-frame rulings, fourth round"), for a list the eyes on the unit do not read
  if (!dragging()) showDetails();
  else atRest();
  showTimeline();
  store.setTime(1); // the answer's end; the slider and Play step through it
  $('scrub').value = String(Math.round(ui.t * 1000));
  // a refresh queued in this task sets the board's scene when it runs (refreshDrag, refreshNow):
  // built here too, a hex drag's every ruling built it twice
  if (!ui.refreshQueued) board.setScene(scene());
  showLegend();
  if (!ui.legendShown) { store.legendOpened(); $('legend-panel').open = !matchMedia(PHONE_LAYOUT).matches; } // open beside a desktop's board; a tap away on a phone
  const b = resultBounds(r.scene, r.request);
  // every new answer, a game's first too, frames what the question is about at a size a finger
  // reads (the whole board is the ⤢ button away)
  if (b && frame === 'reach') { if (isHexBoard() && !board.gesture && b.at) board.reveal(padded(b.bounds, REACH_PAD), b.at); }
  else if (b && frame === 'whole') board.showUnits([...b.names]);
  else if (b && frame) board.frame(b.bounds, Infinity, b.pad, b.core, answerFraming(b));
  // else the view moves after a ruling only where what the player acted on would be off it or
  // under a control, by the least that shows it: the unit moved, or all of an answer its game
  // shows whole (`showWhole`). A view framed again after each drop, roll or piece placed put the
  // next hex tapped elsewhere (a newcomer's review)
  else if (b && follow) {
    if (ownQuery(r.request?.system, r.request?.query)?.showWhole) {
      // (with its poses' bases whole: a unit's move rolled from a first view about the units ended with
      // its base's far half off the view, where the bounds hold a pose's middle)
      if (!board.shows(b.whole)) board.reveal(b.whole);
    }
    else if (b.mover && !board.unitClear(b.mover)) board.showUnits([b.mover], true);
  }
  showChoices(b);
}

/**
 * The hexes a drop's choice is tapped on (an ejected miniature's nearest free hexes) brought into
 * view where one is out of it or under a control (a landscape phone's Replay bar hid two of three),
 * with the move that ejects (`b`, its result bounds), by the least change (board.reveal); after a
 * ruling, and after the board is resized (a wrong tap's words under the choice took an upright
 * phone's board's foot, and a hex to tap under the zoom buttons).
 */
function showChoices(b) {
  const choices = tools.playChoices(), choose = resultBounds({ overlay: choices, tracks: [] }, null);
  const c = choose?.bounds;
  if (c && !choices.every((it) => it.cells.every((h) => board.worldClear(...hex.center(h.q, h.r), hex.SQRT3 / 2)))) {
    // (whole, at the size that takes: at a finger's size an upright phone cut one of Warbeast's three at its edge)
    board.frame(b ? [Math.min(c[0], b.bounds[0]), Math.min(c[1], b.bounds[1]), Math.max(c[2], b.bounds[2]), Math.max(c[3], b.bounds[3])] : c, board.s, choose.pad, [(c[0] + c[2]) / 2, (c[1] + c[3]) / 2], { whole: true });
  }
}

// An event is framed as closely as the board allows (6 times the whole table), with half a step
// around it; not the new answer's framing, which keeps every unit in view.
const EVENT_ZOOM = Number.MAX_VALUE, EVENT_PAD = 0.5;

/** Shows event `n` of the ruling on the board, framed and highlighted; null: the whole move again. */
function showEvent(n) {
  const r = ui.result;
  if (!r) return;
  const was = ui.event;
  store.showEvent(n);
  redrawResult();
  const ev = r.scene.events?.find((e) => e.n === n);
  const b = resultBounds(r.scene, r.request);
  if (ev) board.frame(ev.box, EVENT_ZOOM, EVENT_PAD);
  else if (b) board.frame(b.bounds, Infinity, b.pad, b.core, answerFraming(b));
  // the button pressed is rebuilt with the verdict: the focus goes back to it (or to the event left)
  document.querySelector(`#verdict [data-event="${n ?? was}"]`)?.focus();
}

/**
 * The engine's answer (through the worker), and for a reach that can ask it the what-if answer
 * without other units; or the worker's outcome when there is no answer to show (superseded,
 * timed out, failed: engine-client.js).
 */
async function answer(request) {
  // whether each assumption's other readings change the ruling (docs/api.md "Sensitivity"): asked
  // for every ruling at rest, never in a drag's frames (it runs the request again per reading), and
  // of a game's own query only (`describe` and requests the page does not know take no such field)
  const asks = !dragging() && ownQuery(request?.system, request?.query);
  // a drag's frames are quick questions: answered on the page's thread in the frame of the input
  // when within a small work budget (engine-client.js)
  const quick = { quick: dragging() };
  const code = codeFor(request); // fetched while the engine answers
  const first = await engine.ask(asks ? { ...request, sensitivity: true } : request, 'rule', quick);
  if (!first.response) return first;
  // (or what only the answer shows it needs; with nothing to fetch, no wait at all)
  const more = code ?? codeFor(request, first.response.result);
  if (more) await more;
  const extra = {};
  const spec = ownQuery(request?.system, request?.query);
  if (first.response.ok && spec?.whatIf && request.ignoreUnits !== true) {
    const whatIf = await engine.ask({ ...request, ignoreUnits: true }, 'rule', quick);
    if (whatIf.superseded) return whatIf;
    if (whatIf.response) extra.whatIf = whatIf.response; // else drawn without it
  }
  return { response: first.response, extra };
}

/**
 * The code a game draws and says the answer to `request` (its `result`, once answered) with, where
 * it fetches that at the question's first use (`needs`, docs/page.md): awaited before the answer
 * is drawn (a failed fetch, offline: drawn without it).
 */
const codeFor = (request, result) => own(SYSTEMS, request?.system)?.needs?.(request, result)?.catch(() => {});

/** A query's spec when `system` and `query` name one of the page's own (own properties only). */
function ownQuery(system, query) {
  if (typeof system !== 'string' || !Object.hasOwn(SYSTEMS, system)) return null; // (a game not loaded asks nothing of the page's own)
  const qs = SYSTEMS[system].queries;
  return typeof query === 'string' && Object.hasOwn(qs, query) ? qs[query] : null;
}

/** What a request asks, in words: the game's name and the query ("GODSGLOOM reach"). */
function queryName(request) {
  const system = gameName(request?.system) ?? 'The engine';
  const query = typeof request?.query === 'string' ? request.query.slice(0, 40) : 'request';
  return `${system} ${query}`;
}

/**
 * Shows a ruling that could not be answered: it ran longer than the budget and was stopped (the
 * worker starts again at once), or the worker failed. The page stays as it is; the position is
 * saved with the flag that stops the automatic ruling on the next visit.
 */
function notAnswered(request, out) {
  const text = out.timedOut
    ? `${queryName(request)} took longer than ${out.budget / 1000} s and was stopped.`
    : `${queryName(request)} could not be answered: ${out.failed}.`;
  store.dropResult();
  $('timeline').hidden = true;
  store.defer({ details: null });
  $('details').replaceChildren();
  $('verdict').textContent = `${text} Change the position or the question and it is ruled again, or press Rule on it to try once more.`;
  $('verdict').className = 'verdict error';
  notice(text);
  if (out.timedOut) { store.setUnruled(true); if (!EMBED) saveNow(); }
  board.setScene(scene());
}

/** A ruling answered within the budget: the position can be ruled on load again. */
function answered() {
  if (!ui.unruled) return;
  store.setUnruled(false);
  if (!EMBED) saveSoon(); // when idle: the answer's own task draws it (1,000 units' save was a third of it)
}

/**
 * True when the engine answers `system` (or the request names none). Otherwise starts loading that
 * rule set's engine module, which the page fetches only when a game is shown, says so in the
 * verdict and returns false; `then` runs once the module answers. Nothing waits for it: the board
 * stays usable while it arrives.
 */
function holds(system, then) {
  if (!ui.ready || !isGame(system) || engine.holds(system)) return true;
  const name = gameName(system);
  $('verdict').textContent = `Loading the ${name} rules…`;
  engine.load([system]).then((d) => {
    describeEngine(d);
    refreshNow();
    then();
  }, (err) => {
    $('verdict').textContent = `The ${name} rules could not be loaded: ${err.message ?? err}`;
  });
  return false;
}

/** What the engine's loaded modules answer (describe, asked by the worker with each load). */
function describeEngine(response) {
  const described = response.result;
  store.setDescribed(described);
  setAssumptions(described.assumptions);
  setTerrainKinds(described.systems);
  useEngineLimits(described.limits);
}

/**
 * What the verdict says instead of a ruling while the page does not ask one: right after Make this
 * move, the move made (until the next change: asked again, the same question from the new place
 * would be ruled broken); and while the question is unfinished (a path not drawn, a unit not
 * chosen), what it still needs: the engine would refuse it as a bad request or rule that nothing moves.
 */
function heldWords() {
  const made = ui.made?.at === ui.edits ? ui.made.text : '';
  const undone = undoneSaid();
  // a card in play is played on the board, not in the form; so is the next move after one made in
  // play (the form's "Tap hexes from the Warbeast to draw its path" followed a drag's move)
  // (with Play's Move tool, what the form lacks is said as that tool plays: a shared link's "Tap
  // hexes … (Path tool)" and a made step's "Add step or Add turn" named controls not on the screen)
  // (dice not rolled are said as they are: the bar beside the board rolls them)
  const lacking = unfinished(store.state.system, doc()), missing = lacking ?? rollsLeft(store.state.system, doc());
  const moving = lacking && tools.playing() && ui.tool === 'move';
  const todo = tools.playWaiting() ?? (moving ? (made ? PLAY_NEXT : sys().playHint ?? PLAY_HINT) : missing);
  if (!made && !todo) return null;
  if (!made && undone) return { text: `${undone} ${todo}`, kind: 'unfinished' };
  // a drag onto open ground after a move made measures and edits nothing: its reading is what the
  // verdict says (the move made stayed on screen under the ruler's line); the question stays held
  const ruler = tools.playMeasured();
  if (ruler) return { text: ruler.text, kind: ruler.beyond ? 'illegal' : 'answered' };
  return { text: [made, todo].filter(Boolean).join(' '), kind: made ? 'made' : 'unfinished' };
}

// The words of a move made (made-words.js), fetched at the page's first touch, click or key (a move
// is made after one); a move made before they have come says so once they have (sayMade)
const madeCode = loadOnce(() => import('./made-words.js'));
for (const type of ['pointerdown', 'keydown']) addEventListener(type, () => madeCode.get().catch(() => {}), { once: true, capture: true });
/**
 * Says what the move just made (or redone; or undone: `set` store.setUndone) did, `words(code, at)`
 * from made-words.js, where `at` places a unit in words: now, or, while the words are still coming,
 * once they have (and the verdict is said again, if nothing was edited meanwhile).
 */
function sayMade(words, set = store.setMade) {
  const at = ui.edits, where = { doc, sys, isHexBoard, lengthLabel, inSteps: () => store.state.display === 'game' && sys().lengthUnit === 'step', unitWord, said: ui.said, remember: store.remember };
  const put = (code) => { const text = words(code, where); if (text) set({ at, text }); };
  if (madeCode.ready) { put(madeCode.ready); return; }
  madeCode.get().then((code) => { if (ui.edits !== at) return; put(code); scheduleRule(); }, () => {});
}

// What the last Undo took back ("Undone: Knights are back at …"), said first until the next edit:
// in the place and manner of Redo's "Redone: …" (an Undo said nothing, a newcomer's review)
function undoneSaid() { return ui.undone?.at === ui.edits ? ui.undone.text : ''; }

// Make this move keeps its place while a position an edit changed is ruled again (the field typed in
// loses focus as the finger lands on the button, and its edit would hide the button under it for
// the ruling's few milliseconds). A tap then makes the move once the new ruling allows it.
const ruling = () => ui.ruleFrame !== 0 || ui.inFlight > 0;
function showApply() {
  // not while a finger carries a unit: the drop makes the move in play, and the button coming
  // mid-drag narrowed the phone's verdict under it to "… more" (or covered the board's foot beside
  // it); it follows when the finger lifts. One shown before the drag is for the question before
  // it (a charge aimed from a rolled pursuit showed it): it takes no tap meanwhile
  const drag = dragging();
  $('apply').disabled = drag;
  if (drag) return;
  const can = applicable();
  if (can || !ruling()) $('apply').hidden = !can;
}
// not while the verdict is a ruler's reading (a drag onto open ground): the button belonged to
// the answer under it (a pursuit's), and stayed on screen beside the ruler's "too far"
const applicable = () => canApply() && !tools.playMeasured();
function tapApply() {
  if (applicable()) makeMove();
  else if (ruling()) store.setApplyAfter(true);
}

// After a move made, undone or redone the view stays where it is, unless a unit that moved (from
// `was`, the units before) would be off it: then it pans by the least that shows them (a newcomer's
// review: the view moved after almost every touch, and a unit that chased another ended
// off a phone's board, an arrow at its edge all that showed it).
function showMoved(was) {
  const place = (u) => JSON.stringify([u.q, u.r, u.x, u.y, u.facing]), at = new Map(was.map((u) => [u.id, place(u)]));
  board.showUnits(doc().units.filter((u) => at.get(u.id) !== place(u)).map((u) => u.id));
}

/** Make this move (by its button, a drop or a reached hex tapped: applyRuling); the verdict then says what it made (made-words.js madeText). */
function makeMove() {
  const before = doc().units.map((u) => ({ ...u })), r = ui.result, pick = ui.pick;
  if (!applyRuling()) return;
  showMoved(before);
  // the details list then keeps the ruling the move was made by, without its choices, a reach's
  // with the hex moved to and not its count (a newcomer's review found only the list's placeholder
  // after every move made)
  const way = pickedOf(r.scene, pick)[1];
  const details = () => [el('h3', 'The move made'), ...resultText(r.response, ui.assumptionSummaries, { request: r.request ?? {}, pick: way, reachCount: 0 })];
  sayMade((code, where) => code.madeText(where, before, r, pick), (m) => store.setMade({ ...m, details }));
}

async function ask({ frame = true } = {}) {
  const request = currentRequest();
  if (heldWords()) {
    clearResult();
    store.hold(JSON.stringify(request, null, 2));
    board.setScene(scene());
    // a question held on the view the page opened with (an order open over drops, a path still to
    // draw): its units framed as an answer's would be, not the whole table fitted (its units a few
    // px across). Whether the page is ready yet does not say: a position not ruled on opening asks
    // it first when Rule on it is pressed. A question that names no unit yet frames the drag a
    // first touch makes (scene.js firstDrag)
    const none = { overlay: [], tracks: [] };
    const b = frame && board.opening && (resultBounds(none, request) ?? resultBounds(none, firstDrag(store.state.system, doc())));
    if (b) board.frame(b.bounds, Infinity, b.pad, b.core, answerFraming(b));
    store.setApplyAfter(false);
    showApply(); // kept while this ruling was due: nothing is asked, nothing to make
    return;
  }
  if (!holds(request.system, () => ask({ frame }))) return;
  const serial = store.asking();
  timing('movecalc:ask', serial);
  const edits = ui.edits;
  store.addInFlight(1);
  const out = await answer(request).finally(() => { store.addInFlight(-1); });
  // a newer question, or a position changed since, gets its own ruling. The request's text is
  // written once, only for an answer to show: an edit since is compared as data (a drag's edits
  // change the request; 1,000 units' text took milliseconds a write, docs/performance.md).
  if (out.superseded || serial !== ui.asked || (edits !== ui.edits && !sameData(request, currentRequest()))) { showApply(); return; }
  const wanted = ui.applyAfter;
  store.setApplyAfter(false);
  if (!out.response) { notAnswered(request, out); showApply(); return; }
  store.ruledText(JSON.stringify(request, null, 2));
  render(out.response, request, out.extra, frame);
  if (wanted && applicable()) makeMove();
  answered();
  timing('movecalc:ruled', serial);
}

/** Whether two requests (plain JSON data) would be written as the same text. */
function sameData(a, b) {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === b.length && a.every((v, i) => sameData(v, b[i]));
  const ka = Object.keys(a).filter((k) => a[k] !== undefined), kb = Object.keys(b).filter((k) => b[k] !== undefined);
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && sameData(a[k], b[k]));
}

// A question asked and its ruling drawn, for a PerformanceObserver (bench/page.mjs times a drag's
// input to its ruling with them; a Play drag's hex ruled from the reach on screen and the Ninth
// Age's ruler mark their own, play-hex.js and play-table-charge.js; `at`: when the question was
// posed). Taken off the timeline at once: a long drag would fill it.
function timing(name, serial, at = performance.now()) {
  performance.mark(name, { detail: serial, startTime: at });
  performance.clearMarks(name);
}

/** Applies a choice the engine listed (a query input it names, e.g. a slide) and rules again. */
function applyChoice(choice, value) {
  store.edit((d) => { d.inputs[d.query][choice] = value; });
  renderPreview();
  ask();
}

// ---- timeline ----
// (the tracks' drawing part way, board-tracks.js, fetched as a finger or the focus first comes onto the timeline)
for (const type of ['pointerdown', 'focusin']) $('timeline').addEventListener(type, () => loadTracks().catch(() => {}), { once: true });
$('scrub').addEventListener('input', () => { stopPlay(); store.setTime(Number($('scrub').value) / 1000); board.setScene(scene()); });
$('play').addEventListener('click', () => {
  if (ui.playing) { stopPlay(); return; }
  const steps = Math.max(...(ui.result?.scene.tracks ?? []).map((t) => t.steps.length), 2);
  const duration = 500 * (steps - 1);
  const t0 = performance.now() - (ui.t >= 1 ? 0 : ui.t * duration);
  $('play').textContent = 'Pause';
  const frame = (now) => {
    store.setTime(Math.min(1, (now - t0) / duration));
    $('scrub').value = String(Math.round(ui.t * 1000));
    board.setScene(scene());
    if (ui.t < 1) store.setPlaying(requestAnimationFrame(frame)); else stopPlay();
  };
  store.setPlaying(requestAnimationFrame(frame));
});
function stopPlay() { cancelAnimationFrame(ui.playing); store.setPlaying(0); $('play').textContent = 'Replay'; }

// ---- readout ----
function showReadout() {
  // in a drag it waits for the finger to rest, as the details list does: its words rewritten at
  // every move cost the frame about 7 ms of style, layout and paint at 4x CPU, a sixth of the
  // frame (docs/performance.md "Same-frame rulings, fifth round")
  if (dragging()) atRest();
  else writeReadout();
}
function writeReadout() {
  const parts = [];
  const u = unitById(ui.selected);
  if (u) {
    if (isHexBoard()) { const o = hex.toOffset(u.q, u.r); parts.push(`${u.id}: column ${o.col}, row ${o.row} (q ${u.q}, r ${u.r})${sys().hasFacing ? `, facing ${hex.DIR_NAMES[u.facing]}` : ''}`); }
    else parts.push(`${u.id}: x ${lengthLabel(u.x)}, y ${lengthLabel(u.y)}, facing ${u.facing}°`);
  }
  const at = ui.hoverAt;
  if (at) {
    if (isHexBoard()) { const h = hex.fromPixel(...at); const o = hex.toOffset(h.q, h.r); parts.push(`pointer: column ${o.col}, row ${o.row}`); }
    else parts.push(`pointer: x ${lengthLabel(at[0])}, y ${lengthLabel(at[1])}`);
  }
  $('readout').textContent = parts.join(' · ') || ' ';
}

// What the verdict says after a move made in play, when the question needs more before it can be asked again.
const PLAY_NEXT = 'Drag a unit for the next move.';
const TOOL_NOTES = {
  move: 'Drag a unit to place it, drag its round handle to turn it; drag the board to pan, pinch or scroll to zoom.',
  play: 'Drag a unit to move it: its way, cost and what is left follow your finger; let go on a green hex to make the move. Tap a unit for its reach, then a hex to move there.',
  measure: 'Drag from one point to another, or from one unit to another, to measure the distance (between units: from their closest edges; on a hex board in hexes).',
  terrain: '', path: 'Tap hexes in order to propose the path of the query’s unit (in an order: the unit whose Draw path is pressed); tap the last hex again to take it back. Arrow keys extend it too.',
};

// A phone hides the tool note a desktop shows under the board, so a first visit there told no one
// how play works: a game's play hint floats over the board's top until the page is first touched
// (the touch goes through to what it was on), once for each game (the games seen kept in storage).
// A touch anywhere puts it away: kept until the board's own, it hid half the board (the ruling a
// card, a roll or Make this move had just drawn) while the player used the buttons round it. It is
// one sentence (the game's `playHint`): the whole play note covered more than half a phone's board
// and the units the player was to drag; the whole note is the legend's first paragraph there.
const PLAY_HINT = 'Drag a unit to a hex to move it there, or tap it for its reach.';
const hintOf = (s) => `${s.playHint ?? PLAY_HINT} More under Legend.`;
const COACH_KEY = 'movecalc.coach.v1';
store.setCoached((() => {
  try { const seen = JSON.parse(localStorage.getItem(COACH_KEY) ?? '[]'); return Array.isArray(seen) ? seen.filter((g) => typeof g === 'string') : []; } catch { return null; }
})());
// (null: storage refused, the note is not shown, as nothing would remember it was)
const coachSeen = () => ui.coached === null || ui.coached.includes(store.state.system);
// Not shown where the verdict under the board says its sentence already (an opening that asks
// nothing): it repeated it over the board's top, and over the verdict on a landscape phone. The
// first touch puts it away all the same (`data-due`): shown after a first move, it hid the ruling.
function coach(text) {
  const due = !!text && !coachSeen() && !store.locked && !document.body.classList.contains('embed') && matchMedia(PHONE_LAYOUT).matches;
  const said = due ? heldWords()?.text : null, c = $('coach'); // (what the verdict says, read only while the note is due)
  if (c.textContent !== text) c.textContent = text;
  c.toggleAttribute('data-due', due);
  c.hidden = !due || (!!said && text.startsWith(`${said} `));
  // (a landscape phone: over the panel under the tabs where it has the note's height, not over the
  // verdict; C&C's card bar leaves that panel a line, and there it covers the verdict. Its height
  // read where it lies low: over the verdict it is as tall as the verdict)
  if (!c.hidden && matchMedia(LANDSCAPE).matches) {
    c.classList.add('low');
    c.classList.toggle('low', $('panels').getBoundingClientRect().height >= c.offsetHeight);
  }
}
document.addEventListener('pointerdown', () => {
  if (!$('coach').hasAttribute('data-due')) return; // (due: not seen yet)
  store.setCoached([...ui.coached, store.state.system]);
  $('coach').hidden = true;
  $('coach').removeAttribute('data-due');
  try { localStorage.setItem(COACH_KEY, JSON.stringify(ui.coached)); } catch { /* storage refused: hidden for this visit */ }
}, { capture: true });

// A phone's open legend, over most of the board, closes at a touch anywhere else; a touch on the
// board that closes it moves nothing (a tap beside it ruled on the hex behind, unseen).
document.addEventListener('pointerdown', (e) => {
  const legend = $('legend-panel');
  if (!legend.open || legend.contains(e.target) || !matchMedia(PHONE_LAYOUT).matches) return;
  legend.open = false;
  if (e.target === canvas) e.stopPropagation();
}, { capture: true });

// ---- saved armies and codices (library.js, fetched when the Armies panel first opens) ----
// (with the links' code: its Earlier versions offer the position a link replaced)
const library = loadOnce(() => Promise.all([import('./library.js'), placing.get(), links.linkCode()]).then(([{ initLibrary }, , io]) => initLibrary({ store, ui, doc, unitById, renderPanel, refreshNow, placeFree, setTool, showBoard,
  viewMiddle: () => board.toWorld(board.w / 2, board.h / 2), positionBefore: io.positionBefore })));
const renderLibrary = lazyPanel($('library-panel'), library, (l) => l.render(),
  (err) => { $('library-note').textContent = `The saved armies could not be opened (${err.message ?? err}): this panel works offline once it has been opened online.`; });

// ---- the Terrain, Sides and Settings panels' form (settings-form.js, one module for the three),
// fetched when one of them first opens: play on the board needs none of them ----
const settingsForm = loadOnce(() => import('./settings-form.js').then(({ initSettingsForm }) => initSettingsForm({ ...page, terrainNote })));
const panelFailed = (err) => notice(`This panel could not be opened (${err.message ?? err}): it works offline once it has been opened online.`);
const renderTerrain = lazyPanel($('terrain-panel'), settingsForm, (f) => f.renderTerrain(), panelFailed);
const renderSides = lazyPanel($('sides-panel'), settingsForm, (f) => f.renderSides(), panelFailed);
const renderSettings = lazyPanel($('settings-panel'), settingsForm, (f) => f.renderSettings(), panelFailed);
// the Examples gallery and the Advanced editor's examples (examples-panels.js), fetched when either
// first opens; a press made before the code came runs once it has (`withCode`)
const examplesCode = loadOnce(() => import('./examples-panels.js').then(({ examplesPanels }) => examplesPanels({
  store, ui, board, engine, sys, render, answer, codeFor, holds, notAnswered, notice, cancelRule, currentRequest, refreshNow, renderIfStale })));
const withCode = (name) => (...args) => examplesCode.get().then((code) => code[name](...args), panelFailed);
const renderGallery = lazyPanel($('gallery-panel'), examplesCode, (code) => code.renderGallery(), panelFailed);

// ---- the side panels (panels.js: each filled when it opens, then on every change while open) ----
const panels = createPanels({
  'units-panel': () => {
    if (!unitList.ready) units.renderListRoom();
    unitListInView.render(); unitFormInView.render();
  },
  'terrain-panel': renderTerrain,
  'sides-panel': renderSides,
  'settings-panel': renderSettings,
  'library-panel': renderLibrary,
  'request-panel': () => { $('preview').textContent = ui.preview; },
  'gallery-panel': renderGallery,
  'advanced-panel': fillExamples,
}, ['advanced-panel'], $('units-panel').parentNode);
const tabs = createTabs($('units-panel').parentNode, $('tabs'), EMBED ? null : matchMedia(PHONE_LAYOUT));
// a sheet's step changes the board's height: the mover and its move brought back into the new
// height where they left it, by the least change (kept where it stood, the middle of the view kept,
// Set up's step put the mover under the unit tray; framed again, the view moved at every step)
const sheet = initSheet($('sheet-handle'), $('units-panel').parentNode, $('tabs'), { resized() {
  const r = ui.result, b = r && !board.fitted && resultBounds(r.scene, r.request);
  if (b?.core) board.reveal(b.core);
} });
/** The board back in view where a phone's panel covers it (a position opened, an army to place). */
const showBoard = () => { if (sheet.step() === 'full') sheet.set('half'); };
// An upright phone plays on the board and sets up in the panels: in Play the sheet shows the
// verdict, the play bar and the tabs, and the board takes the panel's place (at half a 360 × 740
// phone's board was 320 px tall); Set up brings the panel back at half, a panel used beside the
// board in it (the Units form, not the one read on the whole screen before: Set up opened on
// Share). Only on opening and on the player's own switch. (A landscape phone's board is beside
// the column whatever its step.)
function sheetFor(m) {
  sheet.set(m === 'play' && matchMedia('(orientation: portrait)').matches ? 'peek' : 'half');
  const tab = $('units-panel').parentNode.dataset.tab;
  if (m === 'setup' && $('sheet-handle').offsetParent && tab && !$(tab).hasAttribute('data-board')) tabs.select('units-panel', true);
}
sheetFor(tools.playing() ? 'play' : 'setup');
/** Fills a panel now if it is open; otherwise when it opens. */
function renderPanel(id) { panels.render(id); }
/** Fills a panel, open or not, if a change since it was last filled has not reached it. */
function renderIfStale(id) { panels.renderIfStale(id); }

// ---- refresh everything that shows the state ----
// Whether anything shown changed since the last refreshNow: opening a link refreshes in its own
// microtask (store.load), so the link's and the first frame's refreshNow are skipped when nothing
// changed since (each rebuilt 1,000 units' forms again at the limits: docs/performance.md)
const refreshIfStale = () => { if (ui.stale) refreshNow(); };
function refresh() {
  store.setStale(true);
  if (ui.refreshQueued) return;
  store.setRefreshQueued(true);
  queueMicrotask(() => { store.setRefreshQueued(false); if (dragging()) refreshDrag(); else refreshNow(); });
}

/** True while a unit is being dragged or turned on the board (after its first move). */
function dragging() {
  const g = board.gesture;
  return !!g && g.moved && (g.type === 'drag' || g.type === 'rotate');
}

// What a drag's frame shows: the board, the pointer's readout and the buttons the edit changes.
// The forms, the panels and the request's text follow once the finger lifts (showDeferred), so a
// move does not rebuild them all; the ruling is asked in the next frame as for any change.
function refreshDrag() {
  store.defer({ refresh: true });
  renderTray(); // a unit held off the board (Set up)
  showApply();
  $('undo').disabled = !store.canUndo();
  $('redo').disabled = !store.canRedo();
  showReadout();
  showHeldMeasure();
  board.setScene(scene());
}

// A drag's details list and readout are shown once the finger has not moved and no ruling has
// come for REST_MS (a finger held still to read): the list only while on screen (else when it
// comes into view or the finger lifts).
const REST_MS = 150;
function atRest() {
  clearTimeout(ui.restTimer);
  store.setRestTimer(setTimeout(() => {
    store.setRestTimer(0);
    if (ui.detailsSeen) showDetails();
    writeReadout();
  }, REST_MS));
}
// What a drag put off (the session's `deferred`): the ruling's details list, the full refresh, the response's text.
function showDetails() {
  const make = ui.deferred.details;
  store.defer({ details: null });
  if (make) keepSame($('details'), make());
}
// The timeline, where the answer shown has a way to replay; not while a finger carries a unit (it
// came and went with each hex's answer, over a landscape phone's board foot where the finger was to
// drop): the lift shows it (showDeferred).
function showTimeline() { $('timeline').hidden = dragging() || !(ui.result?.scene?.tracks.length > 0); }
function showDeferred() {
  $('verdict').style.minHeight = '';
  if (ui.deferred.refresh) { store.defer({ refresh: false }); refreshNow(true); }
  showTimeline();
  showDetails();
  if (ui.deferred.response) { $('response').textContent = JSON.stringify(ui.deferred.response, null, 2); store.defer({ response: null }); }
}
// after the board's own handlers (registered first), when the gesture is over; a cancelled one too
// a drag's last ruling was asked without sensitivity: once the finger lifts, the ruling at rest
// asks again with it where the answer relied on an assumption
const wantsSensitivity = () => ui.result?.response?.ok === true && Array.isArray(ui.result.response.assumptions) && ui.result.response.assumptions.length > 0 && !ui.result.response.sensitivity;
for (const type of ['pointerup', 'pointercancel', 'lostpointercapture']) canvas.addEventListener(type, () => { if (!dragging()) { showApply(); showDeferred(); if (wantsSensitivity()) scheduleRule(); if (ui.saveTimer) saveSoon(); } });
// the details list is on screen (not in another tab on a phone, not scrolled away, not hidden by
// the full-screen board): watched without reading the layout in a drag's frame
new IntersectionObserver((entries) => {
  store.setDetailsSeen(entries.at(-1).isIntersecting);
  if (ui.detailsSeen) showDetails();
}).observe($('details'));

// Undo, and where its next step goes back to the player's position before a link (link-io.js), so
// named: a link's position is no step of the player's, and Undo else is off right after it opens.
function showUndo() {
  const back = ui.linkUndo !== null && ui.linkUndo === ui.edits && store.canUndo();
  $('undo').disabled = !store.canUndo();
  $('undo').setAttribute('aria-label', back ? 'Undo: back to your position before this link' : 'Undo');
  $('undo').title = back ? 'Undo: back to your position before this link (Ctrl+Z)' : 'Undo (Ctrl+Z)';
}

function refreshNow(afterDrag = false) {
  store.setStale(false);
  const s = sys();
  showApply();
  if (!$('system').dataset.want) $('system').value = store.state.system; // a link or an example may have changed the system
  nameEmbed();
  if (ui.selected !== null && !unitById(ui.selected)) store.select(null);
  if (ui.tool === 'path' && s.board !== 'hex') setTool('move');
  $('tool-path').hidden = s.board !== 'hex';
  showMode();
  tools.renderPlayBar();
  const play = ui.tool === 'move' && tools.playing();
  $('tool-note').textContent = ui.tool === 'terrain' ? terrainNote() : ui.tool === 'measure' ? rulerNote() : play ? ui.rulerNote ?? s.playNote ?? TOOL_NOTES.play : TOOL_NOTES[ui.tool];
  coach(play ? hintOf(s) : '');
  showLegend(); // (its how-to follows the mode)
  showUndo();
  $('redo').disabled = !store.canRedo();
  questions.renderQuery();
  for (const id of panels.ids) renderPanel(id);
  renderPreview(afterDrag);
  showHeldMeasure();
  showReadout();
  store.setCovers(null); // the forms rebuilt may have moved the board or a control: read at its paint
  board.setScene(scene());
}

// Edits are saved 300 ms after the last one (a drag is many edits), when the page is idle and no
// drag is under way (writing 1,000 units is a long task; a drag's end saves), and at
// once when the page is hidden or left, so a reload or a closed tab right after an edit keeps it.
const whenIdle = window.requestIdleCallback ?? ((f) => setTimeout(f, 0));
function saveSoon() {
  clearTimeout(ui.saveTimer);
  store.setSaveTimer(setTimeout(() => whenIdle(() => { if (ui.saveTimer && !dragging()) saveNow(); }, { timeout: 1000 }), 300));
}
function saveNow() {
  clearTimeout(ui.saveTimer);
  store.setSaveTimer(0);
  // `unruled`: the next visit shows the position without ruling it (the user presses Rule on it)
  const state = ui.unruled ? { ...store.state, unruled: true } : store.state;
  try {
    localStorage.setItem(SAVE_KEY, JSON.stringify(state));
    if (ui.unsaved) { store.setUnsaved(false); if ($('notice').dataset.unsaved) $('notice').hidden = true; }
  } catch {
    // said once until a save succeeds again (a drag would say it on every frame)
    if (!ui.unsaved) notice('Not saved: this browser’s storage is full (or private). A reload would lose this position.', null, 'problem', 'unsaved');
    store.setUnsaved(true);
  }
}
// Every change is ruled again in the next animation frame, during a drag too: a unit dragged,
// turned or a path drawn gets its ruling on every frame, drawn at once (Drag Ruler's feel). Several
// edits within one frame make one question; the engine client's newest-wins drops what falls behind.
// A drag's frame that the page's thread can answer is asked at once instead (after the edits of
// this input, in a microtask), so that its ruling is drawn in the same frame as the move. `frame`
// as redrawResult takes it; a whole framing asked in the same frame is not narrowed to a reach's.
function scheduleRule(frame = false) {
  if (frame && ui.ruleFrameWants !== true) store.setRuleFrame(ui.ruleFrame, frame);
  if (ui.ruleFrame) return;
  const run = () => {
    const f = ui.ruleFrameWants;
    store.setRuleFrame(0, false);
    if (ui.ready) ask({ frame: f });
  };
  if (dragging() && engine.quickHolds(store.state.system)) {
    store.setRuleFrame(-1); // asked in this input's microtask, not a frame
    queueMicrotask(() => { if (ui.ruleFrame === -1) run(); });
  } else store.setRuleFrame(requestAnimationFrame(run));
}
function cancelRule() { if (ui.ruleFrame > 0) cancelAnimationFrame(ui.ruleFrame); store.setRuleFrame(0, false); }
// what is selected, the tool, the mode and a polygon's corners are drawn on the board and the forms
store.onSession(refresh);
store.onChange((why, before) => {
  store.edited();
  // a Redo of a move made says so, as Make this move did (the verdict showed the form's prompt for
  // the next question instead); an Undo shows the question asked again, ruled
  if (why === 'undo' || why === 'redo') {
    if (before) showMoved(before.units ?? []);
    // (a unit of the card's that went back is no step: its reason went with the position it was refused on)
    tools.forgetBack();
    // in play, the unit the question comes back about is the one selected (the selection is no
    // step: a unit tapped since kept its ring, another unit's reach and verdict round it); Set up's
    // stays the unit its form edits
    const asked = tools.playing() && doc().inputs[doc().query]?.unit;
    if (typeof asked === 'string' && unitById(asked)) store.select(asked);
  }
  if (why === 'redo' && before) sayMade((code, where) => code.redoneText(where, before.units ?? []));
  // (a move made on a unit's reach comes back with its hex picked: made-words.js undonePick)
  if (why === 'undo' && before) {
    sayMade((code, where) => {
      const pick = isHexBoard() && code.undonePick(doc(), sys().tapQuery, before.units ?? []);
      if (pick) store.setPick({ ...pick, undone: ui.edits });
      return code.undoneWords(code.movedWords(where, before.units ?? [], '', 'back')) ?? code.undoneStep(sys(), before, doc());
    }, store.setUndone);
  }
  if (why === 'system') { holds(store.state.system, () => {}); store.setMode(defaultMode(doc())); } // its engine module starts loading now; the ruling follows
  if (why === 'load') showBoard(); // an example, a link or a saved position opened from a panel
  if (why !== 'display') scheduleRule(why === 'system' || (why === 'look' && 'reach')); // another game's board: frame its answer; a unit tapped: bring its reach into view
  if (why === 'undo' || why === 'redo' || why === 'system') { store.setPending([]); if (why === 'system') { store.select(null); clearResult(); $('verdict').textContent = 'Set up the position, then press Rule on it.'; document.querySelector('.side').scrollTop = 0; } } // another game's form opens at its top, not where the last one was scrolled
  refresh();
  clearTimeout(ui.saveTimer);
  if (EMBED) return; // an embed never writes over the visitor's own position
  saveSoon();
});
window.addEventListener('pagehide', () => { commitEdit(); if (ui.saveTimer) saveNow(); });
/** Commits the value of a field still being typed in (its change event), before the game changes or the page goes. */
function commitEdit() {
  const a = document.activeElement;
  if (a && a !== $('system') && a.matches('input, select, textarea')) a.blur();
}

function setTool(t) {
  store.setTool(t);
  for (const r of document.querySelectorAll('input[name="tool"]')) r.checked = r.value === t;
  if (t === 'terrain') $('terrain-panel').open = true;
  if (t === 'terrain' || t === 'path') tools.loadPaint();
  if (t === 'measure' && !rulerCode.ready) rulerCode.get().then(refresh, () => {}); // (offline before its first use: the tool measures nothing, and asks again when next chosen)
  // the Path tool draws a move of the unit the question was about (a reach's unit), not another
  // (a path drawn before for another unit is not this one's)
  if (t === 'path' && doc().query !== pathQuery()) {
    store.edit((d) => {
      const unit = d.inputs[d.query]?.unit, move = (d.inputs.move ??= {});
      d.query = 'move';
      if (unit && unit !== move.unit) Object.assign(move, { unit, path: [] });
    });
  }
  refresh();
  // what an unfinished question needs is said with the tool now on (heldWords)
  const held = !ui.result && heldWords();
  if (held) { $('verdict').replaceChildren(...referNodes(referText(held.text))); $('verdict').className = `verdict ${held.kind}`; }
}

/** Play or Set up: the mode shown is the one a drag follows (a game without play drags sets up). */
function setMode(m) {
  store.setMode(m);
  sheetFor(m);
  refresh();
}
// The legend of what the board draws for the ruling shown, the turn handle only where the board
// draws one (Set up's Move tool, or play in a game whose units turn in play: board.js): a
// GODSGLOOM player read of a handle to drag that play never showed.
// In play, the game's whole play note comes first (shown on a phone, whose tool note is hidden).
// (before any ruling too: an opening that asks nothing kept the legend of the game shown before,
// or none after a reload, until a first ruling)
function showLegend() {
  const r = ui.result;
  const system = r?.request?.system ?? store.state.system, query = r ? r.request?.query : doc().query;
  const terrain = [...new Set(isHexBoard() ? doc().terrain.map((t) => t.terrain) : [])].sort();
  const handle = ui.tool === 'move' && (!tools.playing() || sys().tablePlay === 'order');
  const how = ui.tool === 'move' && tools.playing() ? sys().playNote ?? TOOL_NOTES.play : '';
  const key = `${system} ${query} ${terrain} ${handle} ${how}`;
  if (key !== ui.legendKey) { store.setLegend(key); $('legend').replaceChildren(...(how ? [el('p', `How to play: ${how}`, 'how-to')] : []), ...legendOf(system, query, terrain, handle)); }
}
function showMode() {
  const can = tools.canPlay(), m = tools.playing() ? 'play' : 'setup', turns = sys().tablePlay === 'order';
  $('tool-terrain').hidden = m === 'play'; // painting terrain is setting up
  renderTray();
  if (m === 'play' && ui.tool === 'terrain') setTool('move');
  for (const r of document.querySelectorAll('input[name="mode"]')) {
    r.checked = r.value === m;
    if (r.value === 'play') r.disabled = !can;
  }
  showLegend();
  $('mode-play').title = can ? 'A drag of a unit is its move, ruled by the game' : 'Moves by dragging are not yet made in this game: drags set up';
  canvas.setAttribute('aria-label', m === 'play' && !isHexBoard()
    ? `Board: drag a unit to move it${turns ? ', drag its round handle to turn it' : ' (onto an enemy: a charge)'}. Keys: N selects the next unit${turns ? ', arrows add a step ahead, back, left or right, Q and E a 45° turn (with Shift 90°)' : ''}, Enter makes the move, Escape takes it back. ${MORE_KEYS}`
    : m === 'play'
    ? `Board: drag a unit to move it, tap a unit for its reach and a hex to move there. Keys: N selects the next unit, arrows carry it hex by hex, Enter makes the move there, Escape takes it back. ${MORE_KEYS}`
    : `Board: drag units to place them, drag the round handle to turn them. Keys: arrows move the selected unit, Q and E turn it, N selects the next unit. ${MORE_KEYS}`);
}
const MORE_KEYS = 'F shows the board full-screen, ] and [ step through the hexes a reach found, plus and minus zoom.';

// ---- wiring ----
for (const r of document.querySelectorAll('input[name="mode"]')) r.addEventListener('change', () => setMode(r.value));
for (const r of document.querySelectorAll('input[name="tool"]')) r.addEventListener('change', () => setTool(r.value));
$('undo').addEventListener('click', () => store.undo());
$('redo').addEventListener('click', () => store.redo());
$('zoom-in').addEventListener('click', () => board.zoomAt(board.w / 2, board.h / 2, 1.25));
$('zoom-out').addEventListener('click', () => board.zoomAt(board.w / 2, board.h / 2, 0.8));
$('fit').addEventListener('click', () => board.showWhole());
$('full-board').addEventListener('click', toggleFullBoard);
// its style rules, fetched at its first use (style.css is every first visit's)
const fullBoardRules = loadOnce(() => import('./full-board.css').then(({ default: rules }) => adoptRules(rules)));
/** The full-screen board (the tools, the board and the verdict only), and back. */
async function toggleFullBoard() {
  try { await fullBoardRules.get(); } catch (err) { notice(`The full-screen board could not be opened (${err.message ?? err}): it works offline once it has been opened online.`); return; }
  const on = document.body.classList.toggle('full-board');
  $('full-board').setAttribute('aria-pressed', String(on));
  // on a phone the browser's own bars give way too, where it lets a page (not in a host's frame)
  if (on && !EMBED && matchMedia('(pointer: coarse)').matches) document.documentElement.requestFullscreen?.().catch(() => {});
  else if (!on && document.fullscreenElement) document.exitFullscreen().catch(() => {});
}
// the browser's full screen left (Back, a swipe): the page's full-screen board with it
document.addEventListener('fullscreenchange', () => { if (!document.fullscreenElement && document.body.classList.contains('full-board')) toggleFullBoard(); });
// another game's module loads first (its board, forms and drawings); the page stays on the game it
// shows until it has. The game picked is kept on the picker (data-want) before a field still being
// typed in is committed: that edit refreshes the page, which must not put the picker back.
$('system').addEventListener('change', async () => {
  const picker = $('system'), id = picker.value;
  picker.dataset.want = id;
  commitEdit();
  try { await loadGame(id); } catch (err) {
    if (picker.dataset.want === id) { delete picker.dataset.want; picker.value = store.state.system; }
    notice(`The ${gameName(id)} page could not be loaded: ${err.message ?? err}.`);
    return;
  }
  if (picker.dataset.want !== id) return; // a later pick is loading
  delete picker.dataset.want;
  if (store.state.system !== id) store.setSystem(id);
});
$('query').addEventListener('change', () => store.edit((d) => { d.query = $('query').value; }));
$('ask').addEventListener('click', () => { store.setMade(null); ask(); });
$('apply').addEventListener('click', tapApply);
// on a phone a long verdict shows a few lines and an ellipsis (style.css): a tap shows it whole
// (focusable, so that a long verdict scrolls and opens from the keyboard too); a tap or Enter on a
// clause id in it opens the rule instead (the id's own button)
// (a tapped hex's answer too, whose words are paragraphs: a tap anywhere but on a button)
const showWhole = (e) => { if (!e.target.closest('button, a, input, select')) $('verdict').classList.toggle('whole'); };
// (the lines its first sentence needs, verdict-lines.js: fetched when a verdict is first cut)
const verdictLines = loadOnce(() => import('./verdict-lines.js'));
// a tapped hex's answer cut short says so (style.css "… more"): marked whenever its words, its
// class or its width change
const markCut = () => {
  const v = $('verdict'), own = v.classList.contains('own');
  // while a finger carries a unit the box grows but never shrinks, until the finger lifts
  // (showDeferred): a desktop's legend under it moved at every hex, the page below it laid out and
  // painted again at each ruling (its exact height: offsetHeight made a box of 63.5 px one taller)
  if (dragging()) v.style.minHeight = `${v.getBoundingClientRect().height}px`;
  verdictLines.ready?.outcomeLines(v);
  // (one with buttons of its own scrolls to them: cut while some of it is below its box's end; the
  // events of a move, a collision among them, sat there unseen)
  const below = own ? v.scrollTop + v.clientHeight : v.clientHeight;
  const cut = !v.classList.contains('whole') && v.scrollHeight > below + 1;
  if (cut && !verdictLines.ready) verdictLines.get().then(markCut, () => {});
  if (v.classList.contains('cut') !== cut) v.classList.toggle('cut', cut);
  if (own) coverPart(v, cut);
};
// The cue of a box with buttons of its own ("more below", style.css) covers, over its own line,
// what the box shows of a line or a button only in part: the top of an event's button showed
// there, cut through its words. Read where markCut reads the box (its layout fresh), written only
// when it changes.
function coverPart(v, cut) {
  let cover = 0;
  if (cut) {
    const line = parseFloat(getComputedStyle(v).lineHeight);
    const edge = v.getBoundingClientRect().top + v.clientTop + v.clientHeight - line; // the cue's top
    for (const e of v.querySelectorAll('p, li')) {
      const r = e.getBoundingClientRect();
      if (r.top >= edge || r.bottom <= edge) continue;
      // words run in lines from their top; a button (a way, an event) is whole or not at all
      const part = e.querySelector('button:not(.rule)') ? edge - r.top : (edge - r.top) % line;
      if (part > 0.5 && (e.querySelector('button:not(.rule)') || part < line - 0.5)) cover = Math.max(cover, part);
    }
  }
  const px = `${Math.ceil(cover)}px`;
  if (v.style.getPropertyValue('--cue-cover') !== px) v.style.setProperty('--cue-cover', px);
}
$('verdict').addEventListener('scroll', markCut, { passive: true });
// read in a task after the next frame, where the layout is fresh: read in the task that wrote the
// verdict, it laid out the page (1,000 units' forms) there a second time
const markCutSoon = () => { if (!ui.cutLater) store.setCutLater(requestAnimationFrame(() => setTimeout(() => { store.setCutLater(0); markCut(); }))); };
new MutationObserver(markCutSoon).observe($('verdict'), { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['class'] });
new ResizeObserver(markCut).observe($('verdict'));
$('verdict').addEventListener('click', showWhole);
$('verdict').addEventListener('keydown', (e) => { if (e.target === $('verdict') && (e.key === 'Enter' || e.key === ' ')) { e.preventDefault(); showWhole(e); } });
$('add-unit').addEventListener('click', () => unitsForm.get().then((f) => f.addUnit(), panelFailed));
$('deselect').addEventListener('click', () => { store.select(null); refresh(); $('unit-fields').querySelector('input')?.focus(); });
$('finish-polygon').addEventListener('click', finishPolygon);
$('cancel-polygon').addEventListener('click', () => { store.setPending([]); refresh(); });
$('terrain-kind').addEventListener('change', refresh);
$('display-unit').addEventListener('change', () => store.setDisplay($('display-unit').value));
$('reset-params').addEventListener('click', () => store.edit((d) => { d.params = {}; }));
$('reset').addEventListener('click', () => { store.select(null); store.setPending([]); store.reset(); });
$('copy').addEventListener('click', async () => {
  try { await navigator.clipboard.writeText($('preview').textContent); $('copy').textContent = 'Copied'; } catch {
    getSelection().selectAllChildren($('preview')); $('copy').textContent = 'Selected: copy it';
  }
  setTimeout(() => { $('copy').textContent = 'Copy'; }, 1500);
});
$('to-editor').addEventListener('click', () => {
  renderIfStale('advanced-panel');
  $('request').value = $('preview').textContent;
  $('advanced-panel').open = true;
  $('request').focus();
});

// The Advanced panel: any request, typed or from an example, ruled on as written. Its first
// example, describe, is there at once; the others are listed, and Rule on it and Format work, when
// the panels' code arrives (examples-panels.js, above).
function fillExamples() {
  $('example').replaceChildren(option('0', describeExample.title));
  $('example-note').textContent = describeExample.note ?? '';
  $('request').value = JSON.stringify(describeExample.request, null, 2);
  examplesCode.get().then((code) => code.listExamples(), () => { /* offline before first use: describe alone */ });
}
const runAdvanced = withCode('runAdvanced');
$('example').addEventListener('change', withCode('showExample'));
$('run').addEventListener('click', runAdvanced);
$('format').addEventListener('click', withCode('formatRequest'));
$('request').addEventListener('keydown', (e) => { if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) runAdvanced(); });

// ---- notices (link problems, new versions) ----
function notice(text, action = null, kind = 'problem', tag = '') {
  $('notice').className = `notice ${kind}`;
  $('notice').dataset.unsaved = tag === 'unsaved' ? 'true' : ''; // a save that works again takes it away
  $('notice-text').textContent = text;
  $('notice-action').hidden = !action;
  if (action) { $('notice-action').textContent = action.label; $('notice-action').onclick = action.run; }
  $('notice').hidden = false;
}
$('notice-close').addEventListener('click', () => { $('notice').hidden = true; });

// ---- share links and embeds (links.js) ----
// (a link's position is saved when the page is idle, not in the task that opens it; leaving saves at once)
const links = initLinks({ store, ui, doc, board, notice, refreshNow: refreshIfStale, saveNow: saveSoon, ask, isReady: () => ui.ready, showGallery });
initDownloads({ board, ui, doc, sys, system: () => store.state.system, link: async () => `${links.pageURL()}#p=${await links.shareCode()}`, legendMarks });

// ---- the examples gallery (examples-panels.js, fetched at its first opening) ----
function showGallery() {
  $('gallery-panel').open = true;
  renderIfStale('gallery-panel');
  $('gallery-panel').scrollIntoView({ block: 'start' });
}
/** Opens an example (examples-panels.js): its position on the board, then its own request ruled. */
const openExample = withCode('openExample');

// ---- embed mode ----
const nameEmbed = embedCode ? embedCode.initEmbed({ readonly: READONLY, title: () => sys().name }) : () => {};
if (EMBED) $('embed-open').href = links.pageURL();

// The browser tests' hook: only in the test build (MOVECALC_TEST, defined by build-site.mjs).
if (MOVECALC_TEST) {
  installTestHook({ ui, store, board, canvas, engine, currentRequest, render, shareCode: links.shareCode, openExample,
    cancelRule, refreshQueued: () => ui.refreshQueued, library: async () => (await library.get()).library(), playOverlay: tools.playOverlay, loadKeys: tools.loadKeys });
}

async function start() {
  // boot.js started the engine worker loading the rule set on screen only (a third of the
  // all-in-one module's size) before this module arrived
  $('system').replaceChildren(...SYSTEM_IDS.map((id) => option(id, GAME_FACTS[id].name)));
  $('system').value = store.state.system;
  // The forms and the board are built once, after `describe`, when the engine is ready before the
  // browser draws its next frame (usually: its module arrived with this one). Otherwise that frame
  // shows them built without it, and they are built again when the engine answers.
  const early = requestAnimationFrame(() => { if (!ui.ready) refreshIfStale(); });
  const linked = links.openLinkInURL();
  // an embed whose URL does not name its game (boot.js) loads the game of its link, once read
  const first = engineLoading ?? linked.then(() => null);
  const loading = first.then((d) => (engine.holds(store.state.system) ? d : engine.load([store.state.system])));
  if (location.hash === '#examples') showGallery();
  let d;
  try {
    d = await loading;
  } catch (err) {
    cancelAnimationFrame(early);
    refreshNow();
    $('status').textContent = 'engine failed to load';
    $('status').className = 'status failed';
    $('verdict').textContent = `The engine could not be loaded: ${err.message ?? err}`;
    unitListInView.watch(); unitFormInView.watch(); // (the units can be set up for when it loads)
    return;
  }
  store.engineReady();
  cancelAnimationFrame(early);
  describeEngine(d);
  refreshNow();
  $('ask').disabled = false;
  $('run').disabled = false;
  $('status').textContent = `engine ${ui.described.version} ready`;
  $('status').className = 'status ready';
  const opened = await linked;
  // a link may have shown another game: its engine module is loaded before the page is ready
  if (!engine.holds(store.state.system)) {
    try { describeEngine(await engine.load([store.state.system])); refreshNow(); } catch { /* ask() says so */ }
  }
  // the position on the board is ruled at once: a link's, or the saved or default one, unless its
  // ruling ran over the budget last time (or a link's was never answered): then Rule on it does
  const pending = links.takePending();
  if (pending === true) await ask();
  else if (pending) await pending;
  else if (opened === null && !ui.unruled) await ask();
  else if (opened === null) {
    $('verdict').textContent = 'This position was not ruled automatically: its last ruling took too long or never finished. Press Rule on it.';
    $('verdict').className = 'verdict';
  }
  document.body.dataset.ready = 'true';
  unitListInView.watch(); unitFormInView.watch();
}

// a page the worker served (a visit after the first): sw.js keeps every file for offline use now
const served = 'serviceWorker' in navigator && !!navigator.serviceWorker.controller;
if ('serviceWorker' in navigator && location.protocol !== 'file:') {
  // a new build's worker takes over at once (sw.js); a page it took over offers a reload
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (served) notice('A new version of movecalc is ready.', { label: 'Reload', run: () => location.reload() }, 'info');
  });
}
// The worker caches the page's files for offline use, and each game's own files (page and engine
// modules) once the page has opened that game (sw.js): it is registered once the first ruling is
// drawn (after the frame that shows it), so that neither its downloads nor its start compete with
// the page's own, and told the games opened so far, whose files came before it. From the second
// visit on (a page the worker served), it is also asked to keep the files a feature fetches at its
// first use (the panels' forms, the share links' checks, the pictures, the rules reference), so
// that every feature works offline without weighing on a first visit. An embed registers none: it
// stores nothing in the visitor's browser and loads only its own game.
const keepsOffline = !EMBED && 'serviceWorker' in navigator && location.protocol !== 'file:';
const keepOffline = (games, rest = false) => navigator.serviceWorker.ready.then((r) => r.active?.postMessage({ games, rest }));
if (keepsOffline) store.onChange((why) => { if (why === 'system') keepOffline([store.state.system]); });
start().finally(() => requestAnimationFrame(() => setTimeout(() => {
  if (!keepsOffline) return;
  navigator.serviceWorker.register(scriptURL(new URL('./sw.js', location.href))).catch(() => {});
  keepOffline(Object.keys(SYSTEMS), served);
})));
