// JSON Lines input for the JS CLI (bin/movecalc.mjs --lines): the lines of a stream of bytes.
// Split on the raw bytes, not decoded text, so that a line which is not UTF-8 reaches the engine
// as it is. Each chunk is searched for a line feed once, and the pieces of a line are joined once,
// when it ends: a line costs time linear in its length, however many chunks bring it.

/** Yields each line of `input` (an async iterable of Buffers) as a Buffer, without its "\n". */
export async function* lines(input) {
  let pieces = [];
  for await (const chunk of input) {
    let start = 0;
    let nl;
    while ((nl = chunk.indexOf(0x0a, start)) >= 0) {
      const tail = chunk.subarray(start, nl);
      yield pieces.length ? Buffer.concat([...pieces, tail]) : tail;
      pieces = [];
      start = nl + 1;
    }
    if (start < chunk.length) pieces.push(chunk.subarray(start));
  }
  if (pieces.length) yield Buffer.concat(pieces);
}
