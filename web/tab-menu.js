// The tab strip's More menu (panels.js createTabs): the panels that do not fit the strip listed
// as its items, placed below or above the strip, and its keys. Fetched at More's first press: a
// first view opens no menu.
import rules from './tab-menu.css';
import { adoptRules } from './panels.js';

adoptRules(rules);

/**
 * `root` the side panels, `nav` the tab strip, `buttons` its tabs by panel id, `more` and `menu`
 * its last button and its menu, `select(id, scroll)` a panel made the current one and
 * `close(refocus)` the menu's closing (panels.js). Returns `open(focus)`: the
 * menu opened, the item at `focus` focused (null: none).
 */
export function tabMenu({ root, nav, buttons, more, menu, select, close }) {
  function open(focus) {
    menu.replaceChildren(...[...buttons].filter(([, b]) => b.hidden).map(([id, b]) => {
      const item = document.createElement('button');
      item.type = 'button';
      item.className = 'tab-item';
      item.setAttribute('role', 'menuitem');
      item.tabIndex = -1;
      item.textContent = b.textContent;
      item.dataset.panel = id;
      if (root.dataset.tab === id) item.setAttribute('aria-current', 'true');
      item.addEventListener('click', () => { close(true); select(id, true); });
      return item;
    }));
    // below the strip where it fits, else above it (a phone's strip is low on its screen), else on
    // the larger side, scrolling
    menu.classList.remove('up');
    menu.style.removeProperty('max-height');
    menu.hidden = false;
    const n = nav.getBoundingClientRect(), h = menu.getBoundingClientRect().height, below = innerHeight - n.bottom - 8, above = n.top - 8;
    if (h > below && above > below) menu.classList.add('up');
    if (h > Math.max(below, above)) menu.style.maxHeight = `${Math.max(below, above)}px`;
    more.setAttribute('aria-expanded', 'true');
    const list = [...menu.children];
    if (focus !== null) list.at(focus)?.focus();
  }
  // the menu's keys: the arrows, Home and End move among its items; Escape closes it back to More;
  // Tab leaves it closed
  menu.addEventListener('keydown', (e) => {
    const list = [...menu.children], i = list.indexOf(document.activeElement);
    const to = { ArrowDown: i + 1, ArrowUp: i - 1, Home: 0, End: list.length - 1 }[e.key];
    if (to !== undefined) { e.preventDefault(); list[(to + list.length) % list.length].focus(); } else if (e.key === 'Escape') { e.preventDefault(); close(true); } else if (e.key === 'Tab') close(false);
  });
  return { open };
}
