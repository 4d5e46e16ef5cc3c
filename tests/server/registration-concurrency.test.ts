/**
 * Seats under a rush, through the real HTTP server (app.listen, parallel fetches; on
 * PostgreSQL a pool of 10 connections so transactions truly overlap): 500 students request one
 * section of 30 seats at once; exactly 30 are registered, 470 are told 'There is no available
 * capacity', and the database holds nothing else. Then 500 students each race for both
 * sections of one course (15 seats each) with two requests at once.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Manifest } from '../../generator/manifest-types.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { dropSchema, openDatabase, type Database } from '../../server/db/open.ts';
import { syncSchema } from '../../server/db/schema-sync.ts';
import { Gate } from '../../server/domains/registration/gate.ts';
import { registrationDomain } from '../../server/domains/registration/plugin.ts';
import { BACKENDS } from './harness.ts';
import { makeCourse, makeStudents, makeWorld, type World, type WorldUser } from './registration-world.ts';

const MANIFEST = path.resolve('.generated/manifest.json');
const manifest: Manifest | undefined = fs.existsSync(MANIFEST)
  ? JSON.parse(fs.readFileSync(MANIFEST, 'utf8'))
  : undefined;
const STUDENTS = 500;

describe('registration gate', () => {
  it('runs `concurrency` tasks at once, queues the next, refuses beyond the queue or the wait with 503', async () => {
    const gate = new Gate({ concurrency: 1, maxQueue: 1, maxWaitMs: 100 });
    let release!: () => void;
    const first = gate.run(
      () =>
        new Promise<string>((r) => {
          release = () => r('first');
        }),
    );
    const second = gate.run(async () => 'second');
    const third = gate.run(async () => 'third');
    await expect(third).rejects.toMatchObject({ code: 'reg_busy', status: 503 });
    await expect(second).rejects.toMatchObject({ code: 'reg_busy', status: 503 }); // waited 100 ms behind the first
    release();
    expect(await first).toBe('first');
    expect(await gate.run(async () => 'after')).toBe('after');
  });
});

describe.skipIf(!manifest).each(BACKENDS)('registration rush on $name', (backend) => {
  let database: Database;
  let schema: string | undefined;
  let app: FastifyInstance;
  let db: Kysely<any>;
  let w: World;
  let base: string;

  const request = async (user: WorldUser, body: object) => {
    const res = await fetch(`${base}/registrations/students/request-offering`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };

  beforeAll(async () => {
    if (backend.name === 'postgres') {
      schema = `t_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
      database = await openDatabase({ url: backend.url, schema, maxConnections: 10 });
    } else {
      database = await openDatabase({ memory: true });
    }
    db = database.db;
    await syncSchema(db, manifest!, { migrationsDir: '/nonexistent' });
    app = await buildApp({
      manifest: manifest!,
      db,
      config: { ...loadConfig({}), bodyLimit: 64 * 1024 },
      domains: [{ name: 'registration', plugin: registrationDomain }],
      clientDir: null,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/sis`;
    w = await makeWorld(db);
    // Registered at once (no advisor step), so "registered" is what the rush decides.
    await db.updateTable('terms').set({ advising_required: false }).where('id', '=', w.termId).execute();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    if (schema) await dropSchema(backend.url!, schema);
  });

  it('500 students, one section of 30 seats: exactly 30 registered, 470 refused, nothing partial', async () => {
    const course = await makeCourse(db, w, {
      code: 'RUSH',
      sections: [{ capacity: 30, slots: [[1, '08:30', '10:00']] }],
    });
    const students = await makeStudents(db, w, STUDENTS);
    const answers = await Promise.all(students.map((s) => request(s, { offering_id: course.offeringId })));
    const ok = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(ok).toHaveLength(30);
    expect(ok.every((a) => a.body.data.status_code === 2)).toBe(true);
    expect(refused).toHaveLength(470);
    expect(refused.every((a) => a.status === 422 && a.body.error === 'There is no available capacity')).toBe(true);

    const rows = await db
      .selectFrom('registrations')
      .select(['student_id', 'section_id', 'status_code', 'hold_key'])
      .where(
        'student_id',
        'in',
        students.map((s) => s.student_id!),
      )
      .execute();
    expect(rows).toHaveLength(30);
    expect(
      rows.every((r) => Number(r.status_code) === 2 && Number(r.section_id) === course.sectionIds[0] && r.hold_key),
    ).toBe(true);
    expect(new Set(rows.map((r) => Number(r.student_id))).size).toBe(30);
    const section = await db
      .selectFrom('sections')
      .select(['seats_taken', 'capacity'])
      .where('id', '=', course.sectionIds[0]!)
      .executeTakeFirstOrThrow();
    expect(Number(section.seats_taken)).toBe(30);
  }, 60_000);

  it('answers 503 with Retry-After when saturated, having done nothing; a retry with the same key succeeds once', async () => {
    // A second server on the same database with a tiny gate: 1 write at a time, 1 waiting, 200 ms at most.
    const env = { ...process.env };
    Object.assign(process.env, {
      REGISTRATION_CONCURRENCY: '1',
      REGISTRATION_MAX_QUEUE: '1',
      REGISTRATION_MAX_WAIT_MS: '200',
    });
    const small = await buildApp({
      manifest: manifest!,
      db,
      config: { ...loadConfig({}), bodyLimit: 64 * 1024 },
      domains: [{ name: 'registration', plugin: registrationDomain }],
      clientDir: null,
    });
    process.env = env;
    try {
      await small.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${(small.server.address() as { port: number }).port}/api/sis/registrations/students/request-offering`;
      const course = await makeCourse(db, w, {
        code: 'BUSY',
        sections: [{ capacity: 100, slots: [[4, '08:30', '10:00']] }],
      });
      const students = await makeStudents(db, w, 40);
      const send = (s: WorldUser) =>
        fetch(url, {
          method: 'PUT',
          body: JSON.stringify({ offering_id: course.offeringId }),
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${s.token}`,
            'idempotency-key': `busy-${s.id}`,
          },
        });
      const first = await Promise.all(
        students.map(async (s) => {
          const r = await send(s);
          return { s, status: r.status, retry: r.headers.get('retry-after'), body: (await r.json()) as any };
        }),
      );
      const busy = first.filter((a) => a.status === 503);
      // PGlite's one connection already queues the callers' sign-in reads, so the gate may never fill there.
      if (backend.name === 'postgres') expect(busy.length).toBeGreaterThan(0);
      expect(
        busy.every(
          (a) => a.retry === '1' && a.body.code === 'reg_busy' && a.body.error === 'The server is busy; retrying',
        ),
      ).toBe(true);
      const held = async () =>
        Number(
          (
            await db
              .selectFrom('registrations')
              .select(db.fn.countAll().as('n'))
              .where('offering_id', '=', course.offeringId)
              .executeTakeFirstOrThrow()
          ).n,
        );
      expect(await held()).toBe(first.filter((a) => a.status === 200).length);
      // Everyone retries (the answered ones too, as a double click would): each student ends with one seat.
      for (const a of first) expect((await send(a.s)).status).toBe(200);
      expect(await held()).toBe(40);
      const section = await db
        .selectFrom('sections')
        .select('seats_taken')
        .where('id', '=', course.sectionIds[0]!)
        .executeTakeFirstOrThrow();
      expect(Number(section.seats_taken)).toBe(40);
    } finally {
      await small.close();
    }
  }, 60_000);

  it('500 students racing across two sections of one course: 30 seats, one section each at most', async () => {
    const course = await makeCourse(db, w, {
      code: 'TWO',
      sections: [
        { capacity: 15, slots: [[2, '08:30', '10:00']] },
        { capacity: 15, slots: [[3, '08:30', '10:00']] },
      ],
    });
    const students = await makeStudents(db, w, STUDENTS);
    const answers = await Promise.all(
      students.map(async (s) => {
        const [a, b] = await Promise.all(
          course.sectionIds.map((section_id) => request(s, { offering_id: course.offeringId, section_id })),
        );
        return { student: s.student_id!, answers: [a!, b!] };
      }),
    );
    const winners = answers.filter((x) => x.answers.some((a) => a.status === 200));
    expect(winners).toHaveLength(30);
    // A winner got exactly one seat; their other request was refused as already held or full.
    for (const x of winners) {
      expect(x.answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect(['reg_already_requested', 'no_capacity']).toContain(x.answers.find((a) => a.status !== 200)!.body.code);
    }
    // Every other student was told there is no seat.
    const losers = answers.filter((x) => !x.answers.some((a) => a.status === 200));
    expect(losers).toHaveLength(470);
    expect(
      losers.every((x) =>
        x.answers.every((a) => a.status === 422 && a.body.error === 'There is no available capacity'),
      ),
    ).toBe(true);

    const rows = await db
      .selectFrom('registrations')
      .select(['student_id', 'section_id'])
      .where(
        'student_id',
        'in',
        students.map((s) => s.student_id!),
      )
      .execute();
    expect(rows).toHaveLength(30);
    expect(new Set(rows.map((r) => Number(r.student_id))).size).toBe(30);
    for (const sectionId of course.sectionIds) {
      const held = rows.filter((r) => Number(r.section_id) === sectionId).length;
      const section = await db
        .selectFrom('sections')
        .select(['seats_taken'])
        .where('id', '=', sectionId)
        .executeTakeFirstOrThrow();
      expect(held).toBe(15);
      expect(Number(section.seats_taken)).toBe(15);
    }
  }, 60_000);
});
