/**
 * Opens the database: a PostgreSQL server when a URL is given, otherwise embedded PGlite
 * (a directory on disk, or memory for tests). Both speak the same SQL dialect, and both
 * return values in the same JavaScript shapes (see TYPE_PARSERS) so no caller can tell them apart.
 */
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect.ts';
import { preparedNameOf } from './prepared.ts';

export type DialectName = 'pglite' | 'postgres';

export interface Database {
  db: Kysely<any>;
  dialect: DialectName;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres://... : use a PostgreSQL server. */
  url?: string;
  /** Directory of the embedded database (created when missing). */
  dataDir?: string;
  /** Embedded database in memory (tests). */
  memory?: boolean;
  /** PostgreSQL only: a schema to work in (created when missing); tests use one per file. */
  schema?: string;
  /** PostgreSQL only: pool size. */
  maxConnections?: number;
}

// Postgres type oids whose default JavaScript form differs between pg and PGlite, or is unsafe.
const OID = { int8: 20, numeric: 1700, date: 1082, timestamp: 1114 } as const;

/**
 * - int8 (ids, bigint fields) as a number: ids stay well below 2^53 and JSON has no bigint.
 * - numeric (money) as a number: numeric(14,2) holds at most 14 significant digits, exact in a double.
 * - date as the 'YYYY-MM-DD' text: a Date object would shift by the server's time zone.
 * - timestamp without time zone as text, for the same reason (timestamptz stays a Date).
 */
const TYPE_PARSERS: Record<number, (value: string) => unknown> = {
  [OID.int8]: (v) => Number(v),
  [OID.numeric]: (v) => Number(v),
  [OID.date]: (v) => v,
  [OID.timestamp]: (v) => v,
};

export async function openDatabase(options: OpenOptions = {}): Promise<Database> {
  if (options.url) return openPostgres(options.url, options);
  return openPGlite(options);
}

async function openPGlite(options: OpenOptions): Promise<Database> {
  if (!options.memory && !options.dataDir) throw new Error('openDatabase: give url, dataDir or memory');
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  const pglite = await PGlite.create(options.memory ? undefined : options.dataDir, {
    parsers: TYPE_PARSERS,
    extensions: await pgliteExtensions(),
  });
  const db = new Kysely<any>({ dialect: new PGliteDialect(pglite) });
  return { db, dialect: 'pglite', close: () => db.destroy() };
}

/**
 * Contrib extensions PGlite should be able to load: pg_trgm, for the trigram indexes of the
 * list search (schema-sync.ts creates the extension and the indexes). Loading only makes
 * `create extension` possible; a build without the bundle just goes without.
 */
async function pgliteExtensions(): Promise<Record<string, any>> {
  try {
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    return { pg_trgm };
  } catch {
    return {};
  }
}

/**
 * The pool's client: a text registered in prepared.ts is sent as a named prepared statement
 * (parsed and planned once per connection), everything else as usual.
 */
class PreparingClient extends pg.Client {
  override query(config: any, values?: any, callback?: any): any {
    if (typeof config === 'string' && callback === undefined && (values === undefined || Array.isArray(values))) {
      const name = preparedNameOf(config);
      if (name) return super.query({ name, text: config, values });
    }
    return super.query(config, values, callback);
  }
}

async function openPostgres(url: string, options: OpenOptions): Promise<Database> {
  if (options.schema) await ensureSchema(url, options.schema);
  const pool = new pg.Pool({
    Client: PreparingClient,
    connectionString: url,
    max: options.maxConnections ?? 10,
    // Every pooled connection starts in the chosen schema.
    options: options.schema ? `-c search_path=${options.schema}` : undefined,
    types: {
      getTypeParser: ((oid: number, format?: string) =>
        TYPE_PARSERS[oid] ?? pg.types.getTypeParser(oid, format as any)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle pooled connection that drops (server restart, network) emits 'error'; unheard,
  // that event would end the process. The pool replaces the connection on the next query.
  pool.on('error', (error) => console.error('PostgreSQL pool: idle connection lost:', error.message));
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
  // Fail at start, not at the first request, when the server is unreachable.
  await sql`select 1`.execute(db);
  return { db, dialect: 'postgres', close: () => db.destroy() };
}

async function ensureSchema(url: string, schema: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`openDatabase: invalid schema name "${schema}"`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`create schema if not exists ${schema}`);
  } finally {
    await client.end();
  }
}

/** Drops a schema made by `openDatabase({schema})` (tests clean up after themselves). */
export async function dropSchema(url: string, schema: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`dropSchema: invalid schema name "${schema}"`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`drop schema if exists ${schema} cascade`);
  } finally {
    await client.end();
  }
}
