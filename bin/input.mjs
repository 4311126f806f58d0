// What both CLIs read (movecalc, movecalc-render): a file or stdin holding an engine request or a
// share link's position JSON, or a share link (its URL, fragment or code) on the command line or as
// a file's only text. The help text of both says it in the same words (INPUT_HELP).
import { readFileSync } from 'node:fs';
import { decodeShare, codeOf, parseJSON, ShareError } from '../web/share.js';

export const INPUT_HELP = `  INPUT         what to rule, one of:
                - a file (or - for stdin) holding an engine request (docs/api.md), ruled as written;
                - a file holding a share link's position JSON ({"system": …, "units": …, "inputs": …}
                  or {"request": {…}}), ruled as the page rules it;
                - a share link (https://…#p=CODE), its fragment (#p=CODE) or its code (1.… or 1j.…),
                  given on the command line or as a file's only text
`;

/** A link, its fragment or its code → the code; else null. */
export function linkCode(text) {
  const t = text.trim();
  if (/^\d+j?\.[A-Za-z0-9_-]*$/.test(t)) return t;
  const hash = t.startsWith('#') ? t : /^https?:\/\//.test(t) && t.includes('#') ? t.slice(t.indexOf('#')) : null;
  return hash === null ? null : codeOf(hash);
}

/** Is this command-line argument an INPUT (a file, -, a fragment or a link)? */
export const isInput = (a) => a[0] !== '-' || a === '-' || a.startsWith('#');

/**
 * Reads INPUT: `{bytes}` (a file or stdin that is neither a link nor a position: the request as
 * written, byte for byte), `{payload}` (a link's or a file's position) with `page` (a link's own
 * page, or null). `fail(code, message)` does not return.
 */
export async function readInput(input, fail) {
  let code = linkCode(input), page = null;
  if (code !== null && /^https?:\/\//.test(input.trim())) page = input.trim().replace(/#.*$/, '');
  if (code === null) {
    let bytes;
    try { bytes = readFileSync(input === '-' ? 0 : input); } catch (e) { fail(2, `cannot read ${input}: ${e.code ?? e.message}`); }
    const text = bytes.toString('utf8');
    code = linkCode(text);
    if (code === null) {
      // a position JSON is told apart by the keys only a position has (docs/page.md "Share links")
      let value = null;
      try { value = parseJSON(text, input === '-' ? 'stdin' : input); } catch { /* a request the engine answers */ }
      if (value && typeof value === 'object' && !Array.isArray(value) && (value.request !== undefined || value.inputs !== undefined || value.sides !== undefined)) {
        return { payload: value, page };
      }
      return { bytes, page };
    }
    if (/^https?:\/\//.test(text.trim())) page = text.trim().replace(/#.*$/, '');
  }
  try { return { payload: await decodeShare(code), page }; } catch (e) { fail(2, e instanceof ShareError ? `the link cannot be read: ${e.message}` : String(e)); }
}
