/**
 * TypeScript types through json-schema-to-typescript: the definition language (from schemas/)
 * and one row interface per entity.
 *
 * json-schema-to-typescript resolves `$ref`s with a resolver that would fetch
 * https://rowaq.dev/schemas/... over the network; instead every schema is bundled under
 * `definitions` of one root and its `$ref`s rewritten to local pointers. It is slow (about a
 * second for schemas/), so emit.ts skips it when the input hash has not changed.
 */
import type { Entity, EntityField } from './manifest-types.ts';
import { ENTRY_SCHEMA, SCHEMA_BASE } from './schemas.ts';

/** Loaded on demand: the package pulls in prettier and takes seconds to import. */
async function compile(schema: object, name: string, options: Record<string, unknown>): Promise<string> {
  const { compile: jstt } = await import('json-schema-to-typescript');
  return jstt(schema as never, name, options);
}

const OPTIONS = { bannerComment: '', format: false, unknownAny: true, additionalProperties: false, strictIndexSignatures: true, ignoreMinAndMaxItems: true } as const;

/** Types of every definition kind, plus `Definition`, the union of the kinds. */
export async function definitionTypes(schemas: Record<string, Record<string, unknown>>): Promise<string> {
  const keyOf = (id: string) => id.replace(SCHEMA_BASE, '').replace(/\.schema\.json$/, '');
  const definitions: Record<string, unknown> = {};
  for (const [file, schema] of Object.entries(schemas)) {
    if (file === ENTRY_SCHEMA) continue;
    const id = typeof schema.$id === 'string' ? schema.$id : SCHEMA_BASE + file;
    definitions[keyOf(id)] = rewriteRefs(schema, id, keyOf);
  }
  const root = { title: 'RowaqSchemas', type: 'object', definitions, additionalProperties: false, properties: {} };
  const body = await compile(root, 'RowaqSchemas', { ...OPTIONS, unreachableDefinitions: true, declareExternallyReferenced: true });
  const kinds = kindTitles(schemas);
  const union = kinds.length ? `\n/** Any definition file: the union of the kinds. */\nexport type Definition = ${kinds.join(' | ')};\n` : '';
  return body + union;
}

/** Titles of the kind schemas the entry schema dispatches to (`then: {$ref: role.schema.json}`). */
function kindTitles(schemas: Record<string, Record<string, unknown>>): string[] {
  const entry = schemas[ENTRY_SCHEMA] as { allOf?: { then?: { $ref?: string } }[] } | undefined;
  return (entry?.allOf ?? [])
    .map((c) => c.then?.$ref?.split('#')[0])
    .map((file) => (file ? schemas[file]?.title : undefined))
    .filter((t): t is string => typeof t === 'string')
    .map(typeName);
}

/** json-schema-to-typescript's naming of a title (PascalCase, letters and digits). */
function typeName(title: string): string {
  return title.replace(/(^|[^A-Za-z0-9]+)([A-Za-z0-9])/g, (_, __, c: string) => c.toUpperCase());
}

function rewriteRefs(node: unknown, base: string, keyOf: (id: string) => string): unknown {
  if (Array.isArray(node)) return node.map((n) => rewriteRefs(n, base, keyOf));
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === '$id' || k === '$schema') continue;
    if (k === '$ref' && typeof v === 'string') {
      const url = new URL(v, base);
      out.$ref = `#/definitions/${keyOf(url.href.split('#')[0])}${url.hash.replace(/^#/, '')}`;
    } else {
      out[k] = rewriteRefs(v, base, keyOf);
    }
  }
  return out;
}

/** JSON Schema of an entity row as the server stores and returns it. */
export function entityRowSchema(entity: Entity, typeTitle: string): Record<string, unknown> {
  const properties: Record<string, unknown> = { id: { type: 'integer', description: 'Identity (bigint).' } };
  const required = ['id'];
  for (const f of Object.values(entity.fields)) {
    properties[f.name] = rowFieldSchema(f);
    if (f.required) required.push(f.name);
  }
  if (entity.timestamps) {
    properties.created_at = { type: 'string', format: 'date-time' };
    properties.updated_at = { type: 'string', format: 'date-time' };
    required.push('created_at', 'updated_at');
  }
  if (entity.softDelete) properties.deleted_at = { type: ['string', 'null'], format: 'date-time' };
  return { title: typeTitle, type: 'object', description: `A row of entity '${entity.name}' (table ${entity.table}).`, properties, required, additionalProperties: false };
}

function rowFieldSchema(f: EntityField): Record<string, unknown> {
  const types: Record<string, string | undefined> = {
    integer: 'integer', bigint: 'integer', number: 'number', money: 'number', boolean: 'boolean', json: undefined,
  };
  const type = f.type in types ? types[f.type] : 'string';
  const schema: Record<string, unknown> = type ? { type: f.required ? type : [type, 'null'] } : {};
  if (f.enum) schema.enum = f.required ? f.enum : [...f.enum, null];
  const note = [f.ref && `references ${f.ref}.id`, f.status && `an id of status table ${f.status}`, f.serverOnly && 'server only'].filter(Boolean);
  schema.description = `${f.label.en}${note.length ? ` (${note.join('; ')})` : ''}`;
  return schema;
}

/** One interface per entity row: `StudentsRow` for entity `students`. */
export async function entityTypes(entities: Record<string, Entity>): Promise<string> {
  const definitions: Record<string, unknown> = {};
  const names: string[] = [];
  for (const e of Object.values(entities)) {
    const title = `${typeName(e.name.replace(/^./, (c) => c.toUpperCase()))}Row`;
    names.push(`  ${JSON.stringify(e.name)}: ${title};`);
    definitions[e.name] = entityRowSchema(e, title);
  }
  const root = { title: 'EntityRowsRoot', type: 'object', definitions, additionalProperties: false, properties: {} };
  const body = await compile(root, 'EntityRowsRoot', { ...OPTIONS, unreachableDefinitions: true });
  return `${body}\n/** Row type by entity name. */\nexport interface EntityRows {\n${names.join('\n')}\n}\n`;
}
