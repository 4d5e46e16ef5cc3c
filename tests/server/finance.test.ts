/**
 * Finance through the HTTP API on the real screens/ manifest: wallet payments under
 * concurrency, the sandbox provider's hosted page and signed callbacks (replayed, forged, out
 * of order), refunds, manual payments and their permission, Idempotency-Key, the payment gate.
 * After every test the ledger must equal the balances. PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../server/domains/finance/ledger-check.ts';
import { gatePreHandler } from '../../server/domains/finance/gate.ts';
import { BACKENDS, call, createUser, openTestDatabase, type TestDatabase, type TestUser } from './harness.ts';
import { buildApp } from '../../server/app.ts';
import { financeDomain } from '../../server/domains/finance/plugin.ts';
import {
  financeApp,
  financeConfig,
  fillWallet,
  invoice,
  isoDay,
  makeFaculty,
  realManifest,
  signedCallback,
} from './finance-helpers.ts';

describe.skipIf(!realManifest).each(BACKENDS)('finance on $name', (backend) => {
  let database: TestDatabase;
  let db: Kysely<any>;
  let app: FastifyInstance;
  let faculty: number;
  let officer: TestUser;
  const newStudent = () => createUser(db, { type: 3, roles: ['student'], student: { faculty_id: faculty } });

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    db = database.db;
    app = await financeApp(db, realManifest!, [
      {
        // A gated action as other domains declare it: registration.request is gated in YAML.
        name: 'gated-test',
        plugin: async (sub, { db: d, manifest }) => {
          sub.put('/test/register', { preHandler: gatePreHandler(d, manifest, 'registration.request') }, async () => ({
            data: 'registered',
          }));
        },
      },
    ]);
    faculty = await makeFaculty(db);
    officer = await createUser(db, { type: 4, roles: ['finance_officer'] });
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });
  afterEach(async () => {
    expect(await checkLedger(db)).toEqual([]);
  });

  const balance = async (user: TestUser) =>
    (await call(app, 'GET', '/api/sis/credit-transactions/balance', { token: user.token })).body.data.balance;

  it('100 concurrent wallet payments exceeding the balance: exactly the affordable ones succeed, never below zero', async () => {
    const s = await newStudent();
    await fillWallet(db, s.student_id!, 555);
    const invoices = [];
    for (let i = 0; i < 100; i++)
      invoices.push(await invoice(db, { student_id: s.student_id, billing: 'service_fees', amount: 10 }));
    const answers = await Promise.all(
      invoices.map((inv) => call(app, 'POST', `/api/sis/payments/pay/${inv.id}`, { token: s.token })),
    );
    const ok = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 422);
    expect(ok.length).toBe(55);
    expect(refused.length).toBe(45);
    expect(refused[0]!.body.error).toBe('not enough credit balance');
    expect(await balance(s)).toBe(5);
    const paid = await db
      .selectFrom('payments')
      .select('id')
      .where('student_id', '=', s.student_id!)
      .where('status_id', '=', 0)
      .execute();
    expect(paid.length).toBe(55);
  });

  it('says "not enough credit balance" in Arabic too, and changes nothing', async () => {
    const s = await newStudent();
    await fillWallet(db, s.student_id!, 5);
    const inv = await invoice(db, { student_id: s.student_id, billing: 'exam_fees', amount: 10 });
    const r = await call(app, 'POST', `/api/sis/payments/pay/${inv.id}`, { token: s.token, lang: 'ar' });
    expect(r.status).toBe(422);
    expect(r.body.error).toBe('رصيدك غير كافٍ');
    expect(await balance(s)).toBe(5);
  });

  it('pays one installment from the wallet; another student cannot pay it', async () => {
    const s = await newStudent();
    const other = await newStudent();
    await fillWallet(db, s.student_id!, 1000);
    const inv = await invoice(db, {
      student_id: s.student_id,
      billing: 'tuition_fees',
      amount: 900,
      installments: [
        { amount: 300, due_date: isoDay(-5) },
        { amount: 300, due_date: isoDay(30) },
        { amount: 300, due_date: isoDay(60) },
      ],
    });
    expect((await call(app, 'POST', `/api/sis/payments/pay/${inv.id}/1`, { token: other.token })).status).toBe(404);
    const r = await call(app, 'POST', `/api/sis/payments/pay/${inv.id}/1`, { token: s.token });
    expect(r.status).toBe(200);
    expect(r.body.data.balance).toBe(700);
    expect(r.body.data.payment.paid_amount).toBe(300);
    expect(r.body.data.payment.due_date).toBe(isoDay(30));
    const again = await call(app, 'POST', `/api/sis/payments`.concat(`/${inv.id}`), {
      token: s.token,
      body: { installment_id: 1, payment_option_id: 3 },
    });
    expect(again.status).toBe(422);
    expect(again.body.error).toBe('This installment is already paid');
  });

  it('charges the wallet through the sandbox hosted page and its signed callback', async () => {
    const s = await newStudent();
    const start = await call(app, 'POST', '/api/sis/credit-transactions/charge-my-credit', {
      token: s.token,
      body: { amount: 250, payment_option_id: 1, return_path: '/my_credit' },
    });
    expect(start.status).toBe(201);
    const url: string = start.body.data.redirect_url;
    expect(url).toMatch(/^\/api\/sis\/payments\/sandbox\/SBX-/);
    const page = await app.inject({ method: 'GET', url: url.replace('lang=en', 'lang=ar') });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('dir="rtl"');
    expect(page.body).toContain('ادفع');
    const ref = url.split('/').pop()!.split('?')[0];
    const key = new URL(url, 'http://x').searchParams.get('key')!;
    // The page and its buttons answer only to the payer's key: the reference alone settles nothing.
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    for (const forged of ['', `?key=${'A'.repeat(43)}`, `?key=${key.slice(1)}x`]) {
      const stranger = await app.inject({
        method: 'POST',
        url: `/api/sis/payments/sandbox/${ref}/pay${forged}`,
        headers: form,
        payload: '',
      });
      expect(stranger.statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: `/api/sis/payments/sandbox/${ref}${forged}` })).statusCode).toBe(
        404,
      );
    }
    expect(await balance(s)).toBe(0);
    expect(page.body).toContain(`/pay?lang=ar&amp;key=${key}`);
    const click = await app.inject({
      method: 'POST',
      url: `/api/sis/payments/sandbox/${ref}/pay?key=${key}`,
      headers: form,
      payload: '',
    });
    expect(click.statusCode).toBe(303);
    expect(click.headers.location).toBe('/my_credit');
    expect(await balance(s)).toBe(250);
    // A second click changes nothing (the sandbox payment is no longer pending).
    await app.inject({
      method: 'POST',
      url: `/api/sis/payments/sandbox/${ref}/pay?key=${key}`,
      headers: form,
      payload: '',
    });
    expect(await balance(s)).toBe(250);
    const status = await call(app, 'GET', `/api/sis/payments/provider/status/${start.body.data.reference}`, {
      token: s.token,
    });
    expect(status.body.data.status).toBe('paid');
  });

  it('gives a voucher number to pay later, paid when the provider reports it (status check)', async () => {
    const s = await newStudent();
    const inv = await invoice(db, { student_id: s.student_id, billing: 'certificate_fees', amount: 75 });
    const start = await call(app, 'POST', `/api/sis/payments/pay-with-provider/${inv.id}`, {
      token: s.token,
      body: { method: 'voucher' },
    });
    expect(start.status).toBe(201);
    expect(start.body.data.voucher_reference).toMatch(/^\d{8}$/);
    const pending = await db
      .selectFrom('payments')
      .select('status_id')
      .where('id', '=', inv.id)
      .executeTakeFirstOrThrow();
    expect(pending.status_id).toBe(2);
    // The payer pays at an outlet: the provider's side records it; our status check applies it.
    const sandboxRef = start.body.data.redirect_url.split('/').pop().split('?')[0];
    await db
      .updateTable('sandbox_payments')
      .set({ status: 'paid' })
      .where('provider_reference', '=', sandboxRef)
      .execute();
    const checked = await call(app, 'GET', `/api/sis/payments/provider/status/${start.body.data.reference}`, {
      token: s.token,
    });
    expect(checked.body.data.status).toBe('paid');
    const paid = await db
      .selectFrom('payments')
      .select(['status_id', 'paid_amount', 'payment_option_id'])
      .where('id', '=', inv.id)
      .executeTakeFirstOrThrow();
    expect(paid).toEqual({ status_id: 0, paid_amount: 75, payment_option_id: 2 });
  });

  it('a callback replayed 10 times (at once) pays once', async () => {
    const s = await newStudent();
    const inv = await invoice(db, { student_id: s.student_id, billing: 'exam_fees', amount: 120 });
    const start = await call(app, 'POST', `/api/sis/payments/pay-with-provider/${inv.id}`, {
      token: s.token,
      body: { method: 'credit_card' },
    });
    const cb = signedCallback({
      event_id: 'e1',
      reference: start.body.data.reference,
      status: 'paid',
      amount: 120,
      currency: 'EGP',
    });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        app.inject({
          method: 'POST',
          url: '/api/sis/payments/provider/callback',
          headers: cb.headers,
          payload: cb.raw,
        }),
      ),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const outcomes = answers.map((a) => a.json().data.outcome).sort();
    expect(outcomes).toEqual(['applied', ...Array(9).fill('duplicate')]);
    const rows = await db.selectFrom('transactions').select('amount').where('payment_id', '=', inv.id).execute();
    expect(rows).toEqual([{ amount: 120 }]);
    expect(await balance(s)).toBe(0);
  });

  it('out of order: "failed" after "paid" changes nothing; "paid" after "failed" still counts', async () => {
    const s = await newStudent();
    const a = await invoice(db, { student_id: s.student_id, billing: 'training_fees', amount: 40 });
    const b = await invoice(db, { student_id: s.student_id, billing: 'insurance_fees', amount: 60 });
    const pa = (await call(app, 'POST', `/api/sis/payments/pay-with-provider/${a.id}`, { token: s.token, body: {} }))
      .body.data.reference;
    const pb = (await call(app, 'POST', `/api/sis/payments/pay-with-provider/${b.id}`, { token: s.token, body: {} }))
      .body.data.reference;
    const post = (event: Record<string, unknown>) => {
      const cb = signedCallback({ currency: 'EGP', ...event });
      return app.inject({
        method: 'POST',
        url: '/api/sis/payments/provider/callback',
        headers: cb.headers,
        payload: cb.raw,
      });
    };
    await post({ event_id: 'a1', reference: pa, status: 'paid', amount: 40 });
    expect((await post({ event_id: 'a2', reference: pa, status: 'failed', amount: 40 })).json().data.outcome).toBe(
      'ignored',
    );
    expect(
      (await db.selectFrom('payments').select('status_id').where('id', '=', a.id).executeTakeFirstOrThrow()).status_id,
    ).toBe(0);
    expect((await post({ event_id: 'b1', reference: pb, status: 'failed', amount: 60 })).json().data.outcome).toBe(
      'failed',
    );
    expect(
      (await db.selectFrom('payments').select('status_id').where('id', '=', b.id).executeTakeFirstOrThrow()).status_id,
    ).toBe(1);
    expect((await post({ event_id: 'b2', reference: pb, status: 'paid', amount: 60 })).json().data.outcome).toBe(
      'applied',
    );
    expect(
      (await db.selectFrom('payments').select('status_id').where('id', '=', b.id).executeTakeFirstOrThrow()).status_id,
    ).toBe(0);
  });

  it('a forged callback is refused, logged, and changes nothing', async () => {
    const s = await newStudent();
    const inv = await invoice(db, { student_id: s.student_id, billing: 'exam_fees', amount: 99 });
    const ref = (await call(app, 'POST', `/api/sis/payments/pay-with-provider/${inv.id}`, { token: s.token, body: {} }))
      .body.data.reference;
    const forged = signedCallback(
      { event_id: 'x', reference: ref, status: 'paid', amount: 99, currency: 'EGP' },
      'not-the-secret',
    );
    const r = await app.inject({
      method: 'POST',
      url: '/api/sis/payments/provider/callback',
      headers: forged.headers,
      payload: forged.raw,
    });
    expect(r.statusCode).toBe(401);
    const unsigned = await app.inject({
      method: 'POST',
      url: '/api/sis/payments/provider/callback',
      headers: { 'content-type': 'application/json' },
      payload: forged.raw,
    });
    expect(unsigned.statusCode).toBe(401);
    // A body changed after signing (a bigger amount) is refused too. (Replace the amount itself:
    // the random reference may hold "99" too, and changing it would log under another reference.)
    const real = signedCallback({ event_id: 'y', reference: ref, status: 'paid', amount: 99, currency: 'EGP' });
    const tampered = await app.inject({
      method: 'POST',
      url: '/api/sis/payments/provider/callback',
      headers: real.headers,
      payload: real.raw.replace('"amount":99', '"amount":999'),
    });
    expect(tampered.statusCode).toBe(401);
    expect(
      (await db.selectFrom('payments').select('paid_amount').where('id', '=', inv.id).executeTakeFirstOrThrow())
        .paid_amount,
    ).toBe(0);
    const logged = await db
      .selectFrom('payment_callbacks')
      .select(['outcome', 'signature_valid'])
      .where('reference', '=', ref)
      .execute();
    expect(logged).toEqual(Array(3).fill({ outcome: 'bad_signature', signature_valid: false }));
  });

  it('a refund restores the balance (a new ledger row, the installment unpaid again)', async () => {
    const s = await newStudent();
    await fillWallet(db, s.student_id!, 200);
    const inv = await invoice(db, { student_id: s.student_id, billing: 'service_fees', amount: 150 });
    expect((await call(app, 'POST', `/api/sis/payments/pay/${inv.id}`, { token: s.token })).status).toBe(200);
    expect(await balance(s)).toBe(50);
    const tx = await db
      .selectFrom('transactions')
      .select('id')
      .where('payment_id', '=', inv.id)
      .executeTakeFirstOrThrow();
    expect((await call(app, 'POST', `/api/sis/transactions/put/${tx.id}`, { token: s.token, body: {} })).status).toBe(
      403,
    );
    const refund = await call(app, 'POST', `/api/sis/transactions/put/${tx.id}`, {
      token: officer.token,
      body: { to: 'wallet' },
    });
    expect(refund.status).toBe(201);
    expect(await balance(s)).toBe(200);
    expect(refund.body.data.payment.status_id).toBe(1);
    const rows = await db
      .selectFrom('transactions')
      .select(['kind_id', 'amount'])
      .where('payment_id', '=', inv.id)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { kind_id: 1, amount: 150 },
      { kind_id: 2, amount: -150 },
    ]);
    const twice = await call(app, 'POST', `/api/sis/transactions/put/${tx.id}`, { token: officer.token, body: {} });
    expect(twice.status).toBe(422);
  });

  it('manual payment needs manage_payments', async () => {
    const s = await newStudent();
    const inv = await invoice(db, { student_id: s.student_id, billing: 'tuition_fees', amount: 500 });
    const body = { payment_id: inv.id, installment_id: 1, amount: 500, payment_option_id: 4, reference: 'R-1001' };
    expect((await call(app, 'POST', '/api/sis/transactions/put', { token: s.token, body })).status).toBe(403);
    const viewer = await createUser(db, { type: 4, roles: ['finance'] }); // access_finance only
    expect((await call(app, 'POST', '/api/sis/transactions/put', { token: viewer.token, body })).status).toBe(403);
    expect((await call(app, 'POST', '/api/sis/transactions/put', { body })).status).toBe(401);
    const r = await call(app, 'POST', '/api/sis/transactions/put', { token: officer.token, body });
    expect(r.status).toBe(201);
    expect(r.body.data.payment.status_id).toBe(0);
    const missing = await call(app, 'POST', '/api/sis/transactions/put', {
      token: officer.token,
      body: { ...body, reference: '' },
      lang: 'ar',
    });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.reference).toEqual(['من فضلك املأ هذا الحقل']);
    // The record-payment form sends the invoice number as staff read it.
    const inv2 = await invoice(db, { student_id: s.student_id, billing: 'exam_fees', amount: 70 });
    const { payment_id: _omit, ...byNumber } = body;
    expect(
      (
        await call(app, 'POST', '/api/sis/transactions/put', {
          token: officer.token,
          body: { ...byNumber, invoice: 'INV-000000' },
        })
      ).body.errors.invoice,
    ).toEqual(['The selected item does not exist']);
    const byCode = await call(app, 'POST', '/api/sis/transactions/put', {
      token: officer.token,
      body: { ...byNumber, amount: 70, invoice: inv2.reference.toLowerCase() },
    });
    expect(byCode.status).toBe(201);
    expect(byCode.body.data.payment.id).toBe(inv2.id);
  });

  it('an Idempotency-Key makes a retried or double-clicked payment pay once', async () => {
    const s = await newStudent();
    await fillWallet(db, s.student_id!, 100);
    const a = await invoice(db, { student_id: s.student_id, billing: 'service_fees', amount: 30 });
    const headers = { 'idempotency-key': 'click-1' };
    const [first, second] = await Promise.all([
      call(app, 'POST', `/api/sis/payments/pay/${a.id}`, { token: s.token, headers }),
      call(app, 'POST', `/api/sis/payments/pay/${a.id}`, { token: s.token, headers }),
    ]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(await balance(s)).toBe(70);
    const charge = { amount: 20, payment_option_id: 1 };
    const c1 = await call(app, 'POST', '/api/sis/credit-transactions/charge-my-credit', {
      token: s.token,
      body: charge,
      headers: { 'idempotency-key': 'charge-1' },
    });
    const c2 = await call(app, 'POST', '/api/sis/credit-transactions/charge-my-credit', {
      token: s.token,
      body: charge,
      headers: { 'idempotency-key': 'charge-1' },
    });
    expect(c2.body.data.reference).toBe(c1.body.data.reference);
    expect(c2.body.data.redirect_url).toBe(c1.body.data.redirect_url);
    // The same key for another request is refused, and moves nothing.
    const other = await call(app, 'POST', '/api/sis/credit-transactions/charge-my-credit', {
      token: s.token,
      body: { ...charge, amount: 21 },
      headers: { 'idempotency-key': 'charge-1' },
    });
    expect(other.status).toBe(422);
    expect(other.body.error).toBe('This Idempotency-Key was already used for another request');
    const b = await invoice(db, { student_id: s.student_id, billing: 'service_fees', amount: 5 });
    expect((await call(app, 'POST', `/api/sis/payments/pay/${b.id}`, { token: s.token, headers })).status).toBe(422);
    expect(await balance(s)).toBe(70);
  });

  it('the payment gate answers redirect_to payments while an installment is overdue', async () => {
    const s = await newStudent();
    await fillWallet(db, s.student_id!, 300);
    const inv = await invoice(db, {
      student_id: s.student_id,
      billing: 'tuition_fees',
      amount: 600,
      installments: [
        { amount: 300, due_date: isoDay(-1) },
        { amount: 300, due_date: isoDay(20) },
      ],
    });
    const refused = await call(app, 'PUT', '/api/sis/test/register', { token: s.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ redirect_to: 'payments', error: 'You have to pay your due invoices.' });
    expect((await call(app, 'PUT', '/api/sis/test/register', { token: s.token, lang: 'ar' })).body.error).toBe(
      'يجب عليك سداد الفواتير المستحقة.',
    );
    expect((await call(app, 'POST', `/api/sis/payments/pay/${inv.id}/1`, { token: s.token })).status).toBe(200);
    // The second installment is not yet due: the gate is open.
    expect((await call(app, 'PUT', '/api/sis/test/register', { token: s.token })).status).toBe(200);
    expect((await call(app, 'PUT', '/api/sis/test/register', { token: officer.token })).status).toBe(200);
  });

  it('money records are never written through the generic API; staff create invoices with installments', async () => {
    const s = await newStudent();
    for (const [method, url] of [
      ['PUT', '/api/sis/credits'],
      ['PUT', '/api/sis/credit_transactions'],
      ['DELETE', '/api/sis/transactions/1'],
      ['PUT', '/api/sis/payments/1'],
    ] as const) {
      expect(
        (await call(app, method, url, { token: officer.token, body: method === 'PUT' ? { balance: 1e6 } : undefined }))
          .status,
      ).toBe(405);
    }
    const body = {
      student_id: s.student_id,
      billing_kind_id: 5,
      amount: 1000,
      installments: [
        { amount: 600, due_date: isoDay(1) },
        { amount: 400, due_date: isoDay(90) },
      ],
    };
    expect((await call(app, 'PUT', '/api/sis/payments', { token: s.token, body })).status).toBe(403);
    const bad = await call(app, 'PUT', '/api/sis/payments', { token: officer.token, body: { ...body, amount: 999 } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.installments[0]).toContain('999');
    const ok = await call(app, 'PUT', '/api/sis/payments', { token: officer.token, body });
    expect(ok.status).toBe(201);
    expect(ok.body.data.installments.map((i: { installment_id: number }) => i.installment_id)).toEqual([1, 2]);
    const list = await call(app, 'POST', '/api/sis/installments', { token: s.token, body: {} });
    expect(list.body.data.length).toBe(2);
    // The invoice form sends the installments as first_/second_/third_ fields.
    const form = {
      student_id: s.student_id,
      billing_kind_id: 3,
      currency_id: 1,
      amount: 300,
      first_amount: 100,
      first_due: isoDay(5),
      second_amount: 200,
      second_due: isoDay(35),
    };
    const short = await call(app, 'PUT', '/api/sis/payments', {
      token: officer.token,
      body: { ...form, second_amount: 150 },
    });
    expect(short.body.errors.amount[0]).toContain('300');
    expect(
      (await call(app, 'PUT', '/api/sis/payments', { token: officer.token, body: { ...form, second_due: '' } })).body
        .errors.second_due,
    ).toBeDefined();
    const made = await call(app, 'PUT', '/api/sis/payments', { token: officer.token, body: form });
    expect(made.status).toBe(201);
    expect(made.body.data.installments.map((i: { amount: number }) => i.amount)).toEqual([100, 200]);
  });

  it('bank transfer is for non-Egyptians only and waits for the finance office', async () => {
    const egyptian = await newStudent();
    const foreign = await newStudent();
    await db
      .insertInto('countries')
      .values({ id: 65, code: 'SD', name: 'Sudan', name_local: 'السودان' })
      .onConflict((oc) => oc.doNothing())
      .execute();
    await db.updateTable('students').set({ nationality_id: 65 }).where('id', '=', foreign.student_id!).execute();
    const a = await invoice(db, { student_id: egyptian.student_id, billing: 'tuition_fees', amount: 100 });
    const b = await invoice(db, {
      student_id: foreign.student_id,
      billing: 'tuition_fees',
      amount: 100,
      currency: 'USD',
    });
    expect(
      (
        await call(app, 'POST', `/api/sis/payments/${a.id}`, {
          token: egyptian.token,
          body: { installment_id: 1, payment_option_id: 5 },
        })
      ).status,
    ).toBe(422);
    const r = await call(app, 'POST', `/api/sis/payments/${b.id}`, {
      token: foreign.token,
      body: { installment_id: 1, payment_option_id: 5 },
    });
    expect(r.status).toBe(200);
    expect(
      (await db.selectFrom('payments').select('status_id').where('id', '=', b.id).executeTakeFirstOrThrow()).status_id,
    ).toBe(5);
    // A USD invoice cannot be paid from the EGP wallet.
    expect((await call(app, 'POST', `/api/sis/payments/pay/${b.id}`, { token: foreign.token })).status).toBe(422);
    const confirm = await call(app, 'POST', '/api/sis/transactions/put', {
      token: officer.token,
      body: { payment_id: b.id, payment_option_id: 5, reference: 'SWIFT-77' },
    });
    expect(confirm.status).toBe(201);
    expect(confirm.body.data.payment.status_id).toBe(0);
  });

  it('finance staff adjust a wallet (cash in, cash out), never below zero; students may not', async () => {
    const s = await newStudent();
    await fillWallet(db, s.student_id!, 10);
    const wallet = await db
      .selectFrom('credits')
      .select('id')
      .where('student_id', '=', s.student_id!)
      .executeTakeFirstOrThrow();
    const url = `/api/sis/credits/adjust/${wallet.id}`;
    expect((await call(app, 'POST', url, { token: s.token, body: { amount: 100, reference: 'R1' } })).status).toBe(403);
    expect(
      (await call(app, 'POST', url, { token: officer.token, body: { amount: 100, reference: 'R1' } })).body.data
        .balance,
    ).toBe(110);
    expect(
      (await call(app, 'POST', url, { token: officer.token, body: { amount: -200, reference: 'R2' } })).status,
    ).toBe(422);
    expect(
      (await call(app, 'POST', url, { token: officer.token, body: { amount: -110, reference: 'R3' } })).body.data
        .balance,
    ).toBe(0);
    expect(
      (await call(app, 'POST', url, { token: officer.token, body: { amount: 5 } })).body.errors.reference,
    ).toBeDefined();
    expect(await balance(s)).toBe(0);
  });

  it('refuses bad input with a field error in both languages and changes nothing', async () => {
    const s = await newStudent();
    const charge = (body: unknown, lang = 'en') =>
      call(app, 'POST', '/api/sis/credit-transactions/charge-my-credit', { token: s.token, body, lang });
    expect((await charge({ amount: 0, payment_option_id: 1 })).body.errors.amount).toEqual([
      'The amount must be more than zero',
    ]);
    expect((await charge({ amount: 'ten', payment_option_id: 1 }, 'ar')).body.errors.amount).toEqual([
      'يجب أن تكون القيمة رقمًا',
    ]);
    expect((await charge({ amount: 10.005, payment_option_id: 1 })).status).toBe(422);
    expect((await charge({ amount: 2_000_000, payment_option_id: 1 })).status).toBe(422);
    expect((await charge({ amount: 10, payment_option_id: 3 })).body.errors.payment_option_id).toBeDefined();
    expect((await call(app, 'POST', '/api/sis/payments/pay/abc', { token: s.token })).status).toBe(400);
    expect((await call(app, 'POST', '/api/sis/payments/pay/999999/7', { token: s.token })).status).toBe(422);
    expect((await call(app, 'POST', '/api/sis/payments/pay/999999', { token: s.token })).status).toBe(404);
    expect(
      await db.selectFrom('provider_payments').select('id').where('student_id', '=', s.student_id!).execute(),
    ).toEqual([]);
    await db.updateTable('settings').set({ value: 'false' }).where('name', '=', 'pay_with_credit_card').execute();
    const off = await charge({ amount: 10, payment_option_id: 1 });
    await db.updateTable('settings').set({ value: 'true' }).where('name', '=', 'pay_with_credit_card').execute();
    expect(off.status).toBe(422);
    expect(off.body.error).toBe('This payment option is not available');
  });

  it('in production the sandbox is off unless PAYMENT_SANDBOX=true: card and voucher refused, no hosted page', async () => {
    const production = await buildApp({
      manifest: realManifest!,
      db,
      config: { ...financeConfig(), nodeEnv: 'production' },
      domains: [{ name: 'finance', plugin: financeDomain }],
      clientDir: null,
    });
    try {
      await production.ready();
      const s = await newStudent();
      const r = await call(production, 'POST', '/api/sis/credit-transactions/charge-my-credit', {
        token: s.token,
        body: { amount: 10, payment_option_id: 1 },
      });
      expect(r.status).toBe(422);
      expect(r.body.error).toBe('This payment option is not available');
      const page = await production.inject({ method: 'GET', url: '/api/sis/payments/sandbox/SBX-x' });
      expect(page.statusCode).toBeGreaterThanOrEqual(400);
      expect(page.body).not.toContain('<html');
      expect(
        await db.selectFrom('provider_payments').select('id').where('student_id', '=', s.student_id!).execute(),
      ).toEqual([]);
    } finally {
      await production.close();
    }
  });

  it('prints Cash_Instructions.pdf for the owner only', async () => {
    const s = await newStudent();
    const other = await newStudent();
    const inv = await invoice(db, { student_id: s.student_id, billing: 'exam_fees', amount: 80 });
    const pdf = await app.inject({
      method: 'GET',
      url: `/api/sis/payments/print-pdf/${inv.id}`,
      headers: { authorization: `Bearer ${s.token}`, 'accept-language': 'ar' },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toContain('Cash_Instructions.pdf');
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    if (fs.existsSync('/usr/bin/pdftotext')) {
      // Arabic comes back in logical order (shaped glyphs map back to their letters), Latin intact.
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rowaq-cash-'));
      fs.writeFileSync(path.join(dir, 'c.pdf'), pdf.rawPayload);
      const text = execFileSync('/usr/bin/pdftotext', ['-layout', '-enc', 'UTF-8', path.join(dir, 'c.pdf'), '-'], {
        encoding: 'utf8',
      })
        .replace(/[\u200e\u200f\u202a-\u202e]/g, ' ')
        .replace(/\s+/g, ' ');
      fs.rmSync(dir, { recursive: true, force: true });
      expect(text).toContain('تعليمات الدفع النقدي');
      expect(text).toContain('رسوم الاختبار');
      expect(text).toContain(inv.reference);
      expect(text).toContain('80.00');
      // the total in words (engine/core/number-words.ts), as the cashier reads it
      expect(text).toContain('المبلغ بالحروف');
      expect(text).toContain('فقط ثمانون جنيه مصري لا غير');
    }
    expect((await call(app, 'GET', `/api/sis/payments/print-pdf/${inv.id}`, { token: other.token })).status).toBe(404);
  });
});
