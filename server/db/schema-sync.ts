/**
 * Brings the database in line with the manifest's entities at start.
 *
 * Additive changes are applied: new tables, new columns, longer varchars, foreign keys,
 * indexes, unique indexes. Anything that could lose data (a column no longer declared, a
 * changed type, a shorter varchar, NOT NULL on an existing column) is never done here: it is
 * reported as a warning and needs a migration file (see migrations.ts).
 *
 * The whole sync runs in one transaction behind a transaction-scoped advisory lock, so two
 * instances starting at once on one PostgreSQL server take turns instead of racing on DDL.
 *
 * Searchable fields get a btree index on lower(column): it serves equality and prefix
 * matches. The generic list search is infix (ILIKE '%x%'), which a btree cannot serve: when
 * pg_trgm is there or can be created (PostgreSQL with the privilege; PGlite loads it from its
 * contrib bundle, see open.ts), each entity also gets a GIN trigram index on its search
 * document (search-document.ts), which the list search uses.
 * Without the extension the search still works, scanning the (filtered, scoped) rows.
 */
import { installSessionRevocation } from '../auth/revocation.ts';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Entity, EntityField, Manifest } from '../../generator/manifest-types.ts';
import {
  columnType,
  compareType,
  defaultLiteral,
  describeType,
  quoteIdent,
  SYSTEM_COLUMNS,
  type ExistingColumn,
} from './columns.ts';
import { searchDocument, searchIndexName } from './search-document.ts';
import { applyMigrations, MIGRATIONS_DIR, MIGRATIONS_TABLE, recordMigrationsAsApplied } from './migrations.ts';

/** Arbitrary constant: the advisory lock every Rowaq instance takes to sync. */
const SYNC_LOCK_KEY = 7_202_611;

export interface SyncReport {
  createdTables: string[];
  addedColumns: string[];
  statements: string[];
  warnings: string[];
  migrationsApplied: string[];
}

export interface SyncOptions {
  migrationsDir?: string;
}

type Columns = Map<string, Map<string, ExistingColumn>>;

export async function syncSchema(db: Kysely<any>, manifest: Manifest, options: SyncOptions = {}): Promise<SyncReport> {
  const report: SyncReport = {
    createdTables: [],
    addedColumns: [],
    statements: [],
    warnings: [],
    migrationsApplied: [],
  };
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SYNC_LOCK_KEY})`.execute(trx);
    const before = await readColumns(trx);
    const dir = options.migrationsDir ?? MIGRATIONS_DIR;
    const fresh = !before.has(MIGRATIONS_TABLE);
    // On an existing database migrations run first: a rename must happen before the sync
    // would otherwise add the new name as an empty column.
    if (!fresh) report.migrationsApplied = await applyMigrations(trx, dir);
    const columns = fresh ? before : await readColumns(trx);
    const entities = Object.values(manifest.entities);
    for (const entity of entities) await syncTable(trx, entity, columns, report);
    const constraints = await readConstraints(trx);
    for (const entity of entities) await syncForeignKeys(trx, manifest, entity, columns, constraints, report);
    const indexes = await readIndexes(trx);
    for (const entity of entities) await syncIndexes(trx, entity, indexes, report);
    const trigram = await trigramSchema(trx, report);
    if (trigram) for (const entity of entities) await syncTrigramIndex(trx, entity, trigram, report);
    // Over the tables just made: a deactivated or deleted user's sessions end for good.
    await installSessionRevocation(trx, manifest);
    // A fresh database is built from the YAML, which already says what every migration did:
    // record them as applied without running them.
    if (fresh) await recordMigrationsAsApplied(trx, dir);
  });
  return report;
}

async function run(trx: Transaction<any>, text: string, report: SyncReport): Promise<void> {
  report.statements.push(text);
  await sql.raw(text).execute(trx);
}

async function readColumns(trx: Transaction<any>): Promise<Columns> {
  const { rows } = await sql<{
    table_name: string;
    column_name: string;
    data_type: string;
    character_maximum_length: number | null;
    is_nullable: string;
  }>`
    select table_name, column_name, data_type, character_maximum_length, is_nullable
    from information_schema.columns where table_schema = current_schema()`.execute(trx);
  const tables: Columns = new Map();
  for (const row of rows) {
    if (!tables.has(row.table_name)) tables.set(row.table_name, new Map());
    tables.get(row.table_name)!.set(row.column_name, {
      name: row.column_name,
      dataType: row.data_type,
      length: row.character_maximum_length,
      nullable: row.is_nullable === 'YES',
    });
  }
  return tables;
}

async function readIndexes(trx: Transaction<any>): Promise<Set<string>> {
  const { rows } = await sql<{
    indexname: string;
  }>`select indexname from pg_indexes where schemaname = current_schema()`.execute(trx);
  return new Set(rows.map((r) => r.indexname));
}

async function readConstraints(trx: Transaction<any>): Promise<Set<string>> {
  const { rows } = await sql<{ conname: string }>`
    select c.conname from pg_constraint c join pg_namespace n on n.oid = c.connamespace
    where n.nspname = current_schema()`.execute(trx);
  return new Set(rows.map((r) => r.conname));
}

function columnDdl(entity: Entity, field: EntityField, isNewTable: boolean): string {
  const type = columnType(entity, field);
  const dflt = defaultLiteral(field);
  let text = `${quoteIdent(field.name)} ${type.ddl}`;
  if (dflt !== undefined) text += ` default ${dflt}`;
  // NOT NULL is safe on a new table, or on a new column that has a default to fill old rows.
  if (field.required && (isNewTable || dflt !== undefined)) text += ' not null';
  return text;
}

function systemColumns(entity: Entity): string[] {
  const cols: string[] = [];
  if (entity.timestamps)
    cols.push('"created_at" timestamptz not null default now()', '"updated_at" timestamptz not null default now()');
  if (entity.softDelete) cols.push('"deleted_at" timestamptz');
  return cols;
}

async function syncTable(trx: Transaction<any>, entity: Entity, tables: Columns, report: SyncReport): Promise<void> {
  const fields = Object.values(entity.fields);
  const existing = tables.get(entity.table);
  const table = quoteIdent(entity.table);
  if (!existing) {
    const cols = [
      '"id" bigint generated by default as identity primary key',
      ...fields.map((f) => columnDdl(entity, f, true)),
      ...systemColumns(entity),
    ];
    await run(trx, `create table if not exists ${table} (\n  ${cols.join(',\n  ')}\n)`, report);
    report.createdTables.push(entity.table);
    return;
  }
  for (const field of fields) {
    const column = existing.get(field.name);
    if (!column) {
      await run(trx, `alter table ${table} add column if not exists ${columnDdl(entity, field, false)}`, report);
      report.addedColumns.push(`${entity.table}.${field.name}`);
      if (field.required && defaultLiteral(field) === undefined) {
        report.warnings.push(
          `${entity.table}.${field.name}: added as nullable because existing rows have no value; add NOT NULL with a migration once every row has one`,
        );
      }
      continue;
    }
    const wanted = columnType(entity, field);
    const comparison = compareType(column, wanted);
    if (comparison === 'widen') {
      await run(trx, `alter table ${table} alter column ${quoteIdent(field.name)} type ${wanted.ddl}`, report);
    } else if (comparison === 'different') {
      report.warnings.push(
        `${entity.table}.${field.name}: the column is ${describeType(column)} but the YAML asks for ${wanted.ddl}; it is left unchanged. Retyping can lose data: write a migration in server/db/migrations/NNN-name.sql`,
      );
    }
    if (field.required && column.nullable) {
      report.warnings.push(
        `${entity.table}.${field.name}: required in the YAML but nullable in the database; add NOT NULL with a migration`,
      );
    }
  }
  const system = systemColumns(entity);
  for (const ddl of system) {
    const name = ddl.slice(1, ddl.indexOf('"', 1));
    if (!existing.has(name)) {
      await run(trx, `alter table ${table} add column if not exists ${ddl}`, report);
      report.addedColumns.push(`${entity.table}.${name}`);
    }
  }
  for (const name of existing.keys()) {
    if (entity.fields[name] || (SYSTEM_COLUMNS as readonly string[]).includes(name)) continue;
    report.warnings.push(
      `${entity.table}.${name}: the column is no longer declared in the YAML; it is kept. Dropping it loses data: write a migration in server/db/migrations/NNN-name.sql`,
    );
  }
}

async function syncForeignKeys(
  trx: Transaction<any>,
  manifest: Manifest,
  entity: Entity,
  tables: Columns,
  constraints: Set<string>,
  report: SyncReport,
): Promise<void> {
  const tableExisted = tables.has(entity.table);
  for (const field of Object.values(entity.fields)) {
    if (!field.ref) continue;
    const target = manifest.entities[field.ref];
    if (!target) {
      report.warnings.push(
        `${entity.table}.${field.name}: ref "${field.ref}" is not a declared entity; no foreign key`,
      );
      continue;
    }
    const name = constraintName(entity.table, field.name, 'fkey');
    if (constraints.has(name)) continue;
    // NOT VALID on an existing table: new writes are checked at once, old rows are not
    // scanned, so a start never fails on data written before the reference was declared.
    await run(
      trx,
      `alter table ${quoteIdent(entity.table)} add constraint ${quoteIdent(name)} foreign key (${quoteIdent(field.name)}) references ${quoteIdent(target.table)} ("id")${tableExisted ? ' not valid' : ''}`,
      report,
    );
  }
}

async function syncIndexes(
  trx: Transaction<any>,
  entity: Entity,
  existing: Set<string>,
  report: SyncReport,
): Promise<void> {
  const table = quoteIdent(entity.table);
  const searchable = new Set([
    ...entity.search,
    ...Object.values(entity.fields)
      .filter((f) => f.search)
      .map((f) => f.name),
  ]);
  for (const field of Object.values(entity.fields)) {
    const col = quoteIdent(field.name);
    const single = constraintName(entity.table, field.name, 'idx');
    // The scope field is looked up on every list a scoped user opens: it keeps an index of its
    // own even with `index: false`, unless an index over several fields leads with it (that one
    // serves the same lookups).
    const scoped =
      entity.scope?.field === field.name &&
      !(field.index === false && entity.indexes?.some((ix) => ix.fields[0] === field.name));
    if (scoped || ((field.ref || field.status) && field.index !== false)) {
      await run(trx, `create index if not exists ${quoteIdent(single)} on ${table} (${col})`, report);
    } else if ((field.ref || field.status || entity.scope?.field === field.name) && existing.has(single)) {
      // `index: false`: every index costs each insert; one made before the YAML said so goes.
      await run(trx, `drop index ${quoteIdent(single)}`, report);
    }
    if (searchable.has(field.name) && isText(field)) {
      await run(
        trx,
        `create index if not exists ${quoteIdent(constraintName(entity.table, field.name, 'lower_idx'))} on ${table} (lower(${col}))`,
        report,
      );
    }
    if (field.unique) await syncUnique(trx, entity, field, report);
  }
  // Indexes over several fields (`indexes:`), for the server's most frequent lookups; with soft
  // delete only the live rows, which is what every such lookup reads.
  for (const index of entity.indexes ?? []) {
    const name = quoteIdent(constraintName(entity.table, index.fields.join('_'), 'idx'));
    const where = entity.softDelete ? ' where "deleted_at" is null' : '';
    await run(
      trx,
      `create index if not exists ${name} on ${table} (${index.fields.map(quoteIdent).join(', ')})${where}`,
      report,
    );
  }
  // The list's default order (`sort, id`): a first page reads its rows off the index.
  const sort = entity.sort?.field;
  if (sort && sort !== 'id' && (entity.fields[sort] || sort === 'created_at' || sort === 'updated_at')) {
    const direction = entity.sort.order === 'desc' ? ' desc' : '';
    await run(
      trx,
      `create index if not exists ${quoteIdent(constraintName(entity.table, sort, 'sort_idx'))} on ${table} (${quoteIdent(sort)}${direction}, "id")`,
      report,
    );
  }
}

/**
 * The schema pg_trgm lives in, creating the extension when it is available and we may;
 * null when it cannot be had (the search then scans). Created in `public` when possible: a
 * database with a schema per tenant (or per test file) that drops one of them must not drop
 * the extension, and with it the trigram indexes of every other schema.
 */
async function trigramSchema(trx: Transaction<any>, report: SyncReport): Promise<string | null> {
  const find = async () =>
    (
      await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(trx)
    ).rows[0]?.schema ?? null;
  const found = await find();
  if (found) return found;
  const { rows: available } = await sql`select 1 from pg_available_extensions where name = 'pg_trgm'`.execute(trx);
  if (!available.length) return null;
  let failure = '';
  for (const text of [
    'create extension if not exists pg_trgm schema public',
    'create extension if not exists pg_trgm',
  ]) {
    // A failed statement would abort the whole sync transaction: try it under a savepoint.
    await sql`savepoint rowaq_trgm`.execute(trx);
    try {
      await sql.raw(text).execute(trx);
      await sql`release savepoint rowaq_trgm`.execute(trx);
      report.statements.push(text);
      return await find();
    } catch (error) {
      await sql`rollback to savepoint rowaq_trgm`.execute(trx);
      failure = (error as Error).message;
    }
  }
  report.warnings.push(
    `pg_trgm could not be created (${failure}): the list search scans rows; a superuser can run "create extension pg_trgm"`,
  );
  return null;
}

/**
 * One GIN trigram index per entity, on its search document (search-document.ts). A small
 * pending list (64 kB): inserts are still batched, and the index stays usable where nothing
 * vacuums it (PGlite has no autovacuum; a long pending list makes the planner scan instead).
 */
async function syncTrigramIndex(
  trx: Transaction<any>,
  entity: Entity,
  schema: string,
  report: SyncReport,
): Promise<void> {
  const document = searchDocument(entity);
  if (!document) return;
  const name = quoteIdent(searchIndexName(entity, document));
  await run(
    trx,
    `create index if not exists ${name} on ${quoteIdent(entity.table)} using gin (${document} ${quoteIdent(schema)}.gin_trgm_ops) with (gin_pending_list_limit = 64)`,
    report,
  );
}

/** Unique among live rows: a soft-deleted record does not block re-using its code. */
async function syncUnique(
  trx: Transaction<any>,
  entity: Entity,
  field: EntityField,
  report: SyncReport,
): Promise<void> {
  const name = uniqueIndexName(entity.table, field.name);
  const table = quoteIdent(entity.table);
  const col = quoteIdent(field.name);
  const live = entity.softDelete ? ' where "deleted_at" is null' : '';
  const { rows: indexed } =
    await sql`select 1 from pg_indexes where schemaname = current_schema() and indexname = ${name}`.execute(trx);
  if (indexed.length) return;
  const { rows: dupes } = await sql
    .raw(
      `select ${col} from ${table}${live ? live + ' and' : ' where'} ${col} is not null group by ${col} having count(*) > 1 limit 1`,
    )
    .execute(trx);
  if (dupes.length) {
    report.warnings.push(
      `${entity.table}.${field.name}: declared unique but existing rows repeat values; no unique index until a migration fixes them`,
    );
    return;
  }
  await run(trx, `create unique index if not exists ${quoteIdent(name)} on ${table} (${col})${live}`, report);
}

export function uniqueIndexName(table: string, field: string): string {
  return constraintName(table, field, 'unique');
}

/** Postgres cuts identifiers at 63 bytes; keep names whole and distinct. */
export function constraintName(table: string, field: string, suffix: string): string {
  const name = `${table}_${field}_${suffix}`;
  if (name.length <= 63) return name;
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return `${name.slice(0, 50)}_${hash.toString(36)}`.slice(0, 63);
}

function isText(field: EntityField): boolean {
  return !field.ref && !field.status && ['string', 'text', 'email', 'phone'].includes(field.type);
}
