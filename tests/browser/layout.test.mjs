// The page by game (docs/page.md "How a rule set plugs in"): every game's own code is in
// web/games/<game>.js, listed once in web/games/list.js; the generic modules know no game by
// name. No browser: the sources are read.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { root } from '../js/util.mjs';
import { SYSTEMS, SYSTEM_IDS } from '../../web/model.js';

const web = join(root, 'web');
// Game ids and names, and words that belong to one game's rules (a move, a mark, a field of its
// units or answers): three of them in one file is a file that knows the games. The ids come from
// the registry, so a new game's id is caught too.
const GAME_TERMS = [
  ...SYSTEM_IDS,
  'Arcane Legions', 'Ninth Age', 'Commands & Colors', 'Torn World',
  'breakaway', 'turning tool', 'codex forward',
  'pursuer', 'Overrun', 'Failed Charge', 'combined charge', 'Unit Spacing', 'flee',
  'command card', 'Spartacus', 'retreat', 'evade', 'elephant', 'leader',
  'Engagement', 'Lockdown', 'Nimble', 'Melee Attack',
  'hexon', 'eject', 'Dexterity', 'free attack',
];

function files(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]));
}

/** The game terms a text names (whole words, any case). */
export function gameTerms(text) {
  return GAME_TERMS.filter((t) => new RegExp(`\\b${t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'i').test(text));
}

test('the terms check finds a file that names the games, and not one that names one game once', () => {
  assert.ok(gameTerms('the pursuer of ninth-age; a retreat in cc-ancients').length >= 3);
  assert.ok(gameTerms('an unrelated helper: hexes, costs and paths').length < 3);
  assert.equal(gameTerms('reject the code').length, 0, 'whole words only: "reject" is no "eject"');
});

test('outside web/games/ no page file names three or more game ids or game words; the registry lists every game', () => {
  const named = files(web).filter((f) => /\.(js|mjs|html|css)$/.test(f) && !relative(web, f).startsWith('games/'))
    .map((f) => [relative(root, f), gameTerms(readFileSync(f, 'utf8'))]).filter(([, t]) => t.length >= 3);
  assert.deepEqual(named, [], named.map(([f, t]) => `${f}: ${t.join(', ')}`).join('\n'));
  // every game a module of its own, listed in the registry, and nothing else there but what a
  // game's module fetches later, named after it (`<game>-….js`: ninth-age-later.js)
  const own = readdirSync(join(web, 'games')).filter((f) => !['index.js', 'list.js', 'define.js'].includes(f) && !SYSTEM_IDS.some((id) => f.startsWith(`${id}-`)))
    .map((f) => f.replace(/\.js$/, '')).sort();
  assert.deepEqual([...SYSTEM_IDS].sort(), own);
  for (const id of SYSTEM_IDS) assert.ok(Object.keys(SYSTEMS[id].draw).length > 0, `${id} draws its answers`);
});

test('each game module names no other game', () => {
  const ids = SYSTEM_IDS;
  for (const id of ids) {
    const text = readFileSync(join(web, 'games', `${id}.js`), 'utf8');
    const others = ids.filter((o) => o !== id && text.includes(`'${o}'`));
    assert.deepEqual(others, [], `${id}.js names ${others.join(', ')}`);
  }
});

// A game's concepts, each behind a hook of its module (docs/page.md "How a rule set plugs in"): one
// of them named in a generic module is a game creeping back in, even alone. Where a generic module
// still names one, the reason is beside it.
const CONCEPTS = [
  ['hexon', /\bhexons?\b|hexon[A-Z]|[A-Z_]HEXON/i], // a lattice coarser than the hexes (game `lattice`, `placeKeys`, `boardHexes`)
  ['charger', /\bchargers?\b/i], // the unit a question moves (game `mover`)
  ['13 × 9', /\b13 ?[×x] ?9\b/], // a game's own board (game `presets`)
  ['through', /[.?]through\b/], // a reach's steps linked otherwise than by `parent` (pickedPath's `parentOf`)
];
const CONCEPT_HOMES = {
  'web/hex.js': ['hexon'], // hex maths: the lattice's geometry, which the games' hooks use
  'web/draw.js': ['hexon'], // answers' and requests' poses as docs/api.md writes them (a piece's `hexons`), and "1 hexon" in engine messages
  'web/draw-hex.js': ['hexon'], // the hex games' answers as docs/api.md writes them: a piece's `hexons`, drawn as the hexes they cover
  'web/play-table-charge.js': ['charger'], // The Ninth Age's way of play on a table (a drag as its charge), which its module alone imports
};

test('outside web/games/ no page file names a game concept, but where its reason is given', () => {
  const found = files(web).filter((f) => /\.(js|mjs|html|css)$/.test(f) && !relative(web, f).startsWith('games/'))
    .flatMap((f) => {
      const name = relative(root, f), text = readFileSync(f, 'utf8');
      return CONCEPTS.filter(([c, re]) => re.test(text) && !(CONCEPT_HOMES[name] ?? []).includes(c)).map(([c]) => `${name}: ${c}`);
    });
  assert.deepEqual(found, []);
  assert.ok(CONCEPTS.every(([, re]) => !re.test('an unrelated helper: hexes, costs and paths, its parentNode')), 'the patterns find no generic words');
  const games = readdirSync(join(web, 'games')).map((g) => readFileSync(join(web, 'games', g), 'utf8'));
  for (const [c, re] of CONCEPTS) assert.ok(games.some((text) => re.test(text)), `${c}: the pattern finds its game's module`);
});

// The store (web/store.js): the session changes only through its named actions, and no page module
// keeps state of its own at its top level.
const SESSION_WRITE = /\b(?:ui|session)\.[A-Za-z]+(?:\[[^\]]*\]|\.[A-Za-z]+)*\s*(?:[-+*|&?]{0,2}=(?!=)|\+\+|--)|\b(?:ui|session)\.[A-Za-z]+\.(?:push|pop|splice|shift|unshift)\(/;
// module-level state that is not the session's: each with why it stays where it is
const MODULE_STATE = {
  'web/clause-dialog.js': ['reference'], // rules.json fetched once (a cache)
  'web/model.js': ['paramSpecs'], // what the engine's describe answered, which the request builders read in Node too
};

test('the session is written by the store\'s actions only, and no page module keeps top-level state', () => {
  assert.ok(SESSION_WRITE.test('ui.selected = id') && SESSION_WRITE.test('ui.pending.push(p)') && SESSION_WRITE.test('ui.asked++') && SESSION_WRITE.test('ui.template[s] ??= t'));
  assert.ok(!SESSION_WRITE.test('if (ui.selected === id)') && !SESSION_WRITE.test('store.select(id)'));
  const writes = [], lets = [];
  for (const f of files(web).filter((x) => /\.m?js$/.test(x))) {
    const name = relative(root, f);
    const lines = readFileSync(f, 'utf8').split('\n');
    if (name !== 'web/store.js') lines.forEach((l, i) => { if (SESSION_WRITE.test(l)) writes.push(`${name}:${i + 1}: ${l.trim()}`); });
    for (const l of lines) {
      const m = /^let\s+([A-Za-z_$][\w$]*)/.exec(l);
      if (m && !(MODULE_STATE[name] ?? []).includes(m[1])) lets.push(`${name}: let ${m[1]}`);
    }
  }
  assert.deepEqual(writes, []);
  assert.deepEqual(lets, []);
});

test('no source file dates a comment by its issue: the history is the CHANGELOG\'s', () => {
  const dated = [];
  for (const dir of ['web', 'src']) {
    for (const f of files(join(root, dir)).filter((x) => /\.(m?js|css|html|[ch]|def)$/.test(x))) {
      readFileSync(f, 'utf8').split('\n').forEach((l, i) => { if (/\bissue \d+/i.test(l)) dated.push(`${relative(root, f)}:${i + 1}: ${l.trim()}`); });
    }
  }
  assert.deepEqual(dated, []);
});
