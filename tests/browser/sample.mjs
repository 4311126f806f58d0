// One scenario request per query of every game `describe` lists: the largest (most fields) of each
// that the page can hold and a link carries easily, for the tests that open requests through the
// page's ways in (<movecalc-board>, the MediaWiki tag).
import assert from 'node:assert/strict';
import { checkPosition } from '../../web/share.js';
import { scenarioFiles, loadScenario } from '../js/util.mjs';

const sorted = (v) => (Array.isArray(v) ? v.map(sorted) : v && typeof v === 'object'
  ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sorted(v[k])])) : v);
/** JSON text of a value with its keys sorted: the same for the same request. */
export const canon = (v) => JSON.stringify(sorted(v));

const holds = (r) => { try { checkPosition({ request: r }); return true; } catch { return false; } };

/** [file, request] pairs, one per query of every game of `described` (describe's result). */
export function scenarioSample(described) {
  const all = scenarioFiles().map((f) => [f, loadScenario(f).request]).filter(([, r]) => r?.system && r.query !== 'describe' && holds(r));
  const out = [];
  for (const s of described.systems) {
    for (const { name } of s.queries) {
      const mine = all.filter(([, r]) => r.system === s.id && r.query === name && JSON.stringify(r).length < 6000)
        .sort((a, b) => JSON.stringify(b[1]).length - JSON.stringify(a[1]).length);
      if (mine.length) out.push(mine[0]);
    }
  }
  return out;
}

/**
 * Asserts that a framed page (ready or loading) asks exactly `req` and draws the engine's ruling of
 * it. At rest the page also asks the verdict's sensitivity (docs/api.md "Sensitivity"), so the
 * engine is asked the same.
 */
export async function sameRuling(frame, req, engine, label) {
  await frame.waitForSelector('body[data-ready="true"]', { timeout: 20000 });
  await frame.waitForFunction(() => window.movecalcTest.ruled() && window.movecalcTest.ruling()?.response, null, { timeout: 20000 });
  assert.equal(canon(await frame.evaluate(() => window.movecalcTest.request())), canon(req), `${label}: the page asks the request it was given`);
  const { request, response } = await frame.evaluate(() => window.movecalcTest.ruling());
  assert.equal(canon(request), canon(req), `${label}: the ruling drawn answers that request`);
  const asked = response.sensitivity ? { ...req, sensitivity: true } : req;
  assert.equal(canon(response), canon(JSON.parse(engine.requestText(JSON.stringify(asked)))), `${label}: the engine's ruling`);
}
