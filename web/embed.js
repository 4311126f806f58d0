// Embed mode (?embed=1): the page framed on another site shows the board, the verdict, the legend
// and the ruling in detail (folded), with a heading for screen readers and a link to the full page.
//
// Sizing (docs/embedding.md). With `size=auto` the board takes the proportions of the table and the
// page is as tall as its content: the host sizes the frame to it. The host (the <movecalc-board>
// element, the MediaWiki extension) posts {movecalc: 'hello'} to the frame; from then on the page
// posts {movecalc: 'size', height} to that host's origin whenever its height changes. Only the
// height is ever sent, and only to a window that asked; the host checks the message's origin and
// source. Without `size=auto` the page fills the frame it is given and scrolls within it.
import { EMBED, EMBED_AUTOSIZE } from './boot.js';
// (its rules as a string: web/build-site.mjs bundles a style sheet a module imports so)
import embedRules from './embed.css';

const $ = (id) => document.getElementById(id);

/** Sets up embed mode; `title()` is the name of the game shown. Returns what names the diagram
 * again after the position changed (a link opened), to be called on every refresh. */
export function initEmbed({ readonly, title }) {
  if (!EMBED) return () => {};
  // its rules before its class: no layout of the page is drawn with one and not the other
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(embedRules);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  document.body.classList.add('embed');
  if (EMBED_AUTOSIZE) document.body.classList.add('autosize');
  if (readonly) document.body.classList.add('readonly');
  $('embed-bar').hidden = false;

  // the header (with the page's h1) is hidden in an embed: a heading of its own names what it shows
  const heading = document.createElement('h1');
  heading.className = 'visually-hidden';
  document.body.prepend(heading);
  const name = () => {
    const text = `movecalc diagram: ${title()}`;
    if (heading.textContent !== text) heading.textContent = text;
  };
  name();

  // the ruling in detail is folded under the verdict: the board and the verdict come first
  const fold = document.createElement('details');
  fold.className = 'embed-details';
  const summary = document.createElement('summary');
  summary.textContent = 'The ruling in detail';
  $('details').before(fold);
  fold.append(summary, $('details'));

  // A diagram in a page scrolls with it, as a map embed does: over the board one finger
  // scrolls the host page; two fingers pan and zoom it, and so does one once a tap has activated
  // the diagram (until the board loses focus). A one-finger swipe says so for a moment.
  const board = $('board');
  const hint = document.createElement('p');
  hint.className = 'embed-hint';
  hint.setAttribute('aria-hidden', 'true');
  hint.textContent = 'Two fingers move the board, or tap it first';
  hint.hidden = true;
  board.after(hint);
  let hintTimer = 0, start = null;
  const activate = (on) => {
    document.body.classList.toggle('active', on);
    if (on) hint.hidden = true;
  };
  board.addEventListener('pointerdown', (e) => { start = e.pointerType === 'touch' && e.isPrimary ? [e.clientX, e.clientY] : null; });
  board.addEventListener('pointerup', (e) => {
    if (start && e.isPrimary && Math.hypot(e.clientX - start[0], e.clientY - start[1]) < 10) activate(true);
    start = null;
  });
  board.addEventListener('pointercancel', () => {
    if (!start || document.body.classList.contains('active')) return;
    start = null;
    hint.hidden = false;
    clearTimeout(hintTimer);
    hintTimer = setTimeout(() => { hint.hidden = true; }, 2500);
  });
  board.addEventListener('blur', () => activate(false));
  // two fingers are the board's: the browser neither scrolls nor zooms the page under them
  board.addEventListener('touchmove', (e) => { if (e.touches.length > 1) e.preventDefault(); }, { passive: false });

  let host = null;
  let sent = -1;
  const post = () => {
    if (!host) return;
    const height = Math.ceil(document.body.getBoundingClientRect().height);
    if (height === sent) return;
    sent = height;
    parent.postMessage({ movecalc: 'size', height }, host);
  };
  window.addEventListener('message', (e) => {
    if (e.source !== parent || parent === window || e.data?.movecalc !== 'hello') return;
    host = e.origin === 'null' ? '*' : e.origin; // an opaque origin (a sandboxed host) has no name to target
    sent = -1;
    post();
  });
  new ResizeObserver(post).observe(document.body);
  return name;
}
