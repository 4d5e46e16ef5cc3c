/**
 * The applicant's fees (admission-and-grid sections 4 and 9): application, exam and final,
 * priced by the applicant's admission round, in EGP for nationality 64 and USD otherwise.
 * Each is an invoice of the finance ledger (server/domains/finance/ledger.ts) with the billing
 * kind application_fees, exam_fees or tuition_fees ("final fees"). Whether one is due follows
 * the payment-due rule of engine/core/payment-due.ts; paying an exam or final invoice moves the
 * applicant on (exam_required, approved) in the paying transaction.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Manifest, Status } from '../../../generator/manifest-types.ts';
import { isPaymentDue } from '../../../engine/core/payment-due.ts';
import { BILLING_KIND, CURRENCY, PAYMENT_STATUS } from '../finance/codes.ts';
import { createInvoice, onInvoicePaid, type InvoiceRow } from '../finance/ledger.ts';
import { recordAccess } from '../../resources/access-log.ts';
import { HttpError } from '../../http/errors.ts';
import { APPLICANTS_TABLE, EGYPT, statusKey, type ApplicantRow } from './applicants.ts';

type Db = Kysely<any> | Transaction<any>;

export interface FeeKind {
  key: 'application_fees' | 'exam_fees' | 'final_fees';
  billing: keyof typeof BILLING_KIND;
  /** Price columns of the admissions round. */
  column: 'application_fee' | 'exam_fee' | 'final_fee';
  /** Applicant statuses in which the fee can be due. */
  statuses: string[];
  /** Where the applicant goes when this fee is paid (none for the application fee). */
  paidTo?: string;
  label: { en: string; ar: string };
}

export const FEE_KINDS: FeeKind[] = [
  {
    key: 'application_fees',
    billing: 'application_fees',
    column: 'application_fee',
    statuses: ['incomplete'],
    label: { en: 'Application fees', ar: 'رسوم التقديم' },
  },
  {
    key: 'exam_fees',
    billing: 'exam_fees',
    column: 'exam_fee',
    statuses: ['exam_fees_required', 'exam_fails'],
    paidTo: 'exam_required',
    label: { en: 'Exam fees', ar: 'رسوم الاختبار' },
  },
  {
    key: 'final_fees',
    billing: 'tuition_fees',
    column: 'final_fee',
    statuses: ['final_fees_required'],
    paidTo: 'approved',
    label: { en: 'Final fees', ar: 'الرسوم النهائية' },
  },
];

/** A payment status of the YAML's payment_status table. */
export function paymentStatus(manifest: Manifest, id: number): Status | null {
  return manifest.statusTables.payment_status?.statuses.find((s) => s.id === id) ?? null;
}

export function currencyOf(applicant: Pick<ApplicantRow, 'nationality_id'>): 'EGP' | 'USD' {
  return Number(applicant.nationality_id) === EGYPT ? 'EGP' : 'USD';
}

export function feeKind(key: unknown): FeeKind | undefined {
  return FEE_KINDS.find((f) => f.key === key || f.billing === key);
}

async function roundOf(db: Db, applicant: ApplicantRow): Promise<Record<string, unknown> | undefined> {
  if (!applicant.admission_id) return undefined;
  return db.selectFrom('admissions').selectAll().where('id', '=', applicant.admission_id).executeTakeFirst();
}

export function priceOf(round: Record<string, unknown> | undefined, fee: FeeKind, currency: 'EGP' | 'USD'): number {
  if (!round) return 0;
  return Number(round[currency === 'USD' ? `${fee.column}_usd` : fee.column] ?? 0);
}

/** The latest invoice of each billing kind of the applicant. */
async function latestInvoices(db: Db, manifest: Manifest, applicantId: number): Promise<Map<number, InvoiceRow>> {
  let query = db.selectFrom('payments').selectAll().where('applicant_id', '=', applicantId);
  if (manifest.entities.payments?.softDelete) query = query.where('deleted_at', 'is', null);
  const rows = (await query.orderBy('id', 'desc').execute()) as InvoiceRow[];
  const out = new Map<number, InvoiceRow>();
  for (const row of rows) if (!out.has(Number(row.billing_kind_id))) out.set(Number(row.billing_kind_id), row);
  return out;
}

/** Due under the payment-due rule, in a status where this fee applies, and not already settled. */
function isDue(
  manifest: Manifest,
  applicant: ApplicantRow,
  fee: FeeKind,
  invoice: InvoiceRow | undefined,
  price: number,
): boolean {
  const key = statusKey(manifest, applicant.status_id) ?? '';
  if (price <= 0 || !fee.statuses.includes(key)) return false;
  if (
    !isPaymentDue({
      status: key.toUpperCase(),
      requirePayment: applicant.require_payment,
      incompleteFlag: applicant.early,
    })
  )
    return false;
  return !(invoice && Number(invoice.status_id) === PAYMENT_STATUS.paid);
}

export interface FeeLine {
  key: FeeKind['key'];
  billing_kind_id: number;
  label: { en: string; ar: string };
  amount: number;
  currency: 'EGP' | 'USD';
  due: boolean;
  status: 'paid' | 'unpaid' | 'pending' | 'pending_review';
  /**
   * The invoice's payment status as the YAML's payment_status table has it (id, key, names,
   * colour): what every badge and the PDF show, so no layer restates the table (an applicant's
   * page may not have loaded the manifest's status tables).
   */
  status_ref: Status | null;
  payment_id: number | null;
  reference: string | null;
}

export async function applicantFees(db: Db, manifest: Manifest, applicant: ApplicantRow): Promise<FeeLine[]> {
  const round = await roundOf(db, applicant);
  const currency = currencyOf(applicant);
  const invoices = await latestInvoices(db, manifest, applicant.id);
  const statusNames = new Map<number, FeeLine['status']>(
    Object.entries(PAYMENT_STATUS).map(([k, v]) => [v as number, k as FeeLine['status']]),
  );
  const key = statusKey(manifest, applicant.status_id);
  return FEE_KINDS.map((fee) => {
    const latest = invoices.get(BILLING_KIND[fee.billing]);
    // After a failed exam the paid invoice was for the previous sitting: a new one is due.
    const stale =
      !!latest && Number(latest.status_id) === PAYMENT_STATUS.paid && fee.key === 'exam_fees' && key === 'exam_fails';
    const invoice = stale ? undefined : latest;
    const amount = invoice ? Number(invoice.amount) : priceOf(round, fee, currency);
    return {
      key: fee.key,
      billing_kind_id: BILLING_KIND[fee.billing],
      label: fee.label,
      amount,
      currency: invoice ? (Number(invoice.currency_id) === CURRENCY.USD ? 'USD' : 'EGP') : currency,
      due: isDue(manifest, applicant, fee, invoice, amount),
      status: invoice ? (statusNames.get(Number(invoice.status_id)) ?? 'unpaid') : 'unpaid',
      status_ref: paymentStatus(manifest, invoice ? Number(invoice.status_id) : PAYMENT_STATUS.unpaid),
      payment_id: invoice ? Number(invoice.id) : null,
      reference: (invoice?.reference as string | undefined) ?? null,
    } satisfies FeeLine;
  }).filter((line) => line.amount > 0);
}

/** True while the application fee is due and not paid: the applicant cannot submit yet. */
export async function applicationFeeOutstanding(db: Db, manifest: Manifest, applicant: ApplicantRow): Promise<boolean> {
  const line = (await applicantFees(db, manifest, applicant)).find((l) => l.key === 'application_fees');
  return !!line && line.due && line.status !== 'paid';
}

/**
 * The invoice to pay `fee` with: the open one, or a new one at the round's price. Refuses a fee
 * that is not due (a paid application fee, exam fees before the exam is required).
 */
export async function invoiceFor(
  trx: Transaction<any>,
  manifest: Manifest,
  applicant: ApplicantRow,
  fee: FeeKind,
): Promise<InvoiceRow> {
  const lines = await applicantFees(trx, manifest, applicant);
  const line = lines.find((l) => l.key === fee.key);
  if (!line || !line.due) throw new HttpError(409, line?.status === 'paid' ? 'fee_already_paid' : 'fee_not_due');
  if (line.payment_id && line.status !== 'paid') {
    return (await trx
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', line.payment_id)
      .executeTakeFirstOrThrow()) as InvoiceRow;
  }
  const invoice = await createInvoice(trx, {
    applicant_id: applicant.id,
    billing: fee.billing,
    amount: line.amount,
    currency: line.currency,
    term_id: applicant.term_id,
    description: fee.label.en,
  });
  return (await trx
    .selectFrom('payments')
    .selectAll()
    .where('id', '=', invoice.id)
    .executeTakeFirstOrThrow()) as InvoiceRow;
}

let listening = false;
const manifests = new Set<Manifest>();

/**
 * Registers (once per process) the move that paying an exam or final invoice makes:
 * exam_fees_required / exam_fails -> exam_required, final_fees_required -> approved, along the
 * status table's edges, in the finance transaction that recorded the payment.
 */
export function listenForPaidFees(manifest: Manifest): void {
  manifests.add(manifest);
  if (listening) return;
  listening = true;
  onInvoicePaid(async (trx, invoice) => {
    if (!invoice.applicant_id) return;
    const fee = FEE_KINDS.find((f) => BILLING_KIND[f.billing] === Number(invoice.billing_kind_id));
    if (!fee?.paidTo) return;
    const applicant = (await trx
      .selectFrom(APPLICANTS_TABLE)
      .selectAll()
      .where('id', '=', invoice.applicant_id)
      .forUpdate()
      .executeTakeFirst()) as ApplicantRow | undefined;
    if (!applicant) return;
    const m = [...manifests].at(-1)!;
    const table = m.statusTables.applicant_status;
    const from = statusKey(m, applicant.status_id);
    const edge = table?.transitions?.find((t) => t.to === fee.paidTo && from !== undefined && t.from.includes(from));
    const to = table?.statuses.find((s) => s.key === fee.paidTo);
    if (!edge || !to) return;
    await trx
      .updateTable(APPLICANTS_TABLE)
      .set({ status_id: to.id, status_changed_at: sql`now()`, updated_at: sql`now()` })
      .where('id', '=', applicant.id)
      .execute();
    await recordAccess(trx, m, {
      user: null,
      action: edge.action ?? to.key,
      resource: APPLICANTS_TABLE,
      recordId: applicant.id,
      details: { payment_id: invoice.id },
    });
  });
}
