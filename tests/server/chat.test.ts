/**
 * Chat (server/domains/chat): who may reach whom (a student: advisor, instructors of held seats,
 * support; staff: the students they serve), one-to-one and group conversations, paged history,
 * read receipts and the unread count of GET /users/live-data, moderation (close, reopen), retention,
 * and live delivery over server-sent events with replay on reconnect (Last-Event-ID). On PGlite and,
 * with TEST_DATABASE_URL, PostgreSQL, where a second app instance on the same database (its own
 * pool and LISTEN connection) delivers to the first one's clients through LISTEN/NOTIFY.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase, type Database } from '../../server/db/open.ts';
import { syncSchema } from '../../server/db/schema-sync.ts';
import { chatDomain } from '../../server/domains/chat/plugin.ts';
import { sweep } from '../../server/domains/chat/retention.ts';
import { systemDomain } from '../../server/domains/system/plugin.ts';
import { realManifest as manifest } from './finance-helpers.ts';
import { BACKENDS, call, createUser, openTestDatabase, type TestDatabase, type TestUser } from './harness.ts';
import { openSse, type SseClient } from './helpers/sse-client.ts';

async function chatApp(db: Kysely<any>, databaseUrl?: string): Promise<FastifyInstance> {
  const app = await buildApp({
    manifest: manifest!,
    db,
    config: { ...loadConfig({}), bodyLimit: 64 * 1024, databaseUrl },
    domains: [
      { name: 'system', plugin: systemDomain, prefix: '' },
      { name: 'chat', plugin: chatDomain },
    ],
    clientDir: null,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}
const baseOf = (app: FastifyInstance) => {
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/sis`;
};

describe.skipIf(!manifest).each(BACKENDS)('chat on $name', (backend) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let db: Kysely<any>;
  let ali: TestUser; // student: advisor Hany, a seat in Laila's section
  let mona: TestUser; // student: no advisor, a request (not a seat) in Laila's section
  let hany: TestUser; // instructor, Ali's advisor
  let laila: TestUser; // instructor of section L1
  let karim: TestUser; // instructor with no tie to Ali
  let desk: TestUser; // support (employee: manage_tickets)
  let moderator: TestUser; // registrar: access_chat (and manage_tickets)
  const streams: SseClient[] = [];

  const api = (user: TestUser, method: string, url: string, body?: unknown, lang?: string) =>
    call(app, method, `/api/sis${url}`, { token: user.token, body, lang });
  const start = async (user: TestUser, ids: number[], title?: string) => {
    const r = await api(user, 'POST', '/chats/start', { user_ids: ids, title });
    expect([200, 201]).toContain(r.status);
    return Number(r.body.data.id);
  };
  const say = async (user: TestUser, chat: number, body: string) => {
    const r = await api(user, 'POST', `/chats/${chat}/messages`, { body });
    expect(r.status).toBe(201);
    return Number(r.body.data.id);
  };
  const stream = async (target: FastifyInstance, user: TestUser, last?: number | null) => {
    const s = await openSse(`${baseOf(target)}/chats/stream`, user.token, last);
    streams.push(s);
    await s.waitFor((e) => e.event === 'ready');
    return s;
  };

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    db = database.db;
    await syncSchema(db, manifest!, { migrationsDir: '/nonexistent' });
    app = await chatApp(db, backend.url);
    const id = async (table: string, values: Record<string, unknown>) =>
      Number((await db.insertInto(table).values(values).returning('id').executeTakeFirstOrThrow()).id);
    await db.insertInto('countries').values({ id: 64, code: 'EG', name: 'Egypt', name_local: 'مصر' }).execute();
    const faculty = await id('faculties', { code: 'FCI', name: 'Computers', name_local: 'الحاسبات' });
    const term = await id('terms', {
      code: 'F26',
      name: 'Fall 2026',
      name_local: 'خريف 2026',
      year: 2026,
      start_date: '2026-09-20',
      end_date: '2027-01-20',
      is_current: true,
    });
    const course = await id('courses', { faculty_id: faculty, code: 'CS201', name: 'Data', credit_hours: 3, level: 2 });
    const offering = await id('offerings', { course_id: course, term_id: term, max_mark: 100 });
    hany = await createUser(db, { type: 4, roles: ['instructor'], name: 'Hany Adel' });
    laila = await createUser(db, { type: 4, roles: ['instructor'], name: 'Laila Samir' });
    karim = await createUser(db, { type: 4, roles: ['instructor'], name: 'Karim Nabil' });
    desk = await createUser(db, { type: 4, roles: ['employee'], name: 'Support Desk' });
    moderator = await createUser(db, { type: 4, roles: ['registrar'], name: 'Registrar' });
    const instructor = (user: TestUser, code: string) =>
      id('instructors', { user_id: user.id, code, name: code, faculty_id: faculty });
    const hanyI = await instructor(hany, 'INS1');
    const lailaI = await instructor(laila, 'INS2');
    await instructor(karim, 'INS3');
    const section = await id('sections', { offering_id: offering, code: 'L1', capacity: 40, instructor_id: lailaI });
    ali = await createUser(db, { type: 3, roles: ['student'], student: { faculty_id: faculty }, name: 'Ali Hassan' });
    mona = await createUser(db, { type: 3, roles: ['student'], student: { faculty_id: faculty }, name: 'Mona Ali' });
    await db.updateTable('students').set({ advisor_id: hanyI }).where('id', '=', ali.student_id!).execute();
    const register = (student: TestUser, status_code: number) =>
      id('registrations', {
        student_id: student.student_id,
        offering_id: offering,
        section_id: section,
        term_id: term,
        course_id: course,
        status_code,
      });
    await register(ali, 2);
    await register(mona, 1);
  });

  afterAll(async () => {
    for (const s of streams) s.close();
    await app?.close();
    await database?.drop();
  });

  it('lists whom each may reach: advisor, instructors of held seats, support; staff their students', async () => {
    const names = async (user: TestUser) => {
      const r = await api(user, 'GET', '/chats/contacts');
      expect(r.status).toBe(200);
      return Object.fromEntries(r.body.data.map((c: any) => [c.id, c.relation]));
    };
    // the registrar handles tickets too (manage_tickets): support as well
    const support = { [desk.id]: 'support', [moderator.id]: 'support' };
    expect(await names(ali)).toEqual({ [hany.id]: 'advisor', [laila.id]: 'instructor', ...support });
    expect(await names(mona)).toEqual(support); // a request is not a seat
    expect(await names(hany)).toEqual({ [ali.id]: 'student' });
    expect(await names(laila)).toEqual({ [ali.id]: 'student' });
    expect(await names(karim)).toEqual({});
    expect((await call(app, 'GET', '/api/sis/chats/contacts')).status).toBe(401);
  });

  it('refuses a conversation with someone out of reach, in the caller language', async () => {
    const r = await api(ali, 'POST', '/chats/start', { user_ids: [karim.id] }, 'ar');
    expect(r.status).toBe(403);
    expect(r.body.error).toBe('لا يمكنك بدء محادثة مع هذا الشخص');
    const none = await api(ali, 'POST', '/chats/start', { user_ids: [] });
    expect(none.status).toBe(422);
    expect(none.body.errors.user_ids[0]).toBe('Choose who to talk to');
    const junk = await api(ali, 'POST', '/chats/start', { user_ids: ['x'] });
    expect(junk.status).toBe(422);
    expect(await db.selectFrom('chats').selectAll().execute()).toHaveLength(0);
  });

  it('keeps one conversation per pair, pages history, and counts unread until read', async () => {
    const chat = await start(ali, [hany.id]);
    expect(await start(hany, [ali.id])).toBe(chat); // staff answer in the same conversation
    const again = await api(ali, 'POST', '/chats/start', { user_ids: [hany.id] });
    expect(again.status).toBe(200);
    const ids: number[] = [];
    for (let i = 1; i <= 7; i++) ids.push(await say(ali, chat, `message ${i}`));
    const live = await call(app, 'GET', '/api/sis/users/live-data', { token: hany.token });
    expect(live.body.chat_notification_count).toBe(7);
    expect(
      (await call(app, 'GET', '/api/sis/users/live-data', { token: ali.token })).body.chat_notification_count,
    ).toBe(0);

    const latest = await api(hany, 'GET', `/chats/${chat}/messages?limit=3`);
    expect(latest.body.data.map((m: any) => m.body)).toEqual(['message 5', 'message 6', 'message 7']);
    expect(latest.body.has_more).toBe(true);
    const older = await api(hany, 'GET', `/chats/${chat}/messages?limit=3&before=${ids[4]}`);
    expect(older.body.data.map((m: any) => m.body)).toEqual(['message 2', 'message 3', 'message 4']);
    const missed = await api(hany, 'GET', `/chats/${chat}/messages?after=${ids[5]}`);
    expect(missed.body.data.map((m: any) => m.body)).toEqual(['message 7']);
    expect((await api(hany, 'GET', `/chats/${chat}/messages?before=abc`, undefined, 'ar')).status).toBe(400);

    const read = await api(hany, 'POST', `/chats/${chat}/read`, { message_id: ids[4] });
    expect(read.body.data.last_read_id).toBe(ids[4]);
    expect(
      (await call(app, 'GET', '/api/sis/users/live-data', { token: hany.token })).body.chat_notification_count,
    ).toBe(2);
    // a read mark never moves back, nor past the conversation's last message
    await api(hany, 'POST', `/chats/${chat}/read`, { message_id: ids[0] });
    await api(hany, 'POST', `/chats/${chat}/read`, { message_id: 10_000_000 });
    const details = await api(ali, 'GET', `/chats/${chat}`);
    const hanyMember = details.body.data.members.find((m: any) => m.id === hany.id);
    expect(hanyMember.last_read_id).toBe(ids[6]); // Ali sees his messages read (receipt)
    const mine = await api(hany, 'GET', '/chats/mine');
    expect(mine.body.data[0]).toMatchObject({ id: chat, unread: 0, kind: 'direct', can_write: true });
  });

  it('lets only members write and read; others get 404, moderators read all', async () => {
    const chat = await start(ali, [laila.id]);
    expect((await api(karim, 'GET', `/chats/${chat}`)).status).toBe(404);
    expect((await api(karim, 'GET', `/chats/${chat}/messages`)).status).toBe(404);
    expect((await api(karim, 'POST', `/chats/${chat}/messages`, { body: 'hi' })).status).toBe(404);
    expect((await api(moderator, 'GET', `/chats/${chat}`)).body.data).toMatchObject({
      is_member: false,
      can_write: false,
      can_close: true,
    });
    expect((await api(moderator, 'POST', `/chats/${chat}/messages`, { body: 'hi' })).status).toBe(403);
    const all = await api(moderator, 'GET', '/chats/all');
    expect(all.body.meta.count).toBeGreaterThanOrEqual(2);
    expect((await api(ali, 'GET', '/chats/all')).status).toBe(403);
    const empty = await api(ali, 'POST', `/chats/${chat}/messages`, { body: '   ' }, 'ar');
    expect(empty.status).toBe(422);
    expect(empty.body.errors.body[0]).toBe('اكتب رسالة');
    expect((await api(ali, 'POST', `/chats/${chat}/messages`, { body: 'x'.repeat(4001) })).status).toBe(422);
  });

  it('starts a group with people all within reach', async () => {
    const chat = await start(ali, [hany.id, laila.id], 'CS201 project');
    const view = await api(laila, 'GET', `/chats/${chat}`);
    expect(view.body.data).toMatchObject({ kind: 'group', title: 'CS201 project' });
    expect(view.body.data.members.map((m: any) => m.id).sort()).toEqual([ali.id, hany.id, laila.id].sort());
    expect((await api(ali, 'POST', '/chats/start', { user_ids: [hany.id, karim.id] })).status).toBe(403);
  });

  it('closes a conversation (staff member or moderator, not the student) and refuses new messages', async () => {
    const chat = await start(ali, [desk.id]);
    await say(ali, chat, 'Hello support');
    expect((await api(ali, 'POST', `/chats/${chat}/close`)).status).toBe(403);
    expect((await api(moderator, 'POST', `/chats/${chat}/close`)).status).toBe(200);
    const refused = await api(ali, 'POST', `/chats/${chat}/messages`, { body: 'still there?' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('This conversation was closed by the university: no new messages');
    expect((await api(desk, 'POST', `/chats/${chat}/reopen`)).status).toBe(200);
    await say(ali, chat, 'Thanks');
    const log = await db.selectFrom('access_logs').select('action').where('resource', '=', 'chats').execute();
    expect(log.map((r) => r.action)).toEqual(expect.arrayContaining(['create', 'close', 'reopen']));
  });

  it('delivers live over the stream, with read receipts, and replays what a client missed', async () => {
    const chat = await start(ali, [laila.id]);
    const lailaStream = await stream(app, laila);
    const aliStream = await stream(app, ali);
    const first = await say(ali, chat, 'مرحبا Dr Laila, about CS201');
    const got = await lailaStream.waitFor((e) => e.event === 'message' && e.id === first);
    expect(got.data).toMatchObject({ chat_id: chat, author_id: ali.id, body: 'مرحبا Dr Laila, about CS201' });
    await api(laila, 'POST', `/chats/${chat}/read`, { message_id: first });
    const receipt = await aliStream.waitFor((e) => e.event === 'read' && e.data.user_id === laila.id);
    expect(receipt.data).toMatchObject({ chat_id: chat, last_read_id: first });

    // Laila's connection drops; three messages are written meanwhile; she reconnects with her last id.
    const last = lailaStream.lastId();
    lailaStream.close();
    const during = [await say(ali, chat, 'one'), await say(ali, chat, 'two'), await say(ali, chat, 'three')];
    const back = await stream(app, laila, last);
    const replayed = back.events.filter((e) => e.event === 'message').map((e) => e.id);
    expect(replayed).toEqual(expect.arrayContaining(during));
    expect(replayed).not.toContain(null);
    // and live again after the replay
    const after = await say(ali, chat, 'four');
    await back.waitFor((e) => e.id === after);
    // a stream of someone outside the conversation hears nothing of it
    const karimStream = await stream(app, karim);
    await say(ali, chat, 'five');
    await new Promise((r) => setTimeout(r, 150));
    expect(karimStream.events.filter((e) => e.event === 'message')).toHaveLength(0);
  });

  it('removes messages older than the retention setting', async () => {
    const chat = await start(ali, [hany.id]);
    const old = await say(ali, chat, 'an old message');
    await db
      .updateTable('chat_messages')
      .set({ created_at: new Date(Date.now() - 40 * 86_400_000) })
      .where('id', '=', old)
      .execute();
    expect(await sweep(db, manifest!)).toBe(0); // no setting: kept
    await db.insertInto('settings').values({ name: 'chat_retention_days', value: '30', public: false }).execute();
    expect(await sweep(db, manifest!)).toBe(1);
    expect(await db.selectFrom('chat_messages').select('id').where('id', '=', old).execute()).toHaveLength(0);
  });

  describe.runIf(backend.name === 'postgres')('two app instances on one PostgreSQL database', () => {
    let second: Database;
    let other: FastifyInstance;
    beforeAll(async () => {
      second = await openDatabase({ url: backend.url, schema: database.schema, maxConnections: 4 });
      other = await chatApp(second.db, backend.url);
    });
    afterAll(async () => {
      await other?.close();
      await second?.close();
    });

    it("delivers a message written through one instance to the other's clients, and replays there", async () => {
      const chat = await start(ali, [hany.id]);
      const onOther = await stream(other, hany);
      const onFirst = await stream(app, ali);
      // written through the first instance, heard on the second
      const m1 = await say(ali, chat, 'through instance one');
      expect((await onOther.waitFor((e) => e.id === m1)).data.body).toBe('through instance one');
      // written through the second instance, heard on the first
      const r = await call(other, 'POST', `/api/sis/chats/${chat}/messages`, {
        token: hany.token,
        body: { body: 'from two' },
      });
      expect(r.status).toBe(201);
      await onFirst.waitFor((e) => e.id === r.body.data.id);
      // a client of the second instance reconnects to the first and loses nothing
      const last = onOther.lastId();
      onOther.close();
      const missed = [await say(ali, chat, 'a'), await say(ali, chat, 'b')];
      const moved = await stream(app, hany, last);
      expect(moved.events.map((e) => e.id)).toEqual(expect.arrayContaining(missed));
    });
  });
});
