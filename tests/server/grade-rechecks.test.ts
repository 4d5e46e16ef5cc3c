/**
 * Grade recheck requests (server/domains/grade-rechecks): a student lists the courses that may be
 * rechecked (published results, current or last finished term, none open), requests one with the
 * fee invoiced through finance, deletes it while unpaid or pays it and asks to cancel it; the office
 * reviews it and changes the mark (written to the registration with history and access log) or
 * keeps it, or rejects it; the student is mailed. On PGlite and, with TEST_DATABASE_URL, PostgreSQL.
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
import { gradeRechecksDomain } from '../../server/domains/grade-rechecks/plugin.ts';
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

const ST = {
  submitted: 1,
  in_review: 2,
  grade_changed: 3,
  no_change: 4,
  cancel_requested: 5,
  cancelled: 6,
  rejected: 7,
};
const UNPAID = 0;
const PAID = 1;
const FEE = 150;

describe.skipIf(!manifest).each(BACKENDS)('grade rechecks on $name', (backend) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let db: Kysely<any>;
  let outbox: string;
  let ali: TestUser; // the main student, a wallet of 5000
  let mona: TestUser; // another student
  let overdue: TestUser; // an overdue installment: gated
  let registrar: TestUser; // manage_grades_recheck
  let advisor: TestUser; // staff without recheck permissions
  const reg: Record<string, number> = {};

  const courses = (user: TestUser, lang?: string) =>
    call(app, 'POST', '/api/sis/grades-recheck/get-course', {
      token: user.token,
      body: { page: 1, perPage: 10 },
      lang,
    });
  const ask = (user: TestUser, body: unknown, lang?: string) =>
    call(app, 'POST', '/api/sis/grades-recheck/submit-grade-recheck', { token: user.token, body, lang });
  const step = (user: TestUser, id: number, action: string, body: Record<string, unknown> = {}, lang?: string) =>
    call(app, 'POST', `/api/sis/grades-recheck/status/${id}/${action}`, { token: user.token, body, lang });
  const row = (id: number) =>
    db.selectFrom('grade_rechecks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const gradeOf = async (id: number) =>
    Number((await db.selectFrom('registrations').select('grade').where('id', '=', id).executeTakeFirstOrThrow()).grade);
  const pay = async (paymentId: number) => {
    const r = await call(app, 'POST', `/api/sis/payments/pay/${paymentId}`, { token: ali.token });
    expect(r.status).toBe(200);
  };
  /** A paid request of Ali's on a registration, then (optionally) in review. */
  const paidRequest = async (registration: number, review = false) => {
    const r = await ask(ali, { registration_id: registration, reason: 'I expected a higher mark in the final exam.' });
    expect(r.status).toBe(201);
    await pay(r.body.payment_id);
    const id = Number(r.body.data.id);
    if (review) expect((await step(registrar, id, 'review')).status).toBe(200);
    return id;
  };

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    db = database.db;
    outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'rowaq-recheck-'));
    await syncSchema(db, manifest!, { migrationsDir: '/nonexistent' });
    app = await buildApp({
      manifest: manifest!,
      db,
      config: { ...financeConfig(), outboxDir: outbox },
      domains: [
        { name: 'finance', plugin: financeDomain },
        { name: 'grade-rechecks', plugin: gradeRechecksDomain },
      ],
      clientDir: null,
    });
    await app.ready();
    const id = async (table: string, values: Record<string, unknown>) =>
      Number((await db.insertInto(table).values(values).returning('id').executeTakeFirstOrThrow()).id);
    await db
      .insertInto('countries')
      .values({ id: 64, code: 'EG', name: 'Egypt', name_local: 'مصر' })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const faculty = await makeFaculty(db);
    // The current term, the last finished one, and an older one (too old to recheck).
    const current = await id('terms', {
      code: 'T3',
      name: 'Spring Now',
      name_local: 'ربيع الحالي',
      year: 2026,
      start_date: isoDay(-30),
      end_date: isoDay(90),
      is_current: true,
    });
    const last = await id('terms', {
      code: 'T2',
      name: 'Fall Last',
      name_local: 'خريف الماضي',
      year: 2025,
      start_date: isoDay(-160),
      end_date: isoDay(-40),
    });
    const older = await id('terms', {
      code: 'T1',
      name: 'Spring Old',
      name_local: 'ربيع القديم',
      year: 2025,
      start_date: isoDay(-330),
      end_date: isoDay(-200),
    });
    const course = async (code: string, name: string, name_local: string) =>
      id('courses', { faculty_id: faculty, code, name, name_local, credit_hours: 3, level: 1 });
    const c = {
      ds: await course('CS201', 'Data Structures', 'هياكل البيانات'),
      algo: await course('CS301', 'Algorithms', 'الخوارزميات'),
      intro: await course('CS101', 'Introduction', 'مقدمة'),
      db: await course('CS210', 'Databases', 'قواعد البيانات'),
      os: await course('CS220', 'Operating Systems', 'نظم التشغيل'),
      net: await course('CS230', 'Networks', 'الشبكات'),
    };
    const offering = (courseId: number, termId: number, control: number, max = 100) =>
      id('offerings', { course_id: courseId, term_id: termId, max_mark: max, control_status_id: control });
    const o = {
      ds: await offering(c.ds, current, 2),
      algo: await offering(c.algo, last, 3, 80),
      intro: await offering(c.intro, older, 3),
      db: await offering(c.db, current, 1),
      os: await offering(c.os, current, 2),
      net: await offering(c.net, current, 2),
    };
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
    const register = (
      who: TestUser,
      off: number,
      courseId: number,
      term: number,
      grade: number | null,
      extra: Record<string, unknown> = {},
    ) =>
      id('registrations', {
        student_id: who.student_id,
        offering_id: off,
        term_id: term,
        course_id: courseId,
        status_code: 2,
        flags: 16 + 262144,
        grade,
        ...extra,
      });
    reg.ds = await register(ali, o.ds, c.ds, current, 62); // published, current term: yes
    reg.algo = await register(ali, o.algo, c.algo, last, 48); // certified, last finished term, out of 80: yes
    reg.intro = await register(ali, o.intro, c.intro, older, 70); // an older term: no
    reg.db = await register(ali, o.db, c.db, current, 80); // draft results: no
    reg.os = await register(ali, o.os, c.os, current, null); // no mark: no
    reg.net = await register(ali, o.net, c.net, current, 55, { status_code: 5, flags: 16 + 1024 }); // withdrawn: no
    reg.mona = await register(mona, o.ds, c.ds, current, 90);
    reg.overdue = await register(overdue, o.ds, c.ds, current, 40);
    await db
      .insertInto('settings')
      .values({ name: 'grade_recheck_fee', value: String(FEE) })
      .execute();
    await fillWallet(db, ali.student_id!, 5000);
    await invoice(db, {
      student_id: overdue.student_id!,
      billing: 'tuition_fees',
      amount: 900,
      installments: [{ amount: 900, due_date: isoDay(-5) }],
    });
  });
  afterEach(async () => {
    expect(await checkLedger(db)).toEqual([]);
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
    fs.rmSync(outbox, { recursive: true, force: true });
  });

  it("lists only published, marked courses of the current or last finished term, in the caller's language", async () => {
    const en = await courses(ali);
    expect(en.status).toBe(200);
    expect(en.body.data.map((r: any) => [r.id, r.course_code, r.course, r.grade, r.max_mark, r.fee])).toEqual([
      [reg.ds, 'CS201', 'Data Structures', 62, 100, FEE],
      [reg.algo, 'CS301', 'Algorithms', 48, 80, FEE],
    ]);
    expect(en.body.meta.count).toBe(2);
    const searched = await call(app, 'POST', '/api/sis/grades-recheck/get-course', {
      token: ali.token,
      body: { search: 'algo' },
    });
    expect(searched.body.data.map((r: any) => r.id)).toEqual([reg.algo]);
    const ar = await courses(ali, 'ar');
    expect(ar.body.data.map((r: any) => [r.course, r.term])).toEqual([
      ['هياكل البيانات', 'ربيع الحالي'],
      ['الخوارزميات', 'خريف الماضي'],
    ]);
    const lookups = await call(app, 'GET', '/api/sis/grades-recheck/lookups', { token: ali.token });
    expect(lookups.body.data.fee).toBe(FEE);
    expect(lookups.body.data.courses).toHaveLength(2);
    expect(lookups.body.data.statuses.map((s: any) => s.key)).toContain('grade_changed');
    // staff hold no student row; a visitor is not signed in
    expect((await courses(registrar)).status).toBe(403);
    expect((await call(app, 'POST', '/api/sis/grades-recheck/get-course', { body: {} })).status).toBe(401);
  });

  it('refuses bad input with field messages in English and Arabic, writing nothing', async () => {
    const before = await db.selectFrom('grade_rechecks').select('id').execute();
    const en = await ask(ali, { reason: '  ' });
    expect(en.status).toBe(422);
    expect(en.body.errors.registration_id[0]).toBe('Choose the course to recheck');
    expect(en.body.errors.reason[0]).toBe('Write the reason for the recheck');
    const ar = await ask(ali, { registration_id: reg.ds, reason: 'x'.repeat(1001) }, 'ar');
    expect(ar.body.errors.reason[0]).toBe('اكتب 1000 حرف على الأكثر');
    for (const other of [reg.intro, reg.db, reg.os, reg.net, reg.mona, 999999]) {
      const r = await ask(ali, { registration_id: other, reason: 'Please recheck' });
      expect(r.status, `registration ${other}`).toBe(422);
      expect(r.body.errors.registration_id[0]).toMatch(/^This course cannot be rechecked/);
    }
    expect(await db.selectFrom('grade_rechecks').select('id').execute()).toEqual(before);
  });

  it('an unpaid request is deleted with its invoice; a paid one cannot be deleted', async () => {
    const r = await ask(ali, { registration_id: reg.ds, reason: 'The final exam was marked too low.' });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({
      status_id: ST.submitted,
      payment_status_id: UNPAID,
      fee: FEE,
      old_grade: 62,
      max_mark: 100,
      course_code: 'CS201',
      registration_id: reg.ds,
    });
    expect(r.body.data.code).toBe(`GRC-${String(r.body.data.id).padStart(6, '0')}`);
    expect(r.body.data.open_key).toBeUndefined();
    const inv = await db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', r.body.payment_id)
      .executeTakeFirstOrThrow();
    expect([Number(inv.amount), Number(inv.billing_kind_id)]).toEqual([FEE, 8]);
    // one open recheck per course: it leaves the list, and asking again is refused
    expect((await courses(ali)).body.data.map((c: any) => c.id)).toEqual([reg.algo]);
    expect((await ask(ali, { registration_id: reg.ds, reason: 'again' })).status).toBe(422);
    // staff do not act on an unpaid request
    const early = await step(registrar, r.body.data.id, 'review');
    expect([early.status, early.body.message ?? early.body.error]).toEqual([
      409,
      'The recheck fee is not paid yet: the office takes the request once it is paid',
    ]);
    // someone else's request is not found
    expect((await call(app, 'DELETE', `/api/sis/grades-recheck/${r.body.data.id}`, { token: mona.token })).status).toBe(
      404,
    );
    const del = await call(app, 'DELETE', `/api/sis/grades-recheck/${r.body.data.id}`, { token: ali.token });
    expect(del.status).toBe(200);
    const gone = await row(r.body.data.id);
    expect(gone.deleted_at).not.toBeNull();
    expect([gone.status_id, gone.open_key, gone.payment_id]).toEqual([ST.cancelled, null, null]);
    expect(
      await db.selectFrom('payments').select('id').where('id', '=', r.body.payment_id).executeTakeFirst(),
    ).toBeUndefined();
    expect((await courses(ali)).body.data.map((c: any) => c.id)).toEqual([reg.ds, reg.algo]);

    const paid = await paidRequest(reg.ds);
    const refused = await call(app, 'DELETE', `/api/sis/grades-recheck/${paid}`, { token: ali.token, lang: 'ar' });
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.body)).toContain('لا يحذف إلا الطلب الذي لم تدفع رسومه بعد');
    // tidy: the office rejects it so later tests start with the course free
    expect((await step(registrar, paid, 'reject', { note: 'Duplicate' })).status).toBe(200);
  });

  it('paying moves it to the office; a cancel request is refused, asked again and approved', async () => {
    const id = await paidRequest(reg.ds);
    const paid = await row(id);
    expect([paid.payment_status_id, paid.status_id]).toEqual([PAID, ST.submitted]);
    expect(paid.paid_at).not.toBeNull();
    const ask1 = await call(app, 'POST', `/api/sis/grades-recheck/cancel-grade-recheck-request/${id}`, {
      token: ali.token,
    });
    expect(ask1.status).toBe(200);
    expect(ask1.body.data.status_id).toBe(ST.cancel_requested);
    // the course stays taken while the cancellation is asked
    expect((await courses(ali)).body.data.map((c: any) => c.id)).toEqual([reg.algo]);
    // the registrar holds the student permission too, but the step is the student's own
    expect((await step(registrar, id, 'cancel_request')).status).toBe(409); // not from cancel_requested
    // staff without manage_grades_recheck see no one's requests (row scope)
    expect((await step(advisor, id, 'approve_cancel')).status).toBe(404);
    expect((await step(ali, id, 'approve_cancel')).status).toBe(403);
    expect((await step(registrar, id, 'refuse_cancel')).body.data.status_id).toBe(ST.submitted);
    expect((await step(registrar, id, 'cancel_request')).status).toBe(403);
    expect(
      (await call(app, 'POST', `/api/sis/grades-recheck/cancel-grade-recheck-request/${id}`, { token: ali.token }))
        .status,
    ).toBe(200);
    const done = await step(registrar, id, 'approve_cancel');
    expect(done.body.data).toMatchObject({ status_id: ST.cancelled, decided_by: registrar.id });
    expect((await row(id)).open_key).toBeNull();
    expect((await courses(ali)).body.data.map((c: any) => c.id)).toEqual([reg.ds, reg.algo]);
    const d = await call(app, 'GET', `/api/sis/grades-recheck/details/${id}`, { token: ali.token });
    expect(d.body.data.history.map((h: any) => [h.from_status_id, h.to_status_id, h.action])).toEqual([
      [null, ST.submitted, 'request'],
      [ST.submitted, ST.submitted, 'pay'],
      [ST.submitted, ST.cancel_requested, 'cancel_request'],
      [ST.cancel_requested, ST.submitted, 'refuse_cancel'],
      [ST.submitted, ST.cancel_requested, 'cancel_request'],
      [ST.cancel_requested, ST.cancelled, 'approve_cancel'],
    ]);
    // an unpaid request is deleted, not cancel-requested
    const unpaid = await ask(ali, { registration_id: reg.ds, reason: 'Check the marks of question 3' });
    const wrong = await call(
      app,
      'POST',
      `/api/sis/grades-recheck/cancel-grade-recheck-request/${unpaid.body.data.id}`,
      { token: ali.token },
    );
    expect(wrong.status).toBe(409);
    expect(
      (await call(app, 'DELETE', `/api/sis/grades-recheck/${unpaid.body.data.id}`, { token: ali.token })).status,
    ).toBe(200);
  });

  it('the office changes the mark: the registration, the history, the access log and a mail', async () => {
    const id = await paidRequest(reg.ds, true);
    const before = await call(app, 'GET', `/api/sis/grades-recheck/details/${id}`, { token: registrar.token });
    expect(before.body.data).toMatchObject({
      can_change_grade: true,
      can_keep_grade: true,
      can_reject: true,
      can_review: false,
      can_cancel_request: false,
      can_delete: false,
    });
    const mine = await call(app, 'GET', `/api/sis/grades-recheck/details/${id}`, { token: ali.token });
    expect(mine.body.data).toMatchObject({ can_change_grade: false, can_cancel_request: false });
    expect((await call(app, 'GET', `/api/sis/grades-recheck/details/${id}`, { token: mona.token })).status).toBe(404);

    const over = await step(registrar, id, 'change_grade', { new_grade: 101 });
    expect(over.status).toBe(422);
    expect(over.body.errors.new_grade[0]).toBe('The mark may not exceed the maximum');
    const overAr = await step(registrar, id, 'change_grade', { new_grade: '101' }, 'ar');
    expect(overAr.body.errors.new_grade[0]).toBe('لا يجوز أن تتجاوز الدرجة الدرجة العظمى');
    expect((await step(registrar, id, 'change_grade', { new_grade: 'abc' })).body.errors.new_grade[0]).toBe(
      'The mark must be a number',
    );
    expect((await step(registrar, id, 'change_grade', { new_grade: 70.123 })).status).toBe(422);
    expect((await step(registrar, id, 'change_grade', {})).body.errors.new_grade[0]).toBe('Enter the new mark');
    expect((await step(registrar, id, 'change_grade', { new_grade: 62 })).body.errors.new_grade[0]).toMatch(
      /is the published one/,
    );
    expect(await gradeOf(reg.ds)).toBe(62);
    expect((await row(id)).status_id).toBe(ST.in_review);
    expect((await step(advisor, id, 'change_grade', { new_grade: 70 })).status).toBe(404);
    expect((await step(ali, id, 'change_grade', { new_grade: 100 })).status).toBe(403);

    const ok = await step(registrar, id, 'change_grade', { new_grade: '75.5', note: 'Question 3 was not counted.' });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({
      status_id: ST.grade_changed,
      old_grade: 62,
      new_grade: 75.5,
      staff_note: 'Question 3 was not counted.',
      decided_by: registrar.id,
    });
    expect(await gradeOf(reg.ds)).toBe(75.5);
    const d = await call(app, 'GET', `/api/sis/grades-recheck/details/${id}`, { token: ali.token, lang: 'ar' });
    expect(d.body.data.history.at(-1)).toMatchObject({
      from_status_id: ST.in_review,
      to_status_id: ST.grade_changed,
      action: 'change_grade',
      step: 'تعديل الدرجة',
      old_grade: 62,
      new_grade: 75.5,
    });
    const logs = await db
      .selectFrom('access_logs')
      .select(['action', 'resource', 'record_id', 'details'])
      .where('user_id', '=', registrar.id)
      .execute();
    expect(logs.map((l) => [l.action, l.resource, Number(l.record_id)])).toEqual(
      expect.arrayContaining([
        ['change_grade', 'grade_rechecks', id],
        ['grade_recheck', 'registrations', reg.ds],
      ]),
    );
    // the registration's row keeps the old and new mark in its details
    const changed = logs.find((l) => l.action === 'grade_recheck')!;
    expect(typeof changed.details === 'string' ? JSON.parse(changed.details) : changed.details).toMatchObject({
      recheck_id: id,
      old_grade: 62,
      new_grade: 75.5,
    });
    const mails = await readOutbox(outbox, 'ali@example.edu');
    const mail = mails.find((x) => x.subject.includes('Grade changed'));
    expect(mail?.text).toContain('from 62 / 100 to 75.5 / 100');
    expect(mail?.text).toContain('تم تعديل الدرجة');
    // decided: the step is closed, and the course may be rechecked again
    expect((await step(registrar, id, 'keep_grade')).status).toBe(409);
    expect((await courses(ali)).body.data.find((c: any) => c.id === reg.ds)?.grade).toBe(75.5);
  });

  it('no change, and a rejection with the note the student reads', async () => {
    const keep = await paidRequest(reg.algo, true);
    const kept = await step(registrar, keep, 'keep_grade');
    expect(kept.body.data).toMatchObject({ status_id: ST.no_change, new_grade: null });
    expect(await gradeOf(reg.algo)).toBe(48);
    expect((await readOutbox(outbox, 'ali@example.edu')).some((x) => x.subject.includes('No change'))).toBe(true);

    const rej = await paidRequest(reg.algo);
    const noNote = await step(registrar, rej, 'reject', {}, 'ar');
    expect(noNote.status).toBe(422);
    expect(noNote.body.errors.note[0]).toBe('اكتب السبب للطالب');
    const rejected = await step(registrar, rej, 'reject', { note: 'The request came after the deadline.' });
    expect(rejected.body.data).toMatchObject({
      status_id: ST.rejected,
      staff_note: 'The request came after the deadline.',
    });
    const mail = (await readOutbox(outbox, 'ali@example.edu'))
      .filter((x) => x.subject.includes('Rejected'))
      .find((x) => x.subject.includes(rejected.body.data.code));
    expect(mail?.text).toContain('The request came after the deadline.');
    // over the maximum of 80 of this registration
    const again = await paidRequest(reg.algo, true);
    expect((await step(registrar, again, 'change_grade', { new_grade: 81 })).status).toBe(422);
    expect((await step(registrar, again, 'change_grade', { new_grade: 80 })).body.data.new_grade).toBe(80);
  });

  it('refuses generic writes, gates an overdue student, and makes a free recheck paid at once', async () => {
    const any = await db.selectFrom('grade_rechecks').select('id').executeTakeFirstOrThrow();
    expect(
      (await call(app, 'PUT', `/api/sis/grade_rechecks/${any.id}`, { token: registrar.token, body: { status_id: 3 } }))
        .status,
    ).toBe(405);
    expect((await call(app, 'DELETE', `/api/sis/grade_rechecks/${any.id}`, { token: registrar.token })).status).toBe(
      405,
    );
    // the generic list keeps each student to their own rows
    const monaList = await call(app, 'POST', '/api/sis/grade_rechecks', { token: mona.token, body: {} });
    expect(monaList.body.data).toEqual([]);
    const staffList = await call(app, 'POST', '/api/sis/grade_rechecks', { token: registrar.token, body: {} });
    expect(staffList.body.data.length).toBeGreaterThan(3);

    const gated = await ask(overdue, { registration_id: reg.overdue, reason: 'Please' });
    expect(gated.status).toBe(403);
    expect(gated.body).toMatchObject({ redirect_to: 'payments' });

    await db.updateTable('settings').set({ value: '0' }).where('name', '=', 'grade_recheck_fee').execute();
    try {
      const free = await ask(mona, { registration_id: reg.mona, reason: 'Please recheck question 2' });
      expect(free.status).toBe(201);
      expect(free.body.payment_id).toBeNull();
      expect(free.body.data).toMatchObject({ payment_status_id: PAID, fee: 0, status_id: ST.submitted });
      expect((await step(registrar, free.body.data.id, 'review')).body.data.status_id).toBe(ST.in_review);
    } finally {
      await db
        .updateTable('settings')
        .set({ value: String(FEE) })
        .where('name', '=', 'grade_recheck_fee')
        .execute();
    }
  });
});
