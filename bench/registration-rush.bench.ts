/**
 * Registration rush: 2,000 students each request 5 of 10 offerings (4 sections each, seats
 * for 80% of the demand) through PUT /api/sis/registrations/students/request-offering, from
 * 64 concurrent clients, every request at once (no think time). Reports requests per second,
 * p50 and p99 latency, the answers (registered or refused for capacity), and a final check:
 * no section over capacity, every section's counter equal to the rows holding its seats, no
 * student holding two sections of one course. Runs on embedded PGlite, on PostgreSQL with one
 * server process, and on PostgreSQL with two server processes sharing the database.
 *
 *   npx tsx bench/registration-rush.bench.ts          (or npm run bench registration-rush)
 *   BENCH_STUDENTS=300 BENCH_CLIENTS=32 BENCH_BACKENDS=pglite,postgres,postgres-2  (a quick run)
 *   BENCH_RUSH_DATABASE=postgres://postgres@127.0.0.1:5432/rowaq_bench (created when missing; the default is that
 *   database over the local socket /var/run/postgresql when it exists, else over TCP)
 *   BENCH_WARMUP=400 students of a warm-up group served before the clock starts (0: a cold server; see warmUp)
 *   BENCH_POOL=10 database connections per server process
 *   BENCH_RUNS=3 runs every backend three times and reports the run of median rate (the machine is shared)
 *   BENCH_KEEP_SCHEMA=1 keeps the one-process PostgreSQL schema afterwards (its name is printed) for profiling
 *
 * The clients run in a child process (their CPU is reported apart); a 503 (busy) is retried
 * after its Retry-After with the same Idempotency-Key, as the portal does, and counted. Students
 * hold sessions made beforehand (the sign-in is not what is measured). "CPU ms/req" is the CPU
 * the server process(es) and the database's backends spent per request (Linux /proc).
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql, type Kysely } from 'kysely';
import type { Manifest } from '../generator/manifest-types.ts';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { dropSchema, openDatabase, type Database } from '../server/db/open.ts';
import { syncSchema } from '../server/db/schema-sync.ts';
import { registrationDomain } from '../server/domains/registration/plugin.ts';
import { makeCourse, makeStudents, makeWorld } from '../tests/server/registration-world.ts';
import { writeResult, type Figure } from './results.ts';

const REPO = path.resolve(import.meta.dirname, '..');
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 2000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 64);
/**
 * Students of the warm-up group (warmUp): served before the clock starts, on offerings of their
 * own. 0 measures a cold server (V8 compiling the hot path during the rush: about 0.2 ms of CPU
 * per request over a 10,000-request rush on this machine).
 */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 400);
/** Database connections per server process (the server's default pool is 10). */
const POOL = Number(process.env.BENCH_POOL ?? 10);
const PER_STUDENT = 5;
const COURSES = 10;
const SECTIONS = 4;
/** Courses each student passed in the past term (their history). */
const HISTORY = 8;
/** Seats for this share of the demand: the rest is refused for capacity. */
const SUPPLY = 0.8;
/**
 * The server reaches PostgreSQL over its local socket when there is one (as a portal on the same
 * host as its database should: loopback TCP cost about a quarter of the CPU of every request),
 * else over TCP. BENCH_RUSH_DATABASE chooses.
 */
const SOCKET_DIR = '/var/run/postgresql';
const PG_URL =
  process.env.BENCH_RUSH_DATABASE ??
  (fs.existsSync(`${SOCKET_DIR}/.s.PGSQL.5432`)
    ? `postgres://postgres@localhost/rowaq_bench?host=${SOCKET_DIR}`
    : 'postgres://postgres@127.0.0.1:5432/rowaq_bench');
const BACKENDS = (process.env.BENCH_BACKENDS ?? 'pglite,postgres,postgres-2').split(',');
/** Runs of every backend; with more than one, the run of median rate is reported per backend. */
const RUNS = Number(process.env.BENCH_RUNS ?? 1);
const manifest = JSON.parse(fs.readFileSync(path.join(REPO, '.generated/manifest.json'), 'utf8')) as Manifest;

interface Job {
  token: string;
  offering_id: number;
  key: string;
}
interface Result {
  clientCpuMs: number;
  wallMs: number;
  latencies: number[];
  statuses: Record<string, number>;
  codes: Record<string, number>;
  retries: number;
  errors: string[];
}

/**
 * The HTTP clients (plain JavaScript in a child process, so their CPU is counted apart). Kept
 * cheap, since they share the machine's cores with the server: node:http over keep-alive
 * connections (one per client), bodies and headers serialised before the clock starts, and
 * the answer's JSON parsed only when its code is needed (not for a 200).
 */
const CLIENT_CODE = `
const http = require('node:http');
process.once('message', async (w) => {
  const latencies = new Float64Array(w.jobs.length), statuses = {}, codes = {}, errors = [];
  let next = 0, done = 0, retries = 0;
  const agents = w.bases.map(() => new http.Agent({ keepAlive: true, maxSockets: w.clients }));
  const targets = w.bases.map((b, i) => { const u = new URL(b + '/registrations/students/request-offering'); return { host: u.hostname, port: u.port, path: u.pathname, agent: agents[i] }; });
  const prepared = w.jobs.map((job) => {
    const body = Buffer.from(JSON.stringify({ offering_id: job.offering_id }));
    return { body, headers: { 'content-type': 'application/json', 'content-length': body.length, authorization: 'Bearer ' + job.token, 'idempotency-key': job.key } };
  });
  const send = (t, job) => new Promise((resolve, reject) => {
    const req = http.request({ method: 'PUT', host: t.host, port: t.port, path: t.path, agent: t.agent, headers: job.headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, retryAfter: res.headers['retry-after'], text: res.statusCode === 200 ? '' : Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(job.body);
  });
  const cpu0 = process.cpuUsage();
  const started = performance.now();
  await Promise.all(Array.from({ length: w.clients }, async () => {
    while (next < prepared.length) {
      const n = next++;
      const job = prepared[n];
      const t = targets[n % targets.length];
      const start = performance.now();
      for (;;) {
        try {
          const res = await send(t, job);
          if (res.status === 503) { retries++; await new Promise((r) => setTimeout(r, 1000 * Number(res.retryAfter || 1))); continue; }
          statuses[res.status] = (statuses[res.status] || 0) + 1;
          const code = res.status === 200 ? 'registered' : (JSON.parse(res.text).code || 'other');
          codes[code] = (codes[code] || 0) + 1;
          if (res.status >= 500 && errors.length < 5) errors.push(res.status + ' ' + res.text.slice(0, 200));
        } catch (error) { if (errors.length < 5) errors.push(String(error)); statuses.network = (statuses.network || 0) + 1; }
        break;
      }
      latencies[done++] = performance.now() - start;
    }
  }));
  const cpu = process.cpuUsage(cpu0);
  for (const a of agents) a.destroy();
  process.send({ wallMs: performance.now() - started, latencies: Array.from(latencies.subarray(0, done)), statuses, codes, retries, errors, clientCpuMs: (cpu.user + cpu.system) / 1000 }, () => process.exit(0));
});`;

function rush(bases: string[], jobs: Job[]): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', CLIENT_CODE], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.once('message', (m: Result) => resolve(m));
    child.once('error', reject);
    child.send({ bases, jobs, clients: CLIENTS });
  });
}

/**
 * One group of the rush: COURSES courses at distinct times (no clashes), SECTIONS sections each
 * with seats for SUPPLY of the group's demand, and `count` students each asking for PER_STUDENT of
 * the offerings; the jobs are shuffled so one student's requests overlap others'.
 */
async function group(db: Kysely<any>, world: Awaited<ReturnType<typeof makeWorld>>, prefix: string, count: number) {
  const seats = Math.ceil((count * PER_STUDENT * SUPPLY) / (COURSES * SECTIONS));
  const offerings: number[] = [];
  for (let c = 0; c < COURSES; c++) {
    const day = 1 + (c % 6);
    const hour = 8 + 2 * Math.floor(c / 6);
    const slot: [number, string, string] = [
      day,
      `${String(hour).padStart(2, '0')}:00`,
      `${String(hour + 1).padStart(2, '0')}:30`,
    ];
    const course = await makeCourse(db, world, {
      code: `${prefix}${c}`,
      sections: Array.from({ length: SECTIONS }, (_, s) => ({ code: `S${s + 1}`, capacity: seats, slots: [slot] })),
    });
    offerings.push(course.offeringId);
  }
  const students = count ? await makeStudents(db, world, count) : [];
  const jobs: Job[] = students.flatMap((s) => {
    const picks = [...offerings].sort(() => Math.random() - 0.5).slice(0, PER_STUDENT);
    return picks.map((offering_id) => ({ token: s.token, offering_id, key: crypto.randomUUID() }));
  });
  for (let i = jobs.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [jobs[i], jobs[j]] = [jobs[j]!, jobs[i]!];
  }
  return { students, offerings, jobs };
}

/**
 * The rush's university: the measured group (RUSH courses, STUDENTS students) and the warm-up
 * group (WARM courses, WARMUP other students, the same shape), both with their history.
 */
async function prepare(db: Kysely<any>) {
  const world = await makeWorld(db);
  const measured = await group(db, world, 'RUSH', STUDENTS);
  const warm = await group(db, world, 'WARM', WARMUP);
  // One appointment for everyone, open since an hour: the check runs on every request.
  await db
    .insertInto('registration_appointments')
    .values({ term_id: world.termId, name: 'Everyone', opens_at: new Date(Date.now() - 3_600_000) })
    .execute();
  await pastRecords(db, world, [...measured.students, ...warm.students]);
  await sql`analyze`.execute(db);
  return { jobs: measured.jobs, offerings: measured.offerings, warmJobs: warm.jobs };
}

/**
 * The warm-up: the server(s) serve the warm-up group's requests (the same calls, seats taken
 * and refused) before the clock starts, so the measured rush finds the code compiled by V8 and
 * the database connections' plans made, as on registration day after the first minutes. Its
 * answers must be the two expected ones; they are not counted.
 */
async function warmUp(bases: string[], jobs: Job[]): Promise<void> {
  if (!jobs.length) return;
  const r = await rush(bases, jobs);
  const other = Object.keys(r.codes).filter((k) => k !== 'registered' && k !== 'no_capacity');
  if (other.length || r.errors.length)
    throw new Error(`warm-up: unexpected answers ${JSON.stringify(r.codes)} ${r.errors.join(' | ')}`);
  console.log(
    `  warm-up: ${r.latencies.length} requests of ${WARMUP} other students in ${(r.wallMs / 1000).toFixed(1)} s (${(r.latencies.length / (r.wallMs / 1000)).toFixed(0)} req/s)`,
  );
}

/**
 * The students' history, as a university has it on registration day: HISTORY courses passed in
 * the past term (rows of registrations and registration_terms). Without it the tables would be
 * empty when analysed and the planner would plan the hot statements for empty tables.
 */
async function pastRecords(
  db: Kysely<any>,
  world: Awaited<ReturnType<typeof makeWorld>>,
  students: Array<{ student_id?: number }>,
) {
  const past: Array<{ courseId: number; offeringId: number }> = [];
  for (let c = 0; c < HISTORY; c++) {
    const course = await makeCourse(db, world, { code: `PAST${c}`, sections: [] }, world.pastTermId);
    past.push({ courseId: course.courseId, offeringId: course.offeringId });
  }
  const ids = students.map((s) => s.student_id!);
  for (let i = 0; i < ids.length; i += 500) {
    const batch = ids.slice(i, i + 500);
    await db
      .insertInto('registrations')
      .values(
        batch.flatMap((student_id) =>
          past.map((p) => ({
            student_id,
            offering_id: p.offeringId,
            term_id: world.pastTermId,
            course_id: p.courseId,
            status_code: 2,
            flags: 262160,
            request_flag: 2,
            grade: 60 + (student_id % 40),
            max_mark: 100,
            row_key: `${student_id}:${p.offeringId}`,
          })),
        ),
      )
      .execute();
    await db
      .insertInto('registration_terms')
      .values(
        batch.map((student_id) => ({
          row_key: `${student_id}:${world.pastTermId}`,
          student_id,
          term_id: world.pastTermId,
          version: HISTORY,
        })),
      )
      .execute();
  }
}

/** Nothing oversold, counters true, one section per course per student. */
async function verify(db: Kysely<any>, offerings: number[]) {
  const { rows } = await sql<any>`select
      (select count(*) from sections where seats_taken > capacity)::int as over,
      (select count(*) from sections se where seats_taken <> (select count(*) from registrations r where r.section_id = se.id and r.hold_key is not null))::int as drift,
      (select count(*) from (select student_id, course_id from registrations where hold_key is not null group by 1, 2 having count(*) > 1) x)::int as doubles,
      (select count(*) from registrations where hold_key is not null and offering_id in (${sql.join(offerings)}))::int as held,
      (select coalesce(sum(capacity), 0) from sections where offering_id in (${sql.join(offerings)}))::int as capacity`.execute(
    db,
  );
  return rows[0] as { over: number; drift: number; doubles: number; held: number; capacity: number };
}

const table: string[][] = [];

/** CPU time (ms) used so far by the processes listed (Linux /proc; 0 elsewhere). */
function cpuMsOf(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      /* ended */
    }
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}

/** The PostgreSQL backends serving the bench database (the pools' connections). */
async function backendPids(db: Kysely<any> | null): Promise<number[]> {
  if (!db) return [];
  const { rows } = await sql<{
    pid: number;
  }>`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`.execute(db);
  return rows.map((r) => Number(r.pid));
}

/**
 * CPU spent serving the rush, per request: the server (this process without the clients, or
 * the two server processes) and the database backends, measured from before to after the rush.
 */
async function cpuMeter(serverPids: number[] | null, pgDb: Kysely<any> | null) {
  const own = process.cpuUsage();
  const before = new Map<number, number>();
  for (const pid of [...(serverPids ?? []), ...(await backendPids(pgDb))]) before.set(pid, cpuMsOf([pid]));
  return async (requests: number) => {
    const pids = new Set([...(serverPids ?? []), ...(await backendPids(pgDb)), ...before.keys()]);
    let db = 0;
    let server = 0;
    for (const pid of pids) {
      const ms = cpuMsOf([pid]) - (before.get(pid) ?? 0);
      if (serverPids?.includes(pid)) server += ms;
      else db += ms;
    }
    if (!serverPids) {
      const u = process.cpuUsage(own);
      server += (u.user + u.system) / 1000;
    }
    console.log(
      `  CPU per request: server ${(server / requests).toFixed(2)} ms, database ${(db / requests).toFixed(2)} ms`,
    );
    return (server + db) / requests;
  };
}

function record(name: string, r: Result, check: Awaited<ReturnType<typeof verify>>, cpuMs: number) {
  const clientMs = r.clientCpuMs / r.latencies.length;
  const sorted = Float64Array.from(r.latencies).sort();
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  const rate = r.latencies.length / (r.wallMs / 1000);
  table.push([
    name,
    String(r.latencies.length),
    rate.toFixed(0),
    at(0.5).toFixed(1),
    at(0.99).toFixed(1),
    String(r.codes.registered ?? 0),
    String(r.codes.no_capacity ?? 0),
    String(r.retries),
    cpuMs.toFixed(2),
    clientMs.toFixed(2),
    ((os.cpus().length * 1000) / cpuMs).toFixed(0),
    ((os.cpus().length * 1000) / (cpuMs + clientMs)).toFixed(0),
    `${check.over} over, ${check.drift} drift, ${check.doubles} double`,
  ]);
  const other = Object.entries(r.codes).filter(([k]) => k !== 'registered' && k !== 'no_capacity');
  console.log(
    `${name}: ${r.latencies.length} requests in ${(r.wallMs / 1000).toFixed(1)} s; held ${check.held} of ${check.capacity} seats` +
      `${other.length ? `; other answers ${JSON.stringify(Object.fromEntries(other))}` : ''}${r.errors.length ? `; errors ${r.errors.join(' | ')}` : ''}`,
  );
  if (check.over || check.drift || check.doubles)
    throw new Error(`${name}: seats check failed ${JSON.stringify(check)}`);
}

async function ensureBenchDatabase(): Promise<void> {
  const url = new URL(PG_URL);
  const name = url.pathname.slice(1);
  const admin = new pg.Client({
    connectionString: Object.assign(new URL(PG_URL), { pathname: '/postgres' }).toString(),
  });
  await admin.connect();
  try {
    const { rows } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!rows.length) await admin.query(`create database "${name.replace(/"/g, '')}"`);
  } finally {
    await admin.end();
  }
}

async function serve(db: Kysely<any>) {
  const app = await buildApp({
    manifest,
    db,
    config: { ...loadConfig({}), port: 0 },
    domains: [{ name: 'registration', plugin: registrationDomain }],
    clientDir: null,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, base: `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/sis` };
}

async function runInProcess(name: string, pg: boolean, open: () => Promise<Database>, cleanup: () => Promise<void>) {
  let database: Database;
  try {
    database = await open();
  } catch (error) {
    table.push([name, 'skipped', (error as Error).message]);
    return;
  }
  try {
    await syncSchema(database.db, manifest, { migrationsDir: '/nonexistent' });
    const { jobs, offerings, warmJobs } = await prepare(database.db);
    const { app, base } = await serve(database.db);
    await warmUp([base], warmJobs);
    const meter = await cpuMeter(null, pg ? database.db : null);
    const result = await rush([base], jobs);
    const cpu = await meter(result.latencies.length);
    await app.close();
    record(name, result, await verify(database.db, offerings), cpu);
  } finally {
    await database.close();
    await cleanup();
  }
}

/** Two server processes (this file with --serve) on one PostgreSQL schema. */
async function runTwoProcesses(name: string) {
  const schema = `rush_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  let database: Database;
  try {
    database = await openDatabase({ url: PG_URL, schema, maxConnections: 4 });
  } catch (error) {
    table.push([name, 'skipped', (error as Error).message]);
    return;
  }
  const children: ChildProcess[] = [];
  try {
    await syncSchema(database.db, manifest, { migrationsDir: '/nonexistent' });
    const { jobs, offerings, warmJobs } = await prepare(database.db);
    const bases = await Promise.all(
      [0, 1].map(
        () =>
          new Promise<string>((resolve, reject) => {
            const child = fork(import.meta.filename, ['--serve', schema], {
              execArgv: ['--import', 'tsx'],
              stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
            });
            children.push(child);
            child.once('message', (m: { base: string }) => resolve(m.base));
            child.once('exit', (code) => reject(new Error(`server process exited ${code}`)));
          }),
      ),
    );
    await warmUp(bases, warmJobs);
    const meter = await cpuMeter(
      children.map((c) => c.pid!),
      database.db,
    );
    const result = await rush(bases, jobs);
    record(name, result, await verify(database.db, offerings), await meter(result.latencies.length));
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await database.close();
    await dropSchema(PG_URL, schema).catch(() => undefined);
  }
}

if (process.argv[2] === '--serve') {
  const database = await openDatabase({ url: PG_URL, schema: process.argv[3], maxConnections: POOL });
  const { base } = await serve(database.db);
  process.send!({ base });
  process.on('SIGTERM', () => process.exit(0));
} else {
  console.log(
    `load average (1 min) at the start: ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores; ${STUDENTS} students x ${PER_STUDENT} requests, ${CLIENTS} clients`,
  );
  console.log(`PostgreSQL: ${PG_URL}`);
  for (let run = 1; run <= RUNS; run++)
    for (const backend of BACKENDS) {
      if (RUNS > 1) console.log(`run ${run} of ${RUNS}: ${backend} (load ${os.loadavg()[0]!.toFixed(1)})`);
      if (backend === 'pglite')
        await runInProcess(
          'PGlite',
          false,
          () => openDatabase({ memory: true }),
          async () => {},
        );
      if (backend === 'postgres' || backend === 'postgres-2') {
        try {
          await ensureBenchDatabase();
        } catch (error) {
          table.push([backend, 'skipped', (error as Error).message]);
          continue;
        }
      }
      if (backend === 'postgres') {
        const schema = `rush_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
        const keep = process.env.BENCH_KEEP_SCHEMA === '1';
        await runInProcess(
          'PostgreSQL, 1 process',
          true,
          () => openDatabase({ url: PG_URL, schema, maxConnections: POOL }),
          async () => {
            if (keep) console.log(`  kept schema ${schema}`);
            else await dropSchema(PG_URL, schema).catch(() => undefined);
          },
        );
      }
      if (backend === 'postgres-2') await runTwoProcesses('PostgreSQL, 2 processes');
    }
  const header = [
    'backend',
    'requests',
    'req/s',
    'p50 ms',
    'p99 ms',
    'registered',
    'no capacity',
    '503 retried',
    'server+db CPU ms/req',
    'clients CPU ms/req',
    'CPU-bound req/s',
    'with clients',
    'seats check',
  ];
  const widths = header.map((h, i) =>
    Math.max(h.length, ...table.map((r) => (r[i] ?? '').length + (i === 0 && RUNS > 1 ? 6 * RUNS : 0))),
  );
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 || i === 12 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(
    `\nRegistration rush: ${STUDENTS} students x ${PER_STUDENT} requests over ${COURSES} offerings x ${SECTIONS} sections (seats for ${SUPPLY * 100}% of the demand), ${CLIENTS} clients`,
  );
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  // With several runs: every run's row, then per backend the run of median rate (and the range).
  if (RUNS > 1) {
    for (const r of table) console.log(line(r));
    console.log(`median run of ${RUNS} per backend (req/s of every run in brackets):`);
  }
  const byBackend = new Map<string, string[][]>();
  for (const r of table) byBackend.set(r[0]!, [...(byBackend.get(r[0]!) ?? []), r]);
  const figures: Record<string, Figure> = {};
  for (const [name, rows] of byBackend) {
    const sorted = [...rows].sort((a, b) => Number(a[2]) - Number(b[2]));
    const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
    console.log(line(RUNS > 1 ? [`${name} [${rows.map((r) => r[2]).join(', ')}]`, ...median.slice(1)] : median));
    if (median[1] === 'skipped') continue;
    // The goal holds on PostgreSQL; PGlite, one connection, is measured for comparison.
    const postgres = name.startsWith('PostgreSQL');
    figures[`${name}: rate`] = {
      value: Number(median[2]),
      unit: 'req/s',
      ...(postgres ? { goal: { atLeast: 1000 } } : {}),
      ...(RUNS > 1 ? { note: `median of ${RUNS} runs: ${rows.map((r) => r[2]).join(', ')}` } : {}),
    };
    figures[`${name}: p50`] = { value: Number(median[3]), unit: 'ms' };
    figures[`${name}: p99`] = { value: Number(median[4]), unit: 'ms', ...(postgres ? { goal: { below: 300 } } : {}) };
    figures[`${name}: seats oversold`] = {
      value: Number(/^(\d+) over/.exec(median[12] ?? '')?.[1] ?? NaN),
      unit: '',
      goal: { atMost: 0 },
    };
    figures[`${name}: CPU a request, server + database`] = { value: Number(median[8]), unit: 'ms' };
    figures[`${name}: CPU a request, clients`] = { value: Number(median[9]), unit: 'ms' };
  }
  console.log(
    'server+db CPU: the server process(es) and the database backends serving the rush, per request (PGlite runs inside the server);',
  );
  console.log(
    `CPU-bound req/s: ${os.cpus().length} cores divided by it (the rate with nothing else on the machine); "with clients" adds the load generator's own CPU.`,
  );
  console.log(`load average (1 min) at the end: ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`);
  writeResult('registration-rush', figures, {
    note: `${STUDENTS} students x ${PER_STUDENT} requests, ${CLIENTS} clients, warm-up ${WARMUP} students`,
  });
}
