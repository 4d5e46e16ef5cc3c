/**
 * Wallet payments per second: 50 concurrent students, each paying its own invoices one after
 * another from its credit balance (POST /api/sis/payments/pay/{id} over real HTTP), on a
 * PostgreSQL server (and PGlite with BENCH_BACKENDS=pglite,postgres). A second run has the 50
 * clients pay invoices of ONE student's wallet, every payment queueing on the same row lock.
 * After each run the ledger check must find nothing, and every answer must be 200 (or, when one
 * wallet runs dry, 422 'not enough credit balance').
 *
 *   npx tsx bench/wallet.bench.ts        (or npm run bench wallet)
 *   BENCH_SECONDS=2 BENCH_CLIENTS=50 BENCH_DATABASE_URL=postgres://... BENCH_BACKENDS=postgres
 *
 * The clients run in this process next to the server (they share its event loop), so the
 * figures are a floor for the server alone.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { Manifest } from '../generator/manifest-types.ts';
import { buildApp } from '../server/app.ts';
import { issueToken } from '../server/auth/tokens.ts';
import { loadConfig } from '../server/config.ts';
import { dropSchema, openDatabase } from '../server/db/open.ts';
import { syncSchema } from '../server/db/schema-sync.ts';
import { checkLedger } from '../server/domains/finance/ledger-check.ts';
import { financeDomain } from '../server/domains/finance/plugin.ts';
import { creditWallet } from '../server/domains/finance/wallet.ts';
import { writeResult, type Figure } from './results.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const PG_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const BACKENDS = (process.env.BENCH_BACKENDS ?? 'postgres').split(',');
/** Invoices prepared per student: more than a client can pay in the run. */
const INVOICES = Math.max(50, SECONDS * 60);

interface Student {
  id: number;
  token: string;
  invoices: number[];
}
interface Stats {
  ok: number;
  refused: number;
  errors: number;
  seconds: number;
  p50: number;
  p99: number;
}

/** What the run measured, written to bench/results/ at the end. */
const figures: Record<string, Figure> = {};

const manifest: Manifest = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../.generated/manifest.json'), 'utf8'),
);

async function prepare(db: Kysely<any>, count: number, invoicesEach: number): Promise<Student[]> {
  await db
    .insertInto('countries')
    .values({ id: 64, code: 'EG', name: 'Egypt', name_local: 'مصر' })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const faculty = await db
    .insertInto('faculties')
    .values({ code: `B${crypto.randomInt(1e6)}`, name: 'Bench', name_local: 'قياس' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const students: Student[] = [];
  for (let i = 0; i < count; i++) {
    const user = await db
      .insertInto('users')
      .values({ name: `Bench ${i}`, email: `bench${i}.${crypto.randomInt(1e9)}@bench.test`, type: 3 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('user_roles').values({ user_id: user.id, role: 'student' }).execute();
    const student = await db
      .insertInto('students')
      .values({
        user_id: user.id,
        code: `BN${i}${crypto.randomInt(1e6)}`,
        name: 'Bench Student',
        faculty_id: faculty.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(student.id);
    await db
      .transaction()
      .execute((trx) =>
        creditWallet(trx, { student_id: id, cents: invoicesEach * 100, kind: 'adjustment', reference: 'bench' }),
      );
    // Invoices of 1.00 EGP, one installment each, written in one statement per table.
    const { rows } = await sql<{ id: number }>`
      insert into payments (student_id, billing_kind_id, amount, paid_amount, currency_id, status_id, due_date, code)
      select ${id}, 7, 1, 0, 1, 1, current_date + 30, 'BENCH-' || ${id} || '-' || g from generate_series(1, ${invoicesEach}) g
      returning id`.execute(db);
    await sql`insert into installments (payment_id, student_id, billing_kind_id, installment_id, amount, paid_amount, currency_id, due_date, status_id)
      select id, student_id, 7, 1, 1, 0, 1, due_date, 1 from payments where student_id = ${id}`.execute(db);
    students.push({
      id,
      token: (await issueToken(db as never, Number(user.id))).token,
      invoices: rows.map((r) => Number(r.id)),
    });
  }
  return students;
}

/** `clients` loops, each paying the next invoice of `studentOf(i)` until SECONDS pass. */
async function run(base: string, clients: number, studentOf: (client: number) => Student): Promise<Stats> {
  const latencies: number[] = [];
  let refused = 0;
  let errors = 0;
  const started = performance.now();
  const end = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      const student = studentOf(c);
      while (performance.now() < end) {
        const invoice = student.invoices.shift();
        if (invoice === undefined) break;
        const t0 = performance.now();
        const response = await fetch(`${base}/api/sis/payments/pay/${invoice}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${student.token}` },
        });
        const body = (await response.json()) as { error?: string };
        if (response.status === 200) latencies.push(performance.now() - t0);
        else if (response.status === 422 && body.error === 'not enough credit balance') refused++;
        else errors++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const sorted = Float64Array.from(latencies).sort();
  const at = (q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN);
  return { ok: latencies.length, refused, errors, seconds, p50: at(0.5), p99: at(0.99) };
}

async function bench(backend: string): Promise<void> {
  const schema = `bench_wallet_${process.pid}`;
  const database =
    backend === 'postgres'
      ? await openDatabase({ url: PG_URL, schema, maxConnections: 10 })
      : await openDatabase({ memory: true });
  try {
    await syncSchema(database.db, manifest, { migrationsDir: '/nonexistent' });
    const app = await buildApp({
      manifest,
      db: database.db,
      config: { ...loadConfig({}), paymentSecret: 'bench' },
      domains: [{ name: 'finance', plugin: financeDomain }],
      clientDir: null,
    });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const students = await prepare(database.db, CLIENTS, INVOICES);
      const own = await run(base, CLIENTS, (c) => students[c]!);
      report(backend, `${CLIENTS} students, own wallets`, own);
      // One wallet, 50 clients: the same row lock for every payment.
      const [shared] = await prepare(database.db, 1, INVOICES * 4);
      const contended = await run(base, CLIENTS, () => shared!);
      report(backend, `${CLIENTS} clients, one wallet`, contended);
      const problems = await checkLedger(database.db);
      console.log(
        `${backend}: ledger check ${problems.length ? `FAILED\n${problems.join('\n')}` : 'passed (ledger sums equal every balance)'}`,
      );
      figures[`${backend}: ledger check problems`] = { value: problems.length, unit: '', goal: { atMost: 0 } };
      if (problems.length || own.errors || contended.errors) process.exitCode = 1;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    if (backend === 'postgres') await dropSchema(PG_URL, schema);
  }
}

function report(backend: string, what: string, s: Stats): void {
  figures[`${backend}: ${what}`] = { value: s.ok / s.seconds, unit: 'payments/s' };
  figures[`${backend}: ${what}, p50`] = { value: s.p50, unit: 'ms' };
  figures[`${backend}: ${what}, p99`] = { value: s.p99, unit: 'ms' };
  figures[`${backend}: ${what}, failed payments`] = { value: s.errors, unit: '', goal: { atMost: 0 } };
  console.log(
    `${backend.padEnd(9)} ${what.padEnd(28)} ${(s.ok / s.seconds).toFixed(0).padStart(6)} payments/s  p50 ${s.p50.toFixed(1)} ms  p99 ${s.p99.toFixed(1)} ms  (${s.ok} paid, ${s.refused} refused, ${s.errors} errors, ${s.seconds.toFixed(1)} s)`,
  );
}

for (const backend of BACKENDS) await bench(backend);
writeResult('wallet', figures);
