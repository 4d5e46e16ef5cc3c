/**
 * Admission: (1) the time to save a full undergraduate application through the HTTP API —
 * apply (the link read from the outbox), upload every required file, save every tab of set 1 —
 * and (2) the throughput of tab saves with 50 applicants saving concurrently (closed loop,
 * each client cycling through its own applicant's tabs), on embedded PGlite and on a
 * PostgreSQL server.
 *
 *   npx tsx bench/admission.bench.ts          (or npm run bench admission)
 *   BENCH_QUICK=1                              a short run (3 applications, 2 s)
 *   BENCH_APPLICATIONS=20 BENCH_SECONDS=10 BENCH_CLIENTS=50 BENCH_BACKENDS=pglite,postgres
 *   BENCH_DATABASE_URL=postgres://...          (default TEST_DATABASE_URL, else local postgres)
 *
 * The server listens on a local port in this process; the clients are fetch calls from the same
 * process (they share its event loop, so the figures are a lower bound of the server alone).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Manifest } from '../generator/manifest-types.ts';
import { buildApp } from '../server/app.ts';
import { loadConfig, type ServerConfig } from '../server/config.ts';
import { dropSchema, openDatabase, type Database } from '../server/db/open.ts';
import { syncSchema } from '../server/db/schema-sync.ts';
import { seedAdmissionReference } from '../server/db/seed/admission-reference.ts';
import { seedCountries } from '../server/db/seed/countries.ts';
import { SeedWriter } from '../server/db/seed/writer.ts';
import { admissionDomain } from '../server/domains/admission/plugin.ts';
import { multipartBody, SAMPLE_PERSON, sampleFile, sampleTabs } from '../server/domains/admission/sample.ts';
import { SECRET_HEADER } from '../server/domains/admission/secret.ts';
import { readOutbox } from '../server/mail/outbox.ts';
import { writeResult, type Figure } from './results.ts';

const QUICK = process.env.BENCH_QUICK === '1';
const APPLICATIONS = Number(process.env.BENCH_APPLICATIONS ?? (QUICK ? 3 : 20));
const SECONDS = Number(process.env.BENCH_SECONDS ?? (QUICK ? 2 : 10));
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const PG_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const BACKENDS = (process.env.BENCH_BACKENDS ?? 'pglite,postgres').split(',');
const manifest = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../.generated/manifest.json'), 'utf8'),
) as Manifest;
// Set 1 as an applicant who never studied at a university sees it (previous_university_info hidden).
const TABS = manifest.wizards.admission_form!.tabSets.sets['1']!.filter((t) => t !== 'previous_university_info');

/** What the run measured, by backend, written to bench/results/ at the end. */
const figures: Record<string, Figure> = {};

interface World {
  app: FastifyInstance;
  base: string;
  config: ServerConfig;
  facultyId: number;
  programIds: number[];
  close(): Promise<void>;
}
interface Applicant {
  id: number;
  secret: string;
  email: string;
}

async function world(backend: string): Promise<World> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rowaq-admission-bench-'));
  const schema = backend === 'postgres' ? `bench_adm_${crypto.randomBytes(4).toString('hex')}` : undefined;
  const database: Database =
    backend === 'postgres'
      ? await openDatabase({ url: PG_URL, schema, maxConnections: 10 })
      : await openDatabase({ memory: true });
  const db = database.db as Kysely<any>;
  await syncSchema(db, manifest, { migrationsDir: '/nonexistent' });
  await db.transaction().execute(async (trx) => {
    const writer = new SeedWriter(trx as never, manifest);
    await seedCountries(writer, true);
    await seedAdmissionReference(writer);
    await writer.finish();
  });
  const id = async (table: string, values: Record<string, unknown>) =>
    Number((await db.insertInto(table).values(values).returning('id').executeTakeFirstOrThrow()).id);
  const facultyId = await id('faculties', { code: 'ENG', name: 'Faculty of Engineering', name_local: 'كلية الهندسة' });
  const programIds = [];
  for (let i = 0; i < 3; i++)
    programIds.push(
      await id('programs', {
        faculty_id: facultyId,
        code: `B${i}`,
        name: `Program ${i}`,
        name_local: `برنامج ${i}`,
        accepts_applications: true,
      }),
    );
  const termId = await id('terms', {
    code: 'F2027',
    name: 'Fall 2027',
    year: 2027,
    start_date: '2027-09-20',
    end_date: '2028-01-20',
    is_admission_ug: true,
  });
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  await id('admissions', {
    name: 'Undergraduate',
    applicant_type_id: 1,
    term_id: termId,
    opens_on: day(-1),
    closes_on: day(30),
    active: true,
    application_fee: 500,
  });
  const config = { ...loadConfig({ DATA_DIR: dataDir }), bodyLimit: 1024 * 1024 };
  process.env.AUTH_RATE_LIMIT_MAX ??= '1000';
  const app = await buildApp({
    manifest,
    db,
    config,
    clientDir: null,
    domains: [{ name: 'admission', plugin: admissionDomain, prefix: '/api' }],
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    base,
    config,
    facultyId,
    programIds,
    async close() {
      await app.close();
      await database.close();
      if (schema) await dropSchema(PG_URL, schema);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function json(response: Response, what: string): Promise<any> {
  const body = await response.json().catch(() => null);
  if (!response.ok) throw new Error(`${what}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

let seq = 0;
async function apply(w: World): Promise<Applicant> {
  const email = `bench${process.pid}-${++seq}@example.com`;
  await json(
    await fetch(`${w.base}/api/admission/apply`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 1, email }),
    }),
    'apply',
  );
  const mail = (await readOutbox(w.config.outboxDir, email)).at(-1)!;
  const [, id, secret] = /\/admissionForm\/1\/(\d+)\/([A-Za-z0-9_-]{43})\//.exec(mail.text)!;
  return { id: Number(id), secret: secret!, email };
}

function tabsOf(w: World, a: Applicant) {
  return sampleTabs(
    { ...SAMPLE_PERSON, email: a.email },
    {
      preferences: [
        [w.facultyId, w.programIds[0]!],
        [w.facultyId, w.programIds[1]!],
      ],
    },
  );
}

const REQUIRED_FILES = ['photo', 'national_id_copy', 'birth_certificate', 'secondary_certificate'];

async function uploadFiles(w: World, a: Applicant): Promise<void> {
  for (const field of REQUIRED_FILES) {
    const { body, contentType } = multipartBody(sampleFile(field));
    await json(
      await fetch(`${w.base}/api/admission/${a.id}/files/${field}`, {
        method: 'POST',
        headers: { [SECRET_HEADER]: a.secret, 'content-type': contentType },
        body: new Uint8Array(body),
      }),
      `upload ${field}`,
    );
  }
}

async function saveTab(w: World, a: Applicant, tab: string, values: Record<string, unknown>): Promise<void> {
  await json(
    await fetch(`${w.base}/api/admission/${a.id}/${tab}`, {
      method: 'POST',
      headers: { [SECRET_HEADER]: a.secret, 'content-type': 'application/json' },
      body: JSON.stringify(values),
    }),
    `save ${tab}`,
  );
}

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

async function fullApplications(w: World, backend: string): Promise<string> {
  const times: number[] = [];
  for (let i = 0; i < APPLICATIONS + 1; i++) {
    const start = performance.now();
    const a = await apply(w);
    await uploadFiles(w, a);
    const tabs = tabsOf(w, a);
    for (const tab of TABS) await saveTab(w, a, tab, tabs[tab] ?? {});
    // The first one warms the caches (compiled validators, prepared plans): not counted.
    if (i > 0) times.push(performance.now() - start);
  }
  const sorted = times.sort((x, y) => x - y);
  figures[`${backend}: full application, median`] = { value: percentile(sorted, 0.5), unit: 'ms' };
  figures[`${backend}: full application, p95`] = { value: percentile(sorted, 0.95), unit: 'ms' };
  return `${APPLICATIONS} applications (apply + ${REQUIRED_FILES.length} uploads + ${TABS.length} tabs): median ${percentile(sorted, 0.5).toFixed(0)} ms, p95 ${percentile(sorted, 0.95).toFixed(0)} ms`;
}

async function concurrentSaves(w: World, backend: string): Promise<string> {
  const applicants: Applicant[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const a = await apply(w);
    await uploadFiles(w, a);
    applicants.push(a);
  }
  const latencies: number[] = [];
  let errors = 0;
  const run = async (ms: number, record: boolean) => {
    const end = performance.now() + ms;
    await Promise.all(
      applicants.map(async (a) => {
        const tabs = tabsOf(w, a);
        let i = 0;
        while (performance.now() < end) {
          const tab = TABS[i++ % TABS.length]!;
          const start = performance.now();
          try {
            await saveTab(w, a, tab, tabs[tab] ?? {});
            if (record) latencies.push(performance.now() - start);
          } catch (error) {
            errors++;
            if (errors === 1) console.error(String(error));
          }
        }
      }),
    );
  };
  await run(500, false);
  await run(SECONDS * 1000, true);
  const sorted = latencies.sort((x, y) => x - y);
  figures[`${backend}: tab saves, ${CLIENTS} applicants`] = { value: latencies.length / SECONDS, unit: 'saves/s' };
  figures[`${backend}: tab save p50`] = { value: percentile(sorted, 0.5), unit: 'ms' };
  figures[`${backend}: tab save p99`] = { value: percentile(sorted, 0.99), unit: 'ms' };
  figures[`${backend}: tab save errors`] = { value: errors, unit: '', goal: { atMost: 0 } };
  return `${CLIENTS} concurrent applicants, ${SECONDS} s: ${(latencies.length / SECONDS).toFixed(0)} tab saves/s, p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p99 ${percentile(sorted, 0.99).toFixed(1)} ms, ${errors} errors`;
}

for (const backend of BACKENDS) {
  let w: World | undefined;
  try {
    w = await world(backend);
  } catch (error) {
    console.log(`admission ${backend}: skipped (${(error as Error).message})`);
    continue;
  }
  try {
    console.log(`admission ${backend}: full application: ${await fullApplications(w, backend)}`);
    console.log(`admission ${backend}: tab saves: ${await concurrentSaves(w, backend)}`);
  } finally {
    await w.close();
  }
}
writeResult('admission', figures);
