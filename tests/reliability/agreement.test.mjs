// Every answer agrees with itself (issue 35), for every query of every game `describe` lists: each
// summary field matches the details it sums up, as the game's agree-<game>.mjs says query by query
// (`legal` and each game's own verdicts with their reasons, `canBattle` with its parts, counts with
// their lists, a choice's default with the answer). Asked of every scenario request and of random battlefields
// grown from them (gen.mjs rulingRequests: every unit moved a little, their order shuffled).
// agreement-cc-ancients.test.mjs asks the same of random C&C armies.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ask, caseCount, engine } from './props.mjs';
import { rulingRequests } from './gen.mjs';
import { agreementOf } from './agree.mjs';
import { loadScenario, scenarioFiles } from '../js/util.mjs';

const described = JSON.parse(engine.requestText('{"query":"describe"}')).result;
const scenarios = scenarioFiles().map((f) => loadScenario(f).request).filter((r) => r && typeof r.system === 'string');

// A game without its agree-<game>.mjs is left out here, by name: the completeness test fails for it.
const AGREE = Object.fromEntries(await Promise.all(described.systems.map(async (s) => [s.id, await agreementOf(s.id)])));
const unchecked = described.systems.filter((s) => !AGREE[s.id]).map((s) => s.id);

test('CCA-MV-1 GG-MOV-1 TW-MV-1 9A-CH-1 AL-MOV-1 every answer of every query of every game agrees with itself', (t) => {
  if (unchecked.length) t.diagnostic(`left out, no tests/reliability/agree-<game>.mjs: ${unchecked.join(', ')}`);
  const groups = described.systems.filter((s) => AGREE[s.id]).flatMap((s) => s.queries.map(({ name }) => ({
    system: s.id, query: name, hex: s.board === 'hex', requests: scenarios.filter((r) => r.system === s.id && r.query === name),
  })));
  for (const g of groups) assert.equal(typeof AGREE[g.system][g.query], 'function', `${g.system}/${g.query}: no agreement check (agree-${g.system}.mjs)`);
  const asked = [
    ...groups.flatMap((g) => g.requests.map((r, i) => ({ system: g.system, query: g.query, bytes: Buffer.from(JSON.stringify(r)), label: `scenario ${i}` }))),
    ...rulingRequests(groups, caseCount(3000), 35),
  ];
  const checked = new Map();
  for (const [i, a] of asked.entries()) {
    const req = JSON.parse(a.bytes);
    const label = `${a.system}/${a.query} ${a.label ?? `random ${i}`}`;
    const res = ask(req, label);
    if (!res.ok) continue; // a unit pushed off the board, onto another: not a ruling
    AGREE[a.system][a.query](req, res.result, `${label} ${JSON.stringify(req).slice(0, 400)}`);
    checked.set(`${a.system}/${a.query}`, (checked.get(`${a.system}/${a.query}`) ?? 0) + 1);
  }
  t.diagnostic(`answers checked: ${[...checked].map(([k, n]) => `${k} ${n}`).join(', ')}`);
  for (const g of groups) assert.ok(checked.get(`${g.system}/${g.query}`) > 0, `${g.system}/${g.query}: no answer checked`);
});
