// The two CLIs: same output and exit codes (0 ok, 1 not ok, 2 unreadable input).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { badInputs, badInputBytes, nativeCli, root, scenarioFiles, loadScenario } from './util.mjs';
import { encodeShare } from '../../web/share.js';

const jsCli = join(root, 'bin', 'movecalc.mjs');
const dir = mkdtempSync(join(tmpdir(), 'movecalc-cli-'));

function both(args, input) {
  const n = spawnSync(nativeCli, args, { input });
  const j = spawnSync(process.execPath, [jsCli, ...args], { input });
  return { n, j };
}

test('describe from a file: exit 0 and the same bytes from both CLIs', () => {
  const file = join(dir, 'describe.json');
  writeFileSync(file, '{"query":"describe"}');
  const { n, j } = both([file]);
  assert.equal(n.status, 0);
  assert.equal(j.status, 0);
  assert.equal(j.stdout.toString(), n.stdout.toString());
});

test('bad input on stdin: exit 1 and the same error from both CLIs', () => {
  for (const c of badInputs().filter((x) => !x.generate)) {
    const { n, j } = both(['-'], badInputBytes(c));
    assert.equal(n.status, 1, c.name);
    assert.equal(j.status, 1, c.name);
    assert.equal(j.stdout.toString(), n.stdout.toString(), c.name);
  }
});

test('a file that cannot be opened: exit 2 from both CLIs', () => {
  const { n, j } = both([join(dir, 'missing.json')]);
  assert.equal(n.status, 2);
  assert.equal(j.status, 2);
});

test('a NUL byte inside the request is refused alike by both CLIs', () => {
  const { n, j } = both(['-'], Buffer.from('{"query":"describe"}\0{'));
  assert.equal(n.status, 1);
  assert.equal(j.stdout.toString(), n.stdout.toString());
});

test('--version: both CLIs print the version describe reports', () => {
  const { n, j } = both(['--version']);
  const describe = JSON.parse(spawnSync(nativeCli, ['-'], { input: '{"query":"describe"}' }).stdout);
  assert.equal(n.status, 0);
  assert.equal(n.stdout.toString(), `movecalc ${describe.result.version}\n`);
  assert.equal(j.stdout.toString(), n.stdout.toString());
});

test('--help goes to stdout with exit 0; an unknown option or two files is the usage with exit 2', () => {
  const help = both(['--help']);
  assert.equal(help.n.status, 0);
  assert.equal(help.j.status, 0);
  // each documents its inputs; the JS CLI reads what movecalc-render reads, in the same words
  assert.match(help.n.stdout.toString(), /--lines[\s\S]*FILE +a file \(or - for stdin\) holding an engine request[\s\S]*requests only: a share link[\s\S]*the npm package's movecalc/);
  assert.match(help.j.stdout.toString(), /--lines/);
  const renderHelp = spawnSync(process.execPath, [join(root, 'bin', 'movecalc-render.mjs'), '--help']).stdout.toString();
  const inputs = (t) => t.slice(t.indexOf('  INPUT '), t.indexOf('given on the command line or as a file\'s only text'));
  assert.ok(inputs(help.j.stdout.toString()).length > 100);
  assert.equal(inputs(help.j.stdout.toString()), inputs(renderHelp));
  for (const args of [['--bogus', '-'], ['a.json', 'b.json'], [], ['--pretty', '--lines', '-']]) {
    const { n, j } = both(args);
    assert.equal(n.status, 2, args.join(' '));
    assert.equal(j.status, 2, args.join(' '));
    assert.match(n.stderr.toString(), /^usage:/);
  }
});

test('--pretty indents the same answer: parsing it gives the compact answer, numbers untouched', () => {
  const input = '{"query":"describe"}';
  const compact = spawnSync(nativeCli, ['-'], { input }).stdout.toString();
  const { n, j } = both(['--pretty', '-'], input);
  assert.equal(n.status, 0);
  assert.equal(j.stdout.toString(), n.stdout.toString());
  const text = n.stdout.toString();
  assert.deepEqual(JSON.parse(text), JSON.parse(compact));
  assert.match(text, /^\{\n {2}"ok": true,\n/);
  // Without its whitespace outside strings, it is the compact answer byte for byte.
  assert.equal(text.replace(/("(?:[^"\\]|\\.)*")|\s+/g, (m, str) => str ?? ''), compact.trim());
});

test('--lines answers one request per line, skips blank lines, and each line on its own', () => {
  const lines = ['{"query":"describe"}', '', '{"query":"nope"}', '  ', '{"x"', '{"query":"describe"}\r'];
  const input = Buffer.concat([Buffer.from(lines.join('\n') + '\n'), Buffer.from([0xff, 0x0a])]);
  const { n, j } = both(['--lines', '-'], input);
  assert.equal(n.status, 0);
  assert.equal(j.status, 0);
  assert.equal(j.stdout.toString(), n.stdout.toString());
  const out = n.stdout.toString().trimEnd().split('\n').map((l) => JSON.parse(l));
  assert.deepEqual(out.map((r) => r.ok), [true, false, false, true, false]);
  assert.equal(out[1].error.code, 'bad_request');
  assert.equal(out[2].error.code, 'bad_json');
  assert.equal(out[4].error.code, 'bad_json'); // the lone 0xff byte is not UTF-8
});

// Issue 33: movecalc reads a share link as movecalc-render does, and asks the request the page asks
// of it: for a link made of a request ({"request": …}), that request as written.
test('a share link, its fragment, its code, a file or stdin holding it, and a position file: the same answer as the request itself', async () => {
  const req = scenarioFiles().map((f) => loadScenario(f).request).find((r) => r?.system === 'torn-world' && r.choices);
  const file = join(dir, 'request.json');
  writeFileSync(file, JSON.stringify(req));
  const direct = spawnSync(process.execPath, [jsCli, file]);
  assert.equal(direct.status, 0, direct.stderr.toString());
  assert.equal(direct.stdout.toString(), spawnSync(nativeCli, [file]).stdout.toString(), 'the request file: the native answer');
  const code = await encodeShare({ request: req });
  const linkFile = join(dir, 'link.txt');
  writeFileSync(linkFile, `https://example.org/movecalc/#p=${code}\n`);
  const positionFile = join(dir, 'position.json');
  writeFileSync(positionFile, JSON.stringify({ request: req }));
  for (const [args, input] of [[[`https://example.org/movecalc/#p=${code}`]], [[`#p=${code}`]], [[code]], [[linkFile]], [['-'], code], [[positionFile]]]) {
    const r = spawnSync(process.execPath, [jsCli, ...args], { input });
    assert.equal(r.status, 0, `${args}: ${r.stderr}`);
    assert.equal(r.stdout.toString(), direct.stdout.toString(), `${args}: the same answer byte for byte`);
  }
  const pretty = spawnSync(process.execPath, [jsCli, '--pretty', code]);
  assert.deepEqual(JSON.parse(pretty.stdout.toString()), JSON.parse(direct.stdout.toString()));
  for (const [args, why] of [[['#p=1.AAAA'], /the link cannot be read/], [[`1j.${Buffer.from('{"system":"chess"}').toString('base64url')}`], /system: must be one of/]]) {
    const r = spawnSync(process.execPath, [jsCli, ...args]);
    assert.equal(r.status, 2, `${args}`);
    assert.match(r.stderr.toString(), why);
    assert.equal(r.stdout.toString(), '');
  }
});
