// A game module checked and completed as the registry takes it (docs/page.md "How a rule set plugs
// in"): a module without a key the page cannot do without is refused at once, naming the game and
// the key, instead of failing later on a user's first tap; the optional keys the generic modules
// read without a guard get their empty defaults here.

// What every game gives: its words and its board, its units and questions, how it draws answers
// (name, clausePrefix, board and lengthUnit from the registry's row, index.js; the rest its module's).
const REQUIRED = ['name', 'clausePrefix', 'board', 'lengthUnit', 'unitFields', 'newUnit', 'unitJSON', 'queries', 'defaults', 'draw'];
// what only a game on a free-form table gives: a unit's width and depth, and the table's painting
// (board-table.js); what only a game on a hex board gives: the hex board's painting (board-hex.js)
// and its scene (scene-hex.js):
// each in the files of the games that use it, not the page's
const REQUIRED_ON = { free: ['size', 'paintTable', 'tablePainting'], hex: ['hexPainting', 'hexScene'] };
// every query: its form's fields and its request's own fields
const QUERY_REQUIRED = { fields: Array.isArray, build: (v) => typeof v === 'function' };

/** Game `id`'s module `game`, checked (throws naming the game and what is missing) and completed. */
export function defineGame(id, game) {
  const refuse = (what) => { throw new Error(`game ${id}: its module has no ${what} (docs/page.md "How a rule set plugs in")`); };
  if (!game || typeof game !== 'object') refuse('default export');
  for (const key of REQUIRED) if (game[key] === undefined) refuse(`\`${key}\``);
  if (!Object.hasOwn(REQUIRED_ON, game.board)) refuse('`board` of "free" or "hex"');
  for (const key of REQUIRED_ON[game.board]) if (game[key] === undefined) refuse(`\`${key}\` (a game on a ${game.board === 'free' ? 'table' : 'hex board'})`);
  if (!Object.keys(game.queries).length) refuse('query in `queries`');
  // dice its questions take are rolled by the part that rolls them (else its bar never offers them)
  if (game.rolls && !game.play?.rolls) refuse('`play.rolls` for its `rolls`');
  for (const [name, q] of Object.entries(game.queries)) {
    for (const [key, ok] of Object.entries(QUERY_REQUIRED)) if (!ok(q?.[key])) refuse(`\`${key}\` in its query \`${name}\``);
  }
  return {
    terrainColours: {}, factNames: {},
    // the play parts it brings (play-parts.js): `table` (play-table.js), `orders` (play-orders.js),
    // `eject` (play-eject.js), `rolls` (play-rolls.js), each that part's set-up function
    play: {},
    // the unit a question moves, whose end Make this move applies: its `unit` unless the game says
    mover: (request) => request.unit,
    ...game,
  };
}
