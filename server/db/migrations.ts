/**
 * Explicit migrations: `server/db/migrations/NNN-name.sql`, for what schema sync refuses to
 * do on its own (drop or retype a column, set NOT NULL, rename). Each file runs once, in
 * name order, inside the sync transaction, and is recorded in `rowaq_migrations`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Transaction } from 'kysely';

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
export const MIGRATIONS_TABLE = 'rowaq_migrations';
const FILE_NAME = /^\d{3,}-[a-z0-9_-]+\.sql$/i;

export function migrationFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => FILE_NAME.test(name))
    .sort();
}

async function ensureTable(trx: Transaction<any>): Promise<void> {
  await sql
    .raw(
      `create table if not exists ${MIGRATIONS_TABLE} (
    name varchar(255) primary key,
    applied_at timestamptz not null default now()
  )`,
    )
    .execute(trx);
}

async function appliedNames(trx: Transaction<any>): Promise<Set<string>> {
  const rows = await trx.selectFrom(MIGRATIONS_TABLE).select('name').execute();
  return new Set(rows.map((r) => r.name as string));
}

/** Runs every file not yet recorded; returns their names. A failing file aborts the start. */
export async function applyMigrations(trx: Transaction<any>, dir: string): Promise<string[]> {
  await ensureTable(trx);
  const done = await appliedNames(trx);
  const applied: string[] = [];
  for (const name of migrationFiles(dir)) {
    if (done.has(name)) continue;
    const text = fs.readFileSync(path.join(dir, name), 'utf8');
    try {
      await sql.raw(text).execute(trx);
    } catch (error) {
      throw new Error(`migration ${name} failed: ${(error as Error).message}`, { cause: error });
    }
    await trx.insertInto(MIGRATIONS_TABLE).values({ name }).execute();
    applied.push(name);
  }
  return applied;
}

/**
 * A database created from scratch already matches the YAML, which already reflects every
 * migration written so far: record them all as applied without running them.
 */
export async function recordMigrationsAsApplied(trx: Transaction<any>, dir: string): Promise<void> {
  await ensureTable(trx);
  const done = await appliedNames(trx);
  for (const name of migrationFiles(dir)) {
    if (!done.has(name)) await trx.insertInto(MIGRATIONS_TABLE).values({ name }).execute();
  }
}
