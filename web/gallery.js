// The Examples panel's list (examples-panels.js renderGallery), fetched with it when the panel first
// opens: the game on screen's examples first, every other one folded under "Other games". Like the
// examples, it works offline once it has been opened online. It imports nothing of the page's
// start (the page's helpers come in `page`), so the page's own modules stay in the files they are in.

// (its rules as a string: web/build-site.mjs bundles a style sheet a module imports so)
import galleryRules from './gallery.css';

// the list's rules, before any of it is built
const sheet = new CSSStyleSheet();
sheet.replaceSync(galleryRules);
document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];

// An example's title and note in words: the clause ids a title starts with (scenario files'
// convention) said apart, the rules texts' "seed" examples called the rules' examples.
const seedWords = (text) => {
  const t = text.replace(/\bseed example (\d+)/gi, 'the rules\u2019 example $1').replace(/\bthe seed's example\b/gi, 'the rules\u2019 worked example')
    .replace(/\b(?:the )?seed example\b/gi, 'the rules\u2019 example');
  return `${t.charAt(0).toUpperCase()}${t.slice(1)}`;
};
function exampleWords(title) {
  const ids = title.match(/^(?:[A-Z0-9]+-[A-Z0-9.-]+\s+)*/)[0].trim();
  return { ids, words: seedWords(title.slice(ids.length).trim()) };
}

/**
 * The gallery's content for `system`: `examples` (examples-list.js's), `page`: `el` and `on`
 * (draw.js's and forms.js's), `gameName(id)`, `gameShown` (the name of the game on screen) and
 * `openExample(ex)`.
 */
export function galleryNodes(examples, system, { el, on, gameName, gameShown, openExample }) {
  const item = (ex, i, named) => {
    const li = el('li');
    const { ids, words } = exampleWords(ex.title);
    li.append(el('h3', words), el('p', `${named ? `${gameName(ex.request?.system) ?? 'The engine'}${ex.note ? ': ' : ''}` : ''}${ex.note === undefined ? '' : seedWords(ex.note)}`, 'note'));
    if (ids) li.append(el('p', `Rules: ${ids.split(/\s+/).join(', ')}`, 'note clauses'));
    const b = el('button', 'Open', 'secondary small');
    b.type = 'button';
    b.dataset.example = String(i);
    b.setAttribute('aria-label', `Open the example: ${words}`);
    on(b, 'click', () => openExample(ex));
    li.append(b);
    return li;
  };
  const all = examples.map((ex, i) => [ex, i]);
  const mine = all.filter(([ex]) => ex.request?.system === system);
  const others = all.filter(([ex]) => ex.request?.system !== system);
  const list = el('ol', undefined, 'gallery');
  list.append(...mine.map(([ex, i]) => item(ex, i, false)));
  const more = el('details', undefined, 'gallery-others');
  const otherList = el('ol', undefined, 'gallery');
  otherList.append(...others.map(([ex, i]) => item(ex, i, true)));
  more.append(el('summary', `Other games and the engine (${others.length})`), otherList);
  return [...(mine.length ? [list] : [el('p', `No example of ${gameShown} yet.`, 'note')]), more];
}
