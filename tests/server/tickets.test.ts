/**
 * Support tickets (server/domains/tickets): any signed-in user opens a ticket (type, subject and
 * description required, an optional attachment checked by content), staff answer, ask for details
 * and resolve along ticket_status (edges and permissions from the YAML), the owner replies, closes
 * and reopens; the owner is mailed on staff replies; files are read by the owner and staff only;
 * every write is whole or nothing. On PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { syncSchema } from '../../server/db/schema-sync.ts';
import { ticketsDomain } from '../../server/domains/tickets/plugin.ts';
import { readOutbox } from '../../server/mail/outbox.ts';
import { BACKENDS, call, createUser, openTestDatabase, type TestDatabase, type TestUser } from './harness.ts';
import { makeFaculty, realManifest as manifest } from './finance-helpers.ts';

const ST = { open: 0, in_progress: 1, awaiting_reply: 2, closed: 3, resolved: 4 };
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]);
const dataUrl = (bytes: Buffer, name: string, type = 'application/octet-stream') =>
  `data:${type};name=${encodeURIComponent(name)};base64,${bytes.toString('base64')}`;

describe.skipIf(!manifest).each(BACKENDS)('support tickets on $name', (backend) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let db: Kysely<any>;
  let dataDir: string;
  let outbox: string;
  let uploads: string;
  let ali: TestUser; // the student who opens tickets
  let mona: TestUser; // another student
  let staff: TestUser; // employee: access_tickets + manage_tickets
  let registrar: TestUser; // registrar: given the ticket permissions for the demo
  let advisor: TestUser; // staff without ticket permissions
  let aliEmail: string;

  const open = (user: TestUser | null, body: unknown, lang?: string) =>
    call(app, 'POST', '/api/sis/tickets/new', { token: user?.token, body, lang });
  const reply = (user: TestUser, id: number, body: unknown, lang?: string) =>
    call(app, 'POST', `/api/sis/tickets/${id}/reply`, { token: user.token, body, lang });
  const step = (user: TestUser, id: number, action: string, lang?: string) =>
    call(app, 'POST', `/api/sis/tickets/${id}/status/${action}`, { token: user.token, lang });
  const details = (user: TestUser, id: number, lang?: string) =>
    call(app, 'GET', `/api/sis/tickets/details/${id}`, { token: user.token, lang });
  const row = (id: number) => db.selectFrom('tickets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const replies = (id: number) =>
    db.selectFrom('ticket_replies').selectAll().where('ticket_id', '=', id).orderBy('id').execute();
  const filesOf = (id: number) =>
    fs.existsSync(path.join(uploads, 'tickets', String(id)))
      ? fs.readdirSync(path.join(uploads, 'tickets', String(id)))
      : [];
  const newTicket = async (user = ali, extra: Record<string, unknown> = {}) => {
    const r = await open(user, {
      type_id: 1,
      subject: 'Cannot sign in to the library',
      description: 'The library site refuses my password.',
      ...extra,
    });
    expect(r.status).toBe(201);
    return Number(r.body.data.id);
  };

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    db = database.db;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rowaq-tickets-'));
    outbox = path.join(dataDir, 'outbox');
    uploads = path.join(dataDir, 'uploads');
    await syncSchema(db, manifest!, { migrationsDir: '/nonexistent' });
    app = await buildApp({
      manifest: manifest!,
      db,
      config: { ...loadConfig({ DATA_DIR: dataDir }), outboxDir: outbox, uploadsDir: uploads },
      domains: [{ name: 'tickets', plugin: ticketsDomain }],
      clientDir: null,
    });
    await app.ready();
    await db
      .insertInto('countries')
      .values({ id: 64, code: 'EG', name: 'Egypt', name_local: 'مصر' })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const faculty = await makeFaculty(db);
    ali = await createUser(db, { type: 3, roles: ['student'], student: { faculty_id: faculty }, name: 'Ali Hassan' });
    mona = await createUser(db, { type: 3, roles: ['student'], student: { faculty_id: faculty } });
    staff = await createUser(db, { type: 4, roles: ['employee'], name: 'Support Person' });
    registrar = await createUser(db, { type: 4, roles: ['registrar'] });
    advisor = await createUser(db, { type: 4, roles: ['advisor'] });
    aliEmail = String(
      (await db.selectFrom('users').select('email').where('id', '=', ali.id).executeTakeFirstOrThrow()).email,
    );
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('requires type, subject and description, in English and Arabic, and writes nothing', async () => {
    const before = await db.selectFrom('tickets').select(db.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const en = await open(ali, { type_id: 99, subject: '  ', description: '' });
    expect(en.status).toBe(422);
    expect(en.body.errors.type_id[0]).toBe('Ticket type is required');
    expect(en.body.errors.subject[0]).toBe('Subject is required');
    expect(en.body.errors.description[0]).toBe('Description is required');
    const ar = await open(ali, {}, 'ar');
    expect(ar.status).toBe(422);
    expect(ar.body.errors.type_id[0]).toBe('نوع التذكرة مطلوب');
    expect(ar.body.errors.subject[0]).toBe('الموضوع مطلوب');
    expect(ar.body.errors.description[0]).toBe('الوصف مطلوب');
    expect((await open(ali, { type_id: 1, subject: 'x'.repeat(201), description: 'd' })).body.errors.subject[0]).toBe(
      'Write at most 200 characters',
    );
    const after = await db.selectFrom('tickets').select(db.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect((await open(null, { type_id: 1, subject: 's', description: 'd' })).status).toBe(401);
  });

  it('opens a ticket with a TKT code, in status open, its opening row and an access-log row', async () => {
    const r = await open(ali, {
      type_id: 2,
      subject: ' Grade missing ',
      description: 'My grade for CS101 is missing.',
    });
    expect(r.status).toBe(201);
    const id = Number(r.body.data.id);
    expect(r.body.data).toMatchObject({
      code: `TKT-${String(id).padStart(6, '0')}`,
      owner_id: ali.id,
      type_id: 2,
      subject: 'Grade missing',
      status_id: ST.open,
      assigned_to: null,
    });
    expect((await replies(id)).map((x) => [x.action, x.to_status_id, x.message])).toEqual([['open', ST.open, null]]);
    const log = await db
      .selectFrom('access_logs')
      .selectAll()
      .where('resource', '=', 'tickets')
      .where('record_id', '=', id)
      .execute();
    expect(log.map((l) => l.action)).toEqual(['create']);
  });

  it('keeps tickets to their owner and staff: row scope, /tickets/mine, generic writes refused', async () => {
    const id = await newTicket();
    const monaId = await newTicket(mona);
    const staffOwn = await newTicket(staff, { subject: 'My own printer' });
    expect((await details(mona, id)).status).toBe(404);
    expect((await call(app, 'GET', `/api/sis/tickets/${id}`, { token: mona.token })).status).toBe(404);
    expect((await details(staff, id)).status).toBe(200);
    expect((await details(registrar, id)).status).toBe(200);
    expect((await details(advisor, id)).status).toBe(404);
    const mine = await call(app, 'POST', '/api/sis/tickets/mine', { token: ali.token, body: {} });
    expect(mine.status).toBe(200);
    expect(mine.body.data.every((t: any) => t.owner_id === ali.id)).toBe(true);
    expect(mine.body.data.map((t: any) => t.id)).toContain(id);
    // staff see every ticket in /tickets, but only their own in /tickets/mine
    const staffMine = await call(app, 'POST', '/api/sis/tickets/mine', {
      token: staff.token,
      body: { filters: { owner_id: ali.id } },
    });
    expect(staffMine.body.data.map((t: any) => t.id)).toEqual([staffOwn]);
    const all = await call(app, 'POST', '/api/sis/tickets', { token: staff.token, body: { perPage: 100 } });
    expect(all.body.data.map((t: any) => t.id)).toEqual(expect.arrayContaining([id, monaId, staffOwn]));
    const search = await call(app, 'POST', '/api/sis/tickets', {
      token: staff.token,
      body: { search: `TKT-${String(monaId).padStart(6, '0')}` },
    });
    expect(search.body.data.map((t: any) => t.id)).toEqual([monaId]);
    const aliList = await call(app, 'POST', '/api/sis/tickets', { token: ali.token, body: { perPage: 100 } });
    expect(aliList.body.data.every((t: any) => t.owner_id === ali.id)).toBe(true);
    expect(
      (await call(app, 'PUT', `/api/sis/tickets/${id}`, { token: staff.token, body: { status_id: ST.resolved } }))
        .status,
    ).toBe(405);
    expect((await call(app, 'DELETE', `/api/sis/tickets/${id}`, { token: staff.token })).status).toBe(405);
    expect((await row(id)).status_id).toBe(ST.open);
  });

  it('goes open -> awaiting_reply -> in_progress -> resolved through replies, mails the owner, keeps the conversation in order', async () => {
    const id = await newTicket();
    const sent = (await readOutbox(outbox, aliEmail)).length;
    // staff answer and ask for details in one call
    const ask = await reply(staff, id, { message: 'Which browser do you use?', status_id: ST.awaiting_reply });
    expect(ask.status).toBe(200);
    expect(ask.body.data).toMatchObject({ status_id: ST.awaiting_reply, assigned_to: staff.id });
    const mails = await readOutbox(outbox, aliEmail);
    expect(mails.length).toBe(sent + 1);
    expect(mails.at(-1)!.subject).toContain(`TKT-${String(id).padStart(6, '0')}`);
    expect(mails.at(-1)!.text).toContain('Which browser do you use?');
    expect(mails.at(-1)!.text).toContain('Awaiting reply');
    expect(mails.at(-1)!.text).toContain('بانتظار الرد');
    // the owner sees the question and may answer; the answer moves it back to in_progress
    const seen = await details(ali, id);
    expect(seen.body.data).toMatchObject({
      is_owner: true,
      can_write: true,
      can_close: true,
      can_reopen: false,
      can_resolve: false,
    });
    expect(seen.body.data.conversation.at(-1)).toMatchObject({
      message: 'Which browser do you use?',
      staff: true,
      side: 'Support team',
      by: 'Support Person',
    });
    const answer = await reply(ali, id, { message: 'Firefox 128.' });
    expect(answer.status).toBe(200);
    expect(answer.body.data.status_id).toBe(ST.in_progress);
    expect((await readOutbox(outbox, aliEmail)).length).toBe(sent + 1); // the owner's own reply mails nobody
    // a second owner reply while in progress changes nothing but the conversation
    expect((await reply(ali, id, { message: 'And Chrome too.' })).body.data.status_id).toBe(ST.in_progress);
    // staff answer and resolve in one call
    const solved = await reply(staff, id, { message: 'Fixed: clear the cache.', action: 'resolve' });
    expect(solved.body.data.status_id).toBe(ST.resolved);
    expect(solved.body.data.resolved_at).not.toBeNull();
    expect((await readOutbox(outbox, aliEmail)).at(-1)!.text).toContain('Resolved');
    const conv = (await details(ali, id, 'ar')).body.data.conversation;
    expect(conv.map((c: any) => [c.action, c.staff, c.to_status_id])).toEqual([
      ['open', false, ST.open],
      ['ask', true, ST.awaiting_reply],
      ['reply', false, ST.in_progress],
      ['reply', false, null],
      ['resolve', true, ST.resolved],
    ]);
    expect(conv[1].side).toBe('فريق الدعم');
    expect(conv[2].side).toBe('صاحب التذكرة');
    // resolved: nobody writes until the owner reopens it
    const late = await reply(ali, id, { message: 'Thanks!' }, 'ar');
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('هذه التذكرة محلولة أو مغلقة: أعد فتحها لتكتب مجددًا');
    expect((await reply(staff, id, { message: 'x' })).status).toBe(409);
    expect((await details(ali, id)).body.data).toMatchObject({ can_write: false, can_reopen: true, can_close: false });
  });

  it("checks each step against the table: the owner's edges for the owner, staff edges with manage_tickets", async () => {
    const id = await newTicket();
    expect((await step(ali, id, 'resolve')).status).toBe(403); // a staff edge
    expect((await step(staff, id, 'close')).status).toBe(403); // the owner's edge
    expect((await step(mona, id, 'close')).status).toBe(404); // not hers: out of scope
    expect((await step(advisor, id, 'assign')).status).toBe(404);
    expect((await step(staff, id, 'reopen')).status).toBe(409); // no edge from open
    expect((await step(staff, id, 'fly')).status).toBe(409);
    const taken = await step(registrar, id, 'assign');
    expect(taken.status).toBe(200);
    expect(taken.body.data).toMatchObject({ status_id: ST.in_progress, assigned_to: registrar.id });
    const asked = await step(staff, id, 'ask');
    expect(asked.body.data).toMatchObject({ status_id: ST.awaiting_reply, assigned_to: registrar.id });
    expect((await step(staff, id, 'ask')).status).toBe(409); // awaiting_reply has no ask edge
    // a staff reply towards a status with no staff edge from here is refused, and writes nothing
    const before = (await replies(id)).length;
    const refused = await reply(staff, id, {
      message: 'Closing',
      status_id: ST.closed,
      attachment: dataUrl(PDF, 'note.pdf'),
    });
    expect(refused.status).toBe(403);
    expect((await replies(id)).length).toBe(before);
    expect(filesOf(id)).toEqual([]);
    const closed = await step(ali, id, 'close', 'ar');
    expect(closed.body.data.status_id).toBe(ST.closed);
    expect(closed.body.data.closed_at).not.toBeNull();
    expect((await step(ali, id, 'close', 'ar')).body.error).toBe('هذه الخطوة غير ممكنة من حالة التذكرة الحالية');
    const reopened = await step(ali, id, 'reopen');
    expect(reopened.body.data.status_id).toBe(ST.open);
    const log = await db
      .selectFrom('access_logs')
      .select('action')
      .where('resource', '=', 'tickets')
      .where('record_id', '=', id)
      .orderBy('id')
      .execute();
    expect(log.map((l) => l.action)).toEqual(['create', 'assign', 'ask', 'close', 'reopen']);
    // resolving by the status step also mails the owner
    const sent = (await readOutbox(outbox, aliEmail)).length;
    expect((await step(staff, id, 'resolve')).body.data.status_id).toBe(ST.resolved);
    expect((await readOutbox(outbox, aliEmail)).length).toBe(sent + 1);
  });

  it('stores attachments checked by content outside served folders, for the owner and staff only', async () => {
    const id = await newTicket(ali, { attachment: dataUrl(PDF, 'screenshot report.pdf', 'application/pdf') });
    const first = (await replies(id))[0]!;
    expect(first).toMatchObject({ file_name: 'screenshot report.pdf', mime: 'application/pdf', size: PDF.length });
    expect(filesOf(id)).toEqual([first.stored_name]);
    expect(fs.readFileSync(path.join(uploads, 'tickets', String(id), first.stored_name))).toEqual(PDF);
    const conv = (await details(ali, id)).body.data.conversation;
    expect(conv[0]).toMatchObject({ attachment: 'screenshot report.pdf', attachment_id: first.id });
    expect(conv[0].stored_name).toBeUndefined();
    const own = await app.inject({
      method: 'GET',
      url: `/api/sis/tickets/attachments/${first.id}`,
      headers: { authorization: `Bearer ${ali.token}` },
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.rawPayload).toEqual(PDF);
    expect((await call(app, 'GET', `/api/sis/tickets/attachments/${first.id}`, { token: staff.token })).status).toBe(
      200,
    );
    expect((await call(app, 'GET', `/api/sis/tickets/attachments/${first.id}`, { token: mona.token })).status).toBe(
      404,
    );
    expect((await call(app, 'GET', `/api/sis/tickets/attachments/${first.id}`)).status).toBe(401);
    // a staff reply with a picture
    const pic = await reply(staff, id, {
      message: 'See the picture',
      attachment: dataUrl(PNG, 'steps.png', 'image/png'),
    });
    expect(pic.status).toBe(200);
    expect((await replies(id)).at(-1)).toMatchObject({ file_name: 'steps.png', mime: 'image/png' });
    // refused: a program renamed .pdf, a text file, a broken value, a file over 5 MB
    const fake = await reply(ali, id, { message: 'x', attachment: dataUrl(EXE, 'invoice.pdf') }, 'ar');
    expect(fake.status).toBe(422);
    expect(fake.body.errors.attachment[0]).toBe('محتوى الملف لا يطابق نوعه');
    expect(
      (await reply(ali, id, { message: 'x', attachment: dataUrl(Buffer.from('hello'), 'notes.txt') })).body.errors
        .attachment[0],
    ).toBe('Attach a file of one of these types: pdf, jpg, png');
    expect((await reply(ali, id, { message: 'x', attachment: 'not a file' })).status).toBe(422);
    const big = Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await reply(ali, id, { message: 'x', attachment: dataUrl(big, 'big.pdf') });
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.errors.attachment[0]).toBe('The attachment must be at most 5 MB');
    expect(filesOf(id).length).toBe(2);
    expect((await reply(ali, id, { message: '' })).body.errors.message[0]).toBe('Write your reply');
  });
});
