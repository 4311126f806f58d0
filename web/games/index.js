// The games the page knows, in the order its picker lists them: the one file that names them all.
// A game is one module beside this one (docs/page.md "How a rule set plugs in"), checked and
// completed by defineGame as it is listed.
import { defineGame } from './define.js';
import arcaneLegions from './arcane-legions.js';
import ninthAge from './ninth-age.js';
import ccAncients from './cc-ancients.js';
import godsgloom from './godsgloom.js';
import tornWorld from './torn-world.js';

export const GAMES = Object.fromEntries(Object.entries({
  'arcane-legions': arcaneLegions,
  'ninth-age': ninthAge,
  'cc-ancients': ccAncients,
  godsgloom,
  'torn-world': tornWorld,
}).map(([id, game]) => [id, defineGame(id, game)]));
