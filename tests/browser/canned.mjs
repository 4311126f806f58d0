// Canned engine responses in docs/api.md's shapes, one per system, for drawing tests while the
// rule sets are still being written. They are made up: positions and rulings are plausible, not
// computed. Each answers the page's default position for that system.
import { toAxial, DIRS, distance } from '../../web/hex.js';

const hexOf = (col, row) => { const a = toAxial(col, row); return { ...a, col, row }; };
const withOffset = ({ q, r }) => ({ q, r, col: q + (r - (r & 1)) / 2, row: r });

// Every hex within two steps of a start hex, each with its cheapest path (the contract's `path`
// leads from the first hex entered to the end hex).
function reachFrom(start, costOf = () => 1) {
  const seen = new Map([[`${start.q},${start.r}`, { cost: 0, path: [] }]]);
  let frontier = [start];
  for (let step = 0; step < 2; step++) {
    const next = [];
    for (const h of frontier) {
      for (const [dq, dr] of DIRS) {
        const n = { q: h.q + dq, r: h.r + dr };
        const k = `${n.q},${n.r}`;
        if (seen.has(k) || n.r < 0 || n.r > 8) continue;
        const prev = seen.get(`${h.q},${h.r}`);
        seen.set(k, { cost: prev.cost + costOf(n), path: [...prev.path, withOffset(n)] });
        next.push(n);
      }
    }
    frontier = next;
  }
  seen.delete(`${start.q},${start.r}`);
  return [...seen].map(([k, v]) => {
    const [q, r] = k.split(',').map(Number);
    return { ...withOffset({ q, r }), cost: v.cost, path: v.path };
  });
}

export const canned = {
  'arcane-legions': {
    ok: true, system: 'arcane-legions', query: 'move', assumptions: ['A-AL-5', 'A-AL-6'],
    result: {
      legal: false, endedBy: 'collision', orderCost: 2, movementPoints: 4, pointsSpent: 4, breakaway: [],
      final: { x: 13.6, y: 11.2, facing: 45 },
      reasons: [{ code: 'collision', rule: 'AL-COL-1', unit: 'Legion', message: 'Legion would move into the space of Chargers.', point: { x: 14.2, y: 12.5 } }],
      actions: [
        { cost: 1, pointsLeft: 3, pose: { x: 12, y: 7, facing: 0 }, events: [] },
        { cost: 2, pointsLeft: 1, pose: { x: 12.6, y: 8.5, facing: 45 }, events: [{ type: 'turn', pivot: { x: 12.9, y: 7.6 } }] },
        { cost: 1, pointsLeft: 0, pose: { x: 13.6, y: 11.2, facing: 45 }, events: [{ type: 'collision', point: { x: 14.2, y: 12.5 } }, { type: 'snap', pivot: { x: 14.6, y: 12.1 } }] },
      ],
      trace: [
        { rule: 'AL-ORD-1', unit: 'Legion', message: 'The move order costs 2 order points (formation).' },
        { rule: 'AL-MOV-1', unit: 'Legion', message: 'Step forward 1: 1 point, 3 left.' },
        { rule: 'AL-TRN-1', unit: 'Legion', message: 'Angle turn off the right side: 2 points, 1 left.' },
        { rule: 'AL-COL-1', unit: 'Legion', message: 'Collision with Chargers at (14.2, 12.5).' },
        { rule: 'AL-SNP-1', unit: 'Legion', message: 'Snapped against Chargers, pivoting clockwise.' },
      ],
    },
  },
  'ninth-age': {
    ok: true, system: 'ninth-age', query: 'pursue', assumptions: ['A-9A-2', 'A-9A-3'],
    result: {
      pursuers: [{
        unit: 'Spearmen', destroysFleeing: true, outcome: 'free', backtracked: false,
        path: [{ x: 30, y: 14, facing: 5 }, { x: 30.4, y: 18, facing: 5 }, { x: 30.8, y: 21, facing: 5 }],
        final: { x: 31.2, y: 24.1, facing: 5 },
      }],
      trace: [
        { rule: '9A-PU-1', unit: 'Spearmen', message: 'Spearmen pivot to face the fleeing unit.' },
        { rule: '9A-DST-1', unit: 'Spearmen', message: 'Spearmen move 7 inches straight forward and catch the fleeing unit.' },
      ],
    },
  },
  'cc-ancients': {
    ok: true, system: 'cc-ancients', query: 'reach', assumptions: [],
    result: { hexes: reachFrom(toAxial(6, 6)), stay: [], trace: [{ rule: 'CCA-MV-1', unit: 'Hastati', message: 'Medium infantry move up to 1 hex and battle, or 2 hexes... (canned)' }] },
  },
  godsgloom: {
    ok: true, system: 'godsgloom', query: 'move', assumptions: ['A-GG-1', 'A-GG-2'],
    result: {
      legal: false, final: hexOf(4, 5),
      reasons: [{ code: 'enters_engagement_zone', rule: 'GG-EZ-1', unit: 'Shieldwall', message: 'Shieldwall enters the Engagement Zone of Ghouls and must stop.', hex: hexOf(4, 5) }],
      trace: [{ rule: 'GG-MOV-1', unit: 'Shieldwall', message: 'Speed 3: 3 movement points.' }, { rule: 'GG-EZ-1', unit: 'Shieldwall', message: 'Stopped in the Engagement Zone of Ghouls.' }],
    },
  },
  'torn-world': {
    ok: true, system: 'torn-world', query: 'reach', assumptions: ['A-TW-3'],
    result: {
      hexes: reachFrom(toAxial(4, 8)).filter((h) => distance(h, toAxial(4, 8)) <= 2),
      ejections: [{ unit: 'Rogue', candidates: [hexOf(5, 10), hexOf(6, 10), hexOf(7, 9)], chooser: 'Accord', freeAttack: false }],
      trace: [{ rule: 'TW-MV-1', unit: 'Guardsman', message: 'Move 4 hexes (canned).' }],
    },
  },
};

/** The same response with hostile strings wherever the engine echoes user text. */
export function hostile(response, name) {
  const r = structuredClone(response);
  r.result.reasons = [{ code: '<b>code</b>', rule: '<script>x</script>', unit: name, message: `<img src=x onerror="window.__pwned=1">${name}` }];
  r.result.trace = [{ rule: 'X-1', unit: name, message: '<iframe src="javascript:alert(1)"></iframe>' }];
  return r;
}
