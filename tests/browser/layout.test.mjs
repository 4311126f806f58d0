// The page by game (docs/page.md "How a rule set plugs in"): every game's own code is in
// web/games/<game>.js, listed once in web/games/index.js; the generic modules know no game by
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
  // every game a module of its own, listed in the registry, and nothing else there
  const own = readdirSync(join(web, 'games')).filter((f) => f !== 'index.js').map((f) => f.replace(/\.js$/, '')).sort();
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
