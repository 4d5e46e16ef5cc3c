/**
 * GET /api/sis/users/gates (finance/routes-gates.ts): the gated actions closed for the caller,
 * each with the redirect and the message of the 403 it would get, in the caller's language; {}
 * for a student with nothing overdue, staff and guests. The checks are the gate's own: the call
 * lists an action exactly when the gated call answers 403. Cheap: one query per kind of check.
 * On the real screens/ manifest; PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import type { FastifyInstance } from 'fastify';
import { sql, type KyselyPlugin, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Manifest } from '../../generator/manifest-types.ts';
import type { RequestUser } from '../../server/auth/user.ts';
import { openDatabase } from '../../server/db/open.ts';
import { closedGates, gatePreHandler } from '../../server/domains/finance/gate.ts';
import { BACKENDS, call, createUser, openTestDatabase, type TestDatabase, type TestUser } from './harness.ts';
import { financeApp, invoice, isoDay, makeFaculty, realManifest } from './finance-helpers.ts';

/** Counts the statements run through the Kysely instance it is plugged into. */
function counting(db: Kysely<any>): { db: Kysely<any>; count: () => number } {
  let n = 0;
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      n += 1;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { db: db.withPlugin(plugin), count: () => n };
}

describe.skipIf(!realManifest).each(BACKENDS)('GET /users/gates on $name', (backend) => {
  let database: TestDatabase;
  let db: Kysely<any>;
  let app: FastifyInstance;
  let faculty: number;
  const manifest = realManifest!;
  const paymentActions = () =>
    Object.values(manifest.gates ?? {})
      .filter((g) => g.check === 'overdue_installments')
      .flatMap((g) => g.actions);
  const newStudent = () => createUser(db, { type: 3, roles: ['student'], student: { faculty_id: faculty } });
  const gates = async (user: TestUser | null, lang?: string) => {
    const r = await call(app, 'GET', '/api/sis/users/gates', {
      ...(user ? { token: user.token } : {}),
      ...(lang ? { lang } : {}),
    });
    expect(r.status).toBe(200);
    return r.body.data as Record<string, { redirect_to: string; message: string }>;
  };

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    db = database.db;
    app = await financeApp(db, manifest, [
      {
        name: 'gated-test',
        plugin: async (sub, { db: d, manifest: m }) => {
          sub.put('/test/register', { preHandler: gatePreHandler(d, m, 'registration.request') }, async () => ({
            data: 'registered',
          }));
        },
      },
    ]);
    faculty = await makeFaculty(db, 'GTS');
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('lists every action of the payments gate for an overdue student, with the 403 message in English and Arabic', async () => {
    const s = await newStudent();
    await invoice(db, {
      student_id: s.student_id,
      billing: 'tuition_fees',
      amount: 600,
      installments: [
        { amount: 300, due_date: isoDay(-2) },
        { amount: 300, due_date: isoDay(30) },
      ],
    });
    const en = await gates(s);
    expect(Object.keys(en).sort()).toEqual([...new Set(paymentActions())].sort());
    expect(en['registration.request']).toEqual({
      redirect_to: 'payments',
      message: 'You have to pay your due invoices.',
    });
    const refused = await call(app, 'PUT', '/api/sis/test/register', { token: s.token });
    expect(refused.status).toBe(403);
    expect(en['registration.request']!.message).toBe(refused.body.error);
    const ar = await gates(s, 'ar');
    expect(ar['registration.request']).toEqual({
      redirect_to: 'payments',
      message: 'يجب عليك سداد الفواتير المستحقة.',
    });
    expect(ar['registration.request']!.message).toBe(
      (await call(app, 'PUT', '/api/sis/test/register', { token: s.token, lang: 'ar' })).body.error,
    );
  });

  it('answers {} when nothing is overdue: not yet due, paid, staff, guests; and the gated call then passes', async () => {
    const s = await newStudent();
    expect(await gates(s)).toEqual({});
    await invoice(db, {
      student_id: s.student_id,
      billing: 'tuition_fees',
      amount: 300,
      installments: [{ amount: 300, due_date: isoDay(5) }],
    });
    expect(await gates(s)).toEqual({});
    expect((await call(app, 'PUT', '/api/sis/test/register', { token: s.token })).status).toBe(200);

    const paid = await newStudent();
    const inv = await invoice(db, {
      student_id: paid.student_id,
      billing: 'tuition_fees',
      amount: 300,
      installments: [{ amount: 300, due_date: isoDay(-3) }],
    });
    expect(Object.keys(await gates(paid))).toContain('registration.request');
    await db
      .updateTable('installments')
      .set({ paid_amount: 300, status_id: 0 })
      .where('payment_id', '=', inv.id)
      .execute();
    expect(await gates(paid)).toEqual({});

    const staff = await createUser(db, { type: 4, roles: ['registrar'] });
    expect(await gates(staff)).toEqual({});
    expect(await gates(null)).toEqual({});
  });

  it('costs one query for a student (one per kind of check the manifest can run) and none for staff or guests', async () => {
    const s = await newStudent();
    await invoice(db, {
      student_id: s.student_id,
      billing: 'tuition_fees',
      amount: 100,
      installments: [{ amount: 100, due_date: isoDay(-1) }],
    });
    const student = {
      id: s.id,
      student_id: s.student_id,
      type: 3,
      permissions: [],
      roles: ['student'],
    } as unknown as RequestUser;
    const c = counting(db);
    const closed = await closedGates(c.db, manifest, student);
    expect(closed.get('registration.request')?.redirect_to).toBe('payments');
    // The real manifest declares no questionnaire entities: the survey gate needs no query.
    expect(c.count()).toBe(1);
    const staff = counting(db);
    expect(
      (await closedGates(staff.db, manifest, { id: 5, type: 4, permissions: [], roles: [] } as unknown as RequestUser))
        .size,
    ).toBe(0);
    expect(
      (
        await closedGates(staff.db, manifest, {
          id: null,
          type: 0,
          permissions: [],
          roles: [],
        } as unknown as RequestUser)
      ).size,
    ).toBe(0);
    expect(staff.count()).toBe(0);
  });
});

describe('closedGates with both gates', () => {
  const manifest = {
    entities: {
      questionnaires: {
        name: 'questionnaires',
        table: 'questionnaires',
        softDelete: false,
        fields: { mandatory: { name: 'mandatory' } },
      },
      questionnaire_submissions: {
        name: 'questionnaire_submissions',
        table: 'questionnaire_submissions',
        softDelete: false,
        fields: { questionnaire_id: { name: 'questionnaire_id' }, user_id: { name: 'user_id' } },
      },
    },
    gates: {
      payments_due: {
        name: 'payments_due',
        check: 'overdue_installments',
        redirect_to: 'payments',
        actions: ['registration.request', 'hotels.reserve'],
      },
      survey_required: {
        name: 'survey_required',
        check: 'mandatory_questionnaire',
        redirect_to: 'dashboard',
        actions: ['registration.request', 'services.request'],
      },
    },
  } as unknown as Manifest;
  const user = { id: 7, student_id: 70 } as unknown as RequestUser;

  it('gives each action the gate its 403 would carry: the first closed one in YAML order', async () => {
    const database = await openDatabase({ memory: true });
    try {
      for (const ddl of [
        'create table installments (id serial primary key, student_id int8, status_id int, paid_amount numeric, amount numeric, due_date date)',
        'create table questionnaires (id serial primary key, mandatory boolean)',
        'create table questionnaire_submissions (id serial primary key, questionnaire_id int8, user_id int8)',
      ])
        await sql.raw(ddl).execute(database.db);
      const summary = async () =>
        Object.fromEntries([...(await closedGates(database.db, manifest, user))].map(([a, g]) => [a, g.redirect_to]));
      expect(await summary()).toEqual({});
      await sql`insert into questionnaires (mandatory) values (true)`.execute(database.db);
      expect(await summary()).toEqual({ 'registration.request': 'dashboard', 'services.request': 'dashboard' });
      await sql`insert into installments (student_id, status_id, paid_amount, amount, due_date) values (70, 1, 0, 100, current_date - 3)`.execute(
        database.db,
      );
      expect(await summary()).toEqual({
        'registration.request': 'payments',
        'hotels.reserve': 'payments',
        'services.request': 'dashboard',
      });
    } finally {
      await database.close();
    }
  });
});
