// The cards' bar while a game's moves are ordered by cards (play-orders.js): the card's buttons, or
// the card played and Cancel card.
import { el, showParts } from './draw.js';
import { SECTION_WORDS } from './order-model.js';

/** A phone's double-tap time (Android's DOUBLE_TAP_TIMEOUT). */
const DOUBLE_TAP_MS = 300;
const ORDER_COUNTS = [1, 2, 3, 4, 5];

/**
 * `bar`: the element; `cards()`: the game's other cards (its `playCards`: {card, key, name, inputs,
 * orders}); `choose(card, section, given, count)` plays one with `count` orders where it counts them;
 * `end()` cancels the card played. Returns the bar's renderer.
 */
export function initOrderBar({ bar, cards, choose, end }) {
  let count = 3; // the orders on the next section card chosen

  /** The bar hidden, or with the cards to play, or (`played`: the card's name) the card played. */
  return function render(hidden, played) {
    bar.hidden = hidden;
    if (hidden) return;
    if (played === null) {
      const n = el('select');
      n.id = 'order-count';
      n.setAttribute('aria-label', 'Orders on the card');
      for (const k of ORDER_COUNTS) { const o = el('option', `${k} order${k === 1 ? '' : 's'}`); o.value = String(k); n.append(o); }
      n.value = String(count);
      n.addEventListener('change', () => { count = Number(n.value); });
      const buttons = ['left', 'center', 'right'].map((s) => {
        const b = el('button', { left: 'Left', center: 'Center', right: 'Right' }[s], 'secondary small');
        b.type = 'button';
        b.dataset.section = s;
        b.setAttribute('aria-label', `Play a section card: ${SECTION_WORDS[s]}`);
        b.addEventListener('click', () => choose('section', s, {}, count));
        return b;
      });
      // the other cards in one select, played as soon as one is picked
      const more = el('select');
      more.id = 'order-card';
      more.setAttribute('aria-label', 'Play another command card');
      const none = el('option', 'Other…');
      none.value = '';
      const keyOf = (x) => x.key ?? x.card;
      more.append(none, ...cards().map((x) => { const o = el('option', x.name); o.value = keyOf(x); return o; }));
      more.addEventListener('change', () => {
        const x = cards().find((c) => keyOf(c) === more.value);
        if (x) choose(x.card, undefined, x.inputs, count);
      });
      if (showParts(bar, [n, ...buttons, ...(cards().length ? [more] : [])])) bar.scrollTop = 0;
      return;
    }
    // the card played, named only: its running total (orders used, who may still battle and why)
    // is the verdict's, which says it once (a bar repeating it took a second row of a phone)
    const text = el('p', played);
    text.id = 'order-total';
    // (named for what it does beside Make this move, which makes the orders: "End card" was read
    // as a second way to finish the card)
    const stop = el('button', 'Cancel card', 'secondary small');
    stop.type = 'button';
    stop.id = 'order-end';
    stop.title = 'Cancel the card: the units it ordered stay where they were';
    // Cancel card takes the place of the card buttons: the second tap of a double tap on a card
    // (within a phone's double-tap time) would end the card it had just played
    const shown = performance.now();
    stop.addEventListener('click', () => { if (performance.now() - shown >= DOUBLE_TAP_MS) end(); });
    if (showParts(bar, [text, stop])) bar.scrollTop = 0;
  };
}
