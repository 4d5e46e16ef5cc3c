/**
 * `npm start`: load the compiled manifest, open the database (DATABASE_URL or embedded PGlite
 * under DATA_DIR/db), bring its schema in line, seed an empty database (the demo university,
 * or a first administrator in production: see db/seed), listen. SEED_DEMO=false skips the demo.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Manifest } from '../generator/manifest-types.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/open.ts';
import { syncSchema } from './db/schema-sync.ts';
import { seed } from './db/seed/index.ts';

const MANIFEST_PATH = path.resolve('.generated/manifest.json');

async function main(): Promise<void> {
  const config = loadConfig();
  if (!fs.existsSync(MANIFEST_PATH)) throw new Error(`${MANIFEST_PATH} is missing: run "npm run gen" first`);
  const manifest = JSON.parse(fs.readFileSync(MANIFEST_PATH, 'utf8')) as Manifest;
  for (const dir of [config.dataDir, config.uploadsDir, config.outboxDir]) fs.mkdirSync(dir, { recursive: true });

  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dbDir });
  // The schema before the app: domains make their functions and triggers over the tables as they register.
  const report = await syncSchema(database.db, manifest);
  const app = await buildApp({
    manifest,
    db: database.db,
    config,
    logger: { level: config.nodeEnv === 'production' ? 'info' : 'debug' },
  });
  const log = app.log;
  log.info(`database: ${database.dialect === 'postgres' ? 'PostgreSQL server' : `embedded PGlite in ${config.dbDir}`}`);

  if (report.createdTables.length) log.info(`schema: created ${report.createdTables.length} tables`);
  if (report.addedColumns.length) log.info(`schema: added columns ${report.addedColumns.join(', ')}`);
  for (const name of report.migrationsApplied) log.info(`schema: applied migration ${name}`);
  for (const warning of report.warnings) log.warn(`schema: ${warning}`);

  const seeded = await seed(database.db, manifest, { demo: process.env.SEED_DEMO !== 'false' });
  if (seeded.demo) {
    const rows = Object.values(seeded.demo.counts).reduce((a, b) => a + b, 0);
    log.info(`seeded the demo university: ${rows} rows in ${seeded.demo.ms} ms`);
  }
  if (seeded.admin) {
    log.warn(
      `created the first administrator ${seeded.admin.email}` +
        (seeded.admin.generated
          ? ` with password ${seeded.admin.password} (shown once: change it after signing in)`
          : ''),
    );
  }

  const shutdown = async (signal: string) => {
    log.info(`${signal}: closing`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  log.info(
    `Rowaq is listening on http://${config.host}:${app.server.address() && typeof app.server.address() === 'object' ? (app.server.address() as { port: number }).port : config.port}`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
