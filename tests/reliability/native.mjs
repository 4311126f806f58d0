// Answers many requests with the native engine in one process (build/movecalc-lines, built from
// tests/tools/lines.c): each request is sent as its byte length, a newline and its bytes; each
// response comes back as one line.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from '../js/util.mjs';

export const linesTool = join(root, 'build', 'movecalc-lines');

/** Returns the native responses (strings) to `requests` (Buffers), in order. */
export function nativeAnswers(requests) {
  const input = Buffer.concat(requests.flatMap((b) => [Buffer.from(`${b.length}\n`), b]));
  const run = spawnSync(linesTool, [], { input, maxBuffer: 1 << 30 });
  if (run.error) throw run.error;
  if (run.status !== 0) throw new Error(`movecalc-lines exited ${run.status}: ${run.stderr}`);
  const lines = run.stdout.toString('utf8').split('\n');
  lines.pop(); // the text ends with a newline
  if (lines.length !== requests.length) throw new Error(`${lines.length} responses to ${requests.length} requests`);
  return lines;
}
