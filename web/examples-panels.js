// The Examples gallery and the Advanced editor's example list, its Rule on it and Format: fetched
// when either panel first opens (app.js `examplesCode`), not with the page's start-up code. The
// Advanced panel's first example (describe) is the page's own, shown at once.
import { describeExample, loadExamples } from './examples.js'; // written by build-site.mjs
import { SYSTEMS, gameName, isGame, loadGame, own } from './model.js';
import { el } from './draw.js';
import { option, on } from './forms.js';
import { shareModule } from './links.js';
import { galleryNodes } from './gallery.js';

const $ = (id) => document.getElementById(id);

/**
 * The two panels' code. `page`: the store, `ui`, the board, the engine, `sys()`, and the page's
 * `render`, `answer`, `codeFor`, `holds`, `notAnswered`, `notice`, `cancelRule`, `currentRequest`,
 * `refreshNow` and `renderIfStale`.
 */
export function examplesPanels({ store, ui, board, engine, sys, render, answer, codeFor, holds, notAnswered, notice, cancelRule, currentRequest, refreshNow, renderIfStale }) {
  /** The Advanced panel's list of examples, the one shown kept. */
  function listExamples() {
    loadExamples().then((examples) => {
      const shown = $('example').value;
      $('example').replaceChildren(...examples.map((e, i) => option(String(i), e.title)));
      $('example').value = shown;
    }, () => { /* offline before first use: describe alone */ });
  }
  async function showExample() {
    const i = Number($('example').value);
    const e = i === 0 ? describeExample : (await loadExamples())[i];
    $('example-note').textContent = e?.note ?? '';
    $('request').value = JSON.stringify(e ? e.request : { query: 'describe' }, null, 2);
  }
  async function runAdvanced() {
    renderIfStale('advanced-panel'); // its example is what runs when nobody has opened it
    let request = null;
    const text = $('request').value;
    try {
      request = JSON.parse(text);
    } catch { /* the engine reports it */ }
    if (!holds(request?.system, runAdvanced)) return;
    const serial = store.asking();
    const out = await engine.ask(text);
    await codeFor(request, out.response?.result);
    if (out.superseded || serial !== ui.asked) return;
    if (!out.response) { notAnswered(request, out); return; }
    render(out.response, request && request.system === store.state.system ? request : null);
    $('verdict').scrollIntoView({ block: 'nearest' });
  }
  function formatRequest() {
    try { $('request').value = JSON.stringify(JSON.parse($('request').value), null, 2); } catch {
      render({ ok: false, error: { code: 'bad_json', path: '', message: 'the request is not valid JSON yet' } }, null);
    }
  }

  /** The gallery: the game on screen's examples first, every other one folded under "Other games". */
  async function renderGallery() {
    const system = store.state.system;
    if (ui.galleryOf === system) return; // laid out for this game already
    store.galleryFor(system);
    let examples;
    // busy while the examples are fetched on the first opening, as a lazy panel is (panels.js)
    $('gallery-panel').setAttribute('aria-busy', 'true');
    try {
      // (with the checks an example's position passes as it opens: share.js)
      [examples] = await Promise.all([loadExamples(), shareModule()]);
    } catch (err) {
      store.galleryFor(null); // tried again when next opened
      $('gallery').replaceChildren(el('p', `The examples could not be loaded (${err.message ?? err}): they are kept for offline use once they have been opened online.`, 'note'));
      return;
    } finally {
      $('gallery-panel').removeAttribute('aria-busy');
    }
    if (ui.galleryOf !== system) return; // another game's gallery was asked for meanwhile
    $('gallery').replaceChildren(...galleryNodes(examples, system, { el, on, gameName, gameShown: sys().name, openExample }));
  }

  /** Opens an example: its position on the board (undoably), then its own request ruled as written. */
  async function openExample(ex) {
    const req = ex.request;
    if (isGame(req?.system)) {
      // another game's page module is fetched on first use: the verdict says so meanwhile, and the
      // answer on screen (the last example's) is no longer taken for this one's
      if (!own(SYSTEMS, req.system)) { cancelRule(); store.asking(); $('verdict').textContent = `Loading the ${gameName(req.system)} rules…`; $('response').textContent = ''; }
      try { await loadGame(req.system); } catch (err) { notice(`The ${gameName(req.system)} page could not be loaded: ${err.message ?? err}.`); return; }
      try {
        const { checkPosition } = await shareModule();
        const { system, doc: d } = checkPosition({ request: req });
        store.select(null);
        store.load(system, d);
      } catch (err) {
        notice(`This example could not be set up on the board: ${err.message}.`);
      }
    }
    renderIfStale('advanced-panel');
    $('request').value = JSON.stringify(req, null, 2);
    refreshNow();
    board.fit();
    if (!ui.ready) return;
    if (holds(req?.system, () => ruleExample(req))) ruleExample(req);
  }

  /** Rules an example's own request as written (its position is on the board already). */
  async function ruleExample(req) {
    cancelRule();
    const serial = store.asking();
    const out = await answer(req);
    if (out.superseded || serial !== ui.asked) return;
    if (!out.response) { notAnswered(req, out); return; }
    store.ruledText(JSON.stringify(currentRequest(), null, 2));
    render(out.response, req?.system === store.state.system ? req : null, out.extra);
    $('verdict').scrollIntoView({ block: 'nearest' });
  }

  return { listExamples, showExample, runAdvanced, formatRequest, renderGallery, openExample };
}
