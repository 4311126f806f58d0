#!/usr/bin/env node
// The JS CLI: `node bin/movecalc.mjs FILE|-` answers through the WebAssembly build with the same
// output and exit codes as the native build/movecalc.
import { readFileSync } from 'node:fs';
import { createEngine } from '../wasm/movecalc.mjs';

const LIMIT = 4 * 1024 * 1024; // MC_MAX_REQUEST_BYTES; larger input still reaches the engine's limit error

const arg = process.argv[2];
if (process.argv.length !== 3 || arg === '--help' || arg === '-h') {
  process.stderr.write('usage: movecalc.mjs FILE|-\n  answers the JSON request in FILE (or on stdin) and prints the JSON response\n');
  process.exit(process.argv.length === 3 ? 0 : 2);
}
let bytes;
try {
  bytes = readFileSync(arg === '-' ? 0 : arg);
} catch {
  process.stderr.write(`movecalc: cannot open ${arg}\n`);
  process.exit(2);
}
const engine = await createEngine();
// Like the native CLI, read at most one byte past the limit.
const response = engine.requestBytes(bytes.subarray(0, LIMIT + 1));
process.stdout.write(response + '\n');
process.exit(response.startsWith('{"ok":true') ? 0 : 1);
