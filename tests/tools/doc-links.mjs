// Relative links of the project's markdown: every `[text](target)` in README.md and docs/**/*.md
// whose target is not a URL must name an existing file, and a `#anchor` into a markdown file must
// name one of its headings (GitHub's anchors: lower case, punctuation dropped, spaces to hyphens,
// repeats numbered -1, -2, …).
//   node tests/tools/doc-links.mjs   prints the broken links, exit 1 when there are any
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The package's README (bin/pack-readme.mjs): published as README.md, so its links start at the root. */
export const PACKAGE_README = 'docs/package-readme.md';

/** GitHub's anchor for a heading's text. */
export function slugOf(heading) {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a markdown text's headings (fenced code left out). */
export function anchorsOf(markdown) {
  const seen = new Map();
  const out = new Set();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const m = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = slugOf(m[1]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n ? `${base}-${n}` : base);
  }
  return out;
}

/** The markdown files checked: README.md and docs/**\/*.md, relative to the repository. */
export function markdownFiles() {
  const out = ['README.md'];
  const walk = (dir) => {
    for (const n of readdirSync(join(root, dir)).sort()) {
      const p = `${dir}/${n}`;
      if (statSync(join(root, p)).isDirectory()) walk(p);
      else if (n.endsWith('.md')) out.push(p);
    }
  };
  walk('docs');
  return out;
}

/** The links of a markdown text, outside code: [{line (1-based), target}]. */
export function linksOf(markdown) {
  const out = [];
  let fenced = false;
  markdown.split('\n').forEach((line, i) => {
    if (/^\s*```/.test(line)) fenced = !fenced;
    if (fenced) return;
    const code = line.replace(/`[^`]*`/g, '');
    for (const m of code.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) out.push({ line: i + 1, target: m[1] });
  });
  return out;
}

/** Broken relative links: [{file, line, target, why}]. */
export function brokenLinks() {
  const bad = [];
  for (const file of markdownFiles()) {
    for (const { line, target } of linksOf(readFileSync(join(root, file), 'utf8'))) {
      if (/^[a-z]+:/i.test(target)) continue;
      const [path, anchor] = target.split('#');
      const base = file === PACKAGE_README ? '' : dirname(file);
      const abs = path ? join(root, base, decodeURIComponent(path)) : join(root, file);
      const where = { file, line, target };
      if (!existsSync(abs)) bad.push({ ...where, why: 'no such file' });
      else if (anchor !== undefined && abs.endsWith('.md') && !anchorsOf(readFileSync(abs, 'utf8')).has(anchor))
        bad.push({ ...where, why: `no heading #${anchor} in ${relative(root, abs)}` });
    }
  }
  return bad;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const bad = brokenLinks();
  for (const b of bad) console.log(`${b.file}:${b.line}: ${b.target}: ${b.why}`);
  console.log(`${bad.length} broken link(s) in ${markdownFiles().length} files`);
  process.exit(bad.length ? 1 : 0);
}
