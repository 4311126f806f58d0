// Writes libFuzzer's dictionary into the file given as argument: tests/fuzz/json.dict (the tokens
// picked by hand, which name no game) and, for every game of `describe`, its id, its queries, its
// assumption ids and its terrain kinds, each as a JSON string. A game added to src/systems.def is
// then in the dictionary without an edit here (docs/adding-a-game.md).
import { readFileSync, writeFileSync } from 'node:fs';
import { createEngine } from '../../wasm/movecalc.mjs';

const hand = readFileSync(new URL('./json.dict', import.meta.url), 'utf8');
const engine = await createEngine();
const { systems } = engine.request({ query: 'describe' }).result;
const words = new Set(systems.flatMap((s) => [s.id, ...s.queries.map((q) => q.name), ...s.assumptions, ...(s.terrainKinds ?? [])]));
// A dictionary entry is a C-escaped string; a JSON string token is its quotes escaped.
const entry = (w) => `"\\"${w.replace(/[\\"]/g, (c) => `\\${c}`)}\\""`;
const have = new Set(hand.split('\n'));
const lines = [...words].map(entry).filter((l) => !have.has(l));
writeFileSync(process.argv[2], `${hand}\n# the games of describe: ids, queries, assumption ids, terrain kinds (tests/fuzz/dict.mjs)\n${lines.join('\n')}\n`);
