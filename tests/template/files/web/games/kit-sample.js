// Kit Sample on the page (docs/api/kit-sample.md): the template hex game's module. Its name,
// clause prefix, board kind and length unit come from its line of src/systems.def (bin/generate.mjs
// writes them into web/games/list.js); what is here is what the page cannot know of the game.
import { num, hexUnit, unitField } from '../fields.js';
import { arr, isHex } from '../draw.js';
import { reachCells, pickedPath, hexStart } from '../draw-hex.js';
import { hexPainting } from '../board-hex.js';
import { hexScene } from '../scene-hex.js';

/** A reach: every hex the unit can end on, shaded by cost; the path to the hex picked. */
function drawReach(out, r, req, pick) {
  reachCells(out, arr(r.hexes).filter(isHex));
  pickedPath(out, req.unit, hexStart(req, req.unit), pick, r);
}
drawReach.marks = ['unit', 'costHexes', 'numbered'];

export default {
  hexPainting,
  hexScene,
  unitFields: [{ key: 'allowance', label: 'Allowance (hexes)', kind: 'number', min: 0, step: 1 }],
  newUnit: () => ({ allowance: 2 }),
  unitJSON: (u) => ({ ...hexUnit(u), allowance: num(u.allowance) }),
  queries: { reach: { fields: [unitField()], build: (i) => ({ unit: i.unit }) } },
  defaults: () => ({
    board: { cols: 6, rows: 5 },
    sides: [{ name: 'red', color: '#b3261e' }, { name: 'blue', color: '#1d5fbf' }],
    units: [{ id: 'Scout', side: 'red', q: 1, r: 2, allowance: 2 }, { id: 'Wall', side: 'blue', q: 2, r: 2, allowance: 0 }],
    terrain: [],
    query: 'reach',
    inputs: { reach: { unit: 'Scout' } },
  }),
  draw: { reach: drawReach },
};
