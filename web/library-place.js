// A saved army put on the board and a saved unit put in the new-unit form (the Armies panel,
// library.js): `say(text)` writes the panel's note.
import { uniqueId } from './model.js';

const $ = (id) => document.getElementById(id);

/** `page`: the store, `ui` (the army being placed), `placeFree(d, u, near)`, `setTool(name)`, `showBoard()`, `viewMiddle()`, `refreshNow()` and `say(text)`. */
export function initArmyPlacing({ store, ui, placeFree, setTool, showBoard, viewMiddle, refreshNow, say }) {
  // Add on an army waits for the board: the next tap there (on a unit: beside it) places the army's
  // units (as `side`) on the free spots nearest that point, as a player puts an army down where it
  // is to go; Enter on the board places it in the middle of the view; Escape or Cancel puts it away.
  function addArmy(a, side) {
    const done = (text) => {
      store.setPlacing(null);
      $('army-place').hidden = true;
      say(text);
    };
    store.setPlacing({
      army: a.name, system: store.state.system,
      at(near) {
        const added = [];
        store.edit((d) => {
          for (const u of a.units) {
            const v = { ...JSON.parse(JSON.stringify(u)), side, id: uniqueId(d, u.id) };
            placeFree(d, v, near); // never on another unit
            d.units.push(v);
            added.push(v.id);
          }
        });
        done(`Added ${a.name} as ${side}: ${added.join(', ')}.`);
      },
      middle() { this.at(viewMiddle()); },
      cancel() { done(`${a.name} was not added.`); },
    });
    setTool('move');
    showBoard(); // the tap that places it is on the board, which the whole-screen panel covered
    $('army-place-text').textContent = `Tap the board where ${a.name} (${a.units.length} unit${a.units.length === 1 ? '' : 's'}, ${side}) should go.`;
    $('army-place').hidden = false;
    say('');
  }
  $('army-place-cancel').addEventListener('click', () => ui.placing?.cancel());
  document.addEventListener('keydown', (e) => { if (e.key === 'Escape' && ui.placing) { ui.placing.cancel(); e.preventDefault(); } });

  function useCodex(c) {
    store.setTemplate(store.state.system, { ...JSON.parse(JSON.stringify(c.unit)), id: c.name });
    store.select(null);
    $('units-panel').open = true;
    refreshNow();
    say(`The new-unit form holds ${c.name}: press Add unit.`);
  }
  return { addArmy, useCodex };
}
