/**
 * Invoices and the invoice ledger. Call every function inside the caller's database
 * transaction (`trx`). An invoice's row is locked (FOR UPDATE) before its installments change,
 * so two payments of the same invoice queue instead of both paying it; each movement is one
 * immutable `transactions` row, and the installment's and invoice's paid amounts change with it.
 */
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import { sql } from 'kysely';
import { addFieldError, HttpError, ValidationError, type FieldErrors } from '../../http/errors.ts';
import {
  BILLING_KIND,
  CURRENCY,
  PAYMENT_OPTION,
  PAYMENT_STATUS,
  TRANSACTION_KIND,
  formatMoney,
  fromCents,
  toCents,
  currencyCode,
  type BillingKind,
  type CurrencyCode,
  type Db,
  type PaymentMethod,
} from './codes.ts';
import { creditWallet, debitWallet } from './wallet.ts';

dayjs.extend(customParseFormat);

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDate(value: unknown): value is string {
  return typeof value === 'string' && dayjs(value, 'YYYY-MM-DD', true).isValid();
}

export interface InvoiceInput {
  student_id?: number | null;
  applicant_id?: number | null;
  billing: BillingKind | number;
  /** The total, in EGP or USD (2 decimals at most). */
  amount: number;
  currency?: CurrencyCode;
  /** 1 to 3 parts adding up to `amount`; default one part due today. */
  installments?: Array<{ amount: number; due_date: string }>;
  term_id?: number | null;
  description?: string | null;
  created_by?: number | null;
}

export interface Invoice {
  id: number;
  reference: string;
  amount: number;
  currency_id: number;
  installments: Array<{ id: number; installment_id: number; amount: number; due_date: string }>;
}

export type InvoiceRow = Record<string, any> & { id: number; student_id: number | null; applicant_id: number | null };
type PaidListener = (trx: Db, invoice: InvoiceRow) => Promise<void> | void;
const paidListeners: PaidListener[] = [];

/** Runs `listener` inside the paying transaction whenever an invoice becomes fully paid. */
export function onInvoicePaid(listener: PaidListener): () => void {
  paidListeners.push(listener);
  return () => void paidListeners.splice(paidListeners.indexOf(listener), 1);
}

export async function createInvoice(trx: Db, input: InvoiceInput): Promise<Invoice> {
  if ((input.student_id == null) === (input.applicant_id == null)) throw new HttpError(422, 'invoice_owner_required');
  const billingId = typeof input.billing === 'number' ? input.billing : BILLING_KIND[input.billing];
  await checkReferences(trx, input, billingId);
  const total = checkedCents('amount', input.amount);
  const today = new Date().toISOString().slice(0, 10);
  const parts = input.installments?.length ? input.installments : [{ amount: input.amount, due_date: today }];
  if (parts.length > 3) throw ValidationError.single('installments', { key: 'installments_count' });
  const partCents = parts.map((p) => checkedCents('installments', p.amount));
  if (partCents.reduce((a, b) => a + b, 0) !== total) {
    throw ValidationError.single('installments', { key: 'installments_sum', params: { amount: fromCents(total) } });
  }
  const dateErrors: FieldErrors = {};
  for (const [i, p] of parts.entries())
    if (!isCalendarDate(p.due_date)) addFieldError(dateErrors, `installments.${i}.due_date`, { key: 'format_date' });
  if (Object.keys(dateErrors).length) throw new ValidationError(dateErrors);
  const currencyId = CURRENCY[input.currency ?? 'EGP'];
  const dueDate = [...parts.map((p) => p.due_date)].sort()[0];
  const row = await trx
    .insertInto('payments')
    .values({
      student_id: input.student_id ?? null,
      applicant_id: input.applicant_id ?? null,
      term_id: input.term_id ?? null,
      billing_kind_id: billingId,
      amount: fromCents(total),
      paid_amount: 0,
      currency_id: currencyId,
      status_id: PAYMENT_STATUS.unpaid,
      due_date: dueDate,
      description: input.description ?? null,
      created_by: input.created_by ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  const reference = `INV-${String(id).padStart(6, '0')}`;
  await trx.updateTable('payments').set({ code: reference }).where('id', '=', id).execute();
  const installments: Invoice['installments'] = [];
  for (const [i, p] of parts.entries()) {
    const inserted = await trx
      .insertInto('installments')
      .values({
        payment_id: id,
        student_id: input.student_id ?? null,
        applicant_id: input.applicant_id ?? null,
        billing_kind_id: billingId,
        installment_id: i + 1,
        amount: fromCents(partCents[i]!),
        paid_amount: 0,
        currency_id: currencyId,
        due_date: p.due_date,
        status_id: PAYMENT_STATUS.unpaid,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    installments.push({
      id: Number(inserted.id),
      installment_id: i + 1,
      amount: fromCents(partCents[i]!),
      due_date: p.due_date,
    });
  }
  return { id, reference, amount: fromCents(total), currency_id: currencyId, installments };
}

/**
 * The rows an invoice names exist (and are not deleted): a field error each, rather than the
 * database's foreign key violation. The billing kind is one of the table's (BILLING_KIND).
 */
async function checkReferences(trx: Db, input: InvoiceInput, billingId: number): Promise<void> {
  const errors: FieldErrors = {};
  if (!Object.values(BILLING_KIND).includes(billingId as never))
    addFieldError(errors, 'billing_kind_id', { key: 'status_invalid' });
  const refs: Array<[string, string, number | null | undefined]> = [
    ['student_id', 'students', input.student_id],
    ['applicant_id', 'applicants', input.applicant_id],
    ['term_id', 'terms', input.term_id],
  ];
  for (const [field, table, id] of refs) {
    if (id == null) continue;
    const found =
      Number.isSafeInteger(id) &&
      id > 0 &&
      (await trx
        .selectFrom(table)
        .select('id')
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst());
    if (!found) addFieldError(errors, field, { key: 'ref_missing' });
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

/** The invoice row, locked until the transaction ends; 404 when missing. */
export async function lockInvoice(trx: Db, paymentId: number): Promise<InvoiceRow> {
  const invoice = await trx
    .selectFrom('payments')
    .selectAll()
    .where('id', '=', paymentId)
    .forUpdate()
    .executeTakeFirst();
  if (!invoice) throw new HttpError(404, 'not_found');
  return invoice as InvoiceRow;
}

export interface OpenInstallment {
  id: number;
  installment_id: number;
  outstanding: number;
  status_id: number;
}

/** The installments still owing money (all, or installment 1-3), in order; 422 when none. */
export async function openInstallments(
  trx: Db,
  invoice: InvoiceRow,
  installmentNo?: number | null,
): Promise<OpenInstallment[]> {
  let query = trx.selectFrom('installments').selectAll().where('payment_id', '=', invoice.id).orderBy('installment_id');
  if (installmentNo != null) query = query.where('installment_id', '=', installmentNo);
  const rows = await query.execute();
  if (installmentNo != null && rows.length === 0) throw new HttpError(422, 'installment_unknown');
  const open = rows
    .map((r) => ({
      id: Number(r.id),
      installment_id: Number(r.installment_id),
      outstanding: toCents(r.amount) - toCents(r.paid_amount),
      status_id: Number(r.status_id),
    }))
    .filter((r) => r.outstanding > 0);
  if (open.length === 0) throw new HttpError(422, installmentNo != null ? 'installment_paid' : 'invoice_paid');
  return open;
}

export interface LedgerEntry {
  installment: OpenInstallment;
  cents: number;
  method: PaymentMethod;
  reference?: string | null;
  user_id?: number | null;
}

/** One payment row on an installment, and the paid amounts moved with it. */
export async function applyPayment(trx: Db, invoice: InvoiceRow, entry: LedgerEntry): Promise<number> {
  const row = await trx
    .insertInto('transactions')
    .values({
      payment_id: invoice.id,
      installment_row_id: entry.installment.id,
      installment_id: entry.installment.installment_id,
      student_id: invoice.student_id,
      applicant_id: invoice.applicant_id,
      kind_id: TRANSACTION_KIND.payment,
      amount: fromCents(entry.cents),
      currency_id: invoice.currency_id,
      payment_option_id: PAYMENT_OPTION[entry.method],
      reference: entry.reference ?? null,
      created_by: entry.user_id ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await moveInstallment(trx, entry.installment.id, entry.cents);
  // The invoice's "paid by" is set by the refreshInvoice that follows every payment.
  invoice.payment_option_id = PAYMENT_OPTION[entry.method];
  return Number(row.id);
}

/** Adds (or with a negative amount removes) paid money on an installment and sets its status. */
async function moveInstallment(trx: Db, installmentRowId: number, cents: number): Promise<void> {
  const delta = sql`cast(${fromCents(cents)} as numeric)`;
  await trx
    .updateTable('installments')
    .set({
      paid_amount: sql`paid_amount + ${delta}`,
      status_id: sql`case when paid_amount + ${delta} >= amount then ${sql.lit(PAYMENT_STATUS.paid)} else ${sql.lit(PAYMENT_STATUS.unpaid)} end`,
      paid_at: sql`case when paid_amount + ${delta} >= amount then coalesce(paid_at, now()) else null end`,
      updated_at: sql`now()`,
    })
    .where('id', '=', installmentRowId)
    .execute();
}

/**
 * Recomputes the invoice from its installments (paid amount, status, next due date) and runs
 * the paid listeners when it has just become paid.
 */
export async function refreshInvoice(trx: Db, invoice: InvoiceRow): Promise<InvoiceRow> {
  const parts = await trx
    .selectFrom('installments')
    .selectAll()
    .where('payment_id', '=', invoice.id)
    .orderBy('installment_id')
    .execute();
  const paid = parts.reduce((s, p) => s + toCents(p.paid_amount), 0);
  const open = parts.filter((p) => toCents(p.paid_amount) < toCents(p.amount));
  const status =
    open.length === 0
      ? PAYMENT_STATUS.paid
      : open.some((p) => Number(p.status_id) === PAYMENT_STATUS.pending_review)
        ? PAYMENT_STATUS.pending_review
        : open.some((p) => Number(p.status_id) === PAYMENT_STATUS.pending)
          ? PAYMENT_STATUS.pending
          : PAYMENT_STATUS.unpaid;
  const dueDate = open.length ? open.map((p) => String(p.due_date)).sort()[0] : invoice.due_date;
  const updated = (await trx
    .updateTable('payments')
    .set({
      paid_amount: fromCents(paid),
      payment_option_id: invoice.payment_option_id ?? null,
      status_id: status,
      due_date: dueDate,
      paid_at: status === PAYMENT_STATUS.paid ? (invoice.paid_at ?? sql`now()`) : null,
      updated_at: sql`now()`,
    })
    .where('id', '=', invoice.id)
    .returningAll()
    .executeTakeFirstOrThrow()) as InvoiceRow;
  if (status === PAYMENT_STATUS.paid && Number(invoice.status_id) !== PAYMENT_STATUS.paid) {
    for (const listener of paidListeners) await listener(trx, updated);
  }
  return updated;
}

/** Marks open installments pending (a provider payment started) or pending_review (a bank transfer). */
export async function markPending(
  trx: Db,
  invoice: InvoiceRow,
  installments: OpenInstallment[],
  status: 2 | 5,
): Promise<void> {
  await trx
    .updateTable('installments')
    .set({ status_id: status })
    .where(
      'id',
      'in',
      installments.map((i) => i.id),
    )
    .execute();
  await refreshInvoice(trx, invoice);
}

/** Sets pending installments of an invoice back to unpaid (a provider payment failed). */
export async function clearPending(trx: Db, invoice: InvoiceRow): Promise<void> {
  await trx
    .updateTable('installments')
    .set({ status_id: PAYMENT_STATUS.unpaid })
    .where('payment_id', '=', invoice.id)
    .where('status_id', '=', PAYMENT_STATUS.pending)
    .execute();
  await refreshInvoice(trx, invoice);
}

export interface WalletPayment {
  student_id: number;
  payment_id: number;
  installment_id?: number | null;
  user_id?: number | null;
}

/** Pays the invoice's open installments (or one) from the student's wallet, all or nothing. */
export async function payFromWallet(
  trx: Db,
  input: WalletPayment,
): Promise<{ invoice: InvoiceRow; paid: number; balance: number }> {
  const invoice = await lockInvoice(trx, input.payment_id);
  if (invoice.student_id !== input.student_id) throw new HttpError(404, 'not_found');
  if (Number(invoice.currency_id) !== CURRENCY.EGP) throw new HttpError(422, 'wallet_currency');
  const open = await openInstallments(trx, invoice, input.installment_id);
  const total = open.reduce((s, i) => s + i.outstanding, 0);
  const reference = `${invoice.code}-W${Date.now().toString(36)}`;
  const { balance } = await debitWallet(trx, {
    student_id: input.student_id,
    cents: total,
    kind: 'payment',
    payment_id: invoice.id,
    payment_option_id: PAYMENT_OPTION.wallet,
    reference,
    user_id: input.user_id,
  });
  for (const installment of open) {
    await applyPayment(trx, invoice, {
      installment,
      cents: installment.outstanding,
      method: 'wallet',
      reference,
      user_id: input.user_id,
    });
  }
  return { invoice: await refreshInvoice(trx, invoice), paid: fromCents(total), balance: fromCents(balance) };
}

export interface RecordedPayment {
  payment_id: number;
  installment_id?: number | null;
  /** Default: what is left of the installment (or the invoice). */
  amount?: number | null;
  method: PaymentMethod;
  reference?: string | null;
  user_id?: number | null;
}

/**
 * Money received outside the wallet (provider, cashier, bank): applied to the open
 * installments in order. What exceeds the invoice goes to a student's wallet (overpayment);
 * for an applicant it stays on the last installment (paid_amount above amount), so no money is lost.
 */
export async function recordPayment(
  trx: Db,
  input: RecordedPayment,
): Promise<{ invoice: InvoiceRow; applied: number; excess: number }> {
  const invoice = await lockInvoice(trx, input.payment_id);
  const open = await openInstallmentsOrLast(trx, invoice, input.installment_id);
  const due = open.reduce((s, i) => s + Math.max(i.outstanding, 0), 0);
  let left = input.amount == null ? due : checkedCents('amount', input.amount);
  const received = left;
  for (const installment of open) {
    if (left <= 0) break;
    const cents =
      installment === open[open.length - 1] && invoice.student_id == null
        ? left
        : Math.min(left, installment.outstanding);
    if (cents <= 0) continue;
    await applyPayment(trx, invoice, {
      installment,
      cents,
      method: input.method,
      reference: input.reference,
      user_id: input.user_id,
    });
    left -= cents;
  }
  if (left > 0 && invoice.student_id != null) {
    await creditWallet(trx, {
      student_id: invoice.student_id,
      cents: left,
      kind: 'overpayment',
      payment_id: invoice.id,
      payment_option_id: PAYMENT_OPTION[input.method],
      reference: input.reference,
      user_id: input.user_id,
    });
  }
  return { invoice: await refreshInvoice(trx, invoice), applied: fromCents(received - left), excess: fromCents(left) };
}

/** A provider's money must land even when the installments were paid meanwhile: then the last one. */
async function openInstallmentsOrLast(
  trx: Db,
  invoice: InvoiceRow,
  installmentNo?: number | null,
): Promise<OpenInstallment[]> {
  try {
    return await openInstallments(trx, invoice, installmentNo);
  } catch (error) {
    if (
      !(error instanceof HttpError) ||
      (error.messageKey !== 'invoice_paid' && error.messageKey !== 'installment_paid')
    )
      throw error;
    if (invoice.student_id != null) return [];
    let query = trx
      .selectFrom('installments')
      .selectAll()
      .where('payment_id', '=', invoice.id)
      .orderBy('installment_id', 'desc');
    if (installmentNo != null) query = query.where('installment_id', '=', installmentNo);
    const last = await query.executeTakeFirstOrThrow();
    return [
      {
        id: Number(last.id),
        installment_id: Number(last.installment_id),
        outstanding: 0,
        status_id: Number(last.status_id),
      },
    ];
  }
}

export interface Refund {
  transaction_id: number;
  amount?: number | null;
  to: 'wallet' | 'cash';
  reference?: string | null;
  user_id?: number | null;
}

/** Refunds (part of) a payment row: a new negative row; the money goes to the wallet or out in cash. */
export async function refundTransaction(
  trx: Db,
  input: Refund,
): Promise<{ id: number; amount: number; invoice: InvoiceRow }> {
  const original = await trx
    .selectFrom('transactions')
    .selectAll()
    .where('id', '=', input.transaction_id)
    .forUpdate()
    .executeTakeFirst();
  if (!original) throw new HttpError(404, 'not_found');
  if (Number(original.kind_id) !== TRANSACTION_KIND.payment) throw new HttpError(422, 'refund_not_payment');
  const invoice = await lockInvoice(trx, Number(original.payment_id));
  const refunded = await trx
    .selectFrom('transactions')
    .select(sql<string>`coalesce(sum(amount), 0)`.as('total'))
    .where('refund_of_id', '=', original.id)
    .executeTakeFirstOrThrow();
  const left = toCents(original.amount) + toCents(refunded.total);
  const cents = input.amount == null ? left : checkedCents('amount', input.amount);
  if (cents > left || left <= 0)
    throw new HttpError(422, 'refund_too_large', {
      amount: formatMoney(left, currencyCode(Number(original.currency_id))),
    });
  if (input.to === 'wallet' && (invoice.student_id == null || Number(invoice.currency_id) !== CURRENCY.EGP))
    throw new HttpError(422, 'wallet_students_only');
  const row = await trx
    .insertInto('transactions')
    .values({
      payment_id: original.payment_id,
      installment_row_id: original.installment_row_id,
      installment_id: original.installment_id,
      student_id: original.student_id,
      applicant_id: original.applicant_id,
      kind_id: TRANSACTION_KIND.refund,
      amount: fromCents(-cents),
      currency_id: original.currency_id,
      payment_option_id: input.to === 'wallet' ? PAYMENT_OPTION.wallet : PAYMENT_OPTION.manual,
      reference: input.reference ?? `REFUND-${original.id}`,
      refund_of_id: original.id,
      created_by: input.user_id ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await moveInstallment(trx, Number(original.installment_row_id), -cents);
  if (input.to === 'wallet') {
    await creditWallet(trx, {
      student_id: invoice.student_id!,
      cents,
      kind: 'refund',
      payment_id: invoice.id,
      payment_option_id: PAYMENT_OPTION.wallet,
      reference: `REFUND-${original.id}`,
      user_id: input.user_id,
    });
  }
  return { id: Number(row.id), amount: fromCents(cents), invoice: await refreshInvoice(trx, invoice) };
}

/** A positive amount with at most 2 decimals, in cents; 422 on the field otherwise. */
export function checkedCents(field: string, value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) throw ValidationError.single(field, { key: 'type_number' });
  if (n <= 0) throw ValidationError.single(field, { key: 'amount_positive' });
  if (Math.abs(n * 100 - Math.round(n * 100)) > 1e-6) throw ValidationError.single(field, { key: 'amount_cents' });
  if (n > 1e10) throw ValidationError.single(field, { key: 'maximum', params: { limit: 1e10 } });
  return Math.round(n * 100);
}
