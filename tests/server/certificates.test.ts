/**
 * Certificate requests (server/domains/certificates): a student requests one certificate (free or
 * with a fee invoiced through finance), pays it, cancels an unpaid one; staff move it along the
 * status table (edges and permissions from the YAML), with notes, history, mails and printing;
 * anyone verifies a code. On PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { pdfPages } from './helpers/pdf-tools.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import * as XLSX from 'xlsx';
import { buildApp } from '../../server/app.ts';
import { syncSchema } from '../../server/db/schema-sync.ts';
import { financeDomain } from '../../server/domains/finance/plugin.ts';
import { certificatesDomain } from '../../server/domains/certificates/plugin.ts';
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

const KIND = { enrollment: 1, transcript: 2, graduation: 3, temporary_graduation: 4, whom: 5, study_plan: 6 };
const ST = {
  new: 1,
  incomplete: 3,
  in_review: 4,
  reviewed: 5,
  approved: 6,
  prepared: 7,
  dean_signed: 8,
  ready: 9,
  delivered: 10,
  rejected: 13,
};

describe.skipIf(!manifest).each(BACKENDS)('certificate requests on $name', (backend) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let db: Kysely<any>;
  let outbox: string;
  let ali: TestUser; // the main student, 500 EGP in the wallet
  let mona: TestUser; // another student
  let overdue: TestUser; // an overdue installment: gated
  let registrar: TestUser;
  let dean: TestUser;
  let advisor: TestUser; // staff without certificate permissions

  const ask = (user: TestUser, body: unknown, opts: { lang?: string; key?: string } = {}) =>
    call(app, 'POST', '/api/sis/certificates/request', {
      token: user.token,
      body,
      lang: opts.lang,
      headers: opts.key ? { 'idempotency-key': opts.key } : {},
    });
  const step = (user: TestUser, id: number, action: string, note?: string, lang?: string) =>
    call(app, 'POST', `/api/sis/certificates/status/${id}`, {
      token: user.token,
      body: { action, ...(note === undefined ? {} : { note }) },
      lang,
    });
  const row = (id: number) =>
    db.selectFrom('certificate_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  /** A paid enrolment request of Ali's, in review. */
  const inReview = async () => {
    const r = await ask(ali, { kind_id: KIND.transcript, quantity: 1 });
    expect(r.status).toBe(201);
    const paid = await call(app, 'POST', `/api/sis/payments/pay/${r.body.payment_id}`, { token: ali.token });
    expect(paid.status).toBe(200);
    return Number(r.body.data.id);
  };

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    db = database.db;
    outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'rowaq-cert-'));
    await syncSchema(db, manifest!, { migrationsDir: '/nonexistent' });
    app = await buildApp({
      manifest: manifest!,
      db,
      config: { ...financeConfig(), outboxDir: outbox },
      domains: [
        { name: 'finance', plugin: financeDomain },
        { name: 'certificates', plugin: certificatesDomain },
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
    dean = await createUser(db, { type: 4, roles: ['dean'] });
    advisor = await createUser(db, { type: 4, roles: ['advisor'] });
    await db
      .updateTable('students')
      .set({ email: 'ali@example.edu', name_local: 'علي حسن' })
      .where('id', '=', ali.student_id!)
      .execute();
    await db
      .insertInto('certificate_fees')
      .values([
        { kind_id: KIND.enrollment, amount: 0 },
        { kind_id: KIND.transcript, amount: 100 },
        { kind_id: KIND.whom, amount: 30 },
      ])
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

  it('a free certificate goes to review at once, with no invoice', async () => {
    const r = await ask(ali, { kind_id: KIND.enrollment, quantity: 2, language_id: 2 });
    expect(r.status).toBe(201);
    expect(r.body.payment_id).toBeNull();
    expect(r.body.data.payment_id).toBeNull(); // submit.next passes over the payment and opens the request
    expect(r.body.data).toMatchObject({
      status_id: ST.in_review,
      fee: 0,
      fee_paid: true,
      quantity: 2,
      student_id: ali.student_id,
    });
    expect(r.body.data.code).toBe(`CRT-${String(r.body.data.id).padStart(6, '0')}`);
    expect(r.body.data.verification_code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
    expect(r.body.data.open_key).toBeUndefined();
  });

  it('a paid certificate is new with an invoice of fee x quantity; paying it moves it to review', async () => {
    const r = await ask(ali, { kind_id: KIND.transcript, quantity: 3 });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ status_id: ST.new, fee: 300, fee_paid: false });
    // the form's submit.next reads data.payment_id (certificate-request.form.yaml); no address written by the server
    expect(r.body.payment_id).toEqual(expect.any(Number));
    expect(r.body.data.payment_id).toBe(r.body.payment_id);
    expect(r.body).not.toHaveProperty('redirect');
    const inv = await db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', r.body.payment_id)
      .executeTakeFirstOrThrow();
    expect(Number(inv.amount)).toBe(300);
    expect(Number(inv.billing_kind_id)).toBe(6);
    const paid = await call(app, 'POST', `/api/sis/payments/pay/${r.body.payment_id}`, { token: ali.token });
    expect(paid.status).toBe(200);
    const after = await row(r.body.data.id);
    expect(after.status_id).toBe(ST.in_review);
    expect(after.fee_paid).toBe(true);
    expect(after.submitted_at).not.toBeNull();
    const d = await call(app, 'GET', `/api/sis/certificates/details/${r.body.data.id}`, { token: ali.token });
    expect(d.body.data.history.map((h: any) => [h.from_status_id, h.to_status_id, h.action])).toEqual([
      [null, ST.new, 'request'],
      [ST.new, ST.in_review, 'pay'],
    ]);
  });

  it('the same Idempotency-Key replays the first answer; a second unpaid request of a kind is refused', async () => {
    const body = { kind_id: KIND.whom, addressed_to: 'The Embassy of Japan' };
    const first = await ask(mona, body, { key: 'k-1' });
    const again = await ask(mona, body, { key: 'k-1' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.data.id).toBe(first.body.data.id);
    const other = await ask(mona, body);
    expect(other.status).toBe(409);
    expect(other.body.error).toBe('You already have an unpaid request for this certificate: pay or cancel it first');
    const count = await db
      .selectFrom('certificate_requests')
      .select(db.fn.countAll().as('n'))
      .where('student_id', '=', mona.student_id!)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
    const invoices = await db.selectFrom('payments').select('id').where('student_id', '=', mona.student_id!).execute();
    expect(invoices).toHaveLength(1);
  });

  it('refuses bad input with field messages in English and Arabic, writing nothing', async () => {
    const before = await db
      .selectFrom('certificate_requests')
      .select(db.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const en = await ask(ali, { quantity: 9, delivery_id: 2 });
    expect(en.status).toBe(422);
    expect(en.body.errors.kind_id[0]).toBe('A certificate type must be chosen before continuing');
    expect(en.body.errors.quantity[0]).toBe('Ask for 1 to 5 copies');
    expect(en.body.errors.mail_address[0]).toBe('Give the address to mail the certificate to');
    const ar = await ask(ali, { kind_id: KIND.whom, quantity: 0 }, { lang: 'ar' });
    expect(ar.body.errors.addressed_to[0]).toBe('اذكر الجهة التي توجه إليها الإفادة');
    expect(ar.body.errors.quantity[0]).toBe('اطلب من نسخة واحدة إلى 5 نسخ');
    const two = await ask(ali, { kind_id: [1, 2] });
    expect(two.body.errors.kind_id[0]).toBe('Only one certificate may be selected');
    const grad = await ask(ali, { kind_id: KIND.graduation });
    expect(grad.status).toBe(422);
    expect(grad.body.errors.kind_id[0]).toBe('Only a graduate can request this certificate');
    const temp = await ask(ali, { kind_id: KIND.temporary_graduation }, { lang: 'ar' });
    expect(temp.body.errors.kind_id[0]).toContain('لا يطلب هذه الشهادة إلا الخريج');
    const after = await db
      .selectFrom('certificate_requests')
      .select(db.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('a graduate may request a graduation certificate', async () => {
    await db.updateTable('students').set({ status_id: 4 }).where('id', '=', mona.student_id!).execute();
    const r = await ask(mona, { kind_id: KIND.graduation });
    expect(r.status).toBe(201);
    await db.updateTable('students').set({ status_id: 1 }).where('id', '=', mona.student_id!).execute();
  });

  it('an overdue student gets the gate: 403 redirect_to payments', async () => {
    const r = await ask(overdue, { kind_id: KIND.enrollment });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ redirect_to: 'payments', error: 'You have to pay your due invoices.' });
    const staff = await ask(registrar, { kind_id: KIND.enrollment });
    expect(staff.status).toBe(403);
  });

  it('cancels an unpaid request: it is gone, and so is its invoice; a paid one cannot be cancelled', async () => {
    const r = await ask(ali, { kind_id: KIND.whom, addressed_to: 'Bank Misr' });
    const id = r.body.data.id;
    const paymentId = r.body.payment_id;
    expect((await call(app, 'DELETE', `/api/sis/certificates/request/${id}`, { token: mona.token })).status).toBe(404);
    const c = await call(app, 'DELETE', `/api/sis/certificates/request/${id}`, { token: ali.token });
    expect(c.status).toBe(200);
    expect((await row(id)).deleted_at).not.toBeNull();
    expect(await db.selectFrom('payments').select('id').where('id', '=', paymentId).executeTakeFirst()).toBeUndefined();
    expect((await call(app, 'POST', `/api/sis/payments/pay/${paymentId}`, { token: ali.token })).status).toBe(404);
    // the kind is free to request again
    const again = await ask(ali, { kind_id: KIND.whom, addressed_to: 'Bank Misr' });
    expect(again.status).toBe(201);
    await call(app, 'DELETE', `/api/sis/certificates/request/${again.body.data.id}`, { token: ali.token });
    const paidId = await inReview();
    const refused = await call(app, 'DELETE', `/api/sis/certificates/request/${paidId}`, {
      token: ali.token,
      lang: 'ar',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('لا يمكن إلغاء الطلب إلا قبل دفع رسومه');
  });

  it('staff steps follow the status table: edges, permissions, notes, history, mails', async () => {
    const id = await inReview();
    // a student may not review; an advisor holds no certificate permission (cannot even see it)
    expect((await step(ali, id, 'review')).status).toBe(403);
    expect((await step(advisor, id, 'review')).status).toBe(404);
    // not an edge from in_review
    const sign = await step(registrar, id, 'sign');
    expect(sign.status).toBe(409);
    expect(sign.body.error).toBe("This step is not possible from the request's current status");
    // return needs a note
    const noNote = await step(registrar, id, 'return', '  ', 'ar');
    expect(noNote.status).toBe(422);
    expect(noNote.body.errors.note[0]).toBe('اكتب السبب للطالب');
    const ret = await step(registrar, id, 'return', 'Your name in Arabic is misspelt');
    expect(ret.status).toBe(200);
    expect(ret.body.data).toMatchObject({ status_id: ST.incomplete, staff_note: 'Your name in Arabic is misspelt' });
    const mails = await readOutbox(outbox, 'ali@example.edu');
    expect(
      mails.some((m) => m.text.includes('Your name in Arabic is misspelt') && m.subject.includes('Incomplete')),
    ).toBe(true);
    // the student edits and sends it again
    const edit = await call(app, 'PUT', `/api/sis/certificates/request/${id}`, {
      token: ali.token,
      body: { language_id: 2, delivery_id: 2, mail_address: '12 Nile St, Cairo', quantity: 5 },
    });
    expect(edit.status).toBe(200);
    expect(edit.body.data).toMatchObject({ status_id: ST.in_review, language_id: 2, delivery_id: 2, quantity: 1 });
    for (const action of ['review', 'approve', 'prepare'])
      expect((await step(registrar, id, action)).status, action).toBe(200);
    // only the dean signs
    expect((await step(registrar, id, 'sign')).status).toBe(403);
    const signed = await step(dean, id, 'sign');
    expect(signed.status).toBe(200);
    expect(signed.body.data.signed_by).toBe(dean.id);
    expect((await step(registrar, id, 'ready')).status).toBe(200);
    expect((await readOutbox(outbox, 'ali@example.edu')).some((m) => m.subject.includes('Ready to deliver'))).toBe(
      true,
    );
    expect((await step(registrar, id, 'deliver_mail')).status).toBe(200);
    const done = await row(id);
    expect(done.status_id).toBe(12);
    expect(done.delivered_at).not.toBeNull();
    const d = await call(app, 'GET', `/api/sis/certificates/details/${id}`, { token: ali.token });
    expect(d.body.data.history.map((h: any) => h.action)).toEqual([
      'request',
      'pay',
      'return',
      'submit',
      'review',
      'approve',
      'prepare',
      'sign',
      'ready',
      'deliver_mail',
    ]);
    expect(d.body.data.history[2]).toMatchObject({
      note: 'Your name in Arabic is misspelt',
      from: 'In review',
      to: 'Incomplete',
    });
    const logs = await db
      .selectFrom('access_logs')
      .select('action')
      .where('resource', '=', 'certificate_requests')
      .where('record_id', '=', id)
      .execute();
    expect(logs.map((l) => l.action)).toEqual(expect.arrayContaining(['return', 'approve', 'sign', 'deliver_mail']));
  });

  it('reject needs a note the student sees; the staff page lists the steps open to the caller', async () => {
    const id = await inReview();
    const asRegistrar = await call(app, 'GET', `/api/sis/certificates/details/${id}`, { token: registrar.token });
    expect(asRegistrar.body.data).toMatchObject({
      can_review: true,
      can_reject: true,
      can_return: true,
      can_sign: false,
      can_print: false,
    });
    const asDean = await call(app, 'GET', `/api/sis/certificates/details/${id}`, { token: dean.token });
    expect(asDean.body.data).toMatchObject({ can_review: false, can_sign: false });
    expect((await step(registrar, id, 'reject')).status).toBe(422);
    expect(
      (
        await call(app, 'POST', `/api/sis/certificates/status/${id}/reject`, {
          token: registrar.token,
          body: { note: 'Not enrolled that year' },
        })
      ).status,
    ).toBe(200);
    const mine = await call(app, 'GET', `/api/sis/certificates/details/${id}`, { token: ali.token });
    expect(mine.body.data).toMatchObject({
      status_id: ST.rejected,
      staff_note: 'Not enrolled that year',
      can_review: false,
    });
  });

  it('scope: a student reads and lists only their own requests', async () => {
    const id = await inReview();
    expect((await call(app, 'GET', `/api/sis/certificates/details/${id}`, { token: mona.token })).status).toBe(404);
    expect((await call(app, 'GET', `/api/sis/certificate_requests/${id}`, { token: mona.token })).status).toBe(404);
    const list = await call(app, 'POST', '/api/sis/certificate_requests', { token: mona.token, body: {} });
    expect(list.status).toBe(200);
    expect(list.body.data.every((r: any) => r.student_id === mona.student_id)).toBe(true);
    const all = await call(app, 'POST', '/api/sis/certificate_requests', {
      token: registrar.token,
      body: { search: 'CRT-' },
    });
    expect(new Set(all.body.data.map((r: any) => r.student_id)).size).toBeGreaterThan(1);
    // the generic API never writes these rows
    expect(
      (
        await call(app, 'PUT', `/api/sis/certificate_requests/${id}`, {
          token: registrar.token,
          body: { status_id: ST.delivered },
        })
      ).status,
    ).toBe(405);
    expect((await call(app, 'DELETE', `/api/sis/certificate_requests/${id}`, { token: registrar.token })).status).toBe(
      405,
    );
  });

  it("export: the staff list as .xlsx with its filters, in the caller's language; staff only", async () => {
    const id = await inReview();
    const code = String((await row(id)).code);
    const download = async (body: unknown, lang: string, token = registrar.token) => {
      const r = await app.inject({
        method: 'POST',
        url: '/api/sis/certificates/export',
        headers: { authorization: `Bearer ${token}`, 'accept-language': lang, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      return {
        status: r.statusCode,
        type: String(r.headers['content-type']),
        sheet:
          r.statusCode === 200 ? XLSX.read(r.rawPayload).Sheets[XLSX.read(r.rawPayload).SheetNames[0]!] : undefined,
      };
    };
    const rows = (sheet: XLSX.WorkSheet | undefined) => XLSX.utils.sheet_to_json<unknown[]>(sheet!, { header: 1 });
    const inReviewOnly = await download({ filters: { status_id: ST.in_review } }, 'en');
    expect(inReviewOnly.status).toBe(200);
    expect(inReviewOnly.type).toContain('spreadsheetml');
    const en = rows(inReviewOnly.sheet);
    // the list screen's columns, labelled as on screen
    expect(en[0]).toEqual([
      'Reference',
      'Student code',
      'Student name',
      'Certificate',
      'Copies',
      'Delivery',
      'Fee paid',
      'Status',
      'Times printed',
      'Created at',
    ]);
    const mine = en.find((r) => r[0] === code)!;
    expect(mine).toBeDefined();
    expect(mine.slice(3, 8)).toEqual(['Transcript', 1, 'In person', 'Yes', 'In review']);
    expect(en.slice(1).every((r) => r[7] === 'In review')).toBe(true);
    const db_ = await db
      .selectFrom('certificate_requests')
      .select(db.fn.countAll<number>().as('n'))
      .where('status_id', '=', ST.in_review)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(en.length - 1).toBe(Number(db_.n));
    // another filter leaves this request out; the search finds it alone
    expect(
      rows((await download({ filters: { status_id: ST.delivered } }, 'en')).sheet).some((r) => r[0] === code),
    ).toBe(false);
    expect(
      rows((await download({ search: code }, 'en')).sheet)
        .slice(1)
        .map((r) => r[0]),
    ).toEqual([code]);
    const ar = rows((await download({ search: code }, 'ar')).sheet);
    expect(ar[0]![0]).toBe('الرقم المرجعي');
    expect(ar[1]!.slice(3, 8)).toEqual(['بيان درجات', 1, 'استلام شخصي', 'نعم', 'قيد المراجعة']);
    // students and staff without the permission are refused
    expect((await download({}, 'en', ali.token)).status).toBe(403);
    expect((await download({}, 'en', advisor.token)).status).toBe(403);
    // a bad filter is the client's mistake, never a 500
    expect((await download({ filters: { status_id: 'abc' } }, 'en')).status).toBe(400);
  });

  it('staff correct a request until it is delivered', async () => {
    const id = await inReview();
    const r = await call(app, 'PUT', `/api/sis/certificates/update/${id}`, {
      token: registrar.token,
      body: { quantity: 2, delivery_id: 1 },
    });
    expect(r.status).toBe(200);
    expect(r.body.data.quantity).toBe(2);
    expect(
      (await call(app, 'PUT', `/api/sis/certificates/update/${id}`, { token: ali.token, body: { quantity: 2 } }))
        .status,
    ).toBe(403);
    expect(
      (await call(app, 'PUT', `/api/sis/certificates/update/${id}`, { token: registrar.token, body: { quantity: 8 } }))
        .status,
    ).toBe(422);
  });

  it('verification: an issued certificate is found by its code, anything else is not', async () => {
    const id = await inReview();
    const code = (await row(id)).verification_code;
    const early = await call(app, 'GET', `/api/sis/certificates/external/${code}`);
    expect(early.body.data).toEqual({ valid: false, result: 'No certificate issued by the university has this code' });
    for (const action of ['review', 'approve']) await step(registrar, id, action);
    const found = await call(app, 'GET', `/api/sis/certificates/external/${code}`, { lang: 'ar' });
    expect(found.status).toBe(200);
    expect(found.body.data).toMatchObject({
      valid: true,
      kind: 'بيان درجات',
      student_name: 'علي حسن',
      status: 'معتمد',
    });
    expect(found.body.data.issued_at).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Object.keys(found.body.data).sort()).toEqual([
      'code',
      'issued_at',
      'kind',
      'result',
      'status',
      'student_name',
      'valid',
    ]);
    const none = await call(app, 'GET', '/api/sis/certificates/external/AAAA-BBBB-CCCC-DDDD');
    expect(none.body.data.valid).toBe(false);
    expect((await call(app, 'GET', '/api/sis/certificates/external/x%27or%201=1')).body.data.valid).toBe(false);
  });

  it('printing: only staff with edit_certificate, only once approved; print_count counts', async () => {
    const id = await inReview();
    expect((await call(app, 'GET', `/api/sis/certificates/print/${id}`, { token: registrar.token })).status).toBe(409);
    for (const action of ['review', 'approve']) await step(registrar, id, action);
    expect((await call(app, 'GET', `/api/sis/certificates/print/${id}`, { token: ali.token })).status).toBe(403);
    expect((await call(app, 'GET', `/api/sis/certificates/print/${id}`, { token: dean.token })).status).toBe(403);
    const print = () =>
      app.inject({
        method: 'GET',
        url: `/api/sis/certificates/print/${id}`,
        headers: { authorization: `Bearer ${registrar.token}` },
      });
    const pdf = await print();
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    const stored = await row(id);
    expect(stored.print_count).toBe(1);
    // the document is this request's: its reference and the student's name are printed on it
    const text = pdfPages(pdf.rawPayload).flat().join(' ');
    expect(text).toContain(String(stored.code));
    expect(text).toContain(
      String(stored.language_id) === '2' ? String(stored.student_name_local) : String(stored.student_name),
    );
    expect((await print()).statusCode).toBe(200);
    expect((await row(id)).print_count).toBe(2);
  });
});
