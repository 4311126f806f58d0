// The dice of a question in play (a game whose questions take rolls: its `rolls`, by query and
// field, a list's rows as `list.field`, each '2d6' or the game's own roll: query-form.js
// `rollInto`): a move the dice decide stays ruled by them, and the play
// bar rolls every die the question takes at once, beside the board, where a phone's form had the
// Roll buttons a scroll below it. Then Make this move applies the ruling.
// (a game's module imports it: what it needs of model.js and the forms comes through `page`, as
// the registry's import of a game must not import the model that imports the registry)
import { el, showParts } from './draw.js';

// {key, field?, spec}: question `query`'s field `key`, or `field` of each row of its list `key`
const rollsOf = (game, query, own) => Object.entries(own(game.rolls ?? {}, query) ?? {}).map(([name, spec]) => { const [key, field] = name.split('.'); return { key, field, spec }; });

/** A die's value as the play bar says it: '?' where it is not rolled (nor typed). */
export const rolledOr = (v) => (v === undefined || v === '' ? '?' : v);

/**
 * The dice of document `d`'s question as they stand ("Charge Range 13″", "Raiders’ flee 11",
 * "Spearmen’s pursuit 10", '?' for one not rolled), each named by its field, its row's unit or
 * the game's own words: the play bar's, and what an Undo
 * of a roll took back (made-words.js `undoneStep`, through the game's `play.dice`).
 */
export function diceWords(game, d, own) {
  const inputs = d.inputs[d.query] ?? {};
  // a field by its form's label, its note in brackets left out ("Charge Range (blank: any)"); a
  // row by its unit (its first field of a unit)
  const fieldOf = (key) => own(game.queries, d.query)?.fields?.find((f) => f.key === key);
  const words = (key) => fieldOf(key)?.label?.replace(/ \(.*\)$/, '') ?? key;
  const unitOf = (key, row) => row?.[fieldOf(key)?.row?.(row)?.find((f) => f.kind === 'unit')?.key] || '?';
  // (a game's own roll says itself: `said(into, key, doc)`; a row's its unit too where it is `named`)
  const itself = (spec, into, k) => spec.said?.(into, k, d);
  return rollsOf(game, d.query, own).flatMap(({ key, field, spec }) => (field === undefined ? [itself(spec, inputs, key) ?? `${words(key)} ${rolledOr(inputs[key])}`]
    : (Array.isArray(inputs[key]) ? inputs[key] : []).map((row) => (spec.named ? itself(spec, row ?? {}, field) : `${unitOf(key, row)} ${itself(spec, row ?? {}, field) ?? rolledOr(row?.[field])}`))));
}

// a second press of Roll 2D6 sooner than this after a roll is the same tap's (rollAll)
const SAME_TAP_MS = 500;

/**
 * `page`: the store, `sys()`, `doc()`, `bar` (the element its words and button go in), `own(o, key)`,
 * `unfinished()` (the question lacks what it needs) and `rollInto(spec, into, key, doc)`. Returns
 * `render()`, true when the bar is its own (the question takes dice).
 */
export function initPlayRolls({ store, sys, doc, bar, own, unfinished, rollInto }) {
  const rolls = () => rollsOf(sys(), doc().query, own);
  let lastRoll = { at: -Infinity, query: null }; // the dice last rolled: when (the press's timeStamp), for which question

  /**
   * Every die the question takes rolled anew, as one edit (one Undo step). A press within
   * SAME_TAP_MS of the roll before, for the same question, is that tap's second half: the button,
   * "Roll 2D6 again" after a roll, stays under the finger, and a double tap rolled twice (a
   * newcomer's review).
   */
  function rollAll(e) {
    const query = doc().query;
    if (query === lastRoll.query && e.timeStamp - lastRoll.at < SAME_TAP_MS) return;
    lastRoll = { at: e.timeStamp, query };
    const keys = rolls();
    store.edit((d) => {
      const inputs = (d.inputs[d.query] ??= {});
      for (const { key, field, spec } of keys) {
        if (field === undefined) rollInto(spec, inputs, key, d);
        else for (const row of Array.isArray(inputs[key]) ? inputs[key] : []) if (row && typeof row === 'object') rollInto(spec, row, field, d);
      }
    });
  }

  const titleOf = (query) => own(sys().queries, query)?.title ?? `${query.charAt(0).toUpperCase()}${query.slice(1)}`;

  /**
   * The game's questions the dice decide (The Ninth Age's charge, pursuit and flee) as a select on the bar,
   * where there are two or more: a flee was a Query select a scroll below the board away.
   */
  function questions() {
    const queries = Object.keys(sys().rolls ?? {}).filter((q) => own(sys().queries, q));
    if (queries.length < 2) return [];
    // (a question the dice do not decide, as The Ninth Age's spacing, stays the one shown, and the
    // bar keeps the way back to theirs)
    if (!queries.includes(doc().query) && own(sys().queries, doc().query)) queries.unshift(doc().query);
    const select = el('select');
    select.id = 'play-question';
    select.setAttribute('aria-label', 'Question the dice decide');
    for (const q of queries) {
      const o = el('option', titleOf(q));
      o.value = q;
      if (q === doc().query) o.setAttribute('selected', ''); // (an attribute: showParts compares the bar's HTML)
      select.append(o);
    }
    select.addEventListener('change', () => store.edit((d) => { d.query = select.value; }));
    return [select];
  }

  function nextPart({ lead, query, note }) {
    const ask = el('button', titleOf(query), 'secondary');
    ask.type = 'button';
    ask.dataset.ask = query;
    ask.addEventListener('click', () => store.edit((d) => { d.query = query; }));
    const p = el('p', undefined, 'choice');
    p.append(`${lead} `, ask, el('span', ` ${note}`, 'next-note'));
    return p;
  }

  function render() {
    // (a question still lacking its units, as after its move was made, is finished first: the
    // verdict says what it lacks; the bar keeps the switch between the questions, and so for a
    // question the dice do not decide)
    if (!rolls().length || unfinished()) {
      // (and what may follow a move made, beside the menu that asks it: the game's `rollsNext(doc)`,
      // {lead, query, note}, its question a button that asks it)
      const next = sys().rollsNext?.(doc()), parts = [...questions(), ...(next ? [nextPart(next)] : [])];
      if (!parts.length) return false;
      bar.hidden = false;
      showParts(bar, parts);
      return true;
    }
    const title = titleOf(doc().query);
    // the dice as they stand: after a roll nothing on the screen said what was rolled (only the ruling changed)
    // (a die not rolled is named under "to roll", never as "?": "Dice: Charge Range ?." read as
    // a question to the player, a newcomer's review)
    const dice = diceWords(sys(), doc(), own), open = / \?(?= \(|$)/;
    const rolled = dice.filter((t) => !open.test(t)), toRoll = dice.filter((t) => open.test(t)).map((t) => t.replace(open, ''));
    const p = el('p', rolled.length ? `Dice: ${rolled.join(', ')}${toRoll.length ? `; to roll: ${toRoll.join(', ')}` : ''}.` : `Dice to roll: ${toRoll.join(', ')}.`);
    p.title = `${title}: roll, then Make this move.`;
    // (`said`: the verdict says what was rolled, or the one roll left: rollsLeft names the first)
    p.className = `choice roll-words${toRoll.length > 1 ? '' : ' said'}`;
    // once every die has fallen the button says it rolls them again (a newcomer took "Roll 2D6",
    // unchanged after the roll, for a roll not made)
    // (then a quiet button: dark, it was the bar's one strong button beside Make this move floating
    // on the board, and a player after the next step rolled again; a newcomer's review)
    const again = !toRoll.length;
    const b = el('button', again ? 'Roll 2D6 again' : 'Roll 2D6', again ? 'small secondary' : 'small');
    b.type = 'button';
    b.id = 'play-roll';
    b.setAttribute('aria-label', `Roll 2D6 ${again ? 'again ' : ''}for every roll of the ${title.toLowerCase()}`);
    b.addEventListener('click', rollAll);
    bar.hidden = false;
    showParts(bar, [...questions(), p, b]);
    return true;
  }

  return { render };
}
