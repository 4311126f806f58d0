// The side panels: a closed panel is filled when it opens, not on every change, so the first
// ruling does not wait for forms nobody sees yet (docs/performance.md) and an edit rebuilds only
// what is on screen. Opening sets the `open` attribute; the observer's callback runs before the
// next frame is drawn, so an opened panel never shows stale content. Knows no game.

/**
 * style.css's phone layouts, portrait and landscape (its media queries of the same): the panels
 * as tabs, the legend a tap away, every control a finger's size; a phone on its side.
 */
export const LANDSCAPE = '(max-height: 500px) and (orientation: landscape)';
export const PHONE_LAYOUT = `(max-width: 900px), ${LANDSCAPE}`;

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
 * Adds a late module's own style rules (a style sheet it imports, bundled as a string of its rules:
 * web/build-site.mjs) to the page's: what no first view shows is not in style.css, which every
 * first visit fetches.
 */
export function adoptRules(rules) {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(rules);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}

/**
 * Code fetched when first asked for: `get()` gives the promise of what `load()` makes (a failure is
 * forgotten, so that the next `get()` tries again); `ready` is what it made, once it has come.
 */
export function loadOnce(load) {
  let loading = null;
  const code = {
    ready: null,
    get: () => (loading ??= load().then((made) => (code.ready = made), (err) => { loading = null; throw err; })),
  };
  return code;
}

/**
 * The filler of a panel whose code (a `loadOnce`) is fetched when the panel first opens: once the
 * code has come, `fill(code)`. Until then the panel's controls are inert and the panel `aria-busy`;
 * if it cannot be fetched (offline before its first use), `failed(err)` says so and the next
 * opening tries again.
 */
export function lazyPanel(panel, code, fill, failed) {
  return async function render() {
    if (code.ready) { fill(code.ready); return; }
    const body = [...panel.children].filter((c) => c.localName !== 'summary');
    for (const c of body) c.inert = true;
    panel.setAttribute('aria-busy', 'true');
    try {
      fill(await code.get());
    } catch (err) {
      failed(err);
    } finally {
      for (const c of body) c.inert = false;
      panel.removeAttribute('aria-busy');
    }
  };
}

/**
 * The filler of a part of a panel (`part`) whose code is fetched when the part first comes into
 * view (an open panel's form below a desktop's fold is not fetched by a first visit): `render()`
 * fills it as lazyPanel's filler does once the part has been on screen (or the code has come), and
 * until then does nothing; `watch()` starts looking, once the page above the part is laid out (on
 * a first visit it fills as the page starts, and the part is in view for a moment first).
 * `foot`: how far above the foot of the view its top must come (px), where a sliver of it there is
 * not yet read.
 */
export function lazyInView(part, code, fill, failed, foot = 0) {
  const filler = lazyPanel(part, code, fill, failed);
  let seen = false;
  const render = () => { if (seen || code.ready) filler(); };
  const watch = () => {
    const eye = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      seen = true;
      eye.disconnect();
      filler();
    }, { rootMargin: `0px 0px -${foot}px` });
    eye.observe(part);
  };
  return { render, watch };
}

/**
 * The tab strip over the side panels (`nav`, in the board's pinned stage): one button per panel of
 * `root` that has a `data-tab` name. A tab makes its panel the current one (`root.dataset.tab`; on a
 * phone only that panel is shown, under the pinned board), opens it and brings it into view. A
 * panel opened another way (its summary, a tool, a link) becomes the current one too. The tabs that
 * do not fit the strip's width whole go, in their order, into the menu of its last button, More
 * (a strip that scrolled sideways cut "Terrain" to "Terra…"); More is pressed while the
 * current panel is one of its menu's. A desktop's strip heads the column of panels itself, all its
 * tabs on its rows (style.css keeps it at the screen's top as the column scrolls): at the pinned
 * stage's foot it lay below the fold (y 1,240 of 800), seen only at the page's end. `phone`: the
 * phone layouts' media query, whose strip stays in the stage (null: an embed, whose strip is hidden).
 */
export function createTabs(root, nav, phone = null) {
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
  const more = document.createElement('button');
  more.type = 'button';
  more.className = 'tab more';
  more.id = 'tab-more';
  const arrow = document.createElement('span');
  arrow.setAttribute('aria-hidden', 'true');
  arrow.textContent = ' ▾';
  more.append('More', arrow);
  more.setAttribute('aria-haspopup', 'menu');
  more.setAttribute('aria-expanded', 'false');
  more.setAttribute('aria-controls', 'tab-menu');
  more.hidden = true;
  const menu = document.createElement('div');
  menu.id = 'tab-menu';
  menu.className = 'tab-menu';
  menu.setAttribute('role', 'menu');
  menu.setAttribute('aria-label', 'More panels');
  menu.hidden = true;
  nav.replaceChildren(...buttons.values(), more, menu);
  // (the stage's last child or the column's first: the document's order, and the keyboard's, stay)
  const stage = nav.parentNode;
  const place = () => { if (phone?.matches === false) root.prepend(nav); else stage.append(nav); };
  phone?.addEventListener('change', place);
  place();

  let shown = null; // the panel a tab brought into view and its top then, kept there (below)
  function select(id, scroll = false) {
    const p = document.getElementById(id);
    if (!buttons.has(id)) return;
    root.dataset.tab = id;
    for (const [pid, b] of buttons) {
      b.setAttribute('aria-pressed', String(pid === id));
      document.getElementById(pid).toggleAttribute('data-current', pid === id);
    }
    more.classList.toggle('current', buttons.get(id).hidden);
    if (p.tagName === 'DETAILS' && !p.open) p.open = true;
    if (scroll) {
      reveal(p);
      shown = { p, top: p.getBoundingClientRect().top, at: p.offsetTop };
    }
  }

  function reveal(p) {
    // On a phone the panels scroll in their own box under the pinned board: that box, not the
    // page (scrollIntoView would move the board away), goes to the panel's top.
    if (getComputedStyle(root).overflowY === 'auto') root.scrollTop = p.offsetTop - root.offsetTop - root.clientTop;
    else p.scrollIntoView({ block: 'start' });
  }
  // A panel brought into view by its tab is brought back where a panel above it grows late (its
  // code or content fetched at first use), until the player scrolls, types or touches: the Examples'
  // gallery arriving pushed Advanced, just chosen, from under the strip to the screen's foot (the
  // browser's scroll anchoring keeps the gallery's top, which grew below it, in place instead).
  // A panel moved by a scroll of the page's own (the Units list bringing a unit's row into view)
  // is let go: only what grew above it (its offsetTop) is undone.
  const keep = new ResizeObserver(() => {
    if (!shown || Math.abs(shown.p.getBoundingClientRect().top - shown.top) <= 1) return;
    if (shown.p.offsetTop === shown.at) shown = null;
    else { reveal(shown.p); shown.at = shown.p.offsetTop; }
  });
  for (const p of panels) keep.observe(p);
  for (const type of ['pointerdown', 'keydown', 'wheel', 'touchstart']) addEventListener(type, () => { shown = null; }, { capture: true, passive: true });

  // the tabs that fit, measured whole (the strip does not scroll); the rest go into More's menu
  function fit() {
    const width = nav.clientWidth;
    if (!width) return; // not shown (a phone's sheet at the verdict alone): fitted when it shows
    close(false);
    for (const b of buttons.values()) b.hidden = false;
    // the column's scroll brings a panel chosen below the strip over it (style.css)
    root.style.setProperty('--strip', `${root.contains(nav) ? nav.offsetHeight : 0}px`);
    // a strip that wraps (a desktop's) shows every tab
    more.hidden = getComputedStyle(nav).flexWrap === 'wrap';
    if (more.hidden) { more.classList.remove('current'); return; }
    const gap = parseFloat(getComputedStyle(nav).columnGap) || 0;
    const widths = [...buttons.values()].map((b) => b.getBoundingClientRect().width);
    const all = widths.reduce((a, w) => a + w, 0) + gap * (widths.length - 1);
    // (room for More where some go into its menu; else the last tab's gap is none)
    let used = all <= width + 0.5 ? -gap : more.getBoundingClientRect().width;
    [...buttons.values()].forEach((b, i) => {
      used += widths[i] + gap;
      b.hidden = used > width + 0.5;
    });
    more.hidden = all <= width + 0.5;
    more.classList.toggle('current', !!buttons.get(root.dataset.tab)?.hidden);
  }
  new ResizeObserver(fit).observe(nav);
  // fitted at once too: until the observer's first call the whole strip stood wider than a phone's
  // screen, which a mobile browser zooms out for (innerWidth read 1,255 at 740 px)
  fit();

  function close(refocus) {
    if (menu.hidden) return;
    menu.hidden = true;
    more.setAttribute('aria-expanded', 'false');
    if (refocus) more.focus();
  }
  // More's menu opened and its keys (tab-menu.js), fetched as a finger or the focus comes onto More:
  // a first view opens none. A press before it came opens the menu once it has. (From the
  // keyboard, a click has no pointer: detail 0; the menu opens on its first item.)
  const menuCode = loadOnce(() => import('./tab-menu.js').then((m) => m.tabMenu({ root, nav, buttons, more, menu, select, close })));
  const openMenu = (focus) => menuCode.get().then((m) => m.open(focus), () => {});
  for (const type of ['pointerdown', 'focus']) more.addEventListener(type, () => menuCode.get().catch(() => {}));
  more.addEventListener('click', (e) => (menu.hidden ? openMenu(e.detail === 0 ? 0 : null) : close(false)));
  more.addEventListener('keydown', (e) => {
    const at = { ArrowDown: 0, ArrowUp: -1 }[e.key];
    if (at === undefined) return;
    e.preventDefault();
    openMenu(at);
  });
  // a touch or click anywhere else closes it
  document.addEventListener('pointerdown', (e) => { if (!nav.contains(e.target)) close(false); });

  new MutationObserver((records) => {
    for (const r of records) if (r.target.open && r.target.parentNode === root) select(r.target.id);
  }).observe(root, { attributes: true, attributeFilter: ['open'], subtree: true });
  select(panels[0].id);
  return { select };
}
