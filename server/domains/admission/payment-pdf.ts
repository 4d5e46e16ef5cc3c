/**
 * The payment instructions PDF of an application (GET /admission/website/print-pdf/{id}):
 * who pays, the fees with their invoice references and amounts (also in words), how to pay, and the bank
 * account for non-Egyptians. Rendered by server/documents/pdf.ts, which shapes and orders
 * Arabic; the applicant's Arabic name is always shown, whatever the language.
 */
import { amountInWords } from '../../../engine/core/number-words.ts';
import type { PdfBlock } from '../../documents/pdf.ts';
import { renderPdf } from '../../documents/pdf.ts';
import { EGYPT, type ApplicantRow } from './applicants.ts';
import type { AdmissionContext } from './application.ts';
import { applicantFees } from './fees.ts';
import type { TransferBank } from '../finance/banks.ts';

const T = {
  title: { en: 'Payment instructions', ar: 'تعليمات الدفع' },
  applicant: { en: 'Applicant', ar: 'بيانات المتقدم' },
  name: { en: 'Name', ar: 'الاسم' },
  nameLocal: { en: 'Name (Arabic)', ar: 'الاسم بالعربية' },
  number: { en: 'Application number', ar: 'رقم الطلب' },
  email: { en: 'Email', ar: 'البريد الإلكتروني' },
  fees: { en: 'Fees', ar: 'الرسوم' },
  fee: { en: 'Fee', ar: 'البند' },
  reference: { en: 'Reference', ar: 'المرجع' },
  amount: { en: 'Amount', ar: 'المبلغ' },
  words: { en: 'In words', ar: 'المبلغ بالحروف' },
  status: { en: 'Status', ar: 'الحالة' },
  due: { en: 'Due now', ar: 'مستحق الآن' },
  notDue: { en: 'Not due yet', ar: 'غير مستحق بعد' },
  none: { en: 'No fees', ar: 'لا توجد رسوم' },
  how: { en: 'How to pay', ar: 'طريقة الدفع' },
  howText: {
    en: 'Pay online by card or voucher from the payment section of your application form, or at the university cashier quoting the reference above.',
    ar: 'ادفع إلكترونيًا ببطاقة أو بقسيمة من قسم السداد في استمارة التقديم، أو لدى خزينة الجامعة مع ذكر المرجع المذكور أعلاه.',
  },
  bank: { en: 'Bank transfer (USD, non-Egyptian applicants)', ar: 'التحويل البنكي (بالدولار، للمتقدمين غير المصريين)' },
  bankText: {
    en: 'Transfer the amount in USD, write the reference in the transfer details, then enter the transfer number in the payment section.',
    ar: 'حوّل المبلغ بالدولار الأمريكي واكتب المرجع في بيانات التحويل، ثم أدخل رقم التحويل في قسم السداد.',
  },
  bankName: { en: 'Bank', ar: 'البنك' },
  account: { en: 'Account', ar: 'رقم الحساب' },
  iban: { en: 'IBAN', ar: 'IBAN' },
  swift: { en: 'SWIFT', ar: 'SWIFT' },
  currency: { en: 'Currency', ar: 'العملة' },
} as const;

export async function paymentInstructionsPdf(
  ctx: AdmissionContext,
  applicant: ApplicantRow,
  language: 'en' | 'ar',
  installment: number | null,
  bank: Record<string, string | null>,
  banks: readonly TransferBank[] = [],
): Promise<Buffer> {
  const t = (key: keyof typeof T) => T[key][language];
  const money = (amount: number, currency: string) =>
    `${new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)} ${currency}`;
  const fees = await applicantFees(ctx.db, ctx.manifest, applicant);
  // One installment asked for: the fees whose invoices have it (admission invoices have one).
  const shown = installment === null || installment === 1 ? fees : [];
  // Paid and pending say what the payment_status table says; an unpaid fee, whether it is due now.
  const state = (f: (typeof fees)[number]) =>
    f.status !== 'unpaid' && f.status_ref
      ? language === 'ar'
        ? f.status_ref.name_local || f.status_ref.name
        : f.status_ref.name
      : f.due
        ? t('due')
        : t('notDue');
  const blocks: PdfBlock[] = [
    { type: 'heading', text: t('applicant') },
    {
      type: 'keyValue',
      rows: [
        { label: t('number'), value: String(applicant.id) },
        { label: t('nameLocal'), value: applicant.name_local ?? '' },
        { label: t('name'), value: applicant.name ?? '' },
        { label: t('email'), value: applicant.email },
      ],
    },
    { type: 'heading', text: t('fees') },
    {
      type: 'table',
      columns: [
        { header: t('fee'), width: 2 },
        { header: t('reference'), width: 2 },
        { header: t('amount'), width: 2, align: 'end' },
        { header: t('status'), width: 2 },
      ],
      rows: shown.map((f) => [f.label[language], f.reference ?? '', money(f.amount, f.currency), state(f)]),
      empty: t('none'),
    },
    // Each fee's amount in words, as the cashier and the bank read it.
    ...(shown.length
      ? [
          {
            type: 'keyValue' as const,
            rows: shown.map((f) => ({
              label: `${t('words')}: ${f.label[language]}`,
              value: amountInWords(f.amount, language, f.currency === 'USD' ? 'USD' : 'EGP'),
            })),
          },
        ]
      : []),
    { type: 'heading', text: t('how') },
    { type: 'paragraph', text: t('howText') },
  ];
  if (Number(applicant.nationality_id) !== EGYPT && banks.length) {
    // The finance staff's banks, each account in the currency its name implies.
    blocks.push(
      { type: 'heading', text: t('bank') },
      { type: 'paragraph', text: t('bankText') },
      {
        type: 'table',
        columns: [
          { header: t('bankName'), width: 2.4 },
          { header: t('currency'), width: 0.8 },
          { header: t('account'), width: 1.6 },
          { header: t('iban'), width: 2.4 },
          { header: t('swift'), width: 1.2 },
        ],
        rows: banks.map((b) => [
          language === 'ar' ? b.name_local || b.name : b.name,
          b.currency,
          b.account_number,
          b.iban ?? '',
          b.swift ?? '',
        ]),
      },
    );
  } else if (Number(applicant.nationality_id) !== EGYPT) {
    blocks.push(
      { type: 'heading', text: t('bank') },
      { type: 'paragraph', text: t('bankText') },
      {
        type: 'keyValue',
        rows: [
          { label: t('bankName'), value: bank.bank_name_usd },
          { label: t('account'), value: bank.bank_account_usd },
          { label: t('iban'), value: bank.bank_iban_usd },
          { label: t('swift'), value: bank.bank_swift },
        ],
      },
    );
  }
  return renderPdf({
    direction: language === 'ar' ? 'rtl' : 'ltr',
    language,
    title: t('title'),
    subtitle: applicant.name_local ?? applicant.name ?? undefined,
    info: { author: 'Rowaq', subject: t('title') },
    blocks,
  });
}
