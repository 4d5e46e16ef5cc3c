/**
 * TypeScript types through json-schema-to-typescript: the definition language (from schemas/)
 * and one row interface per entity, plus the Kysely `Database` of the entity tables.
 *
 * json-schema-to-typescript resolves `$ref`s with a resolver that would fetch
 * https://rowaq.dev/schemas/... over the network; instead every schema is bundled under
 * `definitions` of one root. It is slow (about a second for schemas/), so emit.ts skips it
 * when the input hash (schemas and this file) has not changed.
 *
 * Bundling also keeps the output to ONE type per titled schema. Left to itself the compiler
 * declares a fresh numbered copy (`Condition2`, `Name12`) wherever a `$ref` carries a sibling
 * keyword (every `$ref` here has a `description`), so:
 *   - every titled `$defs` entry is hoisted to a root definition of its own, declared once;
 *   - every `$ref` to a titled schema becomes `tsType: <its type name>` (siblings kept: they
 *     become the doc comment of the property);
 *   - conditional validation (`if`/`then`, `dependentSchemas`), which the compiler cannot
 *     express, is dropped, except mutually exclusive `dependentSchemas` (Condition), which
 *     become a union of one variant per key: `{field, equals?, ...} | {permission} | ...`.
 */
import type { Entity, EntityField, FieldType } from './manifest-types.ts';
import { ENTRY_SCHEMA, SCHEMA_BASE } from './schemas.ts';

type Schema = Record<string, unknown>;

/** Loaded on demand: the package pulls in prettier and takes seconds to import. */
async function compile(schema: object, name: string, options: Record<string, unknown>): Promise<string> {
  const { compile: jstt } = await import('json-schema-to-typescript');
  return jstt(schema as never, name, options);
}

/**
 * Index signatures stay `T`, not `T | undefined` (no `strictIndexSignatures`): the project
 * compiles without `noUncheckedIndexedAccess`, and maps such as `RouteParams` or the fields of
 * an entity must read like the `Record<string, T>`s of manifest-types.ts they feed.
 */
const OPTIONS = {
  bannerComment: '',
  format: false,
  unknownAny: true,
  additionalProperties: false,
  ignoreMinAndMaxItems: true,
} as const;

/** Types of every definition kind, plus `Definition`, the union of the kinds. */
export async function definitionTypes(schemas: Record<string, Schema>): Promise<string> {
  const root = bundleSchemas(schemas);
  const body = await compile(root, 'RowaqSchemas', {
    ...OPTIONS,
    unreachableDefinitions: true,
    declareExternallyReferenced: true,
  });
  const kinds = kindTitles(schemas);
  const union = kinds.length
    ? `\n/** Any definition file: the union of the kinds. */\nexport type Definition = ${kinds.join(' | ')};\n`
    : '';
  // The empty root interface is the compiler's entry point, not a type anyone uses.
  return body.replace(/^export interface RowaqSchemas \{\s*\}\n/m, '') + union;
}

/**
 * One root schema holding every schema of schemas/ (except the entry schema, whose kinds are
 * the `Definition` union) and every titled `$defs` entry under `definitions`, with `$ref`s
 * to titled schemas replaced by their type names. Exported for the tests.
 */
export function bundleSchemas(schemas: Record<string, Schema>): Schema {
  const keyOf = (id: string) => id.replace(SCHEMA_BASE, '').replace(/\.schema\.json$/, '');
  const definitions: Record<string, Schema> = {};
  /** Absolute URL (`<file id>#/$defs/x`, or the file id) -> type name. */
  const named = new Map<string, string>();
  /** Type name -> where it is declared: two schemas with one title would come out numbered. */
  const declared = new Map<string, string>();
  const declare = (url: string, title: unknown) => {
    if (typeof title !== 'string') return;
    const name = typeName(title);
    const other = declared.get(name);
    if (other && other !== url)
      throw new Error(
        `schemas: '${url}' and '${other}' both have the title '${title}': titles name the generated types and must be unique`,
      );
    declared.set(name, url);
    named.set(url, name);
  };
  const files = Object.entries(schemas).filter(([file]) => file !== ENTRY_SCHEMA);
  const idOf = (file: string, schema: Schema) => (typeof schema.$id === 'string' ? schema.$id : SCHEMA_BASE + file);
  for (const [file, schema] of files) {
    const id = idOf(file, schema);
    declare(id, schema.title);
    for (const [def, sub] of Object.entries((schema.$defs ?? {}) as Record<string, Schema>))
      declare(`${id}#/$defs/${def}`, sub.title);
  }
  for (const [file, schema] of files) {
    const id = idOf(file, schema);
    const { $defs, ...body } = schema;
    for (const [def, sub] of Object.entries(($defs ?? {}) as Record<string, Schema>)) {
      definitions[`${keyOf(id)}.${def}`] = cleanSchema(sub, id, named) as Schema;
    }
    // A file of shared $defs only (common.schema.json) declares no type of its own.
    if ('type' in body || 'properties' in body || 'anyOf' in body || 'oneOf' in body)
      definitions[keyOf(id)] = cleanSchema(body, id, named) as Schema;
  }
  return { title: 'RowaqSchemas', type: 'object', definitions, additionalProperties: false, properties: {} };
}

/** Keywords of conditional validation: they check, they do not shape, and the compiler ignores them. */
const CONDITIONAL = ['if', 'then', 'else', 'dependentSchemas', 'dependentRequired'];

function cleanSchema(node: unknown, base: string, named: Map<string, string>): unknown {
  if (Array.isArray(node)) return node.map((n) => cleanSchema(n, base, named));
  if (!node || typeof node !== 'object') return node;
  let schema = node as Schema;
  const variants = exclusiveVariants(schema);
  if (variants) {
    const { title, description, examples } = schema;
    schema = {
      ...(title ? { title } : {}),
      ...(description ? { description } : {}),
      ...(examples ? { examples } : {}),
      anyOf: variants,
    };
  }
  const out: Schema = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k === '$id' || k === '$schema' || k === '$defs' || CONDITIONAL.includes(k)) continue;
    if (k === '$ref' && typeof v === 'string') {
      const url = new URL(v, base).href;
      const name = named.get(url);
      if (!name)
        throw new Error(
          `schemas: $ref '${v}' (in ${base}) points at a schema without a title: give it one, it names the type`,
        );
      out.tsType = name;
    } else if (k === 'allOf' && Array.isArray(v)) {
      // allOf entries that are only if/then pairs (a screen's view-dependent requirements) shape nothing.
      const shaping = v.filter(
        (e) => !e || typeof e !== 'object' || Object.keys(e).some((key) => !CONDITIONAL.includes(key)),
      );
      if (shaping.length) out.allOf = cleanSchema(shaping, base, named);
    } else {
      out[k] = cleanSchema(v, base, named);
    }
  }
  return out;
}

/**
 * An object whose `dependentSchemas` make its keys exclusive (each key's schema forbids every
 * other key with `false`) is a union in disguise: one variant per key, holding that key
 * (required) and the properties the key's schema does not forbid.
 */
function exclusiveVariants(schema: Schema): Schema[] | undefined {
  const deps = schema.dependentSchemas as Record<string, { properties?: Record<string, unknown> }> | undefined;
  const properties = schema.properties as Record<string, unknown> | undefined;
  if (!deps || !properties || schema.type !== 'object') return undefined;
  const keys = Object.keys(deps);
  const exclusive = keys.every((k) => keys.every((o) => o === k || deps[k].properties?.[o] === false));
  if (!exclusive) return undefined;
  return keys.map((k) => ({
    type: 'object',
    additionalProperties: false,
    required: [k],
    properties: Object.fromEntries(
      Object.entries(properties).filter(([p]) => p === k || (!keys.includes(p) && deps[k].properties?.[p] !== false)),
    ),
  }));
}

/** Titles of the kind schemas the entry schema dispatches to (`then: {$ref: role.schema.json}`). */
function kindTitles(schemas: Record<string, Schema>): string[] {
  const entry = schemas[ENTRY_SCHEMA] as { allOf?: { then?: { $ref?: string } }[] } | undefined;
  return (entry?.allOf ?? [])
    .map((c) => c.then?.$ref?.split('#')[0])
    .map((file) => (file ? schemas[file]?.title : undefined))
    .filter((t): t is string => typeof t === 'string')
    .map(typeName);
}

/** json-schema-to-typescript's naming of a title (PascalCase, letters and digits). */
export function typeName(title: string): string {
  return title.replace(/(^|[^A-Za-z0-9]+)([A-Za-z0-9])/g, (_, __, c: string) => c.toUpperCase());
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
  return {
    title: typeTitle,
    type: 'object',
    description: `A row of entity '${entity.name}' (table ${entity.table}).`,
    properties,
    required,
    additionalProperties: false,
  };
}

function rowFieldSchema(f: EntityField): Record<string, unknown> {
  const types: Record<string, string | undefined> = {
    integer: 'integer',
    bigint: 'integer',
    number: 'number',
    money: 'number',
    boolean: 'boolean',
    json: undefined,
  };
  const type = f.type in types ? types[f.type] : 'string';
  const schema: Record<string, unknown> = type ? { type: f.required ? type : [type, 'null'] } : {};
  if (f.enum) schema.enum = f.required ? f.enum : [...f.enum, null];
  const note = [
    f.ref && `references ${f.ref}.id`,
    f.status && `an id of status table ${f.status}`,
    f.serverOnly && 'server only',
  ].filter(Boolean);
  schema.description = `${f.label.en}${note.length ? ` (${note.join('; ')})` : ''}`;
  return schema;
}

/** One interface per entity row: `StudentsRow` for entity `students`; then the tables (see tableTypes). */
export async function entityTypes(entities: Record<string, Entity>): Promise<string> {
  const definitions: Record<string, unknown> = {};
  const names: string[] = [];
  for (const e of Object.values(entities)) {
    const title = `${entityTypeName(e)}Row`;
    names.push(`  ${JSON.stringify(e.name)}: ${title};`);
    definitions[e.name] = entityRowSchema(e, title);
  }
  const root = { title: 'EntityRowsRoot', type: 'object', definitions, additionalProperties: false, properties: {} };
  const body = (await compile(root, 'EntityRowsRoot', { ...OPTIONS, unreachableDefinitions: true })).replace(
    /^export interface EntityRowsRoot \{\s*\}\n/m,
    '',
  );
  return `${tableTypes(entities)}\n${body}\n/** Row type by entity name. */\nexport interface EntityRows {\n${names.join('\n')}\n}\n`;
}

/** `StudentsTable` / `StudentsRow` for entity `students`. */
function entityTypeName(e: Entity): string {
  return typeName(e.name.replace(/^./, (c) => c.toUpperCase()));
}

/**
 * What a column holds as the database driver returns it (server/db/open.ts: int8 and numeric
 * as numbers, date and timestamp as text, timestamptz as a Date) and accepts on writes.
 */
const COLUMN_TYPES: Record<FieldType, string> = {
  string: 'string',
  text: 'string',
  email: 'string',
  phone: 'string',
  file: 'string',
  date: 'string',
  time: 'string',
  integer: 'number',
  bigint: 'number',
  number: 'number',
  money: 'number',
  boolean: 'boolean',
  datetime: 'Timestamp',
  json: 'unknown',
};

const TABLE_PRELUDE = `import type { ColumnType, Generated } from 'kysely';

/** A timestamptz column: read as a Date, written as a Date or an ISO 8601 text. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamptz column with a default (created_at, updated_at): may be left out on insert. */
export type TimestampDefault = ColumnType<Date, Date | string | undefined, Date | string>;
`;

/**
 * The Kysely view of the entity tables: one \`<Name>Table\` per entity (columns as the driver
 * reads and writes them; columns the database fills, such as id or a column with a default,
 * marked Generated so inserts may leave them out) and \`Database\`, keyed by TABLE name, for
 * \`Kysely<Database>\`. \`EntityTables\` maps an entity name to its table name.
 */
export function tableTypes(entities: Record<string, Entity>): string {
  const tables: string[] = [];
  const database: string[] = [];
  const byEntity: string[] = [];
  for (const e of Object.values(entities)) {
    const name = `${entityTypeName(e)}Table`;
    const columns = [`  id: Generated<number>;`];
    for (const f of Object.values(e.fields)) columns.push(`  ${key(f.name)}: ${columnType(f)};`);
    if (e.timestamps) columns.push('  created_at: TimestampDefault;', '  updated_at: TimestampDefault;');
    if (e.softDelete) columns.push('  deleted_at: Timestamp | null;');
    tables.push(
      `/** Table \`${e.table}\` of entity '${e.name}'. */\nexport interface ${name} {\n${columns.join('\n')}\n}`,
    );
    database.push(`  ${key(e.table)}: ${name};`);
    byEntity.push(`  ${key(e.name)}: ${JSON.stringify(e.table)};`);
  }
  return `${TABLE_PRELUDE}\n${tables.join('\n')}\n
/** Every entity table by table name: \`Kysely<Database>\`. */
export interface Database {\n${database.join('\n')}\n}

/** The table name of each entity (entity name -> table name). */
export interface EntityTables {\n${byEntity.join('\n')}\n}
`;
}

/** A property name, quoted only when it is no identifier. */
function key(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : JSON.stringify(name);
}

function columnType(f: EntityField): string {
  let type = f.ref || f.status ? 'number' : COLUMN_TYPES[f.type];
  if (f.enum?.length && type !== 'unknown') type = f.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (!f.required) return type === 'unknown' ? type : `${type} | null`;
  if (f.default === undefined || f.default === null) return type;
  return type === 'Timestamp' ? 'TimestampDefault' : `Generated<${type}>`;
}
