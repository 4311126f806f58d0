// The side panels: a closed panel is filled when it opens, not on every change, so the first
// ruling does not wait for forms nobody sees yet (docs/performance.md) and an edit rebuilds only
// what is on screen. Opening sets the `open` attribute; the observer's callback runs before the
// next frame is drawn, so an opened panel never shows stale content. Knows no game.

/**
 * `renderers`: panel id → the function that fills it; `once`: the ids of static panels, filled the
 * first time only; `root`: the element holding every panel (watched for `open`).
 */
export function createPanels(renderers, once, root) {
  const $ = (id) => document.getElementById(id);
  const ONCE = new Set(once);
  const stale = new Set(Object.keys(renderers));
  const renderIfStale = (id) => {
    if (!stale.has(id)) return;
    stale.delete(id);
    renderers[id]();
  };
  new MutationObserver((records) => {
    for (const r of records) if (r.target.open) renderIfStale(r.target.id);
  }).observe(root, { attributes: true, attributeFilter: ['open'], subtree: true });
  return {
    ids: Object.keys(renderers),
    /** Fills a panel now if it is open; otherwise when it opens. */
    render(id) {
      if (ONCE.has(id)) { if ($(id).open) renderIfStale(id); } else if ($(id).open) { stale.delete(id); renderers[id](); } else stale.add(id);
    },
    /** Fills a panel, open or not, if a change since it was last filled has not reached it. */
    renderIfStale,
  };
}
