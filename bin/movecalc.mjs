#!/usr/bin/env node
// The JS CLI: the native build/movecalc's options, output and exit codes, answered through the
// WebAssembly build (`movecalc --help`).
import { createReadStream, readFileSync } from 'node:fs';
import { createEngine } from '../wasm/movecalc.mjs';
import { lines } from './lines.mjs';

const LIMIT = 4 * 1024 * 1024; // MC_MAX_REQUEST_BYTES; larger input still reaches the engine's limit error
const USAGE = `usage: movecalc [--pretty] FILE|-     answer the JSON request in FILE (or on stdin)
       movecalc --lines FILE|-        answer one JSON request per line (JSON Lines)
       movecalc --version | --help
  --pretty  indent the response, two spaces per level (the same bytes otherwise)
  exit: 0 ok, 1 the response is an error, 2 the input cannot be read
`;

// Indents compact JSON without re-reading its numbers (JSON.stringify would reprint them), as the
// native CLI does.
function pretty(s) {
  let out = '';
  let depth = 0;
  let inString = false;
  const newline = () => '\n' + '  '.repeat(depth);
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (inString) {
      out += c;
      if (c === '\\' && i + 1 < s.length) out += s[++i];
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') { inString = true; out += c; }
    else if (c === '{' || c === '[') {
      out += c;
      if (s[i + 1] === '}' || s[i + 1] === ']') out += s[++i];
      else { depth++; out += newline(); }
    } else if (c === '}' || c === ']') { depth--; out += newline() + c; }
    else if (c === ',') out += ',' + newline();
    else if (c === ':') out += ': ';
    else out += c;
  }
  return out;
}

let wantPretty = false;
let wantLines = false;
let file;
let bad = false;
for (const a of process.argv.slice(2)) {
  if (a === '--help' || a === '-h') { process.stdout.write(USAGE); process.exit(0); }
  if (a === '--version') {
    const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    process.stdout.write(`movecalc ${version}\n`);
    process.exit(0);
  }
  if (a === '--pretty') wantPretty = true;
  else if (a === '--lines') wantLines = true;
  else if (file === undefined && (a[0] !== '-' || a === '-')) file = a;
  else bad = true;
}
if (bad || file === undefined || (wantPretty && wantLines)) {
  process.stderr.write(USAGE);
  process.exit(2);
}

const engine = await createEngine();
// The engine refuses a request holding a NUL byte, as the native CLI's C string would be cut.
const answer = (bytes) => engine.requestBytes(bytes.subarray(0, LIMIT + 1));

if (wantLines) {
  const input = file === '-' ? process.stdin : createReadStream(file);
  try {
    // Each line is answered as soon as it has arrived; blank lines ask nothing, as natively.
    for await (let line of lines(input)) {
      if (line.length > 0 && line[line.length - 1] === 0x0d) line = line.subarray(0, line.length - 1);
      if (!/^[ \t]*$/.test(line.toString('latin1'))) process.stdout.write(answer(line) + '\n');
    }
  } catch {
    process.stderr.write(`movecalc: cannot read ${file}\n`);
    process.exit(2);
  }
  process.exit(0);
}

let bytes;
try {
  bytes = readFileSync(file === '-' ? 0 : file);
} catch {
  process.stderr.write(`movecalc: cannot open ${file}\n`);
  process.exit(2);
}
const response = answer(bytes);
process.stdout.write((wantPretty ? pretty(response) : response) + '\n');
process.exit(response.startsWith('{"ok":true') ? 0 : 1);
