/**
 * Schema sync: tables from the manifest, additive changes applied at the next start,
 * destructive ones only reported, migrations applied once, two instances syncing at once.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { syncSchema } from '../../server/db/schema-sync.ts';
import { openDatabase } from '../../server/db/open.ts';
import { cloneManifest, field } from './fixtures/manifest.ts';
import { BACKENDS, openTestDatabase, type TestDatabase } from './harness.ts';

const NO_MIGRATIONS = '/nonexistent';

async function columns(
  db: Kysely<any>,
  table: string,
): Promise<Record<string, { type: string; length: number | null; nullable: boolean }>> {
  const { rows } = await sql<{
    column_name: string;
    data_type: string;
    character_maximum_length: number | null;
    is_nullable: string;
  }>`
    select column_name, data_type, character_maximum_length, is_nullable from information_schema.columns
    where table_schema = current_schema() and table_name = ${table}`.execute(db);
  return Object.fromEntries(
    rows.map((r) => [
      r.column_name,
      { type: r.data_type, length: r.character_maximum_length, nullable: r.is_nullable === 'YES' },
    ]),
  );
}

describe.each(BACKENDS)('schema sync on $name', (backend) => {
  let database: TestDatabase;
  let db: Kysely<any>;
  beforeEach(async () => {
    database = await openTestDatabase(backend);
    db = database.db;
  });
  afterEach(async () => {
    await database.drop();
  });

  it('creates every table with its columns, types, defaults, keys and indexes', async () => {
    const report = await syncSchema(db, cloneManifest(), { migrationsDir: NO_MIGRATIONS });
    expect(report.createdTables).toContain('students');
    expect(report.warnings).toEqual([]);
    const students = await columns(db, 'students');
    expect(students.id.type).toBe('bigint');
    expect(students.code).toEqual({ type: 'character varying', length: 20, nullable: false });
    expect(students.name_local.nullable).toBe(true);
    expect(students.faculty_id.type).toBe('bigint');
    expect(students.gpa.type).toBe('double precision');
    expect(students.birth_date.type).toBe('date');
    expect(students.deleted_at.type).toBe('timestamp with time zone');
    expect((await columns(db, 'excuses')).fee.type).toBe('numeric');
    expect((await columns(db, 'excuses')).details.type).toBe('jsonb');
    expect((await columns(db, 'access_logs')).created_at).toBeUndefined();
    expect((await columns(db, 'user_roles')).deleted_at).toBeUndefined();
    const { rows: fks } = await sql<{
      conname: string;
    }>`select conname from pg_constraint where contype = 'f' and conname = 'students_faculty_id_fkey'`.execute(db);
    expect(fks).toHaveLength(1);
    const { rows: indexes } = await sql<{
      indexname: string;
    }>`select indexname from pg_indexes where schemaname = current_schema() and tablename = 'students'`.execute(db);
    expect(indexes.map((i) => i.indexname)).toEqual(
      expect.arrayContaining([
        'students_faculty_id_idx',
        'students_code_unique',
        'students_name_lower_idx',
        'students_user_id_idx',
      ]),
    );
    await db.insertInto('faculties').values({ code: 'F', name: 'F' }).execute();
    const row = await db
      .insertInto('students')
      .values({ code: 'A1', name: 'A', faculty_id: 1 })
      .returning(['status_id', 'level'])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status_id: 1, level: 1 });
    await expect(
      db.insertInto('students').values({ code: 'A2', name: 'B', faculty_id: 999 }).execute(),
    ).rejects.toMatchObject({ code: '23503' });
  });

  it('is idempotent: a second start changes nothing and warns of nothing', async () => {
    const manifest = cloneManifest();
    await syncSchema(db, manifest, { migrationsDir: NO_MIGRATIONS });
    const again = await syncSchema(db, manifest, { migrationsDir: NO_MIGRATIONS });
    expect(again.createdTables).toEqual([]);
    expect(again.addedColumns).toEqual([]);
    expect(again.warnings).toEqual([]);
    expect(
      again.statements.filter(
        (s) => !s.startsWith('create index if not exists') && !s.startsWith('create unique index if not exists'),
      ),
    ).toEqual([]);
  });

  it('indexes several fields at once (indexes:) and drops a single-field index the YAML turned off (index: false)', async () => {
    const manifest = cloneManifest();
    await syncSchema(db, manifest, { migrationsDir: NO_MIGRATIONS });
    const indexesOf = async () =>
      Object.fromEntries(
        (
          await sql<{ indexname: string; indexdef: string }>`
      select indexname, indexdef from pg_indexes where schemaname = current_schema() and tablename = 'students'`.execute(
            db,
          )
        ).rows.map((r) => [r.indexname, r.indexdef]),
      );
    expect(Object.keys(await indexesOf())).toContain('students_faculty_id_idx');
    manifest.entities.students!.indexes = [{ fields: ['faculty_id', 'level'] }];
    manifest.entities.students!.fields.faculty_id!.index = false;
    const report = await syncSchema(db, manifest, { migrationsDir: NO_MIGRATIONS });
    const after = await indexesOf();
    expect(after.students_faculty_id_idx).toBeUndefined();
    // Soft-deleted rows are never looked up: the index holds the live ones only.
    expect(after.students_faculty_id_level_idx).toMatch(/\(faculty_id, level\) WHERE \(deleted_at IS NULL\)/);
    expect(report.statements).toContain('drop index "students_faculty_id_idx"');
    const again = await syncSchema(db, manifest, { migrationsDir: NO_MIGRATIONS });
    expect(again.statements.filter((s) => s.startsWith('drop'))).toEqual([]);
  });

  it("keeps the scope field's own index, unless it says index: false and an index over several fields leads with it", async () => {
    const manifest = cloneManifest();
    const students = manifest.entities.students!;
    const indexNames = async () =>
      (
        await sql<{ indexname: string }>`
      select indexname from pg_indexes where schemaname = current_schema() and tablename = 'students'`.execute(db)
      ).rows.map((r) => r.indexname);
    students.scope = { field: 'faculty_id', equals: 'user.faculty_id' } as typeof students.scope;
    students.fields.faculty_id!.index = false;
    students.indexes = [];
    await syncSchema(db, manifest, { migrationsDir: NO_MIGRATIONS });
    expect(await indexNames()).toContain('students_faculty_id_idx'); // no other index serves the scope
    students.indexes = [{ fields: ['faculty_id', 'level'] }];
    const report = await syncSchema(db, manifest, { migrationsDir: NO_MIGRATIONS });
    expect(report.statements).toContain('drop index "students_faculty_id_idx"');
    expect(await indexNames()).not.toContain('students_faculty_id_idx');
    expect(await indexNames()).toContain('students_faculty_id_level_idx');
  });

  it('adds the column of a field added in YAML at the next start, keeping the rows', async () => {
    const manifest = cloneManifest();
    await syncSchema(db, manifest, { migrationsDir: NO_MIGRATIONS });
    await db.insertInto('faculties').values({ code: 'F', name: 'F' }).execute();
    manifest.entities.faculties!.fields.phone = field('phone', { type: 'phone' });
    manifest.entities.faculties!.fields.dean = field('dean', { type: 'string', required: true });
    manifest.entities.faculties!.fields.open = field('open', { type: 'boolean', required: true, default: true });
    manifest.entities.faculties!.fields.building_id = field('building_id', { type: 'integer', ref: 'faculties' });
    const report = await syncSchema(db, manifest, { migrationsDir: NO_MIGRATIONS });
    expect(report.addedColumns.sort()).toEqual([
      'faculties.building_id',
      'faculties.dean',
      'faculties.open',
      'faculties.phone',
    ]);
    const cols = await columns(db, 'faculties');
    expect(cols.phone).toEqual({ type: 'character varying', length: 32, nullable: true });
    expect(cols.dean.nullable).toBe(true); // no default for old rows: NOT NULL would fail
    expect(cols.open.nullable).toBe(false); // a default fills old rows: NOT NULL is safe
    expect(report.warnings).toEqual([expect.stringContaining('faculties.dean: added as nullable')]);
    expect(await db.selectFrom('faculties').select(['code', 'open']).execute()).toEqual([{ code: 'F', open: true }]);
  });

  it("adds a whole new entity's table, and widens a varchar by itself", async () => {
    const manifest = cloneManifest();
    await syncSchema(db, manifest, { migrationsDir: NO_MIGRATIONS });
    manifest.entities.rooms = {
      ...manifest.entities.faculties!,
      name: 'rooms',
      table: 'rooms',
      fields: { label: field('label', { type: 'string' }) },
    };
    manifest.entities.faculties!.fields.code!.maxLength = 40;
    const report = await syncSchema(db, manifest, { migrationsDir: NO_MIGRATIONS });
    expect(report.createdTables).toEqual(['rooms']);
    expect((await columns(db, 'faculties')).code.length).toBe(40);
    expect(report.warnings).toEqual([]);
  });

  it('does not drop or retype columns: it warns and asks for a migration', async () => {
    const manifest = cloneManifest();
    await syncSchema(db, manifest, { migrationsDir: NO_MIGRATIONS });
    await db.insertInto('faculties').values({ code: 'KEEP', name: 'Kept', name_local: 'محفوظ' }).execute();
    delete manifest.entities.faculties!.fields.name_local;
    manifest.entities.faculties!.fields.code!.type = 'integer';
    manifest.entities.faculties!.fields.name!.maxLength = 10;
    const report = await syncSchema(db, manifest, { migrationsDir: NO_MIGRATIONS });
    expect(report.warnings).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^faculties\.name_local: the column is no longer declared.*migration in server\/db\/migrations/,
        ),
        expect.stringMatching(/^faculties\.code: the column is character varying\(10\) but the YAML asks for integer/),
        expect.stringMatching(
          /^faculties\.name: the column is character varying\(255\) but the YAML asks for varchar\(10\)/,
        ),
      ]),
    );
    const cols = await columns(db, 'faculties');
    expect(cols.name_local).toBeDefined();
    expect(cols.code.type).toBe('character varying');
    expect(cols.name.length).toBe(255);
    expect(await db.selectFrom('faculties').select(['code', 'name_local']).execute()).toEqual([
      { code: 'KEEP', name_local: 'محفوظ' },
    ]);
  });

  it('applies a migration file once, records it, and runs it before adding columns', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rowaq-migrations-'));
    try {
      const manifest = cloneManifest();
      await syncSchema(db, manifest, { migrationsDir: dir });
      await db.insertInto('faculties').values({ code: 'M', name: 'Old name' }).execute();
      // The YAML renames name_local to title_local; the migration carries the data over.
      fs.writeFileSync(
        path.join(dir, '001-rename-name-local.sql'),
        'alter table faculties rename column name_local to title_local;\nupdate faculties set title_local = name;',
      );
      manifest.entities.faculties!.fields.title_local = field('title_local', { type: 'string' });
      delete manifest.entities.faculties!.fields.name_local;
      const report = await syncSchema(db, manifest, { migrationsDir: dir });
      expect(report.migrationsApplied).toEqual(['001-rename-name-local.sql']);
      expect(report.addedColumns).toEqual([]);
      expect(report.warnings).toEqual([]);
      expect(await db.selectFrom('faculties').select('title_local').execute()).toEqual([{ title_local: 'Old name' }]);
      const again = await syncSchema(db, manifest, { migrationsDir: dir });
      expect(again.migrationsApplied).toEqual([]);
      const recorded = await db.selectFrom('rowaq_migrations').select('name').execute();
      expect(recorded).toEqual([{ name: '001-rename-name-local.sql' }]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('records existing migrations as applied on a fresh database without running them', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rowaq-migrations-'));
    try {
      fs.writeFileSync(path.join(dir, '001-old.sql'), 'alter table faculties drop column something_long_gone;');
      const report = await syncSchema(db, cloneManifest(), { migrationsDir: dir });
      expect(report.migrationsApplied).toEqual([]);
      expect(await db.selectFrom('rowaq_migrations').select('name').execute()).toEqual([{ name: '001-old.sql' }]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rolls back everything when a migration fails, naming the file', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rowaq-migrations-'));
    try {
      const manifest = cloneManifest();
      await syncSchema(db, manifest, { migrationsDir: dir });
      fs.writeFileSync(
        path.join(dir, '002-broken.sql'),
        'alter table faculties add column x integer; select * from no_such_table;',
      );
      manifest.entities.faculties!.fields.extra = field('extra', { type: 'string' });
      await expect(syncSchema(db, manifest, { migrationsDir: dir })).rejects.toThrow(/migration 002-broken.sql failed/);
      const cols = await columns(db, 'faculties');
      expect(cols.x).toBeUndefined();
      expect(cols.extra).toBeUndefined();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it.runIf(backend.name === 'postgres')('lets two instances start at once on one server', async () => {
    const other = await openDatabase({ url: backend.url, schema: database.schema, maxConnections: 2 });
    try {
      const manifest = cloneManifest();
      const [a, b] = await Promise.all([
        syncSchema(db, manifest, { migrationsDir: NO_MIGRATIONS }),
        syncSchema(other.db, manifest, { migrationsDir: NO_MIGRATIONS }),
      ]);
      // One of them created the tables; the other, behind the lock, found them there.
      expect([a.createdTables.length, b.createdTables.length].sort()).toEqual([
        0,
        Object.keys(manifest.entities).length,
      ]);
    } finally {
      await other.close();
    }
  });
});
