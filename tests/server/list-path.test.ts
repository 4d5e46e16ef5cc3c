/**
 * The list path's statements: the caller in one statement (token -> session -> live user with
 * roles and grants), count and page in one (a count subquery, or `count(*) over()` with a
 * search so the search runs once; a count of its own only
 * for a page past the end), every lookup in one (labels of the referenced rows only), and the
 * search behind the search document's trigram guard. Runs on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL.
 */
import { sql, type CompiledQuery, type Kysely, type KyselyPlugin } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { issueToken, revokeToken } from '../../server/auth/tokens.ts';
import { loadConfig } from '../../server/config.ts';
import { searchDocument } from '../../server/db/search-document.ts';
import { BACKENDS, call, createUser, useServer, type TestUser } from './harness.ts';

/** A connection that records every statement compiled through it. */
function recording(db: Kysely<any>) {
  const queries: CompiledQuery[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      queries.push(db.getExecutor().compileQuery(args.node, args.queryId));
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  const plugged = db.withPlugin(plugin);
  // Statements sent as fixed text (CompiledQuery.raw: the sign-in lookup, server/auth/user.ts)
  // skip the plugin's transformQuery: record them where they are executed.
  const recorded = new Proxy(plugged, {
    get(target, prop) {
      if (prop === 'executeQuery') {
        return (query: unknown, ...rest: unknown[]) => {
          if (query && typeof query === 'object' && 'sql' in query && !('compile' in query))
            queries.push(query as CompiledQuery);
          return (target.executeQuery as (...a: unknown[]) => unknown)(query, ...rest);
        };
      }
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { queries, db: recorded as Kysely<any> };
}

describe.each(BACKENDS)('list path on $name', (backend) => {
  const t = useServer(backend);
  let staff: TestUser;
  let eng: number;
  let med: number;
  let closed: number;
  let recorded: ReturnType<typeof recording>;
  let recordingApp: FastifyInstance;

  beforeAll(async () => {
    staff = await createUser(t.db, { type: 4, roles: ['registrar'] });
    const rows = await t.db
      .insertInto('faculties')
      .values([
        { code: 'LENG', name: 'Engineering', name_local: 'الهندسة' },
        { code: 'LMED', name: 'Medicine' },
        { code: 'LOLD', name: 'Closed faculty' },
        { code: 'LUNU', name: 'Unused faculty' },
      ])
      .returning('id')
      .execute();
    [eng, med, closed] = rows.map((r) => Number(r.id)) as [number, number, number];
    await t.db
      .insertInto('students')
      .values([
        ...Array.from({ length: 11 }, (_, i) => ({
          code: `E${String(i).padStart(2, '0')}`,
          name: `Engineer ${String.fromCharCode(65 + i)}`,
          faculty_id: eng,
        })),
        { code: 'XQ1', name: 'Yusuf Medic', name_local: 'يوسف', faculty_id: med },
        { code: 'ZZ9', name: 'Zainab Old', faculty_id: closed },
      ])
      .execute();
    // A faculty closed after its students were recorded: they still name it.
    await t.db.updateTable('faculties').set({ deleted_at: new Date() }).where('id', '=', closed).execute();
    recorded = recording(t.db);
    recordingApp = await buildApp({
      manifest: t.manifest,
      db: recorded.db,
      config: loadConfig({}),
      domains: [],
      clientDir: null,
    });
    await recordingApp.ready();
  });
  afterAll(async () => {
    await recordingApp?.close();
  });

  const list = (body: unknown, token = staff.token) => call(t.app, 'POST', '/api/sis/students', { token, body });
  const statementsOf = async (body: unknown) => {
    recorded.queries.length = 0;
    const res = await call(recordingApp, 'POST', '/api/sis/students', { token: staff.token, body });
    expect(res.status).toBe(200);
    return { body: res.body, statements: recorded.queries.map((q) => q.sql) };
  };

  it('answers a list in three statements: the caller, the page with its count, the lookups', async () => {
    const { body, statements } = await statementsOf({ perPage: 5 });
    expect(body.data).toHaveLength(5);
    expect(body.meta.count).toBe(13);
    expect(statements).toHaveLength(3);
    expect(statements[0]).toMatch(/from "user_tokens" t\s+join "users" u/);
    expect(statements[1]).toMatch(/\(select count\(\*\) as "count" from "students"/);
    expect(statements[2]).toMatch(/union all|json_agg/);
    expect(body.data.every((r: Record<string, unknown>) => !('__rowaq_count' in r))).toBe(true);
    // With a search, the window count: the search runs once.
    const searched = await statementsOf({ search: 'engineer', perPage: 5 });
    expect(searched.body.meta.count).toBe(11);
    expect(searched.statements).toHaveLength(3);
    expect(searched.statements[1]).toMatch(/count\(\*\) over\(\)/);
    expect(searched.statements[1].match(/ilike/g)).toHaveLength(4);
  });

  it('counts a page past the end with a count of its own, and an empty first page as 0 without one', async () => {
    const past = await statementsOf({ page: 9, perPage: 5 });
    expect(past.body.data).toEqual([]);
    expect(past.body.meta.count).toBe(13);
    expect(past.statements).toHaveLength(3);
    expect(past.statements[2]).toMatch(/count\(\*\)::int/);
    const filteredPast = await list({ page: 2, filters: { faculty_id: med } });
    expect(filteredPast.body).toMatchObject({ data: [], meta: { count: 1, page: 2 } });
    const none = await statementsOf({ search: 'nobody has this' });
    expect(none.body.meta.count).toBe(0);
    expect(none.statements).toHaveLength(2);
    // Still every status table and referenced entity as a key, the latter empty.
    expect(none.body.meta.lookup).toMatchObject({ faculties: [], users: [] });
    expect(none.body.meta.lookup.student_status.length).toBeGreaterThan(0);
  });

  it('pages the same rows with the count as before: the last page holds the rest', async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => list({ page, perPage: 5 })));
    expect(pages.map((p) => p.body.data.length)).toEqual([5, 5, 3]);
    expect(pages.every((p) => p.body.meta.count === 13)).toBe(true);
    const ids = pages.flatMap((p) => p.body.data.map((r: any) => r.id));
    expect(new Set(ids).size).toBe(13);
  });

  it('sends labels of the referenced rows only, deleted ones included, never the whole table', async () => {
    const engOnly = await list({ filters: { faculty_id: eng } });
    expect(engOnly.body.meta.lookup.faculties).toEqual([
      { id: eng, name: 'Engineering', name_local: 'الهندسة', code: 'LENG' },
    ]);
    const others = await list({ filters: { faculty_id: [med, closed] } });
    expect(others.body.meta.lookup.faculties.map((f: any) => f.id)).toEqual([closed, med]);
    expect(others.body.meta.lookup.faculties.map((f: any) => f.code)).not.toContain('LUNU');
    expect(others.body.meta.lookup.users).toEqual([]);
  });

  it('searches within a column, never across two, with or without the trigram index', async () => {
    expect((await list({ search: 'yusu' })).body.data.map((r: any) => r.code)).toEqual(['XQ1']);
    expect((await list({ search: 'يوسف' })).body.data.map((r: any) => r.code)).toEqual(['XQ1']);
    expect((await list({ search: 'ENGINEER' })).body.meta.count).toBe(11);
    // "XQ1 Yusuf" is the search document; "q1 yus" spans code and name: no match.
    expect((await list({ search: 'q1 yus' })).body.meta.count).toBe(0);
    expect((await list({ search: '_' })).body.meta.count).toBe(0);
  });

  it('builds a trigram index on the search document when pg_trgm is there (always on PGlite)', async () => {
    const { rows: ext } = await sql`select 1 from pg_extension where extname = 'pg_trgm'`.execute(t.db);
    if (backend.name === 'pglite') expect(ext).toHaveLength(1);
    const { rows } = await sql<{ indexdef: string }>`select indexdef from pg_indexes
      where schemaname = current_schema() and tablename = 'students' and indexdef like '%gin_trgm_ops%'`.execute(t.db);
    expect(rows).toHaveLength(ext.length ? 1 : 0);
    if (ext.length) expect(rows[0]!.indexdef.toLowerCase()).toContain('coalesce');
    expect(searchDocument(t.manifest.entities.students!)).toBe(
      `(coalesce("code", '') || ' ' || coalesce("name", '') || ' ' || coalesce("name_local", ''))`,
    );
  });

  describe('the caller, resolved in one statement on every request', () => {
    const users = (token: string) => call(t.app, 'POST', '/api/sis/users', { token, body: {} });

    it('accepts a live session, and refuses it at once when revoked', async () => {
      const user = await createUser(t.db, { type: 4, roles: ['registrar'] });
      expect((await users(user.token)).status).toBe(200);
      await revokeToken(t.db, user.token);
      expect((await users(user.token)).status).toBe(401);
    });

    it('refuses an expired token, a malformed one and an unknown one', async () => {
      const user = await createUser(t.db, { type: 4, roles: ['registrar'] });
      const expired = await issueToken(t.db, user.id, -1);
      expect((await users(expired.token)).status).toBe(401);
      expect((await users('short')).status).toBe(401);
      expect((await users('A'.repeat(43))).status).toBe(401);
    });

    it('refuses the session of a user made inactive or deleted, at once', async () => {
      const inactive = await createUser(t.db, { type: 4, roles: ['registrar'] });
      expect((await users(inactive.token)).status).toBe(200);
      await t.db.updateTable('users').set({ active: false }).where('id', '=', inactive.id).execute();
      expect((await users(inactive.token)).status).toBe(401);
      const deleted = await createUser(t.db, { type: 4, roles: ['registrar'] });
      expect((await users(deleted.token)).status).toBe(200);
      await t.db.updateTable('users').set({ deleted_at: new Date() }).where('id', '=', deleted.id).execute();
      expect((await users(deleted.token)).status).toBe(401);
    });

    it('takes a role change into account on the next request', async () => {
      const user = await createUser(t.db, { type: 4, roles: [] });
      expect((await users(user.token)).status).toBe(403);
      await t.db.insertInto('user_roles').values({ user_id: user.id, role: 'registrar' }).execute();
      expect((await users(user.token)).status).toBe(200);
    });
  });
});
