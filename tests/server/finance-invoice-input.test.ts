/**
 * Creating an invoice (PUT /payments, createInvoice) with references that do not exist or a due
 * date that is no calendar day: a 422 field error in the caller's language, nothing written
 * (before: 409 "This record is used by other records..." and 400 "A value in the request has
 * the wrong form").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { ValidationError } from '../../server/http/errors.ts';
import { BACKENDS, call, createUser, openTestDatabase, type TestDatabase, type TestUser } from './harness.ts';
import { financeApp, invoice, isoDay, makeFaculty, realManifest } from './finance-helpers.ts';

const MISSING = { en: 'The selected item does not exist', ar: 'العنصر المختار غير موجود' };
const BAD_DATE = { en: 'Must be a valid date (YYYY-MM-DD)', ar: 'يجب أن يكون تاريخًا صحيحًا (YYYY-MM-DD)' };

describe.skipIf(!realManifest).each(BACKENDS)('invoice input on $name', (backend) => {
  let database: TestDatabase;
  let db: Kysely<any>;
  let app: FastifyInstance;
  let faculty: number;
  let officer: TestUser;
  let student: TestUser;

  const create = (body: unknown, lang?: string) =>
    call(app, 'PUT', '/api/sis/payments', { token: officer.token, body, lang });
  const invoices = async () => (await db.selectFrom('payments').select('id').execute()).length;

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    db = database.db;
    app = await financeApp(db, realManifest!);
    faculty = await makeFaculty(db);
    officer = await createUser(db, { type: 4, roles: ['finance_officer'] });
    student = await createUser(db, { type: 3, roles: ['student'], student: { faculty_id: faculty } });
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('a student that does not exist is a field error on student_id (422), not 409 "in use"', async () => {
    const before = await invoices();
    const res = await create({ student_id: 99999999, billing_kind_id: 7, amount: 100 });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      errors: { student_id: [MISSING.en] },
      message: 'Please Check Inputs Errors, And Try Again',
    });
    const ar = await create({ student_id: 99999999, billing_kind_id: 7, amount: 100 }, 'ar');
    expect(ar.body.errors).toEqual({ student_id: [MISSING.ar] });
    expect(await invoices()).toBe(before);
  });

  it('checks the term and the applicant too, every missing one at once; a deleted student counts as missing', async () => {
    let res = await create({ student_id: 99999999, term_id: 88888888, billing_kind_id: 7, amount: 100 });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ student_id: [MISSING.en], term_id: [MISSING.en] });
    res = await create({ applicant_id: 77777777, billing_kind_id: 1, amount: 100 });
    expect(res.body.errors).toEqual({ applicant_id: [MISSING.en] });
    const gone = await createUser(db, { type: 3, roles: ['student'], student: { faculty_id: faculty } });
    await db.updateTable('students').set({ deleted_at: new Date() }).where('id', '=', gone.student_id!).execute();
    res = await create({ student_id: gone.student_id, billing_kind_id: 7, amount: 100 });
    expect(res.body.errors).toEqual({ student_id: [MISSING.en] });
    // The function itself (other domains call it) says the same.
    await expect(invoice(db, { student_id: 99999999, billing: 'service_fees', amount: 10 })).rejects.toBeInstanceOf(
      ValidationError,
    );
  });

  it('a due date that is no calendar day (2026-02-30) is a field error on installments.N.due_date, English and Arabic', async () => {
    const before = await invoices();
    const body = {
      student_id: student.student_id,
      billing_kind_id: 7,
      amount: 100,
      installments: [{ amount: 100, due_date: '2026-02-30' }],
    };
    const res = await create(body);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      errors: { 'installments.0.due_date': [BAD_DATE.en] },
      message: 'Please Check Inputs Errors, And Try Again',
    });
    const two = await create(
      {
        ...body,
        installments: [
          { amount: 40, due_date: isoDay(5) },
          { amount: 60, due_date: '2025-02-29' },
        ],
      },
      'ar',
    );
    expect(two.status).toBe(422);
    expect(two.body.errors).toEqual({ 'installments.1.due_date': [BAD_DATE.ar] });
    expect((await create({ ...body, installments: [{ amount: 100, due_date: '2026-2-3' }] })).body.errors).toEqual({
      'installments.0.due_date': [BAD_DATE.en],
    });
    expect(await invoices()).toBe(before);
    // The invoice form's boxes: the error is on the box of that installment.
    const form = {
      student_id: student.student_id,
      billing_kind_id: 3,
      amount: 300,
      first_amount: 100,
      first_due: isoDay(5),
      second_amount: 200,
      second_due: '2026-04-31',
    };
    expect((await create(form)).body.errors).toEqual({ second_due: [BAD_DATE.en] });
    // A real leap day is fine.
    expect((await create({ ...body, installments: [{ amount: 100, due_date: '2028-02-29' }] })).status).toBe(201);
  });
});
