// What Commands & Colors: Ancients' page draws and says only for a retreat and an evade, which no
// first view or first drag asks (docs/page.md "How a rule set plugs in", `needs`): their drawings,
// verdicts and paths in words. cc-ancients.js fetches it when such a question is asked, before its
// answer is drawn, so a first visit does not download it (docs/performance.md "Weight, thirteenth
// round"). It imports none of cc-ancients.js: in Node (the CLIs, the tests) that module loads it
// at once, and a cycle would never settle.
import { GOOD, BAD, PATH, WARN, isHex, hexKey, colRow, plural, reasonText } from '../draw.js';
import { arr } from '../fields.js';

const BLOCKED = { hex_occupied: (x) => `holds ${x.unit ?? 'a unit'}`, enemy_leader: (x) => `enemy leader ${x.unit ?? ''}`.trim(), impassable_terrain: () => 'impassable',
  off_board: () => 'board edge', two_leaders: (x) => `${x.unit ?? 'a leader'}: two leaders` };
const blockedLabel = (x) => (BLOCKED[x.code] ?? (() => (x.code ?? '').replace(/_/g, ' ')))(x);
const pathKey = (p) => arr(p?.path).map(hexKey).join(' ');

/** The hexes a retreat or an evade enters, after its start, as a line (numbered: the one drawn first). */
function hexRoute(out, start, p, color, numbered) {
  const cells = [start, ...arr(p.path).filter(isHex)];
  if (cells.length > 1) out.overlay.push({ type: 'hexpath', cells, color, numbered, dashed: !numbered });
  return cells;
}

// C&C retreat (docs/api/cc-ancients.md "retreat"): the best path hex by hex, the other paths
// dashed, where it ends with the blocks it loses, each hex behind that is closed and why, the
// units that lose blocks instead (an elephant) and those its rampage rolls for.
export function drawCCRetreat(out, r, req) {
  const id = r.unit ?? req.unit;
  const start = isHex(r.start) ? r.start : out.unitHex(id);
  if (!start) return;
  if (r.eliminated) { out.mark({ type: 'mark', shape: 'x', hex: start, color: BAD, label: 'eliminated by the hits' }); return; }
  const best = isHex(r.bestPath?.final) ? r.bestPath : null;
  const rampage = () => { for (const u of arr(r.rampage)) out.ring(u, WARN, 'rampage roll'); };
  if (!best) { out.mark({ type: 'mark', shape: 'hex', hex: start, color: GOOD, label: 'no retreat' }); rampage(); return; }
  const loses = new Map(arr(best.blockersLose).map((b) => [b.unit, b.eliminated ? 'eliminated' : `−${plural(b.blocks ?? 0, 'block')}`]));
  for (const p of arr(r.paths)) {
    if (pathKey(p) === pathKey(best) || !isHex(p.final)) continue;
    hexRoute(out, start, p, p.legal === false ? BAD : PATH, false);
    if (hexKey(p.final) !== hexKey(best.final)) out.mark({ type: 'mark', shape: 'hex', hex: p.final, color: p.legal === false ? BAD : PATH, label: p.legal === false ? 'not allowed' : `or here${p.leaderAttaches ? `: ${p.leaderAttaches} attaches` : ''}` });
  }
  const cells = hexRoute(out, start, best, PATH, true);
  if (cells.length > 1) out.tracks.push({ kind: 'hexes', steps: cells, color: out.colour(id) });
  // each reason named once (two hexes off the board edge side by side carry one label)
  const named = new Set();
  for (const x of arr(best.blocked)) {
    if (!isHex(x.hex)) continue;
    const label = `${blockedLabel(x)}${loses.has(x.unit) ? `: ${loses.get(x.unit)}` : ''}`;
    out.mark({ type: 'mark', shape: 'x', hex: x.hex, color: BAD, label: named.has(label) ? undefined : label });
    named.add(label);
  }
  const lost = best.blocksLost ?? 0;
  const here = best.hexesMoved ? 'ends here' : 'stays';
  const end = best.eliminated ? 'eliminated' : lost ? `${here}, −${plural(lost, 'block')}` : best.leaderAttaches ? `${here}: ${best.leaderAttaches} attaches` : here;
  out.mark({ type: 'mark', shape: 'hex', hex: best.final, color: lost || best.eliminated ? BAD : GOOD, label: end });
  const inBlocked = new Set(arr(best.blocked).map((x) => x.unit));
  for (const [u, what] of loses) if (!inBlocked.has(u)) out.ring(u, BAD, what);
  rampage();
}

// C&C evade (docs/api/cc-ancients.md "evade"): every evade path (the first numbered, the others
// dashed) and where each ends (off the board for a leader over his own edge), the enemy hexes a
// leader must escape through, and the piece eliminated or removed.
export function drawCCEvade(out, r, req) {
  const id = r.unit ?? req.unit;
  const start = isHex(r.start) ? r.start : out.unitHex(id);
  if (!start) return;
  if (r.eliminated) out.mark({ type: 'mark', shape: 'x', hex: start, color: BAD, label: 'eliminated: no evade' });
  else if (r.canEvade === false) out.mark({ type: 'mark', shape: 'hex', hex: start, color: BAD, label: 'may not evade' });
  if (r.unitEliminated) out.mark({ type: 'mark', shape: 'x', hex: start, color: BAD, label: `${r.unitEliminated} eliminated` });
  const paths = arr(r.paths);
  const ends = new Map(); // one mark per end hex, naming the paths that end there
  const escapes = new Map();
  paths.forEach((p, i) => {
    const cells = hexRoute(out, start, p, PATH, i === 0);
    if (i === 0 && cells.length > 1) out.tracks.push({ kind: 'hexes', steps: cells, color: out.colour(id) });
    for (const e of arr(p.escapes)) if (isHex(e)) escapes.set(hexKey(e), e);
    const at = p.offBoard ? cells.at(-1) : p.final;
    if (!isHex(at)) return;
    const k = `${hexKey(at)}${p.offBoard ? ' off' : ''}`;
    const joins = p.attachesTo ? `joins ${p.attachesTo}` : p.leaderAttaches ? `${p.leaderAttaches} attaches` : '';
    if (!ends.has(k)) ends.set(k, { hex: at, off: p.offBoard, joins, paths: [] });
    ends.get(k).paths.push(i + 1);
  });
  for (const e of escapes.values()) out.mark({ type: 'mark', shape: 'x', hex: e, color: WARN, label: `escape roll: ${e.unit}` });
  // labels kept short, as neighbouring ends carry them side by side: the numbers of the paths
  // ending there, and what happens there beyond ending
  for (const e of ends.values()) {
    const what = [e.off ? 'off the board' : r.removedAfterEvade ? 'removed' : '', e.joins].filter(Boolean).join(', ');
    const label = paths.length > 1 ? `${e.paths.join(', ')}${what ? `: ${what}` : ''}` : what || 'ends';
    out.mark({ type: 'mark', shape: 'hex', hex: e.hex, color: r.removedAfterEvade ? BAD : GOOD, label });
  }
}

export function retreatVerdict(r) {
  const first = arr(r.reasons)[0];
  const why = first ? ` ${reasonText(first)}` : '';
  if (r.eliminated) return { text: `${r.unit} is eliminated by the hits: no retreat.${why}`, kind: 'illegal' };
  const flags = `${plural(r.flagsTaken ?? 0, 'flag')} of ${r.flags} taken${r.ignored ? `, ${r.ignored} disregarded` : ''}`;
  if (!r.retreatHexes) return { text: `${r.unit} does not retreat: ${flags}.${why}`, kind: r.legal === false ? 'illegal' : 'legal' };
  const b = r.bestPath ?? {};
  const loss = b.eliminated ? ', and it is eliminated' : b.blocksLost ? `, ${plural(b.hexesShort ?? 0, 'hex', 'hexes')} short: it loses ${plural(b.blocksLost, 'block')}` : '';
  const others = arr(b.blockersLose).length ? ` ${b.blockersLose.map((x) => `${x.unit} ${x.eliminated ? 'is eliminated' : `loses ${plural(x.blocks ?? 0, 'block')}`}`).join('; ')} instead.` : '';
  // who retreats how far, then how far it can go and what that costs
  return { text: `${r.legal === false ? 'Not as asked. ' : ''}${r.unit} must retreat ${plural(r.retreatHexes, 'hex', 'hexes')} (${flags}); its best path goes ${plural(b.hexesMoved ?? 0, 'hex', 'hexes')}${loss}.${others}${why}`,
    kind: r.legal === false || b.eliminated ? 'illegal' : b.blocksLost ? 'answered' : 'legal' };
}

export function evadeVerdict(r) {
  const first = arr(r.reasons)[0];
  const why = first ? ` ${reasonText(first)}` : '';
  if (r.eliminated) return { text: `No evade: ${r.unit} is eliminated.${why}`, kind: 'illegal' };
  if (r.canEvade === false) return { text: `${r.unit} cannot evade.${why}`, kind: 'illegal' };
  const ps = arr(r.paths);
  const ends = [...new Set(ps.map((p) => (p.offBoard ? 'off the board' : colRow(p.final))))].join('; ');
  return { text: `${r.unit} may evade${r.evadesOnly ? ` (only ${r.evadesOnly})` : ''}: ${plural(ps.length, 'path')}, ending on ${ends}.${r.removedAfterEvade ? ' It is then removed.' : ''}`, kind: 'legal' };
}

/** A retreat path in words; `stopWords`: the game's (why a move or retreat stops). */
export function retreatPathText(p, i, stopWords) {
  const bits = [`${i + 1}. ${arr(p.path).map(colRow).join(' → ') || 'stays'}: ${plural(p.hexesMoved ?? 0, 'hex', 'hexes')}`];
  if (p.hexesShort) bits.push(`${p.hexesShort} short, loses ${plural(p.blocksLost ?? 0, 'block')}`);
  if (p.stoppedBy && p.stoppedBy !== 'complete') bits.push(stopWords[p.stoppedBy] ?? `stopped by ${p.stoppedBy}`);
  if (p.leaderAttaches) bits.push(`${p.leaderAttaches} attaches`);
  if (arr(p.blocked).length) bits.push(`closed behind: ${p.blocked.map((x) => `${colRow(x.hex)} (${blockedLabel(x)}, ${x.rule})`).join('; ')}`);
  if (arr(p.blockersLose).length) bits.push(`instead ${p.blockersLose.map((x) => `${x.unit} ${x.eliminated ? 'eliminated' : `loses ${x.blocks}`}`).join(', ')}`);
  if (p.marshRolls) bits.push(`${plural(p.marshRolls, 'marsh roll')}`);
  if (p.eliminated) bits.push('eliminated');
  if (p.leaderCasualtyDice) bits.push(`leader casualty check: ${p.leaderCasualtyDice} dice`);
  if (p.legal === false) bits.push('not allowed: a path losing nothing exists');
  return bits.join('; ');
}

export function evadePathText(p, i) {
  const steps = [...arr(p.path).map(colRow), ...(p.offBoard ? ['off the board'] : [])];
  const bits = [`${i + 1}. ${steps.join(' → ')}: ${plural(p.hexesMoved ?? 0, 'hex', 'hexes')}`];
  if (arr(p.escapes).length) bits.push(`escape rolls against ${p.escapes.map((e) => `${e.unit} at ${colRow(e)}`).join(', ')}`);
  if (p.attachesTo) bits.push(`joins ${p.attachesTo}`);
  if (p.leaderAttaches) bits.push(`${p.leaderAttaches} attaches`);
  if (p.marshRolls) bits.push(`${plural(p.marshRolls, 'marsh roll')}`);
  return bits.join('; ');
}
