// The saved library's storage keys, and the games its entries name: read as the page starts (a
// game's rules are loaded before its saved entries are checked). The Armies panel's own code,
// library.js, is fetched when that panel first opens.
import { gamesNamedIn } from './model.js';

export const LIBRARY_KEY = 'movecalc.library.v1';
/** Saved entries that failed their check, set aside (never deleted by the page). */
export const QUARANTINE_KEY = 'movecalc.library.quarantine.v1';
/** The library as it was before each of the last saves, newest last: `[{at, text}]`. */
export const BACKUPS_KEY = 'movecalc.library.backups.v1';
/** Where earlier builds kept the one library before the last save; folded into BACKUPS_KEY. */
export const OLD_BACKUP_KEY = 'movecalc.library.backup.v1';
const stored = (key) => { try { return localStorage.getItem(key) ?? ''; } catch { return ''; } };
/** The games the stored library and its earlier versions hold entries of: their modules are loaded before the panel reads them (an entry is checked by its game's rules). */
export const storedGames = () => gamesNamedIn([LIBRARY_KEY, BACKUPS_KEY, OLD_BACKUP_KEY].map(stored).join('\n'));
