/**
 * Absence excuses (server/domains/excuses): a student places an excuse for missed lectures or a
 * missed exam of their current courses, with a supporting document checked by content and kept
 * outside the served folders; changes or deletes it while pending; pays its fee when the
 * university sets one; staff approve or reject it along the status table (edges and permissions
 * from the YAML), with notes, history, mails and access-log rows. Registrations are not touched.
 * On PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp } from '../../server/app.ts';
import { syncSchema } from '../../server/db/schema-sync.ts';
import { financeDomain } from '../../server/domains/finance/plugin.ts';
import { excusesDomain } from '../../server/domains/excuses/plugin.ts';
import { checkLedger } from '../../server/domains/finance/ledger-check.ts';
import { readOutbox } from '../../server/mail/outbox.ts';
import { BACKENDS, call, createUser, openTestDatabase, type TestDatabase, type TestUser } from './harness.ts';
import {
  fillWallet,
  financeConfig,
  invoice,
  isoDay,
  makeFaculty,
  realManifest as manifest,
} from './finance-helpers.ts';

const TYPE = { lectures: 1, exam: 2 };
const ST = { pending: 1, approved: 2, rejected: 3, cancelled: 4 };
/** The smallest files whose content says what they are. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f0a1f00000000049454e44ae426082',
  'hex',
);
const EXE = Buffer.from('4d5a90000300000004000000ffff0000b800000000000000400000000000000000000000', 'hex');
const dataUrl = (bytes: Buffer, name: string, type = 'application/pdf') =>
  `data:${type};name=${encodeURIComponent(name)};base64,${bytes.toString('base64')}`;

describe.skipIf(!manifest).each(BACKENDS)('absence excuses on $name', (backend) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let db: Kysely<any>;
  let outbox: string;
  let uploads: string;
  let ali: TestUser; // holds CS201 and MA101 this term, dropped PH100
  let mona: TestUser; // another student, holds CS201
  let overdue: TestUser; // an overdue installment: gated
  let registrar: TestUser; // access_excuses
  let advisor: TestUser; // staff without access_excuses
  const course: Record<string, number> = {};

  const place = (user: TestUser, body: Record<string, unknown>, lang?: string) =>
    call(app, 'POST', '/api/sis/excuses', { token: user.token, body, lang });
  const step = (user: TestUser, id: number, action: string, note?: string, lang?: string) =>
    call(app, 'POST', `/api/sis/excuses/update_status/${id}`, {
      token: user.token,
      body: { action, ...(note === undefined ? {} : { note }) },
      lang,
    });
  const row = (id: number) =>
    db.selectFrom('excuse_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const lectures = (extra: Record<string, unknown> = {}) => ({
    type_id: TYPE.lectures,
    from_date: isoDay(-3),
    to_date: isoDay(-2),
    reason: 'Flu, two days in bed',
    ...extra,
  });
  const exam = (extra: Record<string, unknown> = {}) => ({
    type_id: TYPE.exam,
    course_id: course.CS201,
    from_date: isoDay(-1),
    to_date: isoDay(-1),
    reason: 'Admitted to hospital',
    document: dataUrl(PDF, 'report.pdf'),
    ...extra,
  });
  const setFee = async (value: string | null) => {
    await db.deleteFrom('settings').where('name', '=', 'excuse_fee').execute();
    if (value !== null) await db.insertInto('settings').values({ name: 'excuse_fee', value, public: false }).execute();
  };

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    db = database.db;
    outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'rowaq-exc-mail-'));
    uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'rowaq-exc-up-'));
    await syncSchema(db, manifest!, { migrationsDir: '/nonexistent' });
    app = await buildApp({
      manifest: manifest!,
      db,
      config: { ...financeConfig(), outboxDir: outbox, uploadsDir: uploads, bodyLimit: 64 * 1024 },
      domains: [
        { name: 'finance', plugin: financeDomain },
        { name: 'excuses', plugin: excusesDomain },
      ],
      clientDir: null,
    });
    await app.ready();
    await db
      .insertInto('countries')
      .values({ id: 64, code: 'EG', name: 'Egypt', name_local: 'مصر' })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const faculty = await makeFaculty(db);
    ali = await createUser(db, { type: 3, roles: ['student'], student: { faculty_id: faculty } });
    mona = await createUser(db, { type: 3, roles: ['student'], student: { faculty_id: faculty } });
    overdue = await createUser(db, { type: 3, roles: ['student'], student: { faculty_id: faculty } });
    registrar = await createUser(db, { type: 4, roles: ['registrar'] });
    advisor = await createUser(db, { type: 4, roles: ['advisor'] });
    await db
      .updateTable('students')
      .set({ email: 'ali@example.edu', name_local: 'علي حسن' })
      .where('id', '=', ali.student_id!)
      .execute();
    const id = async (table: string, values: Record<string, unknown>) =>
      Number((await db.insertInto(table).values(values).returning('id').executeTakeFirstOrThrow()).id);
    const term = await id('terms', {
      code: 'T-EXC',
      name: 'This term',
      name_local: 'هذا الفصل',
      year: 2026,
      start_date: isoDay(-60),
      end_date: isoDay(60),
      is_current: true,
    });
    const past = await id('terms', {
      code: 'T-OLD',
      name: 'Old term',
      name_local: 'فصل قديم',
      year: 2025,
      start_date: isoDay(-300),
      end_date: isoDay(-200),
    });
    for (const code of ['CS201', 'MA101', 'PH100', 'EN100'])
      course[code] = await id('courses', {
        faculty_id: faculty,
        code,
        name: `Course ${code}`,
        name_local: `مقرر ${code}`,
        credit_hours: 3,
        level: 1,
      });
    const register = async (user: TestUser, code: string, status_code: number, termId = term) => {
      const offering = await id('offerings', { course_id: course[code], term_id: termId, max_mark: 100 });
      await id('registrations', {
        student_id: user.student_id,
        offering_id: offering,
        term_id: termId,
        status_code,
        course_id: course[code],
      });
    };
    await register(ali, 'CS201', 2);
    await register(ali, 'MA101', 4); // a drop request waits: still held
    await register(ali, 'PH100', 6); // dropped: not held
    await register(ali, 'EN100', 2, past); // another term
    await register(mona, 'CS201', 2);
    await register(overdue, 'CS201', 2);
    await fillWallet(db, ali.student_id!, 1000);
    await invoice(db, {
      student_id: overdue.student_id!,
      billing: 'tuition_fees',
      amount: 900,
      installments: [{ amount: 900, due_date: isoDay(-5) }],
    });
  });
  afterEach(async () => {
    expect(await checkLedger(db)).toEqual([]);
    await setFee(null);
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('offers the courses the student holds this term, the types and the limits', async () => {
    const r = await call(app, 'GET', '/api/sis/excuses/get_lookups', { token: ali.token, lang: 'ar' });
    expect(r.status).toBe(200);
    expect(r.body.data.courses.map((c: { code: string }) => c.code)).toEqual(['CS201', 'MA101']);
    expect(r.body.data.courses[0].label).toBe('CS201 مقرر CS201');
    expect(r.body.data.excuse_type.map((t: { name: string }) => t.name)).toEqual([
      'غياب عن المحاضرات',
      'غياب عن امتحان',
    ]);
    expect(r.body.data).toMatchObject({
      fee: 0,
      future_days: 7,
      max_document_mb: 5,
      term: { start_date: isoDay(-60), end_date: isoDay(60) },
    });
  });

  it('places a free lectures excuse for all courses: pending, nothing paid, a history row and an access-log row', async () => {
    const r = await place(ali, lectures());
    expect(r.status).toBe(201);
    const id = Number(r.body.data.id);
    expect(r.body.data).toMatchObject({
      code: `EXC-${String(id).padStart(6, '0')}`,
      status_id: ST.pending,
      payment_status_id: 0,
      course_id: null,
      fee: 0,
      payment_id: null,
    });
    expect(r.body.data.document_stored).toBeUndefined(); // serverOnly
    const d = await call(app, 'GET', `/api/sis/excuses/details/${id}`, { token: ali.token });
    expect(d.body.data).toMatchObject({
      can_edit: true,
      can_delete: true,
      can_cancel: false,
      can_approve: false,
      can_download: false,
    });
    expect(d.body.data.history).toMatchObject([
      { action: 'submit', from_status_id: null, to_status_id: ST.pending, to: 'Pending' },
    ]);
    const log = await db
      .selectFrom('access_logs')
      .select(['action'])
      .where('resource', '=', 'excuse_requests')
      .where('record_id', '=', id)
      .execute();
    expect(log.map((l) => l.action)).toContain('create');
  });

  it('refuses bad input with a message per field in English and Arabic, writing nothing', async () => {
    const before = (await db.selectFrom('excuse_requests').select('id').execute()).length;
    const r = await place(ali, {
      type_id: 9,
      course_id: course.PH100,
      from_date: isoDay(-1),
      to_date: isoDay(-3),
      reason: ' ',
    });
    expect(r.status).toBe(422);
    expect(r.body.errors).toMatchObject({
      type_id: ['Choose what the excuse is for'],
      course_id: ['Choose one of your courses this term'],
      to_date: ['The end date must not be before the start date'],
      reason: ['Write the reason for your absence'],
    });
    const ar = await place(
      ali,
      { type_id: TYPE.exam, from_date: isoDay(-100), to_date: isoDay(20), reason: 'x' },
      'ar',
    );
    expect(ar.status).toBe(422);
    expect(ar.body.errors.course_id).toEqual(['اختر مقرر الامتحان الذي تغيبت عنه']);
    expect(ar.body.errors.from_date).toEqual([
      `يجب أن يقع التاريخ داخل الفصل الحالي (من ${isoDay(-60)} إلى ${isoDay(60)})`,
    ]);
    expect(ar.body.errors.to_date).toEqual(['لا يجوز أن يتجاوز التاريخ 7 أيام من اليوم']);
    // a course of another term is not held either; an exam needs its document
    expect((await place(ali, lectures({ course_id: course.EN100 }))).body.errors.course_id).toEqual([
      'Choose one of your courses this term',
    ]);
    const noDoc = await place(ali, exam({ document: undefined }));
    expect(noDoc.status).toBe(422);
    expect(noDoc.body.errors.document[0]).toMatch(/supporting document/);
    expect((await db.selectFrom('excuse_requests').select('id').execute()).length).toBe(before);
    expect(
      fs.existsSync(path.join(uploads, 'excuses'))
        ? fs.readdirSync(path.join(uploads, 'excuses')).flatMap((d) => fs.readdirSync(path.join(uploads, 'excuses', d)))
        : [],
    ).toEqual([]);
  });

  it('checks the document by its content; keeps it outside the served folders for the owner and staff only', async () => {
    const fake = await place(ali, exam({ document: dataUrl(EXE, 'report.pdf') }), 'ar');
    expect(fake.status).toBe(422);
    expect(fake.body.errors.document).toEqual(['محتوى الملف لا يطابق نوعه: أرفق ملف pdf أو jpg أو png حقيقيًا']);
    expect((await place(ali, exam({ document: dataUrl(PDF, 'report.exe') }))).body.errors.document).toEqual([
      'Attach a file of one of these types: pdf, jpg, png',
    ]);
    const r = await place(ali, exam());
    expect(r.status).toBe(201);
    const id = Number(r.body.data.id);
    expect(r.body.data).toMatchObject({
      document_name: 'report.pdf',
      document_size: PDF.length,
      course_id: course.CS201,
    });
    const stored = (await row(id)).document_stored as string;
    expect(stored).toMatch(/^[0-9a-f]{32}\.pdf$/);
    expect(fs.readFileSync(path.join(uploads, 'excuses', String(id), stored))).toEqual(PDF);
    for (const who of [ali, registrar]) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/sis/excuses/document/${id}`,
        headers: { authorization: `Bearer ${who.token}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload).toEqual(PDF);
    }
    for (const who of [mona, advisor])
      expect((await call(app, 'GET', `/api/sis/excuses/document/${id}`, { token: who.token })).status).toBe(404);
    const log = await db
      .selectFrom('access_logs')
      .select(['action'])
      .where('resource', '=', 'excuse_requests')
      .where('record_id', '=', id)
      .execute();
    expect(log.filter((l) => l.action === 'download')).toHaveLength(2);
  });

  it('the student changes a pending excuse; a new document replaces the old file; a decided one cannot change', async () => {
    const id = Number((await place(ali, exam())).body.data.id);
    const old = (await row(id)).document_stored as string;
    const r = await call(app, 'POST', `/api/sis/excuses/${id}`, {
      token: ali.token,
      body: exam({
        reason: 'Hospital, two nights',
        to_date: isoDay(0),
        document: dataUrl(PNG, 'scan.png', 'image/png'),
      }),
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      reason: 'Hospital, two nights',
      to_date: isoDay(0),
      document_name: 'scan.png',
    });
    expect(fs.existsSync(path.join(uploads, 'excuses', String(id), old))).toBe(false);
    // no document sent: the stored one stays
    expect(
      (await call(app, 'POST', `/api/sis/excuses/${id}`, { token: ali.token, body: exam({ document: undefined }) }))
        .body.data.document_name,
    ).toBe('scan.png');
    expect((await call(app, 'POST', `/api/sis/excuses/${id}`, { token: mona.token, body: exam() })).status).toBe(404);
    expect((await step(registrar, id, 'approve')).status).toBe(200);
    const late = await call(app, 'POST', `/api/sis/excuses/${id}`, { token: ali.token, body: exam() });
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('Only a pending excuse can be changed');
  });

  it('staff approve along the status table: permissions, history, mail; registrations untouched', async () => {
    const regs = await db
      .selectFrom('registrations')
      .select(['id', 'status_code', 'flags'])
      .where('student_id', '=', ali.student_id!)
      .orderBy('id')
      .execute();
    const id = Number((await place(ali, exam())).body.data.id);
    expect((await step(ali, id, 'approve')).status).toBe(403);
    expect((await step(advisor, id, 'approve')).status).toBe(404); // not in the advisor's scope
    expect((await step(registrar, id, 'promote')).status).toBe(409);
    const details = await call(app, 'GET', `/api/sis/excuses/details/${id}`, { token: registrar.token });
    expect(details.body.data).toMatchObject({
      can_approve: true,
      can_reject: true,
      can_cancel: false,
      can_edit: false,
    });
    const r = await step(registrar, id, 'approve', 'Report checked');
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      status_id: ST.approved,
      decided_by: registrar.id,
      staff_note: 'Report checked',
    });
    expect((await step(registrar, id, 'reject', 'again')).status).toBe(409);
    const mails = await readOutbox(outbox, 'ali@example.edu');
    const mail = mails.find((m) => m.subject.startsWith(String(r.body.data.code)));
    expect(mail?.subject).toBe(`${r.body.data.code}: Approved | مقبول`);
    expect(mail?.text).toContain('Report checked');
    expect(mail?.text).toContain('أصبحت حالة عذر الغياب');
    const history = (await call(app, 'GET', `/api/sis/excuses/details/${id}`, { token: ali.token })).body.data.history;
    expect(history.map((h: { action: string }) => h.action)).toEqual(['submit', 'approve']);
    expect(history[1]).toMatchObject({ from_status_id: ST.pending, to_status_id: ST.approved, note: 'Report checked' });
    expect(
      await db
        .selectFrom('registrations')
        .select(['id', 'status_code', 'flags'])
        .where('student_id', '=', ali.student_id!)
        .orderBy('id')
        .execute(),
    ).toEqual(regs);
  });

  it('a rejection needs a note, which the student reads', async () => {
    const id = Number((await place(ali, lectures({ course_id: course.MA101 }))).body.data.id);
    const bare = await step(registrar, id, 'reject', '  ', 'ar');
    expect(bare.status).toBe(422);
    expect(bare.body.errors.note).toEqual(['اكتب السبب للطالب']);
    expect((await row(id)).status_id).toBe(ST.pending);
    // the decision form sends the target status instead of the action
    const r = await call(app, 'POST', `/api/sis/excuses/update_status/${id}`, {
      token: registrar.token,
      body: { status_id: ST.rejected, note: 'No document for a week of absence' },
    });
    expect(r.status).toBe(200);
    const mine = await call(app, 'GET', `/api/sis/excuses/details/${id}`, { token: ali.token });
    expect(mine.body.data).toMatchObject({
      status_id: ST.rejected,
      staff_note: 'No document for a week of absence',
      can_edit: false,
      can_delete: false,
    });
  });

  it('cancelling: nothing paid is deleted; a paid excuse is cancelled through the status table', async () => {
    const free = Number((await place(ali, lectures())).body.data.id);
    expect((await call(app, 'DELETE', `/api/sis/excuses/${free}`, { token: mona.token })).status).toBe(404);
    expect((await call(app, 'DELETE', `/api/sis/excuses/${free}`, { token: ali.token })).status).toBe(200);
    expect((await row(free)).deleted_at).not.toBeNull();
    expect((await call(app, 'GET', `/api/sis/excuses/details/${free}`, { token: ali.token })).status).toBe(404);

    await setFee('50');
    const unpaid = await place(ali, lectures());
    expect(unpaid.status).toBe(201);
    const unpaidId = Number(unpaid.body.data.id);
    expect(unpaid.body.data).toMatchObject({ fee: 50, payment_status_id: 0 });
    const invoiceId = Number(unpaid.body.payment_id);
    expect(
      await db
        .selectFrom('payments')
        .select(['billing_kind_id', 'amount'])
        .where('id', '=', invoiceId)
        .executeTakeFirstOrThrow(),
    ).toMatchObject({ billing_kind_id: 7, amount: 50 });
    expect((await step(registrar, unpaidId, 'approve')).body.error).toBe('The excuse fee is not paid yet');
    expect((await call(app, 'DELETE', `/api/sis/excuses/${unpaidId}`, { token: ali.token })).status).toBe(200);
    expect(await db.selectFrom('payments').select('id').where('id', '=', invoiceId).executeTakeFirst()).toBeUndefined();

    const paid = await place(ali, lectures());
    const paidId = Number(paid.body.data.id);
    expect(
      (await call(app, 'POST', `/api/sis/payments/pay/${paid.body.payment_id}`, { token: ali.token })).status,
    ).toBe(200);
    expect((await row(paidId)).payment_status_id).toBe(1);
    const refused = await call(app, 'DELETE', `/api/sis/excuses/${paidId}`, { token: ali.token });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('The fee of this excuse is paid: cancel it instead of deleting it');
    expect(
      (await call(app, 'GET', `/api/sis/excuses/details/${paidId}`, { token: ali.token })).body.data,
    ).toMatchObject({ can_cancel: true, can_delete: false });
    expect((await step(registrar, paidId, 'cancel')).status).toBe(403); // the student's step
    const r = await step(ali, paidId, 'cancel');
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ status_id: ST.cancelled, payment_status_id: 1 });
    const history = (await call(app, 'GET', `/api/sis/excuses/details/${paidId}`, { token: ali.token })).body.data
      .history;
    expect(history.map((h: { action: string }) => h.action)).toEqual(['submit', 'pay', 'cancel']);
    expect((await step(ali, paidId, 'cancel')).status).toBe(409);
  });

  it('an overdue student gets the gate; staff cannot place excuses; generic writes are refused', async () => {
    const gated = await place(overdue, lectures());
    expect(gated.status).toBe(403);
    expect(gated.body.redirect_to).toBe('payments');
    expect((await place(registrar, lectures())).status).toBe(403);
    const id = Number((await place(mona, lectures())).body.data.id);
    for (const [method, url] of [
      ['PUT', `/api/sis/excuse_requests/${id}`],
      ['DELETE', `/api/sis/excuse_requests/${id}`],
      ['PUT', '/api/sis/excuse_requests'],
    ] as const) {
      expect((await call(app, method, url, { token: registrar.token, body: { status_id: 2 } })).status).toBe(405);
    }
    // row scope: a student lists only their own; staff list all
    const mine = await call(app, 'POST', '/api/sis/excuse_requests', { token: mona.token, body: {} });
    expect(mine.body.data.every((e: { student_id: number }) => e.student_id === mona.student_id)).toBe(true);
    const all = await call(app, 'POST', '/api/sis/excuse_requests', {
      token: registrar.token,
      body: { per_page: 100 },
    });
    expect(new Set(all.body.data.map((e: { student_id: number }) => e.student_id)).size).toBeGreaterThan(1);
    expect((await call(app, 'GET', `/api/sis/excuses/details/${id}`, { token: ali.token })).status).toBe(404);
  });
});
