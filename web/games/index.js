// The games the page knows, in the order its picker lists them: the one file that names them all.
// A game is one module beside this one (docs/page.md "How a rule set plugs in").
import arcaneLegions from './arcane-legions.js';
import ninthAge from './ninth-age.js';
import ccAncients from './cc-ancients.js';
import godsgloom from './godsgloom.js';
import tornWorld from './torn-world.js';

export const GAMES = {
  'arcane-legions': arcaneLegions,
  'ninth-age': ninthAge,
  'cc-ancients': ccAncients,
  godsgloom,
  'torn-world': tornWorld,
};
