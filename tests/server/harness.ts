/**
 * Test harness: the app on a real database. Always in-memory PGlite; also the PostgreSQL
 * server of TEST_DATABASE_URL when set, each test file in its own freshly made schema (so
 * files running in parallel never see each other's tables), dropped at the end.
 *
 *   describe.each(BACKENDS)('... on $name', (backend) => { const t = useServer(backend); ... })
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Manifest } from '../../generator/manifest-types.ts';
import { buildApp } from '../../server/app.ts';
import { issueToken } from '../../server/auth/tokens.ts';
import { loadConfig } from '../../server/config.ts';
import { dropSchema, openDatabase, type Database } from '../../server/db/open.ts';
import { syncSchema, type SyncReport } from '../../server/db/schema-sync.ts';
import { fixtureManifest } from './fixtures/manifest.ts';

export interface Backend {
  name: 'pglite' | 'postgres';
  url?: string;
}

export const BACKENDS: Backend[] = [
  { name: 'pglite' },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'postgres' as const, url: process.env.TEST_DATABASE_URL }] : []),
];

export interface TestDatabase extends Database {
  schema?: string;
  drop(): Promise<void>;
}

/** A fresh, empty database on the backend. */
export async function openTestDatabase(backend: Backend): Promise<TestDatabase> {
  if (backend.name === 'pglite') {
    const database = await openDatabase({ memory: true });
    return { ...database, drop: () => database.close() };
  }
  const schema = `t_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const database = await openDatabase({ url: backend.url, schema, maxConnections: 4 });
  return {
    ...database,
    schema,
    drop: async () => {
      await database.close();
      await dropSchema(backend.url!, schema);
    },
  };
}

export interface TestServer {
  app: FastifyInstance;
  db: Kysely<any>;
  manifest: Manifest;
  report: SyncReport;
}

/** Builds the app on `backend` before the file's tests and tears it down after. */
export function useServer(backend: Backend, manifest: Manifest = fixtureManifest): TestServer {
  const server = {} as TestServer;
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(backend);
    server.db = database.db;
    server.manifest = manifest;
    server.report = await syncSchema(database.db, manifest, { migrationsDir: '/nonexistent' });
    server.app = await buildApp({
      manifest,
      db: database.db,
      config: { ...loadConfig({}), bodyLimit: 64 * 1024 },
      domains: [],
      clientDir: null,
    });
    await server.app.ready();
  });
  afterAll(async () => {
    await server.app?.close();
    await database?.drop();
  });
  return server;
}

export interface TestUser {
  id: number;
  token: string;
  student_id?: number;
}

let sequence = 0;

/** A user with roles and a live session; with `student`, also their students row. */
export async function createUser(
  db: Kysely<any>,
  opts: {
    type: 3 | 4;
    roles?: string[];
    permissions?: string[];
    student?: { faculty_id: number; code?: string };
    name?: string;
  },
): Promise<TestUser> {
  sequence += 1;
  const n = `${process.pid}${sequence}${crypto.randomBytes(2).toString('hex')}`;
  const { id } = await db
    .insertInto('users')
    .values({
      name: opts.name ?? `Test User`,
      email: `u${n}@example.edu`,
      type: opts.type,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const role of opts.roles ?? []) await db.insertInto('user_roles').values({ user_id: id, role }).execute();
  for (const permission of opts.permissions ?? [])
    await db.insertInto('user_permissions').values({ user_id: id, permission }).execute();
  const user: TestUser = { id: Number(id), token: (await issueToken(db, Number(id))).token };
  if (opts.student) {
    const row = await db
      .insertInto('students')
      .values({
        user_id: id,
        code: opts.student.code ?? `S${n}`,
        name: 'Student Person',
        faculty_id: opts.student.faculty_id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    user.student_id = Number(row.id);
  }
  return user;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  lang?: string;
  cookie?: string;
  headers?: Record<string, string>;
  raw?: string;
}

/** One HTTP call through Fastify's inject; returns status and parsed JSON body. */
export async function call(app: FastifyInstance, method: string, url: string, opts: CallOptions = {}) {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.lang) headers['accept-language'] = opts.lang;
  if (opts.cookie) headers.cookie = opts.cookie;
  let payload: string | undefined;
  if (opts.raw !== undefined) payload = opts.raw;
  else if (opts.body !== undefined) {
    payload = JSON.stringify(opts.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await app.inject({ method: method as any, url, headers, payload });
  let body: any;
  try {
    body = response.json();
  } catch {
    body = response.body;
  }
  return { status: response.statusCode, body };
}
