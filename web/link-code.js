// Where a URL carries a share link's code: all the page's start needs of the links (links.js), out
// of base64url.js, whose encoding and decoding come with share.js when a link is first opened or made.

/** The link code in a URL's fragment (`#p=CODE`, `#...&p=CODE`), or null. */
export function codeOf(hash) {
  const m = /(?:^#|&)p=([^&]*)/.exec(hash ?? '');
  return m ? m[1] : null;
}
