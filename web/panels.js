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

/**
 * The tab strip over the side panels (`nav`, in the board's pinned stage): one button per panel of
 * `root` that has a `data-tab` name. A tab makes its panel the current one (`root.dataset.tab`; on a
 * phone only that panel is shown, under the pinned board), opens it and brings it into view. A
 * panel opened another way (its summary, a tool, a link) becomes the current one too.
 */
export function createTabs(root, nav) {
  const panels = [...root.querySelectorAll(':scope > .panel[data-tab]')];
  const buttons = new Map(panels.map((p) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'tab';
    b.id = `tab-${p.id}`;
    b.textContent = p.dataset.tab;
    b.setAttribute('aria-controls', p.id);
    b.addEventListener('click', () => select(p.id, true));
    return [p.id, b];
  }));
  nav.replaceChildren(...buttons.values());
  function select(id, scroll = false) {
    const p = document.getElementById(id);
    if (!buttons.has(id)) return;
    root.dataset.tab = id;
    for (const [pid, b] of buttons) {
      b.setAttribute('aria-pressed', String(pid === id));
      document.getElementById(pid).toggleAttribute('data-current', pid === id);
    }
    if (p.tagName === 'DETAILS' && !p.open) p.open = true;
    if (scroll) {
      // On a phone the panels scroll in their own box under the pinned board: that box, not the
      // page (scrollIntoView would move the board away), goes to the panel's top.
      if (getComputedStyle(root).overflowY === 'auto') root.scrollTop = p.offsetTop - root.offsetTop - root.clientTop;
      else p.scrollIntoView({ block: 'start' });
      const b = buttons.get(id);
      if (b.offsetLeft < nav.scrollLeft || b.offsetLeft + b.offsetWidth > nav.scrollLeft + nav.clientWidth) nav.scrollLeft = b.offsetLeft - nav.offsetLeft;
    }
  }
  new MutationObserver((records) => {
    for (const r of records) if (r.target.open && r.target.parentNode === root) select(r.target.id);
  }).observe(root, { attributes: true, attributeFilter: ['open'], subtree: true });
  select(panels[0].id);
  return { select };
}
