// The Share panel's Download SVG and Download PNG buttons. The picture's code (download-picture.js,
// with the drawing modules picture.js and svg-context.js) is fetched at the first download: most
// visits never make one (7 KB gzip of the page's code; docs/performance.md "Weight, third round"
// and "fifth round").
const $ = (id) => document.getElementById(id);

/**
 * Wires the buttons. `page`: the `board`, the page's `ui` state (its `result`), `doc()`, `sys()`,
 * `system()` (its id), `link()` (a promise of the share link of the position on screen) and
 * `legendMarks` (scene.js's).
 */
export function initDownloads(page) {
  const note = $('download-note').textContent;
  const make = (kind) => async () => {
    let code;
    try { code = await import('./download-picture.js'); } catch {
      // offline before any download: the code was never fetched
      $('download-note').textContent = 'The picture could not be made: its drawing code could not be loaded (offline?).';
      return;
    }
    $('download-note').textContent = note;
    await code.download(kind, page);
  };
  $('download-svg').addEventListener('click', make('svg'));
  $('download-png').addEventListener('click', make('png'));
}
