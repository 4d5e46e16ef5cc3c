/**
 * GET /payments/print-pdf[/{id}]: Cash_Instructions.pdf, how to pay the open installments of one
 * invoice (or all of the student's) at the cashier, by bank or with a voucher, in the caller's
 * language (Arabic right to left, shaped by server/documents/pdf.ts), each total also in words.
 */
import type { Manifest } from '../../../generator/manifest-types.ts';
import { amountInWords } from '../../../engine/core/number-words.ts';
import { renderPdf, type PdfBlock } from '../../documents/pdf.ts';
import type { RequestUser } from '../../auth/user.ts';
import { HttpError } from '../../http/errors.ts';
import { readSettings } from '../system/university-data.ts';
import { currencyCode, formatMoney, toCents, type Db } from './codes.ts';

const T = {
  en: {
    title: 'Cash payment instructions',
    invoice: 'Invoice',
    student: 'Student',
    applicant: 'Applicant',
    kind: 'Billing kind',
    installment: 'Installment',
    amount: 'Amount due',
    due: 'Due date',
    total: 'Total due',
    words: 'In words',
    none: 'Nothing is due.',
    how: 'How to pay',
    steps: [
      'At the university cashier: show this paper and quote the invoice number; keep the receipt.',
      'By voucher: choose "Voucher payment" on the payments page and pay the voucher number at any outlet.',
      'By bank transfer (non-Egyptian students): transfer the amount and write the invoice number in the transfer details; the finance office confirms it.',
      'Paid amounts appear on the payments page once recorded.',
    ],
  },
  ar: {
    title: 'تعليمات الدفع النقدي',
    invoice: 'الفاتورة',
    student: 'الطالب',
    applicant: 'المتقدم',
    kind: 'نوع الرسوم',
    installment: 'القسط',
    amount: 'المبلغ المستحق',
    due: 'تاريخ الاستحقاق',
    total: 'إجمالي المستحق',
    words: 'المبلغ بالحروف',
    none: 'لا توجد مبالغ مستحقة.',
    how: 'طريقة الدفع',
    steps: [
      'في خزينة الجامعة: قدّم هذه الورقة واذكر رقم الفاتورة واحتفظ بالإيصال.',
      'بالقسيمة: اختر "الدفع بقسيمة" في صفحة المدفوعات وادفع رقم القسيمة في أي منفذ.',
      'بالتحويل البنكي (للطلاب غير المصريين): حوّل المبلغ واكتب رقم الفاتورة في بيانات التحويل، وتؤكده الشؤون المالية.',
      'تظهر المبالغ المدفوعة في صفحة المدفوعات بعد تسجيلها.',
    ],
  },
} as const;

export async function cashInstructionsPdf(
  db: Db,
  manifest: Manifest,
  user: RequestUser,
  language: 'en' | 'ar',
  paymentId?: number,
): Promise<Buffer> {
  const t = T[language];
  let query = db
    .selectFrom('installments as i')
    .innerJoin('payments as p', 'p.id', 'i.payment_id')
    .select([
      'p.id as payment_id',
      'p.code',
      'p.student_id',
      'p.applicant_id',
      'p.billing_kind_id',
      'p.currency_id',
      'i.installment_id',
      'i.amount',
      'i.paid_amount',
      'i.due_date',
    ])
    .whereRef('i.paid_amount', '<', 'i.amount')
    .orderBy('i.due_date')
    .orderBy('p.id')
    .orderBy('i.installment_id');
  if (paymentId !== undefined) query = query.where('p.id', '=', paymentId);
  const finance = user.permissions.includes('access_finance');
  if (!finance) {
    if (user.student_id == null && user.applicant_id == null) throw new HttpError(404, 'not_found');
    query =
      user.student_id != null
        ? query.where('p.student_id', '=', user.student_id)
        : query.where('p.applicant_id', '=', user.applicant_id!);
  } else if (paymentId === undefined) {
    throw new HttpError(404, 'not_found');
  }
  const rows = await query.execute();
  if (paymentId !== undefined && rows.length === 0) {
    const exists = await db
      .selectFrom('payments')
      .select(['id', 'student_id', 'applicant_id'])
      .where('id', '=', paymentId)
      .executeTakeFirst();
    const visible =
      exists &&
      (finance ||
        exists.student_id === user.student_id ||
        (exists.applicant_id != null && exists.applicant_id === user.applicant_id));
    if (!visible) throw new HttpError(404, 'not_found');
  }
  const kinds = manifest.statusTables.billing_kind?.statuses ?? [];
  const kindName = (id: number) => {
    const s = kinds.find((k) => k.id === id);
    return s ? (language === 'ar' ? s.name_local : s.name) : String(id);
  };
  const installmentName = (n: number) => {
    const s = manifest.statusTables.installment?.statuses.find((k) => k.id === n);
    return s ? (language === 'ar' ? s.name_local : s.name) : String(n);
  };
  const owner = await ownerName(db, rows[0]);
  const settings = await readSettings(db, manifest, ['university_name', 'university_name_local']);
  const university =
    (language === 'ar' ? settings.get('university_name_local')?.value : null) ??
    settings.get('university_name')?.value ??
    undefined;
  const totals = new Map<string, number>();
  for (const r of rows) {
    const c = currencyCode(Number(r.currency_id));
    totals.set(c, (totals.get(c) ?? 0) + toCents(r.amount) - toCents(r.paid_amount));
  }
  const blocks: PdfBlock[] = [];
  if (owner)
    blocks.push({ type: 'keyValue', rows: [{ label: owner.applicant ? t.applicant : t.student, value: owner.name }] });
  blocks.push({
    type: 'table',
    columns: [
      { header: t.invoice, width: 1.3 },
      { header: t.kind, width: 1.6 },
      { header: t.installment, width: 1.4 },
      { header: t.amount, width: 1.4, align: 'end' },
      { header: t.due, width: 1.1, align: 'center' },
    ],
    rows: rows.map((r) => [
      r.code,
      kindName(Number(r.billing_kind_id)),
      installmentName(Number(r.installment_id)),
      formatMoney(toCents(r.amount) - toCents(r.paid_amount), currencyCode(Number(r.currency_id))),
      String(r.due_date),
    ]),
    empty: t.none,
  });
  if (totals.size)
    blocks.push({
      type: 'keyValue',
      rows: [...totals].flatMap(([c, cents]) => [
        { label: t.total, value: formatMoney(cents, c as 'EGP' | 'USD') },
        { label: t.words, value: amountInWords(cents / 100, language, c as 'EGP' | 'USD') },
      ]),
    });
  blocks.push({ type: 'heading', text: t.how });
  t.steps.forEach((step, i) => blocks.push({ type: 'paragraph', text: `${i + 1}. ${step}` }));
  return renderPdf({
    direction: language === 'ar' ? 'rtl' : 'ltr',
    language,
    title: t.title,
    subtitle: university,
    blocks,
  });
}

async function ownerName(
  db: Db,
  row: Record<string, any> | undefined,
): Promise<{ name: string; applicant: boolean } | undefined> {
  if (!row) return undefined;
  if (row.student_id != null) {
    const s = await db
      .selectFrom('students')
      .select(['name', 'name_local', 'code'])
      .where('id', '=', row.student_id)
      .executeTakeFirst();
    return s ? { name: `${s.name_local ?? s.name} (${s.code})`, applicant: false } : undefined;
  }
  return { name: `#${row.applicant_id}`, applicant: true };
}
