/**
 * Loads schemas/ into one Ajv 2020 instance and compiles the entry schema once.
 *
 * Compiling is the slow part of ajv (tens of milliseconds); validating a file is microseconds.
 * The compiled validator is cached by the hash of every schema's text, so the CLI, the
 * incremental compiler and the Vite plugin all pay for it once per change of schemas/.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import type addFormatsModule from 'ajv-formats';
import { hashText } from './load.ts';

export const ENTRY_SCHEMA = 'definition.schema.json';
export const SCHEMA_BASE = 'https://rowaq.dev/schemas/';

export interface SchemaSet {
  /** Hash of every schema file's name and text. */
  hash: string;
  /** The parsed schemas keyed by file name (json-schema-to-typescript reads them too). */
  schemas: Record<string, Record<string, unknown>>;
  /** Imports ajv and compiles the entry schema, once; call before `validate`. */
  prepare(): Promise<void>;
  /** The compiled entry schema (after `prepare`). */
  readonly validate: ValidateFunction;
  /** Schema objects reachable from a sub-schema through $ref: how validate.ts groups branch errors. */
  reach: (schema: unknown) => Set<object>;
}

const cache = new Map<string, SchemaSet>();

export async function readSchemaFiles(dir: string): Promise<Record<string, string>> {
  const names = (await readdir(dir)).filter((n) => n.endsWith('.json')).sort();
  // Read in parallel, but build the record in name order: the hash must not depend on timing.
  const read = await Promise.all(names.map((n) => readFile(path.join(dir, n), 'utf8')));
  return Object.fromEntries(names.map((n, i) => [n, read[i]]));
}

export async function loadSchemaSet(dir: string): Promise<SchemaSet> {
  const texts = await readSchemaFiles(dir);
  const hash = hashText(
    Object.entries(texts)
      .map(([n, t]) => `${n}\n${t}`)
      .join('\n\0'),
  );
  const cached = cache.get(hash);
  if (cached) return cached;
  if (!texts[ENTRY_SCHEMA])
    throw new Error(`${path.join(dir, ENTRY_SCHEMA)} is missing: the generator validates every definition against it`);
  const schemas: Record<string, Record<string, unknown>> = {};
  for (const [name, text] of Object.entries(texts)) {
    try {
      schemas[name] = JSON.parse(text) as Record<string, unknown>;
    } catch (e) {
      throw new Error(`${path.join(dir, name)} is not valid JSON: ${(e as Error).message}`, { cause: e });
    }
  }
  // Importing ajv and compiling are deferred until a file needs validating: when every file
  // is in the persistent cache (compile.ts), `npm run gen` never pays for either.
  let validate: ValidateFunction | undefined;
  let preparing: Promise<void> | undefined;
  let reach: ((schema: unknown) => Set<object>) | undefined;
  const set: SchemaSet = {
    hash,
    schemas,
    prepare: () =>
      (preparing ??= compileEntry(schemas).then((v) => {
        validate = v;
      })),
    get validate() {
      if (!validate) throw new Error('SchemaSet.prepare() must be awaited before validating');
      return validate;
    },
    reach: (schema) => (reach ??= reachability(schemas))(schema),
  };
  cache.set(hash, set);
  return set;
}

async function compileEntry(schemas: Record<string, Record<string, unknown>>): Promise<ValidateFunction> {
  const { Ajv2020 } = await import('ajv/dist/2020.js');
  const formats = await import('ajv-formats');
  // ajv-formats ships CommonJS: under ESM the plugin may sit one `default` deeper.
  const first = formats.default as unknown as typeof addFormatsModule & { default?: typeof addFormatsModule };
  const addFormats = first.default ?? first;
  // allErrors: report every mistake of a file at once. verbose: errors carry their parentSchema,
  // from which the messages list the allowed keys and values. strict off: schema authors may
  // use annotation keywords ajv does not know.
  const ajv = new Ajv2020({ allErrors: true, verbose: true, strict: false, allowUnionTypes: true });
  addFormats(ajv);
  // Formats the language uses that ajv-formats lacks.
  ajv.addFormat('year', /^\d{4}$/);
  ajv.addFormat('data-url', /^data:/);
  for (const [name, schema] of Object.entries(schemas))
    ajv.addSchema(schema, typeof schema.$id === 'string' ? undefined : SCHEMA_BASE + name);
  const entry = schemas[ENTRY_SCHEMA];
  const validate = ajv.getSchema(typeof entry.$id === 'string' ? entry.$id : SCHEMA_BASE + ENTRY_SCHEMA);
  if (!validate) throw new Error(`cannot compile ${ENTRY_SCHEMA}`);
  return validate;
}

/**
 * Builds `reach(subSchema)`: every object under it, following `$ref`s across files. Memoized
 * per sub-schema, since the same few branches (labels, conditions) fail again and again.
 */
function reachability(schemas: Record<string, Record<string, unknown>>): (schema: unknown) => Set<object> {
  const docs = new Map<string, Record<string, unknown>>();
  const baseOf = new WeakMap<object, string>();
  for (const [name, doc] of Object.entries(schemas)) {
    const id = typeof doc.$id === 'string' ? doc.$id : SCHEMA_BASE + name;
    docs.set(id, doc);
    const mark = (node: unknown) => {
      if (!node || typeof node !== 'object' || baseOf.has(node)) return;
      baseOf.set(node, id);
      Object.values(node).forEach(mark);
    };
    mark(doc);
  }
  const resolve = (ref: string, base: string): unknown => {
    const url = new URL(ref, base);
    let node: unknown = docs.get(url.href.split('#')[0]);
    for (const part of url.hash.replace(/^#\/?/, '').split('/').filter(Boolean)) {
      node = (node as Record<string, unknown> | undefined)?.[
        decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~')
      ];
    }
    return node;
  };
  const memo = new WeakMap<object, Set<object>>();
  return (schema) => {
    if (!schema || typeof schema !== 'object') return new Set();
    const hit = memo.get(schema);
    if (hit) return hit;
    const seen = new Set<object>();
    const walk = (node: unknown) => {
      if (!node || typeof node !== 'object' || seen.has(node)) return;
      seen.add(node);
      const ref = (node as Record<string, unknown>).$ref;
      const base = baseOf.get(node);
      if (typeof ref === 'string' && base) walk(resolve(ref, base));
      Object.values(node).forEach(walk);
    };
    walk(schema);
    memo.set(schema, seen);
    return seen;
  };
}
