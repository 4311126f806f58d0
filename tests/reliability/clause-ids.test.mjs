// The rules reference lives in the project: every clause id and assumption id the engine can cite
// has its heading in docs/rules/<game>.md, the markdown's relative links resolve, and no file
// points at documents the repository does not hold.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createEngine, SYSTEM_IDS } from '../../wasm/movecalc.mjs';
import { headingIdsByFile, loadClauseIds, pageOf, root } from '../tools/clause-ids.mjs';
import { brokenLinks } from '../tools/doc-links.mjs';

const CLAUSE = /["'](?:AL|GG|CCA|TW|9A)-[0-9A-Z.]*[0-9A-Z](?:-[0-9A-Z]+)*["']/g;
const ASSUMPTION = /\bA-(?:AL|GG|CCA|TW|9A)-\d+\b/g;

/** Every file under src/ (the engine's C sources and headers). */
function srcFiles(dir = 'src') {
  return readdirSync(join(root, dir)).flatMap((n) => {
    const p = `${dir}/${n}`;
    return statSync(join(root, p)).isDirectory() ? srcFiles(p) : [p];
  });
}

/** id → the source files that mention it, for the ids matched by `re` (quotes stripped). */
function idsInSrc(re) {
  const out = new Map();
  for (const f of srcFiles())
    for (const m of readFileSync(join(root, f), 'utf8').matchAll(re)) {
      const id = m[0].replace(/["']/g, '');
      out.set(id, [...(out.get(id) ?? []), f]);
    }
  return out;
}

/** Asserts that each id has a `### id` heading in the page of its rule set. */
function assertDocumented(ids, what) {
  const byFile = headingIdsByFile();
  const missing = [];
  for (const [id, where] of ids) {
    const page = pageOf(id);
    if (!page || !byFile[page]?.includes(id)) missing.push(`${id} (${what} ${[...new Set(where)].join(', ')}) → ${page}`);
  }
  assert.deepEqual(missing, [], `ids without a heading in docs/rules:\n${missing.join('\n')}`);
}

test('every clause id cited in src/ has its heading in docs/rules/<game>.md', () => {
  const ids = idsInSrc(CLAUSE);
  assert.ok(ids.size > 90, `only ${ids.size} clause ids found in src/`);
  assertDocumented(ids, 'in');
});

test('every assumption id in src/ and in the describe answer has its heading in docs/rules/<game>.md', async () => {
  const ids = idsInSrc(ASSUMPTION);
  const engine = await createEngine();
  const d = engine.request({ query: 'describe' });
  assert.equal(d.ok, true);
  assert.ok(d.result.assumptions.length >= 16, `describe lists ${d.result.assumptions.length} assumptions`);
  for (const a of d.result.assumptions) {
    ids.set(a.id, [...(ids.get(a.id) ?? []), 'describe']);
    assert.equal(pageOf(a.id), `docs/rules/${a.system}.md`, `${a.id} is filed under ${a.system}`);
  }
  assertDocumented(ids, 'in');
});

test('docs/rules headings: each id once, in the page of its rule set', () => {
  const byFile = headingIdsByFile();
  assert.deepEqual(Object.keys(byFile), [...SYSTEM_IDS].sort().map((s) => `docs/rules/${s}.md`));
  const seen = new Set();
  for (const [file, ids] of Object.entries(byFile))
    for (const id of ids) {
      assert.equal(pageOf(id), file, `${id} is in ${file}`);
      assert.ok(!seen.has(id), `${id} has two headings`);
      seen.add(id);
    }
  const { ids, assumptions } = loadClauseIds();
  assert.ok(ids.size > 100 && assumptions.size >= 16, `${ids.size} clauses, ${assumptions.size} assumptions`);
});

test('relative links in README.md and docs/ name existing files and headings', () => {
  const bad = brokenLinks().map((b) => `${b.file}:${b.line}: ${b.target}: ${b.why}`);
  assert.deepEqual(bad, [], bad.join('\n'));
});

test('no file of the repository refers to documents outside it', () => {
  // Spelled in pieces so that this file does not match itself (nor a grep for the names).
  const [contract, facts, clauses, toolchain, geometry, style, shared] = ['CON.TRACT', 'FA.CTS', 'CLA.USES', 'TOOL.CHAIN', 'GEO.METRY', 'ST.YLE', 'sha.red'].map((n) => n.replace('.', ''));
  const names = [contract, facts, clauses, toolchain, geometry, style].map((n) => `${n}\\.md`);
  const outside = new RegExp(
    `\\b(${names.join('|')})\\b|\\.\\./${shared}\\b|\\b${shared}/(rules|docs)\\b|\\b${facts} (§|\\d|A-)|\\bseeds/[a-z-]+\\.txt`,
  );
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((f) => f && !/^(node_modules|\.deps|build[^/]*|dist)\//.test(f) && !/\.(png|wasm|ico|jpe?g)$/.test(f));
  assert.ok(files.length > 100, `only ${files.length} files listed`);
  const hits = [];
  for (const f of files) {
    let text;
    try {
      text = readFileSync(join(root, f), 'utf8');
    } catch {
      continue; // listed but deleted in the working tree
    }
    text.split('\n').forEach((line, i) => {
      if (outside.test(line)) hits.push(`${f}:${i + 1}: ${line.trim().slice(0, 120)}`);
    });
  }
  assert.deepEqual(hits, [], `references to documents outside the repository:\n${hits.join('\n')}`);
});
