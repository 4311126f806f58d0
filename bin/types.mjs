#!/usr/bin/env node
// Generates wasm/movecalc-api.d.ts, the request and response types, from the JSON Schemas of
// docs/schema/ (their single source). `node bin/types.mjs` writes the file; `--check` only says
// whether the committed file is up to date (exit 1 when not). It reads the subset of JSON Schema
// the schemas use: $ref, const, enum, oneOf/anyOf (also of `required` alone beside properties: the
// object once for each), allOf, type (one or several), properties and
// required, additionalProperties as a schema, items and prefixItems. One annotation of its own:
// `fullDetail` on a hex reach entry lists the fields a full-detail answer always gives (a brief one
// leaves them out at their defaults), so a reach asked in full detail gets <Entry>Full entries
// with those fields required, and its result's `paths` says whether each entry has `path` or `parent`.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const schemaDir = join(root, 'docs', 'schema');
export const outFile = join(root, 'wasm', 'movecalc-api.d.ts');

// The envelope's shapes keep plain names; every other file's get its stem in PascalCase.
function prefixOf(stem) {
  if (stem === 'envelope') return '';
  return stem.split('-').map((w) => w[0].toUpperCase() + w.slice(1)).join('');
}

function typeName(ref, stem) {
  const m = /^(?:([\w-]+)\.schema\.json)?#\/\$defs\/(\w+)$/.exec(ref);
  if (!m) throw new Error(`${stem}: unsupported $ref ${ref}`);
  return prefixOf(m[1] ?? stem) + m[2];
}

const identifier = /^[A-Za-z_$][\w$]*$/;
const keyOf = (k) => (identifier.test(k) ? k : JSON.stringify(k));

function doc(schema, indent) {
  if (!schema.description) return '';
  const lines = schema.description.split('\n');
  if (lines.length === 1) return `${indent}/** ${lines[0].replaceAll('*/', '* /')} */\n`;
  return `${indent}/**\n${lines.map((l) => `${indent} * ${l.replaceAll('*/', '* /')}`).join('\n')}\n${indent} */\n`;
}

function wrap(t) {
  return /[|&]/.test(t) && !/^[[{(]/.test(t) ? `(${t})` : t;
}

function objectBody(schema, stem, indent) {
  const required = new Set(schema.required ?? []);
  const inner = indent + '  ';
  const lines = Object.entries(schema.properties).map(([k, v]) =>
    `${doc(v, inner)}${inner}${keyOf(k)}${required.has(k) ? '' : '?'}: ${tsType(v, stem, inner)};`);
  return lines.length ? `{\n${lines.join('\n')}\n${indent}}` : 'Record<string, never>';
}

function tsType(schema, stem, indent) {
  if (schema.$ref) return typeName(schema.$ref, stem);
  if ('const' in schema) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  const union = schema.oneOf ?? schema.anyOf;
  // beside properties, branches that only say which of them are required (naming them again in
  // their own `properties`, as Ajv's strict mode asks): the object once for each
  if (union && schema.properties && union.every((s) => Object.keys(s).every((k) => k === 'required' || k === 'properties') && s.required.every((k) => k in schema.properties))) {
    return union.map((s) => objectBody({ ...schema, required: [...(schema.required ?? []), ...s.required] }, stem, indent)).join(' | ');
  }
  if (union) return union.map((s) => wrap(tsType(s, stem, indent))).join(' | ');
  const types = [].concat(schema.type ?? []);
  if (types.length > 1) return types.map((t) => tsType({ ...schema, type: t }, stem, indent)).join(' | ');
  switch (types[0]) {
    case 'string': return 'string';
    case 'number': case 'integer': return 'number';
    case 'boolean': return 'boolean';
    case 'null': return 'null';
    case 'array':
      if (schema.prefixItems) return `[${schema.prefixItems.map((s) => tsType(s, stem, indent)).join(', ')}]`;
      return `${wrap(tsType(schema.items, stem, indent))}[]`;
    case 'object': {
      const parts = (schema.allOf ?? []).map((s) => wrap(tsType(s, stem, indent)));
      if (schema.properties) parts.push(objectBody(schema, stem, indent));
      else if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
        parts.push(`{ [name: string]: ${tsType(schema.additionalProperties, stem, indent)} }`);
      }
      return parts.length ? parts.join(' & ') : 'Record<string, unknown>';
    }
    default:
      throw new Error(`${stem}: unsupported schema ${JSON.stringify(schema).slice(0, 120)}`);
  }
}

function declaration(name, schema, stem) {
  const body = tsType(schema, stem, '');
  const isInterface = schema.type === 'object' && schema.properties && !schema.allOf && body.startsWith('{');
  return doc(schema, '') + (isInterface ? `export interface ${name} ${body}\n` : `export type ${name} = ${body};\n`);
}

/**
 * The reason codes docs/api/<game>.md lists (its "Reason codes" sections: a table's first column,
 * or the paragraph that starts "Reason codes:"), every game's, sorted: Reason.code's union.
 */
export function reasonCodes(dir = join(root, 'docs', 'api')) {
  const codes = new Set();
  const snake = (cell, needUnderscore) => [...cell.matchAll(/`([a-z][a-z0-9]*(?:_[a-z0-9]+)*)`/g)].map((m) => m[1])
    .filter((c) => !needUnderscore || c.includes('_'));
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.md'))) {
    const lines = readFileSync(join(dir, f), 'utf8').split('\n');
    for (let i = 0; i < lines.length; i++) {
      if (/^#+ .*[Rr]eason codes/.test(lines[i])) {
        for (let j = i + 1; j < lines.length && !/^#/.test(lines[j]); j++) {
          if (/^\| `/.test(lines[j])) for (const c of snake(lines[j].split('|')[1], false)) codes.add(c);
        }
      } else if (lines[i].startsWith('Reason codes:')) {
        for (let j = i; j < lines.length && lines[j].trim() !== ''; j++) for (const c of snake(lines[j], true)) codes.add(c);
      }
    }
  }
  return [...codes].sort();
}

/**
 * The full-detail types of a query whose result lists `hexes` of an entry with `fullDetail`: the
 * entry with those fields required, the result as a union on `paths` (each entry's `path` of hexes
 * with col and row, or its `parent`), and the response. Null for any other query.
 */
function fullDetail(schema, stem, prefix, response) {
  const refName = (ref) => /#\/\$defs\/(\w+)$/.exec(ref)?.[1];
  const resultRef = schema.$defs[response.slice(prefix.length)]?.properties?.result?.$ref;
  const resultName = resultRef && refName(resultRef);
  const entryRef = resultName && schema.$defs[resultName].properties?.hexes?.items?.$ref;
  const entryName = entryRef && refName(entryRef);
  const fields = entryName && schema.$defs[entryName].fullDetail;
  if (!fields) return null;
  const entry = prefix + entryName;
  // The entry's `path`: its own, or that of a definition it extends (the envelope's HexReachEntry).
  const envelope = () => JSON.parse(readFileSync(join(schemaDir, 'envelope.schema.json'), 'utf8'));
  const entryDef = schema.$defs[entryName];
  const path = entryDef.properties?.path ?? entryDef.allOf?.map((a) => (a.$ref?.startsWith('envelope.schema.json#')
    ? envelope().$defs[refName(a.$ref)] : schema.$defs[refName(a.$ref ?? '')])?.properties?.path).find(Boolean);
  const pathHex = typeName(path.items.$ref, stem);
  const pick = (names) => `Required<Pick<${entry}, ${names.map((f) => JSON.stringify(f)).join(' | ')}>>`;
  const text = `/**
 * ${entry} as a full-detail answer (\`detail\` absent or "full") gives it: these fields are always
 * there; the way there, \`path\` or \`parent\`, as the result's \`paths\` says.
 */
export type ${entry}Full = Omit<${entry}, "path" | "parent"> & ${pick(fields)};
/** ${prefix + resultName} in full detail: \`paths\` says which form every entry's way there is in. */
export type ${prefix + resultName}Full = Omit<${prefix + resultName}, "paths" | "hexes"> & (
  | { paths: "full"; hexes: (${entry}Full & { path: Required<${pathHex}>[] })[] }
  | { paths: "parent"; hexes: (${entry}Full & { parent: Required<${pathHex}> })[] }
);
/** ${response} in full detail. */
export type ${response}Full = Omit<${response}, "result"> & { result: ${prefix + resultName}Full };
`;
  return { text, response: `${response}Full` };
}

export function generate() {
  const files = readdirSync(schemaDir).filter((f) => f.endsWith('.schema.json')).sort()
    .map((f) => ({ stem: f.replace('.schema.json', ''), schema: JSON.parse(readFileSync(join(schemaDir, f), 'utf8')) }));
  // The envelope first, then describe, then the systems in file order.
  const rank = (s) => (s === 'envelope' ? 0 : s === 'describe' ? 1 : 2);
  files.sort((a, b) => rank(a.stem) - rank(b.stem) || a.stem.localeCompare(b.stem));
  let text = '// Generated by bin/types.mjs from docs/schema/*.schema.json: do not edit; change the schemas\n' +
    '// and run `node bin/types.mjs`.\n';
  // One generic overload over a map rather than one overload per query: with 17 overloads a call
  // that matches none makes tsc report a union too complex to represent (TS2590).
  const requests = [], responses = [], systems = [];
  for (const { stem, schema } of files) {
    text += `\n// ${schema.title}\n\n`;
    const prefix = prefixOf(stem);
    for (const [name, def] of Object.entries(schema.$defs)) text += declaration(prefix + name, def, stem);
    if (stem === 'envelope') continue;
    requests.push(prefix + 'Request');
    responses.push(prefix + 'Response');
    if (stem === 'describe') continue;
    const queries = [];
    for (const [name, def] of Object.entries(schema.$defs)) {
      const m = /^(\w+)Request$/.exec(name);
      if (m && schema.$defs[m[1] + 'Response']) queries.push([def.properties.query.const, prefix + name, prefix + m[1] + 'Response']);
    }
    for (const q of queries) {
      const full = fullDetail(schema, stem, prefix, q[2]);
      if (full) {
        text += full.text;
        q.push(full.response);
      }
    }
    systems.push([stem, queries]);
  }
  text += '\n// Every request and response\n\n';
  text += `/** Any request the engine reads. */\nexport type Request =\n  | ${requests.join('\n  | ')};\n`;
  text += `/** Any successful response. */\nexport type OkResponse =\n  | ${responses.join('\n  | ')};\n`;
  text += '/** Any response. */\nexport type Response = OkResponse | ErrorResponse;\n';
  text += '\n/** Each system\'s queries: the request type and the response type. */\nexport interface Queries {\n';
  for (const [system, queries] of systems) {
    text += `  ${JSON.stringify(system)}: {\n`;
    for (const [query, req, res, full] of queries) text += `    ${query}: { request: ${req}; response: ${res}${full ? `; full: ${full}` : ''} };\n`;
    text += '  };\n';
  }
  text += '}\n';
  text += `/** The request type of a system's query. */
export type RequestOf<S, Q> = S extends keyof Queries ? Q extends keyof Queries[S] ? Queries[S][Q] extends { request: infer X } ? X : never : never : never;
/** The response type of a system's query: its successful response or an error. */
export type ResponseOf<S, Q> = (S extends keyof Queries ? Q extends keyof Queries[S] ? Queries[S][Q] extends { response: infer X } ? X : never : never : never) | ErrorResponse;
/** T with every member and array read-only: what a request parameter takes (the engine never changes it), so that \`as const\` requests fit. */
export type ReadonlyDeep<T> = T extends object ? { readonly [K in keyof T]: ReadonlyDeep<T[K]> } : T;
/** A system's queries with a full-detail form (a hex reach: \`detail\` absent or "full"). */
export type FullQuery<S> = S extends keyof Queries ? { [Q in keyof Queries[S]]: Queries[S][Q] extends { full: unknown } ? Q : never }[keyof Queries[S]] : never;
/** The response type of such a query asked in full detail, or an error. */
export type FullResponseOf<S, Q> = (S extends keyof Queries ? Q extends keyof Queries[S] ? Queries[S][Q] extends { full: infer X } ? X : never : never : never) | ErrorResponse;

/** \`Engine.request\`: the request's \`system\` and \`query\` pick the request type and the result type. */
export interface EngineRequests {
  /** A request typed \`any\` (JSON.parse's): its kind is unknown, so the general Response. */
  request<T>(request: 0 extends 1 & T ? T : never): Response;
  request(request: DescribeRequest): DescribeResponse | ErrorResponse;
  /** A hex reach in full detail (\`detail\` absent or "full"): every entry's full-detail fields are there. */
  request<S extends keyof Queries, Q extends FullQuery<S>>(request: { system: S; query: Q; detail?: "full" } & ReadonlyDeep<RequestOf<S, Q>>): FullResponseOf<S, Q>;
  request<S extends keyof Queries, Q extends keyof Queries[S]>(request: { system: S; query: Q } & ReadonlyDeep<RequestOf<S, Q>>): ResponseOf<S, Q>;
  /** A request whose system and query are not known statically, or JSON text. */
  request(request: Request | string): Response;
}
`;
  // Reason.code: the documented union (the schema says only "a non-empty string")
  const reason = 'export interface Reason {\n  code: string;';
  if (!text.includes(reason)) throw new Error('types: no Reason.code to type');
  text = text.replace(reason, 'export interface Reason {\n  code: ReasonCode;') +
    `\n/** Every reason code docs/api/<game>.md documents. */\nexport type ReasonCode =\n${reasonCodes().map((c) => `  | '${c}'`).join('\n')};\n`;
  return text;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const text = generate();
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(outFile, 'utf8');
    } catch {}
    if (current !== text) {
      console.error('wasm/movecalc-api.d.ts is out of date with docs/schema/: run node bin/types.mjs');
      process.exit(1);
    }
  } else {
    writeFileSync(outFile, text);
  }
}
