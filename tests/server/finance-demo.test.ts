/**
 * The demo university's finance data: the books balance, overdue@rowaq.demo is behind the
 * payment gate (and can get out of it: charge in the sandbox, pay the installment), the other
 * demo accounts are not. PGlite only: the seed itself is covered on both backends by seed.test.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authDomain } from '../../server/domains/auth/plugin.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/db/seed/demo/index.ts';
import { OVERDUE_DEMO_EMAIL } from '../../server/db/seed/demo/finance.ts';
import { seed } from '../../server/db/seed/index.ts';
import { checkLedger } from '../../server/domains/finance/ledger-check.ts';
import { closedGate } from '../../server/domains/finance/gate.ts';
import { call, openTestDatabase, type TestDatabase } from './harness.ts';
import { financeApp, realManifest } from './finance-helpers.ts';

describe.skipIf(!realManifest)('finance demo data on PGlite', () => {
  let database: TestDatabase;
  let db: Kysely<any>;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase({ name: 'pglite' });
    db = database.db;
    app = await financeApp(db, realManifest!, [{ name: 'auth', plugin: authDomain, prefix: '' }]);
    await db.deleteFrom('settings').execute(); // financeApp's settings; the demo brings its own
    await db.deleteFrom('countries').execute();
    await seed(db, realManifest!, { demo: true });
  }, 240_000);
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  const login = async (email: string) => {
    const r = await call(app, 'POST', '/api/sis/login', { body: { email, password: DEMO_PASSWORD } });
    expect(r.status).toBe(200);
    return r.body.token as string;
  };

  it('balances: every stored amount equals its ledger', async () => {
    expect(await checkLedger(db)).toEqual([]);
    expect(
      Number((await db.selectFrom('payments').select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
    ).toBeGreaterThan(300);
  });

  it('overdue@rowaq.demo is gated until the overdue installment is paid; student@rowaq.demo is not', async () => {
    const token = await login(OVERDUE_DEMO_EMAIL);
    const me = await db
      .selectFrom('students')
      .innerJoin('users', 'users.id', 'students.user_id')
      .select(['students.id', 'users.id as user_id'])
      .where('users.email', '=', OVERDUE_DEMO_EMAIL)
      .executeTakeFirstOrThrow();
    const subject = { id: Number(me.user_id), student_id: Number(me.id), permissions: ['access_student'] } as never;
    expect((await closedGate(db, realManifest!, subject, 'registration.request'))?.redirect_to).toBe('payments');

    const charge = await call(app, 'POST', '/api/sis/credit-transactions/charge-my-credit', {
      token,
      body: { amount: 1500, payment_option_id: 1, return_path: '/my_credit' },
    });
    expect(charge.status).toBe(201);
    const ref = charge.body.data.redirect_url.split('/').pop().split('?')[0];
    const key = new URL(charge.body.data.redirect_url, 'http://x').searchParams.get('key');
    const click = await app.inject({
      method: 'POST',
      url: `/api/sis/payments/sandbox/${ref}/pay?key=${key}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(click.statusCode).toBe(303);
    const open = await call(app, 'POST', '/api/sis/installments', { token, body: { filters: { status_id: 1 } } });
    const first = open.body.data.find((i: { installment_id: number }) => i.installment_id === 1);
    expect(first).toBeDefined();
    expect((await call(app, 'POST', `/api/sis/payments/pay/${first.payment_id}/1`, { token })).status).toBe(200);
    expect(await closedGate(db, realManifest!, subject, 'registration.request')).toBeUndefined();

    const demo = await db
      .selectFrom('students')
      .innerJoin('users', 'users.id', 'students.user_id')
      .select(['students.id', 'users.id as user_id'])
      .where('users.email', '=', DEMO_ACCOUNTS.student.email)
      .executeTakeFirstOrThrow();
    expect(
      await closedGate(
        db,
        realManifest!,
        { id: Number(demo.user_id), student_id: Number(demo.id), permissions: [] } as never,
        'registration.request',
      ),
    ).toBeUndefined();
    expect(await checkLedger(db)).toEqual([]);
  });
});
