// The clause ids the engine may cite, read from the project's rules reference docs/rules/<game>.md:
// every `### ID` heading there (AL-ORD-1, GG-8.1-I, 9A-PV-E, CCA-LD-8, TW-EJ-6, …) except the
// assumption ids (A-AL-1, …), which have headings of their own in the same files.
//   node tests/tools/clause-ids.mjs             prints the clause ids, one a line, sorted
//   node tests/tools/clause-ids.mjs --assumptions  prints the assumption ids instead
// tests/reliability/clause-ids.test.mjs checks that every id the engine can cite has its heading.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const rulesDir = join(root, 'docs', 'rules');
const ID = /^[0-9A-Z]+(-[0-9A-Z.]+)+$/;
const ASSUMPTION = /^A-[0-9A-Z]+-\d+$/;

/**
 * Each rule set's reference page, by the prefix of its clause ids and of its assumption ids: the
 * clause prefix is the last column of src/systems.def (the one list of games, which describe's
 * `clausePrefix` also reads).
 */
export const RULE_PAGES = readFileSync(join(root, 'src', 'systems.def'), 'utf8').split('\n')
  .map((l) => /^MC_SYSTEM\(\d+, *\w+, *"([a-z0-9-]+)",.*, *"([0-9A-Z]+)"\)$/.exec(l))
  .filter(Boolean)
  .map(([, system, clause]) => ({ system, clause, assumption: `A-${clause}` }));

/** The page that documents an id (clause or assumption), or null for an id of no rule set. */
export function pageOf(id) {
  const a = ASSUMPTION.test(id);
  const p = RULE_PAGES.find((r) => id.startsWith(`${a ? r.assumption : r.clause}-`));
  return p ? `docs/rules/${p.system}.md` : null;
}

/** The ids of the `### ID` headings of one markdown text, in order. */
export function headingIdsOf(markdown) {
  const ids = [];
  for (const line of markdown.split('\n')) {
    const m = /^###\s+(\S+)\s*$/.exec(line);
    if (m && ID.test(m[1])) ids.push(m[1]);
  }
  return ids;
}

/** {file: ids} over docs/rules/*.md, file names relative to the repository. */
export function headingIdsByFile() {
  const out = {};
  for (const f of readdirSync(rulesDir).filter((n) => n.endsWith('.md')).sort())
    out[`docs/rules/${f}`] = headingIdsOf(readFileSync(join(rulesDir, f), 'utf8'));
  return out;
}

/** {ids: Set of clause ids, assumptions: Set of assumption ids, source}. */
export function loadClauseIds() {
  const all = Object.values(headingIdsByFile()).flat();
  return {
    ids: new Set(all.filter((id) => !ASSUMPTION.test(id))),
    assumptions: new Set(all.filter((id) => ASSUMPTION.test(id))),
    source: 'docs/rules/*.md',
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { ids, assumptions } = loadClauseIds();
  const list = process.argv[2] === '--assumptions' ? assumptions : ids;
  process.stdout.write(`${[...list].sort().join('\n')}\n`);
}
