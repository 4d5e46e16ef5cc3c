/**
 * Finance staff's calls: record a payment received (POST /transactions/put), refund one (POST
 * /transactions/put/{id}), create an invoice (PUT /payments), exports. And the refusals that
 * keep the generic resource API from writing money records on its own (405).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, ValidationError, type FieldErrors } from '../../http/errors.ts';
import { writeXlsx } from '../../documents/xlsx.ts';
import { pathId, requireAnyPermission } from '../auth/guards.ts';
import type { DomainOptions } from '../index.ts';
import { CURRENCY, PAYMENT_OPTION, currencyCode, type PaymentMethod } from './codes.ts';
import { idempotent } from './idempotency.ts';
import { checkedCents, createInvoice, recordPayment, refundTransaction } from './ledger.ts';
import { creditWallet, debitWallet } from './wallet.ts';
import { language } from './routes-pay.ts';

const LEDGER_RESOURCES = ['payments', 'installments', 'transactions', 'credits', 'credit_transactions'];

type Body = Record<string, unknown>;

function bodyOf(request: FastifyRequest): Body {
  const body = request.body ?? {};
  if (typeof body !== 'object' || Array.isArray(body)) throw new HttpError(400, 'body_not_object');
  return body as Body;
}

function optionalInt(body: Body, field: string): number | null {
  const v = body[field];
  if (v === undefined || v === null || v === '') return null;
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n < 1) throw ValidationError.single(field, { key: 'type_integer' });
  return n;
}

/**
 * The invoice form's installments (first_amount/first_due, second_..., third_...) as the list
 * createInvoice takes, with the form's name of each part's due date; undefined when the form
 * gave none. A missing due date is a field error.
 */
function flatInstallments(
  body: Body,
): { parts: Array<{ amount: unknown; due_date: unknown }>; dueFields: string[] } | undefined {
  const parts: Array<{ amount: unknown; due_date: unknown }> = [];
  const dueFields: string[] = [];
  for (const n of ['first', 'second', 'third']) {
    const amount = body[`${n}_amount`];
    if (amount === undefined || amount === null || amount === '') continue;
    const due = body[`${n}_due`];
    if (typeof due !== 'string' || !due) throw ValidationError.single(`${n}_due`, { key: 'required' });
    parts.push({ amount, due_date: due });
    dueFields.push(`${n}_due`);
  }
  return parts.length ? { parts, dueFields } : undefined;
}

/** createInvoice's field names as the invoice form names them (its total, its first_due...). */
function formFields(fields: FieldErrors, dueFields: string[]): FieldErrors {
  const out: FieldErrors = {};
  for (const [name, messages] of Object.entries(fields)) {
    const due = /^installments\.(\d+)\.due_date$/.exec(name);
    const target = name === 'installments' ? 'amount' : due ? (dueFields[Number(due[1])] ?? name) : name;
    (out[target] ??= []).push(...messages);
  }
  return out;
}

export function staffRoutes(app: FastifyInstance, { db, manifest }: DomainOptions): void {
  // Money records change only through the ledger functions.
  const refuse = async () => {
    throw new HttpError(405, 'ledger_read_only');
  };
  for (const resource of LEDGER_RESOURCES) {
    if (resource !== 'payments') app.put(`/${resource}`, refuse);
    app.put(`/${resource}/:id`, refuse);
    app.delete(`/${resource}/:id`, refuse);
    app.post(`/${resource}/restore/:id`, refuse);
  }

  // PUT /payments: a new invoice with its installments (finance staff).
  app.put('/payments', async (request, reply) => {
    const user = requireAnyPermission(request, ['manage_payments']);
    const body = bodyOf(request);
    const flatForm = body.installments === undefined ? flatInstallments(body) : undefined;
    const installments = body.installments ?? flatForm?.parts;
    if (
      installments !== undefined &&
      (!Array.isArray(installments) || installments.some((i) => typeof i !== 'object' || i === null))
    ) {
      throw ValidationError.single('installments', { key: 'installments_count' });
    }
    const currency = optionalInt(body, 'currency_id') ?? CURRENCY.EGP;
    if (currency !== CURRENCY.EGP && currency !== CURRENCY.USD)
      throw ValidationError.single('currency_id', { key: 'status_invalid' });
    if (body.billing_kind_id === undefined || body.billing_kind_id === null || body.billing_kind_id === '') {
      throw ValidationError.single('billing_kind_id', { key: 'required' });
    }
    const invoice = await db
      .transaction()
      .execute((trx) =>
        createInvoice(trx, {
          student_id: optionalInt(body, 'student_id'),
          applicant_id: optionalInt(body, 'applicant_id'),
          billing: optionalInt(body, 'billing_kind_id')!,
          amount: Number(body.amount),
          currency: currencyCode(currency),
          installments: (installments as Array<{ amount: number; due_date: string }> | undefined)?.map((i) => ({
            amount: Number(i.amount),
            due_date: String(i.due_date ?? ''),
          })),
          term_id: optionalInt(body, 'term_id'),
          description: typeof body.description === 'string' ? body.description.slice(0, 200) : null,
          created_by: user.id,
        }),
      )
      .catch((error: unknown) => {
        // The form has no `installments` field: its sum error belongs under the total, a due date's under its own box.
        if (flatForm && error instanceof ValidationError)
          throw new ValidationError(formFields(error.fields, flatForm.dueFields));
        throw error;
      });
    reply.status(201);
    return { data: invoice };
  });

  // POST /transactions/put: a payment received by the finance office (manual or bank transfer).
  app.post('/transactions/put', async (request, reply) => {
    const user = requireAnyPermission(request, ['manage_payments']);
    const body = bodyOf(request);
    const option = Number(body.payment_option_id ?? PAYMENT_OPTION.manual);
    const method: PaymentMethod | undefined =
      option === PAYMENT_OPTION.manual
        ? 'manual'
        : option === PAYMENT_OPTION.bank_transfer
          ? 'bank_transfer'
          : undefined;
    if (!method) throw ValidationError.single('payment_option_id', { key: 'enum' });
    const paymentId = optionalInt(body, 'payment_id') ?? (await invoiceByNumber(body.invoice));
    const reference =
      typeof body.reference === 'string' && body.reference.trim() ? body.reference.trim().slice(0, 80) : null;
    if (!reference) throw ValidationError.single('reference', { key: 'required' });
    return idempotent(db, request, reply, 'record', async (trx) => {
      const result = await recordPayment(trx, {
        payment_id: paymentId,
        installment_id: optionalInt(body, 'installment_id'),
        amount: body.amount === undefined || body.amount === '' ? null : (body.amount as number),
        method,
        reference,
        user_id: user.id,
      });
      return {
        status: 201,
        body: { data: { payment: result.invoice, applied: result.applied, excess: result.excess } },
      };
    });
  });

  /** The invoice of a number as staff type it: INV-000123 (its code) or 123 (its id); 422 on the field otherwise. */
  async function invoiceByNumber(value: unknown): Promise<number> {
    const text =
      typeof value === 'string' ? value.trim().toUpperCase() : typeof value === 'number' ? String(value) : '';
    if (!text) throw ValidationError.single('invoice', { key: 'required' });
    const row = /^\d{1,15}$/.test(text)
      ? await db.selectFrom('payments').select('id').where('id', '=', Number(text)).executeTakeFirst()
      : await db.selectFrom('payments').select('id').where('code', '=', text).executeTakeFirst();
    if (!row) throw ValidationError.single('invoice', { key: 'ref_missing' });
    return Number(row.id);
  }

  // POST /transactions/put/{id} {amount?, to: wallet|cash}: a refund of ledger row {id}, as a new row.
  app.post<{ Params: { id: string } }>('/transactions/put/:id', (request, reply) => {
    const user = requireAnyPermission(request, ['manage_payments']);
    const body = bodyOf(request);
    const to = body.to === 'cash' ? 'cash' : 'wallet';
    if (body.to !== undefined && body.to !== 'cash' && body.to !== 'wallet')
      throw ValidationError.single('to', { key: 'enum' });
    const id = pathId(request.params.id);
    return idempotent(db, request, reply, `refund:${id}`, async (trx) => {
      const refund = await refundTransaction(trx, {
        transaction_id: id,
        amount: body.amount === undefined || body.amount === '' ? null : (body.amount as number),
        to,
        reference: typeof body.reference === 'string' ? body.reference.slice(0, 80) : null,
        user_id: user.id,
      });
      return { status: 201, body: { data: { id: refund.id, amount: refund.amount, payment: refund.invoice } } };
    });
  });

  // POST /credits/adjust/{id} {amount, reference}: the finance office puts money into a wallet
  // (cash paid in at the cashier) or pays a balance out (negative; never below zero).
  app.post<{ Params: { id: string } }>('/credits/adjust/:id', async (request, reply) => {
    const user = requireAnyPermission(request, ['manage_payments']);
    const body = bodyOf(request);
    const id = pathId(request.params.id);
    const amount = typeof body.amount === 'string' && body.amount.trim() !== '' ? Number(body.amount) : body.amount;
    if (typeof amount !== 'number' || !Number.isFinite(amount) || amount === 0)
      throw ValidationError.single('amount', { key: 'type_number' });
    const cents = checkedCents('amount', Math.abs(amount));
    const reference =
      typeof body.reference === 'string' && body.reference.trim() ? body.reference.trim().slice(0, 80) : null;
    if (!reference) throw ValidationError.single('reference', { key: 'required' });
    return idempotent(db, request, reply, `adjust:${id}`, async (trx) => {
      const wallet = await trx.selectFrom('credits').select('student_id').where('id', '=', id).executeTakeFirst();
      if (!wallet) throw new HttpError(404, 'not_found');
      const move = {
        student_id: Number(wallet.student_id),
        cents,
        kind: 'adjustment' as const,
        payment_option_id: PAYMENT_OPTION.manual,
        reference,
        user_id: user.id,
      };
      const result = amount > 0 ? await creditWallet(trx, move) : await debitWallet(trx, move);
      return { status: 201, body: { data: { id: result.id, balance: result.balance / 100 } } };
    });
  });

  // Exports of the staff lists (xlsx, headers in the caller's language).
  app.post('/payments/export', async (request, reply) => {
    requireAnyPermission(request, ['access_finance']);
    const lang = language(request);
    const rows = await db.selectFrom('payments').selectAll().orderBy('id').execute();
    const ar = lang === 'ar';
    const status = (table: string, id: unknown) => {
      const s = manifest.statusTables[table]?.statuses.find((x) => x.id === Number(id));
      return s ? (ar ? s.name_local : s.name) : '';
    };
    const xlsx = writeXlsx({
      rtl: ar,
      sheets: [
        {
          name: ar ? 'المدفوعات' : 'Payments',
          columns: [
            { header: ar ? 'المرجع' : 'Reference' },
            { header: ar ? 'الطالب' : 'Student', type: 'number' },
            { header: ar ? 'المتقدم' : 'Applicant', type: 'number' },
            { header: ar ? 'نوع الرسوم' : 'Billing kind' },
            { header: ar ? 'المبلغ' : 'Amount', type: 'number', format: '#,##0.00' },
            { header: ar ? 'المدفوع' : 'Paid', type: 'number', format: '#,##0.00' },
            { header: ar ? 'العملة' : 'Currency' },
            { header: ar ? 'تاريخ الاستحقاق' : 'Due date', type: 'date' },
            { header: ar ? 'الحالة' : 'Status' },
          ],
          rows: rows.map((r) => [
            r.code,
            r.student_id,
            r.applicant_id,
            status('billing_kind', r.billing_kind_id),
            Number(r.amount),
            Number(r.paid_amount),
            currencyCode(Number(r.currency_id)),
            r.due_date,
            status('payment_status', r.status_id),
          ]),
        },
      ],
    });
    return reply
      .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('Content-Disposition', 'attachment; filename="payments.xlsx"')
      .send(xlsx);
  });

  app.post('/transactions/export', async (request, reply) => {
    requireAnyPermission(request, ['access_finance']);
    const ar = language(request) === 'ar';
    const rows = await db.selectFrom('transactions').selectAll().orderBy('id').execute();
    const status = (table: string, id: unknown) => {
      const s = manifest.statusTables[table]?.statuses.find((x) => x.id === Number(id));
      return s ? (ar ? s.name_local : s.name) : '';
    };
    const xlsx = writeXlsx({
      rtl: ar,
      sheets: [
        {
          name: ar ? 'المعاملات' : 'Transactions',
          columns: [
            { header: ar ? 'رقم' : 'No.', type: 'number' },
            { header: ar ? 'التاريخ' : 'Date', type: 'datetime' },
            { header: ar ? 'الفاتورة' : 'Invoice', type: 'number' },
            { header: ar ? 'الطالب' : 'Student', type: 'number' },
            { header: ar ? 'النوع' : 'Kind' },
            { header: ar ? 'المبلغ' : 'Amount', type: 'number', format: '#,##0.00' },
            { header: ar ? 'العملة' : 'Currency' },
            { header: ar ? 'طريقة الدفع' : 'Method' },
            { header: ar ? 'المرجع' : 'Reference' },
          ],
          rows: rows.map((r) => [
            r.id,
            r.created_at,
            r.payment_id,
            r.student_id,
            status('transaction_kind', r.kind_id),
            Number(r.amount),
            currencyCode(Number(r.currency_id)),
            status('payment_option', r.payment_option_id),
            r.reference,
          ]),
        },
      ],
    });
    return reply
      .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('Content-Disposition', 'attachment; filename="transactions.xlsx"')
      .send(xlsx);
  });
}
