// Loads docs/schema/*.schema.json into one Ajv (draft 2020-12) instance, for the tests and the
// type generator's check. Returns the instance and, per file, its $id keyed by the file's stem.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';

export const schemaDir = fileURLToPath(new URL('../../docs/schema', import.meta.url));

export function readSchemas() {
  return readdirSync(schemaDir).filter((f) => f.endsWith('.schema.json')).sort()
    .map((f) => ({ stem: f.replace('.schema.json', ''), schema: JSON.parse(readFileSync(join(schemaDir, f), 'utf8')) }));
}

export function loadSchemas() {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  // A hex reach entry's fields that a full-detail answer always gives (bin/types.mjs): an annotation.
  ajv.addKeyword('fullDetail');
  const ids = {};
  for (const { stem, schema } of readSchemas()) {
    ajv.addSchema(schema);
    ids[stem] = schema.$id;
  }
  return { ajv, ids };
}
