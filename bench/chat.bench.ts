/**
 * Chat fan-out: 200 clients hold the live stream (GET /chats/stream, server-sent events) open, all
 * members of one conversation; twenty of them write 1,000 messages in turn at a steady rate through the HTTP
 * API; each message's delivery time is from just before its POST to its arrival at each client
 * (200,000 deliveries). Goal: p99 under 200 ms, none lost. On PostgreSQL the delivery goes through
 * LISTEN/NOTIFY (server/domains/chat/hub.ts), on embedded PGlite in-process.
 *
 *   npx tsx bench/chat.bench.ts          (or npm run bench chat)
 *   BENCH_QUICK=1                         a short run (200 messages to 50 clients)
 *   BENCH_MESSAGES=1000 BENCH_CLIENTS=200 BENCH_RATE=50 (messages per second) BENCH_BACKENDS=pglite,postgres
 *   BENCH_DATABASE_URL=postgres://...     (default TEST_DATABASE_URL, else local postgres)
 *
 * The conversation's 200 members are written straight to the tables: the API caps a group at 50
 * people, and the bench measures delivery, not starting conversations. The clients are fetch
 * streams in the same process as the server (they share its event loop, so the figures are an
 * upper bound of the server's own delivery time).
 */
import crypto from 'node:crypto';
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Manifest } from '../generator/manifest-types.ts';
import { buildApp } from '../server/app.ts';
import { issueToken } from '../server/auth/tokens.ts';
import { loadConfig } from '../server/config.ts';
import { dropSchema, openDatabase, type Database } from '../server/db/open.ts';
import { syncSchema } from '../server/db/schema-sync.ts';
import { chatDomain } from '../server/domains/chat/plugin.ts';
import { writeResult, type Figure } from './results.ts';

const QUICK = process.env.BENCH_QUICK === '1';
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? (QUICK ? 200 : 1000));
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? (QUICK ? 50 : 200));
const RATE = Number(process.env.BENCH_RATE ?? 50);
const PG_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const BACKENDS = (process.env.BENCH_BACKENDS ?? 'postgres,pglite').split(',');
const manifest = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../.generated/manifest.json'), 'utf8'),
) as Manifest;

const figures: Record<string, Figure> = {};

/**
 * A stream client as light as can be (node:http, event ids read by a regular expression, no JSON):
 * the clients share the server's process and CPU, so what they spend is taken from the server.
 */
interface LightClient {
  /** message id -> arrival time */
  arrived: Map<number, number>;
  ready: Promise<void>;
  close(): void;
}
function openLight(url: string, token: string): LightClient {
  const arrived = new Map<number, number>();
  let request: http.ClientRequest;
  const ready = new Promise<void>((resolve, reject) => {
    request = http.get(url, { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream ${res.statusCode}`));
      res.setEncoding('utf8');
      let rest = '';
      res.on('data', (chunk: string) => {
        const at = performance.now();
        const text = rest + chunk;
        const cut = text.lastIndexOf('\n\n');
        rest = cut < 0 ? text : text.slice(cut + 2);
        if (cut < 0) return;
        const whole = text.slice(0, cut);
        if (whole.includes('event: ready')) resolve();
        for (const m of whole.matchAll(/^id: (\d+)$/gm)) arrived.set(Number(m[1]), at);
      });
    });
    request.on('error', reject);
  });
  return { arrived, ready, close: () => request.destroy() };
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;

async function people(db: Kysely<any>, count: number): Promise<Array<{ id: number; token: string }>> {
  const tag = crypto.randomBytes(3).toString('hex');
  const rows = await db
    .insertInto('users')
    .values(
      Array.from({ length: count }, (_, i) => ({ name: `Member ${i}`, email: `m${i}-${tag}@bench.edu`, type: 4 })),
    )
    .returning('id')
    .execute();
  const out = [];
  for (const r of rows) out.push({ id: Number(r.id), token: (await issueToken(db, Number(r.id))).token });
  return out;
}

async function run(backend: string): Promise<void> {
  const schema = `bench_chat_${process.pid}`;
  const database: Database =
    backend === 'postgres'
      ? await openDatabase({ url: PG_URL, schema, maxConnections: 10 })
      : await openDatabase({ memory: true });
  const db = database.db;
  let app: FastifyInstance | null = null;
  const streams: LightClient[] = [];
  try {
    await syncSchema(db, manifest, { migrationsDir: '/nonexistent' });
    app = await buildApp({
      manifest,
      db,
      config: { ...loadConfig({}), databaseUrl: backend === 'postgres' ? PG_URL : undefined },
      domains: [{ name: 'chat', plugin: chatDomain }],
      clientDir: null,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    const base = `http://127.0.0.1:${port}/api/sis`;

    const members = await people(db, CLIENTS);
    const chat = Number(
      (
        await db
          .insertInto('chats')
          .values({ kind: 'group', title: 'Bench', created_by: members[0]!.id })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    await db
      .insertInto('chat_members')
      .values(members.map((m) => ({ chat_id: chat, user_id: m.id, member_key: `${chat}:${m.id}` })))
      .execute();
    for (const m of members) streams.push(openLight(`${base}/chats/stream`, m.token));
    await Promise.all(streams.map((s) => s.ready));

    const sentAt = new Map<string, number>();
    const sentById = new Map<number, number>();
    // twenty members take turns writing (one person does not write fifty messages a second)
    const writers = members.slice(0, 20);
    const started = performance.now();
    const sends: Promise<unknown>[] = [];
    const failed: string[] = [];
    for (let i = 0; i < MESSAGES; i++) {
      const due = started + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const text = `bench message ${i}`;
      sentAt.set(text, performance.now());
      sends.push(
        fetch(`${base}/chats/${chat}/messages`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${writers[i % writers.length]!.token}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ body: text }),
        })
          .then((r) => {
            if (r.status !== 201) throw new Error(`status ${r.status}`);
            return r.json() as Promise<{ data: { id: number } }>;
          })
          .then((b) => sentById.set(b.data.id, sentAt.get(text)!))
          .catch((error: unknown) => {
            // counted, not fatal: a send that failed has nothing to deliver
            failed.push(String(error));
            sentAt.delete(text); // nothing to deliver
          }),
      );
    }
    await Promise.all(sends);
    // let the last deliveries arrive
    const deadline = performance.now() + 10_000;
    const delivered = () => streams.reduce((n, s) => n + s.arrived.size, 0);
    while (delivered() < MESSAGES * CLIENTS && performance.now() < deadline) await sleep(100);

    const latencies: number[] = [];
    for (const s of streams)
      for (const [id, at] of s.arrived) {
        const sent = sentById.get(id);
        if (sent !== undefined) latencies.push(at - sent);
      }
    latencies.sort((a, b) => a - b);
    const expected = sentById.size * CLIENTS;
    const key = (name: string) => `${name}_${backend}`;
    figures[key('chat_fanout_p99')] = { value: percentile(latencies, 0.99), unit: 'ms', goal: { below: 200 } };
    figures[key('chat_fanout_p50')] = { value: percentile(latencies, 0.5), unit: 'ms' };
    figures[key('chat_fanout_max')] = { value: latencies.at(-1) ?? null, unit: 'ms' };
    figures[key('chat_fanout_lost')] = { value: expected - latencies.length, unit: 'deliveries', goal: { atMost: 0 } };
    figures[key('chat_fanout_deliveries')] = { value: latencies.length, unit: 'deliveries' };
    figures[key('chat_fanout_send_failed')] = { value: failed.length, unit: 'messages', goal: { atMost: 0 } };
    if (failed.length) console.log(`${backend}: ${failed.length} sends failed, first: ${failed[0]}`);
    console.log(
      `${backend}: ${latencies.length}/${expected} deliveries, p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p99 ${percentile(latencies, 0.99).toFixed(1)} ms, max ${latencies.at(-1)?.toFixed(1)} ms`,
    );
  } finally {
    for (const s of streams) s.close();
    await app?.close();
    await database.close();
    if (backend === 'postgres') await dropSchema(PG_URL, schema);
  }
}

for (const backend of BACKENDS) await run(backend);
writeResult('chat', figures, {
  note: `${MESSAGES} messages at ${RATE}/s to ${CLIENTS} streams of one conversation; clients in the server's process`,
});
