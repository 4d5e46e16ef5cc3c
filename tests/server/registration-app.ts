/**
 * The app the registration tests run: the real manifest's schema on a fresh database (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL) and the registration domain alone. `manifest` is undefined
 * until `npm run gen` has run (the tests skip then).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Manifest } from '../../generator/manifest-types.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { syncSchema } from '../../server/db/schema-sync.ts';
import { registrationDomain } from '../../server/domains/registration/plugin.ts';
import { openTestDatabase, type Backend, type TestDatabase } from './harness.ts';

const MANIFEST = path.resolve('.generated/manifest.json');
export const manifest: Manifest | undefined = fs.existsSync(MANIFEST)
  ? JSON.parse(fs.readFileSync(MANIFEST, 'utf8'))
  : undefined;

export interface RegistrationApp {
  database: TestDatabase;
  db: Kysely<any>;
  app: FastifyInstance;
  close(): Promise<void>;
}

export async function openRegistrationApp(backend: Backend): Promise<RegistrationApp> {
  const database = await openTestDatabase(backend);
  const db = database.db;
  await syncSchema(db, manifest!, { migrationsDir: '/nonexistent' });
  const app = await buildApp({
    manifest: manifest!,
    db,
    config: { ...loadConfig({}), bodyLimit: 64 * 1024 },
    domains: [{ name: 'registration', plugin: registrationDomain }],
    clientDir: null,
  });
  await app.ready();
  return {
    database,
    db,
    app,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}
