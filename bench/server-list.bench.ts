/**
 * List throughput and latency: POST /api/sis/students (page of 10, with a search term) from 50
 * concurrent clients for 10 s, on embedded PGlite and on a PostgreSQL server, each with the demo
 * university; then the same database work issued straight through the driver with the same
 * concurrency, so the API's cost can be set against the database's.
 *
 *   npx tsx bench/server-list.bench.ts        (or npm run bench server-list)
 *   BENCH_SECONDS=5 BENCH_CLIENTS=20 BENCH_DATABASE_URL=postgres://... BENCH_BACKENDS=pglite
 *
 * The server runs in this process's main thread; the HTTP clients run in a worker thread, so
 * generating load does not steal the server's event loop (it does share the machine's cores).
 * "Driver" rows replay the exact statements one API request ran (captured once through a
 * Kysely plugin: token lookup, user and permissions, count, page, lookups) in one
 * transaction, and, separately, only the list's own count and page statements.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { CompiledQuery, Kysely, KyselyPlugin } from 'kysely';
import type { Manifest } from '../generator/manifest-types.ts';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { dropSchema, openDatabase, type Database } from '../server/db/open.ts';
import { syncSchema } from '../server/db/schema-sync.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../server/db/seed/demo/index.ts';
import { seed } from '../server/db/seed/index.ts';
import { domains as defaultDomains, type Domain } from '../server/domains/index.ts';
import { authDomain } from '../server/domains/auth/plugin.ts';
import { writeResult, type Figure } from './results.ts';

const REPO = path.resolve(import.meta.dirname, '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const WARMUP_MS = 1000;
const PG_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const BACKENDS = (process.env.BENCH_BACKENDS ?? 'pglite,postgres').split(',');
const SEARCH = 'ahmed';
const BODY = { search: SEARCH, page: 1, perPage: 10 };
/** The same page without a search term: what the list costs when the search does not. */
const NO_SEARCH = { search: '', page: 1, perPage: 10 };

interface Stats {
  requests: number;
  errors: number;
  seconds: number;
  p50: number;
  p99: number;
  max: number;
}
const rows: Array<[string, string, Stats | string]> = [];

function stats(latencies: number[], errors: number, seconds: number): Stats {
  const sorted = Float64Array.from(latencies).sort();
  const at = (q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN);
  return { requests: sorted.length, errors, seconds, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? NaN };
}

/** Runs `task` from `clients` concurrent loops: a warm-up, then `SECONDS` measured. */
async function closedLoop(clients: number, task: () => Promise<void>): Promise<Stats> {
  const run = async (ms: number, latencies: number[] | null) => {
    const end = performance.now() + ms;
    let errors = 0;
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (performance.now() < end) {
          const start = performance.now();
          try {
            await task();
            latencies?.push(performance.now() - start);
          } catch {
            errors++;
          }
        }
      }),
    );
    return errors;
  };
  await run(WARMUP_MS, null);
  const latencies: number[] = [];
  const started = performance.now();
  const errors = await run(SECONDS * 1000, latencies);
  return stats(latencies, errors, (performance.now() - started) / 1000);
}

/** The HTTP clients, in a worker thread (plain JavaScript: no loader needed there). */
const CLIENT_CODE = `
const { parentPort, workerData: w } = require('node:worker_threads');
(async () => {
  const run = async (ms, latencies) => {
    const end = performance.now() + ms;
    let errors = 0;
    await Promise.all(Array.from({ length: w.clients }, async () => {
      while (performance.now() < end) {
        const start = performance.now();
        try {
          const res = await fetch(w.url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer ' + w.token }, body: w.body });
          const text = await res.text();
          if (res.status !== 200) throw new Error(res.status + ' ' + text.slice(0, 200));
          if (latencies) latencies.push(performance.now() - start);
        } catch (error) { errors++; if (errors === 1) console.error(String(error)); }
      }
    }));
    return errors;
  };
  await run(w.warmupMs, null);
  const latencies = [];
  const started = performance.now();
  const errors = await run(w.seconds * 1000, latencies);
  parentPort.postMessage({ latencies, errors, seconds: (performance.now() - started) / 1000 });
})();`;

function httpLoad(url: string, token: string, body: object): Promise<Stats> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(CLIENT_CODE, {
      eval: true,
      workerData: { url, token, body: JSON.stringify(body), clients: CLIENTS, seconds: SECONDS, warmupMs: WARMUP_MS },
    });
    worker.once('message', (m: { latencies: number[]; errors: number; seconds: number }) => {
      resolve(stats(m.latencies, m.errors, m.seconds));
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

/** The app's domains, with the sign-in domain added when the list does not hold it yet. */
function appDomains(): Domain[] {
  return defaultDomains.some((d) => d.plugin === authDomain || d.name === 'auth')
    ? defaultDomains
    : [...defaultDomains, { name: 'auth', plugin: authDomain, prefix: '' }];
}

/** A plugin that records every statement compiled through it while `on` is set. */
function recorder(db: Kysely<any>) {
  const state = { on: false, queries: [] as CompiledQuery[] };
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      if (state.on) state.queries.push(db.getExecutor().compileQuery(args.node, args.queryId));
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { state, db: db.withPlugin(plugin) };
}

async function benchBackend(name: 'pglite' | 'postgres', manifest: Manifest): Promise<void> {
  const schema = `bench_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  let database: Database;
  try {
    database =
      name === 'pglite'
        ? await openDatabase({ memory: true })
        : await openDatabase({ url: PG_URL, schema, maxConnections: 10 });
  } catch (error) {
    rows.push([name, 'skipped', `database unavailable: ${(error as Error).message}`]);
    return;
  }
  const { db } = database;
  try {
    let t = performance.now();
    await syncSchema(db, manifest);
    const syncMs = performance.now() - t;
    t = performance.now();
    const seeded = await seed(db, manifest, { demo: true });
    console.log(
      `${name}: schema ${syncMs.toFixed(0)} ms, demo seed ${(performance.now() - t).toFixed(0)} ms (${seeded.demo?.counts.students} students, ${seeded.demo?.counts.users} users)`,
    );

    const config = { ...loadConfig({}), port: 0 };
    const app = await buildApp({ manifest, db, config, domains: appDomains(), clientDir: null });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address() as { port: number };
    const base = `http://127.0.0.1:${address.port}/api/sis`;
    const login = await fetch(`${base}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ACCOUNTS.registrar.email, password: DEMO_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    if (!token) throw new Error(`sign-in failed: ${login.status}`);
    const probe = await fetch(`${base}/students`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(BODY),
    });
    const probeBody = (await probe.json()) as { data: unknown[]; meta: { count: number } };
    console.log(
      `${name}: POST /students ${JSON.stringify(BODY)} -> ${probe.status}, ${probeBody.data.length} rows of ${probeBody.meta.count}`,
    );

    for (const body of [BODY, NO_SEARCH]) {
      const what = body.search ? `search "${body.search}"` : 'no search';
      // Capture the statements one request runs, on a second app over a recording connection.
      const rec = recorder(db);
      const captureApp = await buildApp({ manifest, db: rec.db, config, domains: [], clientDir: null });
      rec.state.on = true;
      await captureApp.inject({
        method: 'POST',
        url: '/api/sis/students',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      rec.state.on = false;
      await captureApp.close();
      const all = rec.state.queries;
      const list = all.filter((q) => /from "students"/.test(q.sql) && !/json_agg|user_id = u\.id/.test(q.sql));
      console.log(`${name}, ${what}: one request runs ${all.length} statements (the list itself: ${list.length})`);

      rows.push([name, `${what}: API POST /students`, await httpLoad(`${base}/students`, token, body)]);
      rows.push([
        name,
        `${what}: driver, the request's ${all.length} statements in a transaction`,
        await closedLoop(CLIENTS, () =>
          db.transaction().execute(async (trx) => {
            for (const q of all) await trx.executeQuery(q);
          }),
        ),
      ]);
      if (body.search) {
        rows.push([
          name,
          `${what}: driver, count + page only (${list.length} statements)`,
          await closedLoop(CLIENTS, async () => {
            for (const q of list) await db.executeQuery(q);
          }),
        ]);
      }
    }
    await app.close();
  } finally {
    await database.close();
    if (name === 'postgres') await dropSchema(PG_URL, schema).catch(() => undefined);
  }
}

function report(): void {
  const header = ['backend', 'what', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'requests', 'errors'];
  const table = rows.map(([backend, what, s]) =>
    typeof s === 'string'
      ? [backend, what, s, '', '', '', '', '']
      : [
          backend,
          what,
          (s.requests / s.seconds).toFixed(0),
          s.p50.toFixed(2),
          s.p99.toFixed(2),
          s.max.toFixed(1),
          String(s.requests),
          String(s.errors),
        ],
  );
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(
    `\nList of students, page of 10: ${CLIENTS} concurrent clients, ${SECONDS} s each (after ${WARMUP_MS} ms warm-up)`,
  );
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of table) console.log(line(r));
  const figures: Record<string, Figure> = {};
  for (const [backend, what, s] of rows) {
    if (typeof s === 'string') continue;
    // The same name whatever the statement count, so runs compare figure by figure.
    const name = `${backend}, ${what.replace(/ \d+ statements/, ' statements').replace(/ \(\d+ statements\)/, '')}`;
    figures[name] = { value: s.requests / s.seconds, unit: 'req/s' };
    figures[`${name}, p50`] = { value: s.p50, unit: 'ms' };
    figures[`${name}, p99`] = { value: s.p99, unit: 'ms' };
  }
  for (const backend of new Set(rows.map((r) => r[0]))) {
    for (const what of [`search "${SEARCH}"`, 'no search']) {
      const [api, driver] = rows.filter((r) => r[0] === backend && r[1].startsWith(`${what}:`)).map((r) => r[2]);
      if (!api || !driver || typeof api === 'string' || typeof driver === 'string') continue;
      const rate = (x: Stats) => x.requests / x.seconds;
      figures[`${backend}, ${what}: the API's rate against the driver's`] = {
        value: (rate(api) / rate(driver)) * 100,
        unit: '%',
        ...(what !== 'no search' ? { goal: { atLeast: 77 } } : {}),
      };
      console.log(
        `${backend}, ${what}: the API's rate is ${((rate(api) / rate(driver)) * 100).toFixed(0)}% of the driver's for the same statements ` +
          `(${(1000 / rate(api)).toFixed(2)} vs ${(1000 / rate(driver)).toFixed(2)} ms of capacity per request); p50 ${(api.p50 / driver.p50).toFixed(1)}x`,
      );
    }
  }
  console.log(`load average (1 min) at the end: ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`);
  writeResult('server-list', figures);
}

const manifestPath = path.join(REPO, '.generated/manifest.json');
if (!fs.existsSync(manifestPath)) throw new Error('.generated/manifest.json is missing: run "npm run gen" first');
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
console.log(`load average (1 min) at the start: ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`);
for (const backend of BACKENDS) await benchBackend(backend as 'pglite' | 'postgres', manifest);
report();
