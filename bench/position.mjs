#!/usr/bin/env node
// Positions kept in the engine (issue 26) against full requests, in WebAssembly under Node: one
// frame of a drag is "one unit moved, the same question asked again". Prints medians and ratios;
// never pass/fail. `npm run bench:position` (after bin/build); the figures go to
// docs/performance.md by hand.
import { createEngine, splitRequest } from '../wasm/movecalc.mjs';
import { latencyCases, hexGrowthCases } from './generate.mjs';
import { measure } from './measure.mjs';

const quick = process.argv.includes('--quick');
const CFG = quick
  ? { targetNs: 2e5, budgetNs: 2e7, minSamples: 3, maxSamples: 30, warmup: 2, warmupNs: 2e7 }
  : { targetNs: 1e6, budgetNs: 5e8, minSamples: 5, maxSamples: 200, warmup: 5, warmupNs: 1e8 };
const engine = await createEngine();
const us = (ns) => (ns / 1000).toFixed(ns < 1e4 ? 2 : 1);

// The unit a frame moves: the second one (the first is the one asked about), turned on a hex
// board when it has a facing, else moved 0.001 along x, or given its own hex again.
function mover(request) {
  const u = request.units[1] ?? request.units[0];
  return (k) => {
    const change = { id: u.id };
    if (typeof u.x === 'number') change.x = u.x + (k & 1) * 0.001;
    else if (typeof u.facing === 'number') change.facing = (u.facing + (k & 1)) % 6;
    else for (const key of ['q', 'r', 'col', 'row']) if (key in u) change[key] = u[key];
    return change;
  };
}

function frameCase(id, request) {
  const { position, query } = splitRequest(request);
  const queryText = JSON.stringify(query);
  const next = mover(request);
  const index = request.units.findIndex((u) => u.id === next(0).id);
  const moving = structuredClone(request);
  let k = 0;
  const full = measure(() => {
    Object.assign(moving.units[index], next(k++));
    JSON.parse(engine.requestText(JSON.stringify(moving)));
  }, CFG);
  const pos = engine.open(position);
  const check = pos.askText(queryText) === engine.requestText(JSON.stringify({ ...position, ...query }));
  k = 0;
  const kept = measure(() => {
    pos.update({ units: [next(k++)] });
    JSON.parse(pos.askText(queryText));
  }, CFG);
  const askOnly = measure(() => pos.askText(queryText), CFG);
  pos.close();
  return { id, fullNs: full.medianNs, keptNs: kept.medianNs, askNs: askOnly.medianNs, same: check };
}

const rows = [];
for (const c of latencyCases().filter((x) => x.size === 'busy')) rows.push(frameCase(c.id, JSON.parse(c.text)));
const [grid] = hexGrowthCases([100]);
rows.push(frameCase('godsgloom/reach/100x100 brief', JSON.parse(grid.text)));
rows.push(frameCase('godsgloom/reach/100x100 full', JSON.parse(grid.textFull)));

console.log('| case | full request frame (µs) | update + ask frame (µs) | ask alone (µs) | full / kept | same bytes |');
console.log('|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(`| ${r.id} | ${us(r.fullNs)} | ${us(r.keptNs)} | ${us(r.askNs)} | ${(r.fullNs / r.keptNs).toFixed(2)} | ${r.same ? 'yes' : 'NO'} |`);
}
