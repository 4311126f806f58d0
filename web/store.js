// The page's one store. Its document part is model.js's: one document per game, each change an
// undoable edit (`edit`, `undo`, `redo`, `load`, …). Its session part is what the page shows of it
// and is not undone: the selected unit, the tool and the mode, the answer drawn, a unit carried, the
// rulings asked, what the engine described. Modules read `store.session` and change it only through
// the named actions below (tests/browser/layout.test.mjs refuses a `session.x =` written elsewhere);
// subscribers (`onSession`) are told which part changed, and the page redraws what shows it.
import { createStore as createDocuments } from './model.js';

/** The store: `saved` the documents from storage, `session` the session's first values. */
export function createStore(saved, session = {}) {
  const docs = createDocuments(saved);
  const s = {
    // what is selected and how the board is used: the unit selected, the tool, Play or Set up
    // ('play': a drag of a unit is its move), a terrain polygon's corners so far, the Ruler's ends
    selected: null, tool: 'move', mode: 'setup', pending: [], ruler: null,
    // the unit a finger carries in play (play-hex.js, play-table.js); the ruler a unit dragged over
    // open ground in a game of charges last read, in words (the tool note), and its line kept on
    // the board after the drop ({line, id, x, y, facing}: while the unit stands where it was measured from)
    carry: null, rulerNote: null, rulerLine: null,
    // a drop that ejects miniatures while the player chooses where each goes (play-eject.js):
    // `{unit, said}`, `said` a refused tap in words
    eject: null,
    // the unit a set-up drag holds off the board ({id, at}: the finger, world): let go there, it is removed (tools.js dragEnd)
    offBoard: null,
    // the answer drawn (request, response, scene, extra), the hex tapped on it, the number of its
    // event shown (null: the whole move), the timeline's time and its animation frame
    result: null, pick: null, event: null, t: 1, playing: 0,
    // the new-unit template per game (units-form.js), a saved army waiting for a tap on the board
    // (library.js), a drag's serial (its edits merge into one Undo step), painting or erasing hexes
    template: {}, placing: null, serial: 0, paintMode: null,
    // the request's text shown (Request panel) and last ruled, the legend's key and whether it was shown
    preview: '', lastRequest: '', legendKey: '', legendShown: false,
    // changes to the documents so far (a ruling asked before the last one may be for another
    // request); the ruling asked last (answers to older ones are dropped); rulings not yet answered;
    // a tap on Make this move while a ruling was due, to be made with it
    edits: 0, asked: 0, inFlight: 0, applyAfter: false,
    // true while the position has not been ruled within the budget since it came from a link or a
    // ruling ran over it (saved: the next visit does not rule it by itself); a save failed
    unruled: false, unsaved: false,
    // the move Make this move made, in words, and the edit count it holds for; what Undo took back,
    // likewise (said before the ruling asked again); the request held back instead of asked (a
    // move just made, a question unfinished); each move's words by what it moved, for Redo's
    made: null, undone: null, held: '', said: new Map(),
    // the edit count while Undo's next step goes back to the player's position before a link (one
    // the browser would not keep: link-io.js), which the Undo button then says
    linkUndo: null,
    // the engine: ready once it answered describe (`described`, with each assumption's summary)
    ready: false, described: null, assumptionSummaries: new Map(),
    // the games whose how-to-play note a phone showed and a touch put away (app.js coach; kept in
    // storage; null when storage is refused)
    coached: [],
    // the pointer over the board (world point), the game the gallery was laid out for, whether the
    // ruling's details list is on screen, and the timer that builds it once a drag rests
    hoverAt: null, galleryOf: null, detailsSeen: true, restTimer: 0,
    // what is scheduled: the frame that rules again (and whether it frames the answer), a refresh
    // queued for this task's end, the save timer
    ruleFrame: 0, ruleFrameWants: false, refreshQueued: false, saveTimer: 0,
    // the boxes of the controls over the board as last read (app.js covers; null: read at the next
    // paint), and the check of them after a frame that read them; the verdict's cut mark read after the next frame
    covers: null, coverCheck: 0, cutLater: 0,
    // whether anything shown changed since the last full refresh (a link's open refreshes once)
    stale: true,
    // what a drag put off till the finger lifts: the full refresh, the ruling's details list (made
    // by `details()`), the full response's text
    deferred: { refresh: false, details: null, response: null },
    ...session,
  };
  const listeners = [];
  /** Sets `patch` and tells the subscribers which part changed (`why`). */
  const set = (why, patch) => { Object.assign(s, patch); for (const f of listeners) f(why); };
  // parts that no subscriber redraws (the page's own bookkeeping)
  const keep = (patch) => { Object.assign(s, patch); };
  return Object.assign(docs, {
    session: s,
    /** `f(why)` after every session change that shows ('select', 'tool', 'mode', 'pending', …). */
    onSession: (f) => listeners.push(f),

    // ---- the board's use ----
    select: (id) => set('select', { selected: id }),
    setTool: (tool) => set('tool', { tool, ruler: null }),
    setMode: (mode) => set('mode', { mode, carry: null }),
    setPending: (pending) => set('pending', { pending }),
    addCorner: (point) => set('pending', { pending: [...s.pending, point] }),
    setRuler: (ruler) => keep({ ruler }),
    setCarry: (carry) => keep({ carry }),
    setRulerNote: (rulerNote) => keep({ rulerNote }),
    setRulerLine: (rulerLine) => keep({ rulerLine }),
    setEject: (eject) => keep({ eject }),
    setOffBoard: (offBoard) => keep({ offBoard }),
    ejectSaid: (said) => { if (s.eject) s.eject.said = said; },
    setTemplate: (system, unit) => keep({ template: { ...s.template, [system]: unit } }),
    setPlacing: (placing) => keep({ placing }),
    /** A new drag or paint stroke: its edits merge into one Undo step. */
    nextGesture: () => { keep({ serial: s.serial + 1 }); return s.serial; },
    setPaintMode: (paintMode) => keep({ paintMode }),

    // ---- the answer ----
    /** A new answer shown; the hex picked on the last stays picked (`keepPick`) when this answers the same question again. */
    showResult: (result, keepPick = false) => keep({ result, held: '', pick: keepPick ? s.pick : null, event: null }),
    clearResult: () => keep({ result: null, pick: null, t: 1 }),
    dropResult: () => keep({ result: null }),
    /** A hex tapped on the answer (`{q, r}`; `why`: asked whyNot), or null. */
    setPick: (pick) => keep({ pick }),
    /** The way drawn to the picked hex: one of its alternatives. */
    pickWay: (alt) => { if (s.pick) s.pick.alt = alt; },
    /** A drop in play the page did not make (play-hex.js): why, said in the verdict. */
    pickNotMade: (why) => { if (s.pick) s.pick.notMade = why; },
    /** The engine's whyNot for `pick`, kept while that hex is still the one tapped. */
    pickWhy: (pick, why) => { if (s.pick === pick) pick.why = why; },
    showEvent: (event) => keep({ event }),
    setTime: (t) => keep({ t }),
    setPlaying: (playing) => keep({ playing }),
    setPreview: (preview) => keep({ preview }),
    ruledText: (lastRequest) => keep({ lastRequest }),
    setLegend: (legendKey) => keep({ legendKey }),
    legendOpened: () => keep({ legendShown: true }),

    // ---- rulings ----
    edited: () => keep({ edits: s.edits + 1 }),
    /** A ruling asked: its serial (answers to older ones are dropped). */
    asking: () => { keep({ asked: s.asked + 1 }); return s.asked; },
    addInFlight: (by) => keep({ inFlight: s.inFlight + by }),
    setApplyAfter: (applyAfter) => keep({ applyAfter }),
    setUnruled: (unruled) => keep({ unruled }),
    setUnsaved: (unsaved) => keep({ unsaved }),
    /** The move just made, in words (`{at, text}`), or null. */
    setMade: (made) => keep({ made }),
    /** The words of a move made, by `key` what it moved (made-words.js): Redo says them again. As many as Undo keeps steps. */
    remember: (key, text) => { s.said.delete(key); s.said.set(key, text); if (s.said.size > 200) s.said.delete(s.said.keys().next().value); },
    /** What Undo just took back, in words (`{at, text}`), or null. */
    setUndone: (undone) => keep({ undone }),
    setLinkUndo: (linkUndo) => keep({ linkUndo }),
    hold: (held) => keep({ held }),
    engineReady: () => keep({ ready: true }),
    setDescribed: (described) => keep({ described, assumptionSummaries: new Map(described.assumptions.map((a) => [a.id, a.summary])) }),

    // ---- the page's own bookkeeping ----
    setCoached: (coached) => keep({ coached }),
    setHover: (hoverAt) => keep({ hoverAt }),
    galleryFor: (galleryOf) => keep({ galleryOf }),
    setDetailsSeen: (detailsSeen) => keep({ detailsSeen }),
    setRestTimer: (restTimer) => keep({ restTimer }),
    setRuleFrame: (ruleFrame, ruleFrameWants = s.ruleFrameWants) => keep({ ruleFrame, ruleFrameWants }),
    setRefreshQueued: (refreshQueued) => keep({ refreshQueued }),
    setStale: (stale) => keep({ stale }),
    setSaveTimer: (saveTimer) => keep({ saveTimer }),
    setCovers: (covers) => keep({ covers }),
    setCoverCheck: (coverCheck) => keep({ coverCheck }),
    setCutLater: (cutLater) => keep({ cutLater }),
    defer: (patch) => keep({ deferred: { ...s.deferred, ...patch } }),
  });
}
