/**
 * The app with the sign-in, permission and system domains on a test database (the core's
 * harness builds it without domains), a private outbox folder, and environment settings
 * (SMTP_URL, OIDC_*, AUTH_RATE_LIMIT_*) applied while the app is built.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import argon2 from 'argon2';
import type { Manifest } from '../../../generator/manifest-types.ts';
import { buildApp } from '../../../server/app.ts';
import { loadConfig } from '../../../server/config.ts';
import { syncSchema } from '../../../server/db/schema-sync.ts';
import { authDomain } from '../../../server/domains/auth/plugin.ts';
import { permissionsDomain } from '../../../server/domains/permissions/plugin.ts';
import { systemDomain } from '../../../server/domains/system/plugin.ts';
import { openTestDatabase, type Backend, type TestDatabase } from '../harness.ts';
import { authManifest } from './auth-manifest.ts';

export interface AuthTestServer {
  app: FastifyInstance;
  db: Kysely<any>;
  manifest: Manifest;
  outboxDir: string;
}

export interface AuthServerOptions {
  manifest?: Manifest;
  /** Environment read by the domains when the app is built (undefined removes a variable). */
  env?: () => Record<string, string | undefined>;
}

export const AUTH_DOMAINS = [
  { name: 'auth', plugin: authDomain, prefix: '' },
  { name: 'permissions', plugin: permissionsDomain },
  { name: 'system', plugin: systemDomain, prefix: '' },
];

export function useAuthServer(backend: Backend, options: AuthServerOptions = {}): AuthTestServer {
  const server = {} as AuthTestServer;
  let database: TestDatabase;
  beforeAll(async () => {
    const manifest = options.manifest ?? authManifest();
    database = await openTestDatabase(backend);
    server.db = database.db;
    server.manifest = manifest;
    server.outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rowaq-outbox-'));
    await syncSchema(database.db, manifest, { migrationsDir: '/nonexistent' });
    const config = { ...loadConfig({}), outboxDir: server.outboxDir, bodyLimit: 64 * 1024 };
    server.app = await withEnv(options.env?.() ?? {}, () =>
      buildApp({ manifest, db: database.db, config, domains: AUTH_DOMAINS, clientDir: null }),
    );
    await server.app.ready();
  });
  afterAll(async () => {
    await server.app?.close();
    await database?.drop();
    if (server.outboxDir) fs.rmSync(server.outboxDir, { recursive: true, force: true });
  });
  return server;
}

async function withEnv<T>(env: Record<string, string | undefined>, run: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [k, v] of Object.entries(values)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
  apply(env);
  try {
    return await run();
  } finally {
    apply(saved);
  }
}

export interface PasswordUser {
  id: number;
  email: string;
  password: string;
}

let sequence = 0;

/** A user who signs in with a password (argon2id), with roles. */
export async function createPasswordUser(
  db: Kysely<any>,
  opts: {
    type: number;
    roles?: string[];
    active?: boolean;
    email?: string;
    password?: string;
    name?: string;
    locale?: string;
  },
): Promise<PasswordUser> {
  sequence += 1;
  const email = opts.email ?? `p${process.pid}x${sequence}${crypto.randomBytes(2).toString('hex')}@example.edu`;
  const password = opts.password ?? `Pw-${crypto.randomBytes(6).toString('hex')}`;
  const { id } = await db
    .insertInto('users')
    .values({
      name: opts.name ?? 'Test Person',
      email,
      type: opts.type,
      active: opts.active ?? true,
      password_hash: await argon2.hash(password, { type: argon2.argon2id }),
      ...(opts.locale ? { locale: opts.locale } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const role of opts.roles ?? []) await db.insertInto('user_roles').values({ user_id: id, role }).execute();
  return { id: Number(id), email, password };
}
