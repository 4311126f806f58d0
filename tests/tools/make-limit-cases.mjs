// Writes tests/limits/<system>.json: the worst requests each rule set's limits allow (the format of
// tests/limits/README.md). Requests are generated text ("parts"), so the files stay small; "#" in
// a repeat is the index, and appended digits scale it ("#0.5" is 10·i + 0.5), so that 1,000 units
// or 500 terrain pieces land apart. Run after changing a case: node tests/tools/make-limit-cases.mjs
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { games } from '../../bin/generate.mjs';
import { root, hashCollisions } from '../js/util.mjs';

const rep = (count, each, comma = true) => ({ count, each, comma });
/** n units over rows of the grid: a repeat per row of `perRow`, each unit text made by f(prefix, row). */
function rows(n, perRow, f, firstRow = 0, rowStep = 2) {
  const parts = [];
  for (let k = 0; k * perRow < n; k++) {
    if (k) parts.push(',');
    parts.push(rep(Math.min(perRow, n - k * perRow), f(`r${k}_`, firstRow + k * rowStep)));
  }
  return parts;
}
/** A regular 64-gon of radius 0.45 inside the unit square at (10·i, y0): "#0.5" style x digits. */
function polygon64(y0) {
  const v = [];
  for (let k = 0; k < 64; k++) {
    const a = (2 * Math.PI * k) / 64;
    const fx = (0.5 + 0.45 * Math.cos(a)).toFixed(6).slice(2); // digits after "0."
    const y = (y0 + 0.5 + 0.45 * Math.sin(a)).toFixed(6);
    v.push(`[#0.${fx},${y}]`);
  }
  return `[${v.join(',')}]`;
}
/** A 64-vertex star (32 spikes, radii 4.5 and 1.8) centred at (10·i + 5, y0): concave, so the
 * engine holds it as many convex pieces; "#d.dddddd" x digits as polygon64. */
function star64(y0) {
  const v = [];
  for (let k = 0; k < 64; k++) {
    const a = (Math.PI * k) / 32, r = k % 2 ? 1.8 : 4.5;
    const x = (5 + r * Math.cos(a)).toFixed(6); // in (0.5, 9.5): one digit before the point
    v.push(`[#${x},${(y0 + r * Math.sin(a)).toFixed(6)}]`);
  }
  return `[${v.join(',')}]`;
}
/** A 64-vertex fan at (10·i, y0): an apex 12" below a chain of 63 vertices that bends towards it,
 * held as 62 triangles (the most convex pieces one polygon of the limit makes); "#d.dddddd" x digits. */
function fan64(y0) {
  const v = [`[#5,${(y0 - 12).toFixed(6)}]`];
  for (let k = 0; k < 63; k++) {
    const a = Math.PI * (0.1 + (0.8 * k) / 62);
    v.push(`[#${(5 - 4.5 * Math.cos(a)).toFixed(6)},${(y0 + 6 - 3 * Math.sin(a)).toFixed(6)}]`);
  }
  return `[${v.join(',')}]`;
}
/** One fixed 64-gon of radius r about (cx, cy), the same text for every repeat. */
function circle64(cx, cy, r) {
  const v = [];
  for (let k = 0; k < 64; k++) {
    const a = (2 * Math.PI * k) / 64;
    v.push(`[${(cx + r * Math.cos(a)).toFixed(6)},${(cy + r * Math.sin(a)).toFixed(6)}]`);
  }
  return `[${v.join(',')}]`;
}
/** n pieces of terrain in rows of 20 stars, 10" apart along x, rows `dy` apart from y0. */
function starRows(n, kind, y0, dy) {
  const parts = [];
  for (let k = 0; k * 20 < n; k++) {
    if (k) parts.push(',');
    parts.push(rep(Math.min(20, n - k * 20), `{"id":"s${k}_#","kind":"${kind}","polygon":${star64(y0 + k * dy)}}`));
  }
  return parts;
}
const cases = {};
// ---- GODSGLOOM -------------------------------------------------------------------------------------
const ggUnit = (p, row) => `{"id":"${p}#","side":"blue","col":#,"row":${row},"facing":3}`;
cases.godsgloom = [
  { name: 'reach, 200 x 200 board, 1,000 units, Speed 1000, whole paths asked (4.5 million path hexes: answered in the parent form, MC_MAX_PATH_OUTPUT)', seconds: 5, ok: true, generate: { kind: 'parts', parts: [
    '{"system":"godsgloom","query":"reach","board":{"cols":200,"rows":200},"units":[{"id":"m","side":"red","col":100,"row":199,"facing":0,"speed":1000,"traits":["skirmish","nimble","ignore difficult"]},',
    ...rows(999, 200, ggUnit, 1, 40), '],"unit":"m"}'] } },
  { name: 'reach, 200 x 200 board, 1,000 units, Speed 1000, parent paths', seconds: 5, ok: true, generate: { kind: 'parts', parts: [
    '{"system":"godsgloom","query":"reach","paths":"parent","board":{"cols":200,"rows":200},"units":[{"id":"m","side":"red","col":100,"row":199,"facing":0,"speed":1000},',
    ...rows(999, 200, ggUnit, 1, 40), '],"unit":"m"}'] } },
  { name: 'reach, Flying Teleport over the 200 x 200 board, Speed 1000, 64 reconnaissance hexes', seconds: 5, ok: true, generate: { kind: 'parts', parts: [
    '{"system":"godsgloom","query":"reach","board":{"cols":200,"rows":200,"terrain":[', rep(64, '{"col":#,"row":100,"terrain":"lake"}'),
    ']},"reconnaissance":[', rep(64, '{"col":#,"row":100,"side":"red"}'),
    '],"units":[{"id":"m","side":"red","col":100,"row":199,"facing":0,"speed":1000,"traits":["flying"]},', ...rows(999, 200, ggUnit, 1, 40), '],"unit":"m"}'] } },
  { name: 'move, a 256-hex path back and forth, 1,000 units', seconds: 5, ok: true, generate: { kind: 'parts', parts: [
    '{"system":"godsgloom","query":"move","board":{"cols":200,"rows":200},"units":[{"id":"m","side":"red","col":0,"row":199,"facing":0,"speed":1000},',
    ...rows(999, 200, ggUnit, 1, 40), '],"unit":"m","path":[', rep(128, '{"col":1,"row":199},{"col":0,"row":199}'), ']}'] } },
];

// ---- Torn World ------------------------------------------------------------------------------------
const twInf = (p, row) => `{"id":"${p}#","side":"blue","size":"infantry","col":#,"row":${row}}`;
cases['torn-world'] = [
  { name: 'reach, Infantry running 1000 on a 200 x 200 board with 1,000 miniatures, whole paths asked (2.2 million path hexes: answered in the parent form, MC_MAX_PATH_OUTPUT)', seconds: 5, ok: true, generate: { kind: 'parts', parts: [
    '{"system":"torn-world","query":"reach","board":{"cols":200,"rows":200},"units":[{"id":"m","side":"red","size":"infantry","col":100,"row":199,"move":1000,"run":1000},',
    ...rows(999, 200, twInf, 1, 40), '],"unit":"m","action":"run"}'] } },
  { name: 'reach, Infantry running 1000 on a 200 x 200 board with 1,000 miniatures, parent paths', seconds: 5, ok: true, generate: { kind: 'parts', parts: [
    '{"system":"torn-world","query":"reach","paths":"parent","board":{"cols":200,"rows":200},"units":[{"id":"m","side":"red","size":"infantry","col":100,"row":199,"move":1000,"run":1000},',
    ...rows(999, 200, twInf, 1, 40), '],"unit":"m","action":"run"}'] } },
  { name: 'reach, a 7-hexon Huge running 1000 on a 200 x 200 board with 999 Infantry to eject', seconds: 5, ok: true, generate: { kind: 'parts', parts: [
    '{"system":"torn-world","query":"reach","board":{"cols":200,"rows":200},"units":[{"id":"m","side":"red","size":"huge","hexons":[{"q":0,"r":189},{"q":2,"r":190},{"q":3,"r":187},{"q":1,"r":186},{"q":-2,"r":188},{"q":-3,"r":191},{"q":-1,"r":192}],"move":1000,"run":1000},',
    ...rows(999, 200, (p, row) => `{"id":"${p}#","side":"blue","size":"infantry","col":#,"row":${row}}`, 1, 36), '],"unit":"m","action":"run"}'] } },
  { name: 'move, Infantry along 256 steps back and forth, 1,000 miniatures and markers', seconds: 5, ok: true, generate: { kind: 'parts', parts: [
    '{"system":"torn-world","query":"move","board":{"cols":200,"rows":200},"units":[{"id":"m","side":"red","size":"infantry","col":0,"row":199,"move":1000,"run":1000},',
    ...rows(999, 200, twInf, 1, 40), '],"markers":[', rep(200, '{"id":"k#","kind":"portable","col":#,"row":3}'),
    '],"unit":"m","action":"run","path":[', rep(128, '{"col":1,"row":199},{"col":0,"row":199}'), ']}'] } },
  { name: 'eject: a 7-hexon Huge arriving among 999 Infantry packed around it', ok: true, generate: { kind: 'parts', parts: [
    '{"system":"torn-world","query":"eject","board":{"cols":200,"rows":200},"units":[{"id":"m","side":"red","size":"huge","hexons":[{"q":0,"r":189},{"q":2,"r":190},{"q":3,"r":187},{"q":1,"r":186},{"q":-2,"r":188},{"q":-3,"r":191},{"q":-1,"r":192}],"move":1000,"run":1000},',
    ...rows(999, 40, (p, row) => `{"id":"${p}#","side":"blue","size":"infantry","col":#,"row":${row}}`, 150, 1), '],"unit":"m","at":{"col":20,"row":162}}'] } },
  { name: 'shift: a failed Dexterity shift onto a miniature among 1,000', ok: true, generate: { kind: 'parts', parts: [
    '{"system":"torn-world","query":"shift","board":{"cols":200,"rows":200},"units":[{"id":"m","side":"red","size":"infantry","col":100,"row":100,"move":2,"run":4},',
    ...rows(999, 200, twInf, 1, 40), '],"unit":"m","by":"blue","to":{"col":100,"row":101},"dexterity":"failed"}'] } },
];
// A 7-hexon Huge on a 200 x 200 board all of Volume Landscape (TW-HUG-1, TW-HUG-2): every hexon
// step destroys landscape, the destroyed hexes are the only free ones for ejections, and the
// searches test every footprint hex on the way (the work budget, MC_MAX_WORK).
const twVolume = ['"board":{"cols":200,"rows":200,"terrain":[',
  { count: 40000, each: '{"col":#y,"row":#x,"terrain":"volume"}', comma: true, grid: { per: 200, x: [0, 1], y: [0, 1] } }, ']}'];
const twHuge = '{"id":"m","side":"red","size":"huge","hexons":[{"q":0,"r":189},{"q":2,"r":190},{"q":3,"r":187},{"q":1,"r":186},{"q":-2,"r":188},{"q":-3,"r":191},{"q":-1,"r":192}],"move":1000,"run":1000}';
/** The hexon centres a walk from `start` enters, one hexon direction (tw hexon.h) a step. */
function twHexonWalk(start, dirs) {
  const step = [[2, 1], [3, -2], [1, -3], [-2, -1], [-3, 2], [-1, 3]];
  let { q, r } = start;
  return dirs.map((d) => ({ q: (q += step[d][0]), r: (r += step[d][1]) }));
}
const twHugeEjector = twHuge.replace('"move"', '"abilities":["ejection"],"move"');
const twHugeCase = (name, query, tail, units = '', more = {}) => ({ name, ...more, generate: { kind: 'parts', parts: [
  `{"system":"torn-world","query":"${query}",`, ...twVolume, `,"units":[${twHuge}`, ...(units ? [',', ...units] : []), `],"unit":"m","action":"run"${tail}}`] } });
cases['torn-world'].push(
  twHugeCase('whyNot, a 7-hexon Huge running 1000 over a 200 x 200 board all of Volume Landscape, to a hexon 40 steps away', 'whyNot',
    ',"allowance":10,"to":{"q":40,"r":69}', '', { ok: true }),
  // 5,293 ends, each listing the landscape destroyed on its way: 4.7 million hexes in all.
  twHugeCase('reach, a 7-hexon Huge running 1000 over a 200 x 200 board all of Volume Landscape, brief (MC_MAX_WORK)', 'reach', ',"detail":"brief"', '',
    { code: 'limit', path: '', message: 'MC_MAX_WORK (150000000 units) reached in the reach answer after' }),
  twHugeCase('reach, a 7-hexon Huge running 1000 over a 200 x 200 board all of Volume Landscape, parent paths (MC_MAX_WORK)', 'reach', ',"paths":"parent"', '',
    { code: 'limit', path: '', message: 'MC_MAX_WORK (150000000 units) reached in the reach answer after' }),
  // The ends eject (the searches run) before the answer lists what each end destroyed.
  twHugeCase('reach, a 7-hexon Huge with 30 hexons over a 200 x 200 board all of Volume Landscape, ejecting 999 Infantry into the landscape it destroyed (MC_MAX_WORK)', 'reach',
    ',"allowance":30', rows(999, 100, (p, row) => `{"id":"${p}#","side":"blue","size":"infantry","col":#,"row":${row}}`, 130, 5),
    { code: 'limit', path: '', message: 'MC_MAX_WORK (150000000 units) reached in the reach answer after' }),
  { name: 'reach, a 7-hexon Huge with Ejection and 30 hexons over a 200 x 200 board all of Volume Landscape, ejecting a 7-hexon Huge, whose only room is the landscape destroyed (MC_MAX_WORK)',
    code: 'limit', path: '', message: 'MC_MAX_WORK (150000000 units) reached in the reach answer after', generate: { kind: 'parts', parts: [
    '{"system":"torn-world","query":"reach",', ...twVolume, `,"units":[${twHugeEjector},`,
    '{"id":"h","side":"blue","size":"huge","hexons":[{"q":3,"r":180},{"q":5,"r":181},{"q":6,"r":178},{"q":4,"r":177},{"q":1,"r":179},{"q":0,"r":182},{"q":2,"r":183}]}',
    '],"unit":"m","action":"run","allowance":30}'] } },
  // Each Infantry holds a Linked Marker it has taken, on the hex below it (TW-MK-2): an end on a
  // marker sends it next to its taker, wherever this movement's ejections placed the taker (the
  // ejections scanned for each, charged as work).
  { name: 'reach, a 7-hexon Huge with 30 hexons over a 200 x 200 board all of Volume Landscape, ending on 999 Linked Markers taken by the 999 Infantry beside them, ejected first (MC_MAX_WORK)',
    code: 'limit', path: '', message: 'MC_MAX_WORK (150000000 units) reached in the reach answer after', generate: { kind: 'parts', parts: [
    '{"system":"torn-world","query":"reach",', ...twVolume, `,"units":[${twHuge},`,
    { count: 999, each: '{"id":"i#","side":"blue","size":"infantry","col":#y,"row":#x}', comma: true, grid: { per: 100, x: [130, 5], y: [44, 1] } },
    '],"markers":[',
    { count: 999, each: '{"id":"k#","kind":"linked","col":#y,"row":#x,"takenBy":"i#"}', comma: true, grid: { per: 100, x: [131, 5], y: [44, 1] } },
    '],"unit":"m","action":"run","allowance":30}'] } },
  // 29 hexon steps out and back (hexon directions 1 and 4, 0 and 3), then three towards the enemy
  // Huge five hexon steps above the start (direction 2): the last ends on it, and its only room is
  // the landscape the path destroyed.
  { name: 'move, a 7-hexon Huge with Ejection 29 hexons over a 200 x 200 board all of Volume Landscape, ending on a 7-hexon Huge, whose only room is the landscape destroyed', ok: true, generate: { kind: 'parts', parts: [
    '{"system":"torn-world","query":"move",', ...twVolume, `,"units":[${twHugeEjector},`,
    '{"id":"h","side":"blue","size":"huge","hexons":[{"q":5,"r":174},{"q":7,"r":175},{"q":8,"r":172},{"q":6,"r":171},{"q":3,"r":173},{"q":2,"r":176},{"q":4,"r":177}]}',
    `],"unit":"m","action":"run","allowance":30,"path":${JSON.stringify(twHexonWalk({ q: 0, r: 189 }, [...Array(12).fill(1), ...Array(12).fill(4), 0, 3, 2, 2, 2]))}}`] } },
  // A hostile review's: every end with a piece under it resolves the end, which moved each of the
  // mover's 1,000 taken Linked Markers next to its footprint, each ring hex looked up in the
  // 49-hex footprint and in the list so far, a ring allocated a marker (2 s, 242 MB, uncharged);
  // and looked at every marker of the battlefield twice an end for those under it (about 1 s,
  // then out of memory, among 1,000 Portable Markers that every end covers).
  { name: 'reach, a 7-hexon Huge with 10 hexons that has taken 1,000 Linked Markers, 39 allied Infantry under its ends', ok: true, generate: { kind: 'parts', parts: [
    '{"system":"torn-world","query":"reach","detail":"brief","paths":"parent","board":{"cols":200,"rows":200},"units":[',
    twHuge, ',', { count: 39, each: '{"id":"a#","side":"red","size":"infantry","col":#x,"row":#y}', comma: true, grid: { per: 3, x: [78, 4], y: [181, -3] } },
    '],"markers":[', { count: 1000, each: '{"id":"k#","kind":"linked","takenBy":"m","col":#x,"row":#y}', comma: true, grid: { per: 5, x: [0, 1], y: [0, 1] } },
    '],"unit":"m","action":"run","allowance":10}'] } },
  { name: 'reach, a 7-hexon Huge running 1000 over a 200 x 200 board of 1,000 Portable Markers 6 hexes apart, each end on one', ok: true, generate: { kind: 'parts', parts: [
    '{"system":"torn-world","query":"reach","detail":"brief","paths":"parent","board":{"cols":200,"rows":200},"units":[', twHuge,
    '],"markers":[', { count: 1000, each: '{"id":"k#","kind":"portable","col":#x,"row":#y}', comma: true, grid: { per: 31, x: [0, 6], y: [0, 6] } },
    '],"unit":"m","action":"run"}'] } },
  { name: 'reach, Infantry running 1000 on a 200 x 200 board from among 5 enemies: 5 Free Attacks listed at each of 40,000 ends (27 MB of answer before they were charged; MC_MAX_WORK)', code: 'limit', path: '', message: 'MC_MAX_WORK (150000000 units) reached in the reach answer after', generate: { kind: 'parts', parts: [
    '{"system":"torn-world","query":"reach","paths":"parent","board":{"cols":200,"rows":200},"units":[{"id":"m","side":"red","size":"infantry","q":50,"r":100,"move":1000,"run":1000},',
    '{"id":"e0","side":"blue","size":"infantry","q":51,"r":100},{"id":"e1","side":"blue","size":"infantry","q":51,"r":99},{"id":"e2","side":"blue","size":"infantry","q":50,"r":99},',
    '{"id":"e3","side":"blue","size":"infantry","q":49,"r":100},{"id":"e4","side":"blue","size":"infantry","q":49,"r":101}],"unit":"m","action":"run"}'] } },
);

// ---- Commands & Colors: Ancients --------------------------------------------------------------------
/** Rows of C&C units [prefix, side, row, count = 200, type = heavy infantry], comma-separated. */
const ccRows = (list) => list.flatMap(([p, side, row, count = 200, type = 'heavy infantry'], k) =>
  [...(k ? [','] : []), rep(count, `{"id":"${p}#","side":"${side}","type":"${type}","col":#,"row":${row}}`)]);
const ccUnit = (p, row) => `{"id":"${p}#","side":"blue","type":"light cavalry","col":#,"row":${row}}`;
cases['cc-ancients'] = [
  { name: 'reach, light cavalry on a 200 x 200 board among 1,000 units', seconds: 5, ok: true, generate: { kind: 'parts', parts: [
    '{"system":"cc-ancients","query":"reach","board":{"cols":200,"rows":200},"units":[{"id":"m","side":"red","type":"light cavalry","col":100,"row":100},',
    ...rows(999, 200, ccUnit, 1, 40), '],"unit":"m"}'] } },
  { name: 'move, a 256-hex path (over the allowance) among 1,000 units', seconds: 5, ok: true, generate: { kind: 'parts', parts: [
    '{"system":"cc-ancients","query":"move","board":{"cols":200,"rows":200},"units":[{"id":"m","side":"red","type":"light cavalry","col":0,"row":199},',
    ...rows(999, 200, ccUnit, 1, 40), '],"unit":"m","path":[', rep(128, '{"col":1,"row":199},{"col":0,"row":199}'), ']}'] } },
  { name: 'retreat: 64 flags x 5 hexes on a 200 x 200 board, 1000 units, four rows of blockers', ok: true, generate: { kind: 'parts', parts: [
    '{"system":"cc-ancients","query":"retreat","unit":"lc","attacker":"cm","flags":64,"board":{"cols":200,"rows":200},"units":[{"id":"lc","side":"red","type":"light cavalry","col":100,"row":0},{"id":"cm","side":"blue","type":"camel","col":5,"row":1},',
    ...ccRows([['a', 'blue', 150], ['b', 'blue', 152], ['c', 'red', 154], ['d', 'red', 156, 198]]), ']}'] } },
  { name: 'retreat: 64 flags on an open 200 x 200 board (paths capped at CCA_MAX_LISTED_PATHS)', ok: true, request: {
    system: 'cc-ancients', query: 'retreat', unit: 'lc', attacker: 'cm', flags: 64, board: { cols: 200, rows: 200 },
    units: [{ id: 'lc', side: 'red', type: 'light cavalry', col: 100, row: 0 }, { id: 'cm', side: 'blue', type: 'camel', col: 100, row: 199 }] } },
  { name: 'evade: a lone leader among 1000 units on a 200 x 200 board', ok: true, generate: { kind: 'parts', parts: [
    '{"system":"cc-ancients","query":"evade","unit":"L","board":{"cols":200,"rows":200},"units":[{"id":"L","side":"red","type":"leader","col":100,"row":0},',
    ...ccRows([['a', 'blue', 1, 200, 'light infantry'], ['b', 'blue', 2, 200, 'light infantry'], ['c', 'red', 3], ['d', 'red', 4, 199]]), ']}'] } },
  { name: 'order: Line Command over a chain of 1000 foot units listed from its far end, 1000 moves', ok: true, generate: { kind: 'parts', parts: [
    '{"system":"cc-ancients","query":"order","side":"red","card":{"type":"line command"},"board":{"cols":200,"rows":200},"units":[',
    ...ccRows(['a', 'b', 'c', 'd', 'e'].map((p, k) => [p, 'red', 10 + k])), '],"ordered":[',
    ...['e', 'd', 'c', 'b', 'a'].flatMap((p, k) => [...(k ? [','] : []), rep(200, `"${p}#"`)]), '],"moves":[',
    rep(200, '{"unit":"a#","path":[{"col":#,"row":9}]}'), ',', rep(800, '{"unit":"e0","path":[]}'), ']}'] } },
];

// ---- Arcane Legions --------------------------------------------------------------------------------
const alUnit = (p, y) => `{"id":"${p}#","side":"blue","x":#0.5,"y":${y}.5,"facing":0,"base":"sortie"}`;
const alTerrain = `{"id":"t#","kind":"blocking","polygon":${polygon64(40)}}`;
const box = (x0, y0, x1, y1) => [[x0, y0], [x1, y0], [x1, y1], [x0, y1]];
cases['arcane-legions'] = [
  { name: 'move, 64 actions (steps and turns) among 1,000 units and 500 terrain pieces of 64 vertices', seconds: 5, ok: true, generate: { kind: 'parts', parts: [
    '{"system":"arcane-legions","query":"move","units":[{"id":"m","side":"red","x":5,"y":20,"facing":0,"base":"formation","movementIcons":1000},',
    ...rows(999, 250, alUnit, 3, 8), '],"terrain":[', rep(500, alTerrain),
    '],"order":{"unit":"m","actions":[', rep(16, '{"step":"forward","distance":0.5},{"turn":90,"off":"front","toward":"right"},{"step":"left"},{"turn":45,"off":"front","toward":"left"}'), ']}}'] } },
  { name: 'move, 64 steps straight into 500 terrain pieces of 64 vertices (a collision, snap and slide search)', seconds: 5, ok: true, generate: { kind: 'parts', parts: [
    '{"system":"arcane-legions","query":"move","units":[{"id":"m","side":"red","x":2005,"y":30,"facing":30,"base":"formation","movementIcons":1000},',
    ...rows(999, 250, alUnit, 3, 8), '],"terrain":[', rep(500, alTerrain),
    '],"order":{"unit":"m","slide":"left","actions":[', rep(64, '{"step":"forward"}'), ']}}'] } },
  { name: 'reachArea, 1000 points, 8 samples per step (truncated at 20,000), 1,000 units, 500 terrain pieces', seconds: 5, ok: true, generate: { kind: 'parts', parts: [
    '{"system":"arcane-legions","query":"reachArea","units":[{"id":"m","side":"red","x":2005,"y":30,"facing":0,"base":"formation","movementIcons":1000},',
    ...rows(999, 250, alUnit, 3, 8), '],"terrain":[', rep(500, alTerrain), '],"unit":"m","samplesPerStep":8}'] } },
  // Every turn leaves `toward` open, and every option of every choice re-runs the order: 32 choices
  // x 64 actions x 500 control pieces the mover stands on, each re-tested every action.
  { name: 'move, 64 actions, 32 turns leaving toward open, standing on 500 control pieces of 64 vertices (MC_MAX_WORK)', code: 'limit', path: 'order', message: 'MC_MAX_WORK (150000000 units) reached in the open choices after', generate: { kind: 'parts', parts: [
    '{"system":"arcane-legions","query":"move","units":[{"id":"m","side":"red","x":50,"y":50,"facing":0,"base":"formation","movementIcons":1000}],"terrain":[',
    rep(500, `{"id":"t#","kind":"control","polygon":${circle64(50, 50, 8)}}`),
    '],"order":{"unit":"m","actions":[', rep(32, '{"step":"forward","distance":0.5},{"turn":45,"off":"front"}'), ']}}'] } },
  { name: 'move, 64 actions, 32 turns leaving toward open, 999 units and 500 pieces of control terrain along the way', ok: true, generate: { kind: 'parts', parts: [
    '{"system":"arcane-legions","query":"move","units":[{"id":"m","side":"red","x":5,"y":20,"facing":0,"base":"formation","movementIcons":1000},',
    ...rows(999, 250, alUnit, 3, 8), '],"terrain":[', rep(500, `{"id":"t#","kind":"control","polygon":${polygon64(20)}}`),
    '],"order":{"unit":"m","actions":[', rep(32, '{"step":"right"},{"turn":90,"off":"front"}'), ']}}'] } },
  { name: 'breakaway, 999 enemy units packed around the mover, 500 terrain pieces of 64 vertices', ok: true, generate: { kind: 'parts', parts: [
    '{"system":"arcane-legions","query":"breakaway","units":[{"id":"m","side":"red","x":36,"y":2,"facing":0,"base":"formation","movementIcons":4},',
    { count: 999, each: '{"id":"u#","side":"blue","x":#x,"y":#y,"facing":180,"base":"sortie"}', comma: true, grid: { per: 27, x: [1, 1.9], y: [6, 2.4] } },
    '],"terrain":[', rep(500, alTerrain), '],"unit":"m","activeSide":"red","turnOrder":["red","blue"]}'] } },
  { name: 'reachArea, 1000 points standing on 500 control pieces of 64 vertices', ok: true, generate: { kind: 'parts', parts: [
    '{"system":"arcane-legions","query":"reachArea","units":[{"id":"m","side":"red","x":50,"y":50,"facing":0,"base":"formation","movementIcons":1000}],"terrain":[',
    rep(500, `{"id":"t#","kind":"control","polygon":${circle64(50, 50, 8)}}`), '],"unit":"m","samplesPerStep":8}'] } },
  // A review's: every touch of a step at an angle is ruled as `move` rules it (its snap), once; a
  // sortie among star-shaped posts meets thousands of them (the limit before each was ruled once).
  { name: 'reachArea, a sortie among 500 star-shaped posts of 64 vertices, 1000 points, 8 samples per step (every touch snapped)', ok: true, generate: { kind: 'parts', parts: [
    '{"system":"arcane-legions","query":"reachArea","units":[{"id":"m","side":"red","x":10,"y":29,"facing":0,"base":"sortie","movementIcons":1000,"codex":{"forward":1,"backward":1,"left":1,"right":1}}],"terrain":[',
    ...starRows(500, 'blocking', 24, 10), '],"unit":"m","samplesPerStep":8}'] } },
  // A hostile review's: a side of 100,000 at the least notch spacing has 800,000 notches, which
  // every turn placed (and the reach tried four turns at each of its 20,000 samples) counted one at
  // a time: 41 s. Forward costs all the points, so the reach's turns are tried and none is made.
  { name: 'reachArea, a formation 100,000 wide at notch spacing 0.125, 1000 points, 8 samples per step', ok: true, request: {
    system: 'arcane-legions', query: 'reachArea', unit: 'm', movementPoints: 1000, samplesPerStep: 8, params: { 'A-AL-2': { notchSpacing: 0.125 } },
    units: [{ id: 'm', side: 'red', x: 0, y: 0, facing: 0, width: 100000, depth: 1, codex: { forward: 1000, backward: 1, left: 1, right: 1 }, movementIcons: 1000 }] } },
  // 64 free turns of that formation, each ending over blocking squares it cannot snap to (returned,
  // AL-LIM-3) with 'toward' and 'snapTo' open: every option of every choice runs the order again,
  // each turn's notches counted one by one and every part's flags set again (15-20 s).
  { name: 'move, 64 turns of a formation 100,000 wide at notch spacing 0.125 over 8 blocking squares each, their choices open', code: 'limit', path: 'order', message: 'MC_MAX_WORK (150000000 units) reached in the open choices after', request: {
    system: 'arcane-legions', query: 'move', params: { 'A-AL-2': { notchSpacing: 0.125 } },
    units: [{ id: 'm', side: 'red', x: 0, y: 0, facing: 0, width: 100000, depth: 1, codex: { forward: 0, backward: 0, left: 0, right: 0 }, movementIcons: 1000 }],
    terrain: [
      ...Array.from({ length: 8 }, (_, i) => ({ id: `sq${i + 1}`, kind: 'blocking', polygon: box(-2 - i, 100 * (i + 1) - 0.2, 4 + i, 100 * (i + 1) + 0.2) })),
      ...Array.from({ length: 8 }, (_, i) => [{ id: `bl${i + 1}`, kind: 'blocking', polygon: box(995, 100 * (i + 1) - 5, 1005, 100 * (i + 1) + 5) },
        { id: `br${i + 1}`, kind: 'blocking', polygon: box(-1005, 100 * (i + 1) - 5, -995, 100 * (i + 1) + 5) }]).flat(),
      { id: 'top', kind: 'blocking', polygon: box(-10, 60000, 10, 60010) }, { id: 'bottom', kind: 'blocking', polygon: box(-10, -60010, 10, -60000) }],
    order: { unit: 'm', actions: Array.from({ length: 64 }, () => ({ turn: 90, off: 'front' })) } } },
  // 999 sorties flush against a formation, each of its own side, the names 123 characters long and
  // alike for their first 118, and 64 sides in the turn order: sorted by insertion with each
  // attacker's side ranked afresh at every comparison, 10^9 string comparisons (2 s).
  { name: 'breakaway, 999 attackers each of its own long-named side, 64 sides in the turn order', ok: true, generate: { kind: 'parts', parts: [
    `{"system":"arcane-legions","query":"breakaway","units":[{"id":"m","side":"${'S'.repeat(118)}mover","x":500,"y":0,"facing":0,"width":1000,"depth":1,"movementIcons":4},`,
    rep(999, `{"id":"e#","side":"${'S'.repeat(118)}#","x":#.5,"y":1,"facing":180,"base":"sortie"}`),
    `],"unit":"m","activeSide":"${'S'.repeat(118)}mover","turnOrder":["${'S'.repeat(118)}mover",`, rep(63, `"${'T'.repeat(118)}#"`), ']}'] } },
];

// ---- The Ninth Age ---------------------------------------------------------------------------------
const naUnit = (p, y) => `{"id":"${p}#","side":"red","x":#0.5,"y":${y},"facing":0,"width":4,"depth":2}`;
const naTerrain = `{"id":"t#","kind":"impassable","polygon":${polygon64(60)}}`;
// 999 1" x 1" units in columns of `per` (grid: tests/limits/README.md) beside one unit C, on a square table.
const naPacked = { per: 27, x: [1, 1.9], y: [6, 2.4], c: '"x":36,"y":2,"facing":0,"width":4,"depth":2' };
const naBlue = (p, y) => `{"id":"${p}#","side":"blue","x":#3,"y":${y},"facing":180,"width":4,"depth":2}`;
// Red units 3" wide at y = 16 facing up the table, at the x given, ids C1, C2, … (or p1, …).
const naLane = (xs, id = 'C') => xs.map((x, i) => `{"id":"${id}${i + 1}","side":"red","x":${x},"y":16,"facing":0,"width":3,"depth":2}`).join(',');
function naBlock(name, query, size, grid, side, tail) {
  const other = side === 'blue' ? 'red' : 'blue';
  return { name, ok: true, generate: { kind: 'parts', parts: [
    `{"system":"ninth-age","query":"${query}","table":{"width":${size},"height":${size}},"units":[{"id":"C","side":"${other}",${grid.c}},`,
    { count: 999, each: `{"id":"u#","side":"${side}","x":#x,"y":#y,"facing":180,"width":1,"depth":1}`, comma: true,
      grid: { per: grid.per, x: grid.x, y: grid.y } },
    `]${tail ? `,${tail}` : ''}}`] } };
}
cases['ninth-age'] = [
  { name: 'pursue, 64 pursuers (5 declared chargers tried in every order), 1,000 units, 500 terrain pieces of 64 vertices', seconds: 5, ok: true, generate: { kind: 'parts', parts: [
    '{"system":"ninth-age","query":"pursue","units":[',
    rep(64, '{"id":"p#","side":"red","x":#0.5,"y":10,"facing":0,"width":4,"depth":2}'), ',',
    rep(5, '{"id":"e#","side":"blue","x":#0.5,"y":13.5,"facing":180,"width":4,"depth":2}'), ',',
    ...rows(931, 200, naUnit, 100, 10), '],"terrain":[', rep(500, naTerrain),
    '],"pursued":{"facing":0,"fleeDistance":20},"pursuers":[', rep(64, '{"unit":"p#","distance":19}'), ']}'] } },
  // A hostile review's: the broad phase is refitted over every object at each unit a search moves
  // (500 fans are 31,000 objects), half of this pursuit's time before it was charged.
  { name: 'pursue, 64 pursuers (5 declared chargers tried in every order), 1,000 units, 500 fans of 62 triangles each far off', ok: true, generate: { kind: 'parts', parts: [
    '{"system":"ninth-age","query":"pursue","units":[',
    rep(64, '{"id":"p#","side":"red","x":#0.5,"y":10,"facing":0,"width":4,"depth":2}'), ',',
    rep(5, '{"id":"e#","side":"blue","x":#0.5,"y":13.5,"facing":180,"width":4,"depth":2}'), ',',
    ...rows(931, 200, naUnit, 100, 10), '],"terrain":[',
    ...Array.from({ length: 25 }, (_, k) => [k ? ',' : '', rep(20, `{"id":"f${k}_#","kind":"impassable","polygon":${fan64(5000 + 40 * k)}}`)]).flat().filter((x) => x !== ''),
    '],"pursued":{"facing":0,"fleeDistance":20},"pursuers":[', rep(64, '{"unit":"p#","distance":19}'), ']}'] } },
  naBlock('charge into the middle of 999 units packed 0.9 inches apart, no range', 'charge', 72, naPacked, 'blue', '"charger":"C","target":"u500"'),
  naBlock('charge through a field of 999 units 3.1 inches apart to one in its middle, no range', 'charge', 102,
    { per: 32, x: [2, 3.1], y: [4, 3.1], c: '"x":50,"y":1,"facing":0,"width":1,"depth":1' }, 'blue', '"charger":"C","target":"u500"'),
  naBlock('flee 12 inches through a block of 999 units', 'flee', 72, naPacked, 'red', '"unit":"u500","distance":12'),
  naBlock('spacing of 1000 units packed 0.9 inches apart', 'spacing', 72, naPacked, 'blue', ''),
  // Five chargers tried in every order (120) up lanes between 500 impassable stars of 64 vertices
  // (30 convex pieces each): each charge search meets thousands of pieces.
  { name: 'charge, 5 combined chargers up lanes between 500 impassable 64-vertex stars, no range (MC_MAX_WORK)', code: 'limit', path: 'combined', message: 'MC_MAX_WORK (150000000 units) reached in the combined charge\'s order search after', generate: { kind: 'parts', parts: [
    '{"system":"ninth-age","query":"charge","table":{"width":200,"height":120},"units":[{"id":"T","side":"blue","x":100,"y":72,"facing":180,"width":44,"depth":2},',
    naLane([80, 90, 100, 110, 120]), '],"terrain":[', ...starRows(500, 'impassable', 24, 1.8),
    '],"charger":"C1","target":"T","combined":[{"charger":"C2"},{"charger":"C3"},{"charger":"C4"},{"charger":"C5"}]}'] } },
  { name: 'charge, 5 combined chargers with 500 impassable 64-vertex stars in the way (every path blocked) (MC_MAX_WORK)', code: 'limit', path: 'combined', message: 'MC_MAX_WORK (150000000 units) reached in the combined charge\'s order search after', generate: { kind: 'parts', parts: [
    '{"system":"ninth-age","query":"charge","table":{"width":200,"height":120},"units":[{"id":"T","side":"blue","x":100,"y":72,"facing":180,"width":44,"depth":2},',
    naLane([85, 95, 105, 115, 125]), '],"terrain":[', ...starRows(500, 'impassable', 24, 1.8),
    '],"charger":"C1","target":"T","combined":[{"charger":"C2"},{"charger":"C3"},{"charger":"C4"},{"charger":"C5"}]}'] } },
  { name: 'pursue, 64 pursuers (5 declared chargers) between 500 impassable 64-vertex stars', ok: true, generate: { kind: 'parts', parts: [
    '{"system":"ninth-age","query":"pursue","table":{"width":700,"height":120},"units":[{"id":"T","side":"blue","x":100,"y":72,"facing":180,"width":44,"depth":2},',
    naLane(Array.from({ length: 64 }, (_, i) => 10 * i + 10), 'p'), '],"terrain":[', ...starRows(500, 'impassable', 24, 1.8),
    '],"pursued":{"facing":0,"fleeDistance":80},"pursuers":[', Array.from({ length: 64 }, (_, i) => `{"unit":"p${i + 1}","distance":70}`).join(','), ']}'] } },
  { name: 'flee 100 inches through 500 impassable 64-vertex stars and 999 units', ok: true, generate: { kind: 'parts', parts: [
    '{"system":"ninth-age","query":"flee","table":{"width":2010,"height":200},"units":[{"id":"U","side":"red","x":100,"y":10,"facing":0,"width":4,"depth":2},',
    ...rows(999, 200, naBlue, 100, 10), '],"terrain":[', ...starRows(500, 'impassable', 24, 1.8), '],"unit":"U","distance":100}'] } },
  { name: 'spacing of 1000 units among 500 impassable 64-vertex stars', ok: true, generate: { kind: 'parts', parts: [
    '{"system":"ninth-age","query":"spacing","table":{"width":2010,"height":200},"units":[{"id":"U","side":"red","x":100,"y":10,"facing":0,"width":4,"depth":2},',
    ...rows(999, 200, naBlue, 100, 10), '],"terrain":[', ...starRows(500, 'impassable', 24, 1.8), ']}'] } },
];
// Five chargers and their target with 100-file bases (A-9A-1): every boundary between two models
// of either side is a slide where Maximising Contact can change, and the wheel-angle refinement
// scans each (the work budget, MC_MAX_WORK). Chargers 100 files of 3 mm side by side in front of
// a target 100 files of 20 mm.
const naFiles = (id, side, x, y, facing, bw) => `{"id":"${id}","side":"${side}","x":${x},"y":${y},"facing":${facing},"base":{"width":${bw},"length":20},"files":100,"ranks":1}`;
const naFive = (prefix) => [-2, -1, 0, 1, 2].map((k, i) => naFiles(`${prefix}${i + 1}`, 'red', 100 + 14 * k, 40, 3 * k, 3)).join(',');
cases['ninth-age'].push(
  { name: 'charge, 5 combined chargers with 100-file bases against a 100-file target (MC_MAX_WORK)', code: 'limit', path: 'combined',
    message: 'MC_MAX_WORK (150000000 units) reached in the combined charge\'s order search after', request: JSON.parse(
    `{"system":"ninth-age","query":"charge","table":{"width":200,"height":120},"units":[${naFiles('T', 'blue', 100, 60, 180, 20)},${naFive('C')}],"charger":"C1","target":"T","combined":[{"charger":"C2"},{"charger":"C3"},{"charger":"C4"},{"charger":"C5"}]}`) },
  { name: 'pursue, 5 pursuers with 100-file bases declaring a charge on a 100-file enemy (MC_MAX_WORK)', code: 'limit', path: 'pursuers',
    message: 'MC_MAX_WORK (150000000 units) reached in the pursuers\' charge order search after', request: JSON.parse(
    `{"system":"ninth-age","query":"pursue","table":{"width":200,"height":120},"units":[${naFiles('T', 'blue', 100, 60, 180, 20)},${naFive('p')}],"pursued":{"facing":0,"fleeDistance":5},"pursuers":[${[1, 2, 3, 4, 5].map((i) => `{"unit":"p${i}","distance":30}`).join(',')}]}`) },
  // 9A-LP-1's walk back steps by how far a pose is from legal: a pursuer that ends in contact after
  // sliding 998 inches past 997 friends kept 0.0009995" away (just inside the clear gap) is near
  // legal at every pose of its path, so every step is the least one.
  { name: 'pursue 998 inches past 997 friends 0.0009995 inches away, ending in contact: the walk back at its least step all the way', ok: true, generate: { kind: 'parts', parts: [
    '{"system":"ninth-age","query":"pursue","table":{"width":48,"height":2000},"units":[{"id":"A","side":"red","x":24,"y":2,"facing":0,"width":2,"depth":1},',
    { count: 997, each: '{"id":"F#","side":"red","x":26.0009995,"y":#y,"facing":0,"width":2,"depth":1,"sameCombat":true}', comma: true, grid: { per: 997, x: [0, 0], y: [2, 1] } },
    ',{"id":"G","side":"red","x":26,"y":1000.5,"facing":0,"width":2,"depth":1,"sameCombat":true}],"pursued":{"facing":0,"fleeDistance":3000},"pursuers":[{"unit":"A","distance":998}]}'] } },
  // 9A-PV-T, A-9A-2: when no Post-combat Pivot candidate is legal the whole circle is searched,
  // stepping by how far a facing is from legal. A needle 40" long whose front touches the north
  // edge, with 229 friends of 0.28" square along the lower half of its ends' circle, their inner
  // faces on it: one end always lies within the clear gap of a friend (touching one at every 15°
  // and table-square candidate), so every step is the least one, half a turn each way.
  { name: 'pursue to the table edge, a 40-inch needle ringed by 229 friends: the Post-combat Pivot search at its least step all the way round (MC_MAX_WORK)', code: 'limit', path: 'pursuers',
    message: 'MC_MAX_WORK (150000000 units) reached in the pursue moves after 0 of 1 pursuers (the Post-combat Pivot search of P among 229 objects)', generate: { kind: 'parts', parts: [
      '{"system":"ninth-age","query":"pursue","table":{"width":100,"height":100},"units":[{"id":"P","side":"red","x":50,"y":80,"facing":0,"width":0.01,"depth":40},',
      Array.from({ length: 229 }, (_, k) => {
        const i = 114 + k, t = (2 * Math.PI * i) / 456; // every 360/456°, a multiple of 15° every 19th
        return `{"id":"r${i}","side":"red","x":${(50 + 20.14 * Math.sin(t)).toFixed(6)},"y":${(80 + 20.14 * Math.cos(t)).toFixed(6)},"facing":${((360 * i) / 456).toFixed(6)},"width":0.28,"depth":0.28}`;
      }).join(','),
      '],"pursued":{"facing":0,"fleeDistance":30},"pursuers":[{"unit":"P","distance":10}]}'] } },
);

// ---- Hash flooding ----------------------------------------------------------------------------------
// 40,000 board.hexes (|q|, |r| <= 10000) that the multiplicative hash hex boards were once looked up
// through, (q·0x9E3779B1 ^ r·0x85EBCA77) mixed by x ^ (x >> 15), put in 16 adjacent slots of its
// 131,072: every lookup walked one cluster (3.6 s of CPU a query). Boards from a hex list are now
// searched in (r, q) order (src/hex/hex_board.c), so no choice of hexes slows a lookup. Found by
// trying every hex in row order, which the runners do again from the "hash-collisions" generate
// (tests/js/util.mjs hashCollisions), so the 0.8 MB list is not kept in the file.
const FLOOD = { count: 40000, within: 10000, slots: [0x1000, 0x1010] };
const [fq, fr] = hashCollisions({ ...FLOOD, count: 1 })[0];
cases['hex-flood'] = [
  { name: 'evade: a lone leader on a board of 40,000 hexes chosen to collide in one hash table cluster (all three hex games read board.hexes alike)', ok: true, generate: {
    kind: 'hash-collisions', ...FLOOD, prefix: '{"system":"cc-ancients","query":"evade","board":{"hexes":[',
    suffix: `]},"units":[{"id":"L","side":"red","type":"leader","q":${fq},"r":${fr}}],"unit":"L"}` } },
];

const notes = {
  godsgloom: 'GODSGLOOM worst cases: the largest board, the most units, the most points, the longest path, the most reconnaissance hexes. tests/limits/README.md gives the format; made by tests/tools/make-limit-cases.mjs.',
  'torn-world': 'Torn World worst cases: the largest board, the most miniatures and markers, the largest Huge footprint, the longest run and path, ejections and shifts among 1,000. tests/limits/README.md gives the format; made by tests/tools/make-limit-cases.mjs.',
  'cc-ancients': 'Commands & Colors: Ancients worst cases: the largest board and the most units, the longest path. tests/limits/README.md gives the format; made by tests/tools/make-limit-cases.mjs.',
  'arcane-legions': 'Arcane Legions worst cases: the most units, terrain pieces and vertices, the most actions, the densest reachArea, the most open choices on the most control terrain (the work limit MC_MAX_WORK). tests/limits/README.md gives the format; made by tests/tools/make-limit-cases.mjs.',
  'hex-flood': 'A hex board listed hex by hex, its hexes chosen to collide in the hash table hex boards were once looked up through (src/hex/hex_board.c now searches them in order). tests/limits/README.md gives the format; made by tests/tools/make-limit-cases.mjs.',
  'ninth-age': 'The Ninth Age worst cases: the most units, terrain pieces, vertices and pursuers, with 5 declared chargers tried in every order, among 500 64-vertex stars (the work limit MC_MAX_WORK). tests/limits/README.md gives the format; made by tests/tools/make-limit-cases.mjs.',
};
// The games of src/systems.def, each with its builder above or a file of its own written by hand
// (tests/limits/README.md): one with neither fails here, named, before anything is written.
const MADE_HERE = 'made by tests/tools/make-limit-cases.mjs';
const ids = games().map((g) => g.id);
const fileOf = (id) => join(root, 'tests', 'limits', `${id}.json`);
const byHand = (id) => existsSync(fileOf(id)) && !JSON.parse(readFileSync(fileOf(id), 'utf8')).note?.includes(MADE_HERE);
const problems = [
  ...ids.filter((id) => !cases[id] && !byHand(id)).map((id) => `${id}: no worst cases built here and no tests/limits/${id}.json written by hand`),
  ...Object.keys(cases).filter((k) => !ids.includes(k) && k !== 'hex-flood').map((k) => `${k}: cases built for a game src/systems.def does not list`),
  ...Object.keys(cases).filter((k) => !notes[k]?.includes(MADE_HERE)).map((k) => `${k}: no note saying it is ${MADE_HERE}`),
];
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
for (const [system, list] of Object.entries(cases)) {
  const text = JSON.stringify({ note: notes[system], cases: list }, null, 1);
  writeFileSync(fileOf(system), `${text}\n`);
}
console.log(Object.entries(cases).map(([s, l]) => `${s}: ${l.length}`).join(', '));
