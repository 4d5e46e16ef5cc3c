/**
 * The housing maintenance request, a request kind written in YAML only (screens/housing): its
 * workflow runs on the generic resource API and POST /{resource}/{id}/step/{action}. Every refusal
 * is checked: a forged status on create, an edit after resolution, the wrong role, a step by the
 * wrong person, a rejection without its reason, a step that does not leave the state, a duplicate
 * open request, a cancel too late. On PGlite and, with TEST_DATABASE_URL, PostgreSQL.
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
import { readOutbox } from '../../server/mail/outbox.ts';
import { BACKENDS, call, createUser, openTestDatabase, type TestDatabase, type TestUser } from './harness.ts';
import { makeFaculty, realManifest as manifest } from './finance-helpers.ts';

const ST = { submitted: 1, in_progress: 2, resolved: 3, rejected: 4, cancelled: 5 };

describe.skipIf(!manifest).each(BACKENDS)('housing maintenance requests on $name', (backend) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let db: Kysely<any>;
  let dataDir: string;
  let outbox: string;
  let ali: TestUser; // the student
  let mona: TestUser; // another student
  let office: TestUser; // employee: manage_housing
  let registrar: TestUser; // staff without manage_housing (a finance officer)
  let room = 100;

  const create = (user: TestUser, body: Record<string, unknown>, lang?: string) =>
    call(app, 'PUT', '/api/sis/housing_requests', { token: user.token, body, lang });
  const step = (user: TestUser, id: number, action: string, body: unknown = {}, lang?: string) =>
    call(app, 'POST', `/api/sis/housing_requests/${id}/step/${action}`, { token: user.token, body, lang });
  const details = (user: TestUser, id: number) =>
    call(app, 'GET', `/api/sis/housing_requests/details/${id}`, { token: user.token });
  const row = (id: number) =>
    db.selectFrom('housing_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const newRequest = async (user = ali, extra: Record<string, unknown> = {}) => {
    const r = await create(user, {
      room: `B-${room++}`,
      category_id: 1,
      description: 'The tap drips all night.',
      ...extra,
    });
    expect(r.status).toBe(201);
    return Number(r.body.data.id);
  };

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    db = database.db;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rowaq-housing-'));
    outbox = path.join(dataDir, 'outbox');
    await syncSchema(db, manifest!, { migrationsDir: '/nonexistent' });
    app = await buildApp({
      manifest: manifest!,
      db,
      config: { ...loadConfig({ DATA_DIR: dataDir }), outboxDir: outbox },
      domains: [],
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
    office = await createUser(db, { type: 4, roles: ['employee'], name: 'Housing Office' });
    registrar = await createUser(db, { type: 4, roles: ['finance'] });
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates a request in the initial state whatever status was sent, with its code and history', async () => {
    const r = await create(ali, { room: 'A-1', category_id: 2, description: 'No light.', status_id: ST.resolved });
    expect(r.status).toBe(201);
    expect(r.body.data.status_id).toBe(ST.submitted);
    expect(r.body.data.code).toMatch(/^HOU-\d{6}$/);
    const stored = await row(r.body.data.id);
    expect(stored.status_id).toBe(ST.submitted);
    expect(Number(stored.student_id)).toBe(ali.student_id);
    const d = await details(ali, r.body.data.id);
    expect(d.body.data.history).toHaveLength(1);
    expect(d.body.data.history[0]).toMatchObject({ action: 'create', to_status_id: ST.submitted });
    expect(d.body.data).toMatchObject({ can_edit: true, can_cancel: true, can_start: false, is_owner: true });
  });

  it('refuses a create by staff without the create permission, and a second open request for the same room', async () => {
    expect((await create(registrar, { room: 'X', category_id: 1, description: 'd' })).status).toBe(403);
    await create(ali, { room: 'DUP-1', category_id: 3, description: 'A broken chair.' });
    const again = await create(ali, { room: 'DUP-1', category_id: 3, description: 'Still broken.' }, 'ar');
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('لديك طلب مفتوح لهذه الغرفة وهذا النوع');
  });

  it('lets only the housing office take its steps, from the states they leave', async () => {
    const id = await newRequest();
    const student = await step(ali, id, 'start');
    expect(student.status).toBe(403);
    expect(student.body.error).toBe('You may not take this step');
    expect((await step(mona, id, 'start')).status).toBe(404); // not hers: out of her scope
    expect((await step(registrar, id, 'start')).status).toBe(404); // no manage_housing: sees no request
    const started = await step(office, id, 'start');
    expect(started.status).toBe(200);
    expect(started.body.data.status_id).toBe(ST.in_progress);
    expect(Number((await row(id)).assigned_to)).toBe(office.id);
    expect((await step(office, id, 'start')).status).toBe(409);
    expect((await step(office, id, 'fly')).status).toBe(409);
    expect((await details(office, id)).body.data).toMatchObject({
      can_resolve: true,
      can_reject: true,
      can_start: false,
    });
  });

  it('refuses a rejection without its reason, in the caller language, and writes nothing', async () => {
    const id = await newRequest();
    const en = await step(office, id, 'reject', { staff_note: '   ' });
    expect(en.status).toBe(422);
    expect(en.body.errors.staff_note[0]).toBe('Required');
    const ar = await step(office, id, 'reject', {}, 'ar');
    expect(ar.body.errors.staff_note[0]).toBe('مطلوب');
    expect((await row(id)).status_id).toBe(ST.submitted);
    const done = await step(office, id, 'reject', { staff_note: 'Not a housing room.' });
    expect(done.status).toBe(200);
    expect((await row(id)).staff_note).toBe('Not a housing room.');
  });

  it('resolves with history and a mail to the owner, then refuses the owner any edit or cancel', async () => {
    const id = await newRequest();
    const edited = await call(app, 'PUT', `/api/sis/housing_requests/${id}`, {
      token: ali.token,
      body: { description: 'It is worse now.' },
    });
    expect(edited.status).toBe(200);
    const resolved = await step(office, id, 'resolve', { staff_note: 'New tap fitted.' });
    expect(resolved.status).toBe(200);
    expect((await row(id)).resolved_at).not.toBeNull();
    const history = (await details(ali, id)).body.data.history;
    expect(history.map((h: { action: string }) => h.action)).toEqual(['create', 'resolve']);
    expect(history[1]).toMatchObject({ from_status_id: ST.submitted, to_status_id: ST.resolved, by: 'Housing Office' });
    const mails = await readOutbox(outbox);
    const code = (await row(id)).code;
    const mail = mails.find((m) => m.subject.includes(code));
    expect(mail?.subject).toBe(`Request ${code}: Resolved | الطلب ${code}: تم الإصلاح`);
    expect(mail?.text).toContain('New tap fitted.');
    const late = await call(app, 'PUT', `/api/sis/housing_requests/${id}`, {
      token: ali.token,
      body: { description: 'Changed after the fact.' },
      lang: 'ar',
    });
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('لم يعد من الممكن تعديل هذا الطلب');
    const forged = await call(app, 'PUT', `/api/sis/housing_requests/${id}`, {
      token: office.token,
      body: { status_id: ST.submitted },
    });
    expect(forged.status).toBe(403); // staff hold no update permission on students' requests
    expect((await call(app, 'DELETE', `/api/sis/housing_requests/${id}`, { token: ali.token })).status).toBe(409);
    expect((await row(id)).deleted_at).toBeNull();
  });

  it('deletes a request its owner cancels while it is still submitted', async () => {
    const id = await newRequest();
    const r = await call(app, 'DELETE', `/api/sis/housing_requests/${id}`, { token: ali.token });
    expect(r.status).toBe(200);
    expect((await row(id)).deleted_at).not.toBeNull();
  });
});
