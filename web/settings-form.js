// The Terrain, Sides and Settings panels (fetched when one first opens): the terrain kinds the
// Terrain tool lays and the terrain list, the table or board size, the sides' names and colours, the display unit and the
// assumptions' parameters.
import { assumptionParams, paramValue, terrainKinds } from './model.js';
import { el } from './draw.js';
import { LIMITS } from './limits.js';
import { option, on, field, rebuild, paintSwatches, cachedRows, moreRows } from './forms.js';

const $ = (id) => document.getElementById(id);

/**
 * Sets up the panels' renderers. `page`: the store, `ui`, `doc()`, `sys()`, `unitWord()`,
 * `terrainColour(kind)`, `terrainNote()` (the Terrain tool's note), and `described()` and `assumptionSummaries()` (what the
 * engine's describe answered, once it has).
 */
export function initSettingsForm({ store, ui, doc, sys, unitWord, terrainColour, terrainNote, described, assumptionSummaries }) {
  const terrainRows = new Map();
  function renderTerrain() {
    const s = sys(), d = doc();
    const kind = $('terrain-kind');
    const keep = kind.value;
    // none until the game's engine module has answered describe
    const kinds = terrainKinds(store.state.system) ?? [];
    rebuild(kind, kinds.map((k) => option(k, k)));
    if (kinds.includes(keep)) kind.value = keep;
    $('terrain-note').textContent = terrainNote();
    $('polygon-actions').hidden = s.board !== 'free';
    $('finish-polygon').disabled = ui.pending.length < 3;
    $('cancel-polygon').disabled = ui.pending.length === 0;
    const sig = (t, i) => JSON.stringify([i, t.id, t.kind, terrainColour(t.kind), t.polygon.length]);
    const items = s.board === 'free'
      ? cachedRows(terrainRows, d.terrain, sig, (t, i) => {
        const li = el('li');
        const sw = el('span', undefined, 'swatch');
        sw.dataset.colour = terrainColour(t.kind);
        const rm = el('button', '✕', 'icon small');
        rm.type = 'button'; rm.dataset.key = `trm:${i}`;
        rm.setAttribute('aria-label', `Remove ${t.id}`);
        on(rm, 'click', () => store.edit((dd) => { dd.terrain.splice(i, 1); }));
        li.append(sw, el('span', `${t.id} (${t.kind}, ${t.polygon.length} corners)`, 'grow'), rm);
        return li;
      })
      : [el('li', `${d.terrain.length} hexes with terrain`, 'muted')];
    if (s.board === 'free') items.push(...moreRows($('terrain-list'), items.length, d.terrain.length, renderTerrain));
    rebuild($('terrain-list'), items);
    paintSwatches($('terrain-list'));
    const dims = s.board === 'free' ? [['width', 'Table width'], ['height', 'Table depth']].map(([k, label]) => field(
      { key: k, label: `${label} (${unitWord()})`, kind: 'number', min: 1, max: 1000, step: 1 }, d.table[k], (v) => store.edit((dd) => { dd.table[k] = v; }), 'table.'))
      : d.board.preset ? [el('p', s.presets[d.board.preset].note, 'note')]
        : [['cols', 'Columns'], ['rows', 'Rows']].map(([k, label]) => field(
          // at most LIMITS.hexes hexes in all (limits.js): 60 × 60, or a longer strip
          { key: k, label, kind: 'number', min: 1, max: Math.floor(LIMITS.hexes / d.board[k === 'cols' ? 'rows' : 'cols']), step: 1 }, d.board[k], (v) => store.edit((dd) => { dd.board[k] = v; }), 'board.'));
    rebuild($('table-fields'), dims);
  }

  function renderSides() {
    const nodes = doc().sides.flatMap((side, i) => [
      field({ key: 'name', label: `Side ${i + 1} name`, kind: 'text' }, side.name, (v, input) => {
        const name = String(v).trim();
        const bad = !name || doc().sides.some((x, j) => j !== i && x.name === name);
        input.setCustomValidity(bad ? 'Sides need different, non-empty names.' : '');
        if (!input.reportValidity()) return;
        store.edit((d) => {
          const old = d.sides[i].name;
          d.sides[i].name = name;
          for (const u of d.units) if (u.side === old) u.side = name;
          for (const inp of Object.values(d.inputs)) if (inp.activeSide === old) inp.activeSide = name;
        });
      }, `side${i}.`),
      field({ key: 'color', label: `Side ${i + 1} colour`, kind: 'color' }, side.color, (v) => store.edit((d) => { d.sides[i].color = v; }, `colour:${i}`), `side${i}.`),
    ]);
    rebuild($('side-fields'), nodes);
  }

  function renderSettings() {
    const s = sys(), d = doc();
    const disp = $('display-unit');
    const word = { step: 'steps', inch: 'inches', hex: 'hexes' }[s.lengthUnit];
    rebuild(disp, s.board === 'free' ? [option('game', word), option('mm', 'millimetres'), option('cm', 'centimetres')] : [option('game', word)]);
    disp.value = s.board === 'free' ? store.state.display : 'game';
    disp.disabled = s.board !== 'free';
    const ids = described()?.systems.find((x) => x.id === store.state.system)?.assumptions ?? [];
    const specs = assumptionParams();
    const nodes = ids.filter((id) => specs[id]).flatMap((id) => Object.entries(specs[id]).map(([name, p]) => {
      const f = field({ key: `${id}.${name}`, label: `${id} ${name} (default ${p.default})`, kind: 'number', min: p.min, max: p.max, step: p.integer ? 1 : 'any', title: assumptionSummaries().get(id) },
        paramValue(d, id, name), (v) => store.edit((dd) => { (dd.params[id] ??= {})[name] = v; }, `param:${id}.${name}`), 'param.');
      f.append(el('small', assumptionSummaries().get(id) ?? '', 'note'));
      return f;
    }));
    rebuild($('param-fields'), nodes.length ? nodes : [el('p', 'This system has no adjustable assumptions.', 'note')]);
  }

  return { renderTerrain, renderSides, renderSettings };
}
