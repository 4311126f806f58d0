// Table play whose code is fetched at its first use (The Ninth Age's charges:
// games/ninth-age-charge.js): a game's `play.table` that stands in for play-table.js's part until
// the code has come. The first finger, key or charge on the board fetches it; what the player did
// meanwhile (the drag's moves, a key, the lift) is kept and played, in order, once it has come; the
// board draws and says nothing of the drag until then. The board's keys, fetched at the first focus
// on the board, wait for it too (`loaded`).

/**
 * `code`: a loadOnce (panels.js) of the game's code; `partOf(made)`: the table part's set-up
 * function in what it made (initTablePlay with the way's part: given the page's context, it returns
 * the part); `keys(made)`: what the keys do to a unit in play, in words, which the unit controls
 * say before any key. Returns the game's `play.table` (play-parts.js).
 */
export function lateTablePlay(code, partOf, keys) {
  return (page) => {
    const { store, ui } = page;
    let part = null;
    const held = []; // [name, args] of each call made before the code came
    // the code has come: the part made, and what was kept played in order (the stand-in carry
    // making way for the part's own, begun by the first call kept)
    function arrive(made) {
      if (part) return;
      part = partOf(made)(page);
      if (ui.carry?.late) store.setCarry(null);
      for (const [name, args] of held.splice(0)) part[name](...args);
    }
    function come() {
      code.get().then(arrive, () => {
        // not fetched (offline before its first use): the drag is let go, the next one tries again
        held.length = 0;
        if (ui.carry?.late) store.setCarry(null);
      });
    }
    // a call that plays: made now once the code is there, else kept (the first one fetches it)
    const kept = (name) => (...args) => {
      if (part) return part[name](...args);
      if (!held.length) come();
      held.push([name, args]);
      // a carry stands in for the part's until it comes: tools.js sends the lift (and board-keys.js
      // Enter and Escape) to the table part while one is under way
      if (name !== 'drop' && name !== 'tap' && !ui.carry) store.setCarry({ id: args[0], table: true, late: true, dropped: false });
      return undefined;
    };
    // a call that draws or says: the part's once it has come, else nothing yet
    const shown = (name, none) => (...args) => (part ? part[name](...args) : none());
    return {
      carry: kept('carry'), turn: kept('turn'), tap: kept('tap'), key: kept('key'), chargeAt: kept('chargeAt'), drop: kept('drop'),
      follow: shown('follow', () => undefined), overlay: shown('overlay', () => []), note: shown('note', () => ({ lead: '', text: '' })),
      measured: shown('measured', () => null), render: shown('render', () => false), waiting: shown('waiting', () => null), keys,
      // (the board's keys wait for it: tools.js)
      loaded: () => code.get().then(arrive),
    };
  };
}
