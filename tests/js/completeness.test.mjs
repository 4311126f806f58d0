// Completeness: every game `describe` lists has what the other games have (docs/adding-a-game.md
// "What a game ships"): scenarios for each of its queries, bad inputs, limits, property tests,
// agreement checks, a fuzz seed, bench cases, its API and rules pages, the arrays form of its hex
// reach and a page module with the required keys. Each game's test names every missing piece at once.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { createEngine, splitRequest } from '../../wasm/movecalc.mjs';
import { latencyCases } from '../../bench/generate.mjs';
import { loadScenario, root, scenarioFiles } from './util.mjs';
import { GAME_FACTS } from '../../web/games/list.js';
import { agreementOf } from '../reliability/agree.mjs';

const engine = await createEngine();
const described = engine.request({ query: 'describe' }).result;

/** The keys every web/games/<game>.js default export must hold (docs/page.md "How a rule set plugs in"). */
const PAGE_KEYS = ['unitFields', 'newUnit', 'unitJSON', 'queries', 'defaults', 'terrainColours', 'draw'];
/** The keys of each game's row in web/games/list.js (what the page shows before the module loads). */
const ROW_KEYS = ['name', 'clausePrefix', 'board', 'lengthUnit'];

const scenarios = scenarioFiles().map((file) => ({ file, s: loadScenario(file) }));
const fuzzCorpus = readdirSync(join(root, 'tests', 'fuzz', 'corpus'), { recursive: true })
  .map((f) => join(root, 'tests', 'fuzz', 'corpus', f))
  .filter((f) => /[0-9a-f]{40}$/.test(f));
const corpusText = fuzzCorpus.map((f) => readFileSync(f, 'latin1'));
const benched = latencyCases();

/** The cases of tests/<folder>/<id>.json, or null when there is no such file. */
function casesOf(folder, id) {
  const file = join(root, 'tests', folder, `${id}.json`);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).cases : null;
}

/** What `system` (an entry of describe's systems) lacks, as sentences; empty when nothing. */
async function missingOf(system) {
  const { id, board } = system;
  const missing = [];
  const own = scenarios.filter(({ s }) => s.request?.system === id);
  for (const q of system.queries) {
    if (!own.some(({ s }) => s.request.query === q.name)) missing.push(`a scenario of ${q.name} in tests/scenarios/${id}/`);
  }
  if (!(casesOf('bad-inputs', id)?.length > 0)) missing.push(`bad inputs: tests/bad-inputs/${id}.json`);
  if (!(casesOf('limits', id)?.length > 0)) missing.push(`limits (worst cases): tests/limits/${id}.json`);
  if (!existsSync(join(root, 'tests', 'reliability', `properties-${id}.test.mjs`))) {
    missing.push(`property tests: tests/reliability/properties-${id}.test.mjs`);
  }
  const agree = await agreementOf(id);
  if (!agree) missing.push(`agreement checks: tests/reliability/agree-${id}.mjs`);
  else for (const q of system.queries) if (typeof agree[q.name] !== 'function') missing.push(`tests/reliability/agree-${id}.mjs: a check of ${q.name}`);
  if (!corpusText.some((t) => t.includes(`"system":"${id}"`))) missing.push('a fuzz seed in tests/fuzz/corpus/ (bin/fuzz --merge)');
  if (!benched.some((c) => c.system === id)) missing.push('bench cases (bench/generate.mjs: a scenario of its first query, or its entry in BENCHED_BY_HAND)');
  for (const doc of [`docs/api/${id}.md`, `docs/rules/${id}.md`]) if (!existsSync(join(root, doc))) missing.push(doc);

  // The arrays form of a hex reach (docs/api.md "Arrays"): describe offers it, and a reach scenario
  // asked through a position in that form gets its hexes in columns.
  const reach = system.queries.find((q) => q.name === 'reach');
  if (board === 'hex' && reach) {
    if (reach.arrays !== true) missing.push('the arrays form of reach (describe: queries[reach].arrays)');
    const sample = own.find(({ s }) => s.request.query === 'reach' && s.expected?.ok === true);
    if (sample) {
      const { position, query } = splitRequest(sample.s.request);
      const pos = engine.open(position);
      try {
        const a = pos.ask(query, { format: 'arrays' });
        if (!(a.ok && a.arrays?.q instanceof Int32Array && a.arrays.q.length === a.result.rows && a.result.rows > 0)) {
          missing.push(`reach's hexes in columns when asked with format "arrays" (${sample.file.slice(root.length)})`);
        }
      } finally {
        pos.close();
      }
    }
  }

  // The page's module (web/games/<id>.js), read as it is.
  const pageFile = join(root, 'web', 'games', `${id}.js`);
  if (!existsSync(pageFile)) {
    missing.push(`the page's module web/games/${id}.js`);
  } else {
    const game = (await import(pageFile)).default ?? {};
    const lacking = PAGE_KEYS.filter((k) => game[k] === undefined);
    if (lacking.length) missing.push(`web/games/${id}.js: the keys ${lacking.join(', ')}`);
    for (const q of Object.keys(game.queries ?? {})) {
      if (!system.queries.some((d) => d.name === q)) missing.push(`web/games/${id}.js: ${q} is no query of describe`);
      if (typeof game.draw?.[q] !== 'function') missing.push(`web/games/${id}.js: a drawer draw.${q}`);
    }
  }
  const row = GAME_FACTS[id];
  if (!row) missing.push(`its row in web/games/list.js`);
  else {
    const lacking = ROW_KEYS.filter((k) => row[k] === undefined);
    if (lacking.length) missing.push(`web/games/list.js: ${id}'s row lacks ${lacking.join(', ')}`);
    if (row.clausePrefix !== undefined && row.clausePrefix !== system.clausePrefix) {
      missing.push(`web/games/list.js: ${id}'s clausePrefix ${row.clausePrefix}, describe ${system.clausePrefix}`);
    }
  }
  return missing;
}

test('describe lists games', () => assert.ok(described.systems.length > 0));

for (const system of described.systems) {
  test(`${system.id}: has every per-game suite, page and doc the other games have`, async () => {
    const missing = await missingOf(system);
    assert.deepEqual(missing, [], `${system.id} lacks:\n- ${missing.join('\n- ')}`);
  });
}
