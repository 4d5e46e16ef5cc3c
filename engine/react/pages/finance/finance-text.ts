/** The finance pages' own texts (English and Arabic); the YAML holds the screens' titles and forms. */
import type { LocalText } from '../../../../generator/manifest-types.ts';

export const FINANCE_TEXT = {
  balance: { en: 'Credit balance', ar: 'الرصيد' },
  invoice: { en: 'Invoice', ar: 'الفاتورة' },
  installment: { en: 'Installment', ar: 'القسط' },
  amount: { en: 'Amount', ar: 'المبلغ' },
  paid: { en: 'Paid', ar: 'المدفوع' },
  left: { en: 'Left to pay', ar: 'المتبقي' },
  due: { en: 'Due date', ar: 'تاريخ الاستحقاق' },
  status: { en: 'Status', ar: 'الحالة' },
  amountGiven: { en: 'Amount to confirm', ar: 'المبلغ المطلوب تأكيده' },
  payWallet: { en: 'Pay from my credit', ar: 'ادفع من رصيدي' },
  payCard: { en: 'Pay by card', ar: 'ادفع بالبطاقة' },
  payVoucher: { en: 'Voucher (pay later)', ar: 'قسيمة (ادفع لاحقًا)' },
  payBank: { en: 'Bank transfer (non-Egyptians)', ar: 'تحويل بنكي (لغير المصريين)' },
  payAll: { en: 'Everything left', ar: 'كل المتبقي' },
  charge: { en: 'Charge my credit', ar: 'شحن رصيدي' },
  notFound: { en: 'This invoice was not found', ar: 'لم يتم العثور على هذه الفاتورة' },
  bankSent: {
    en: 'Your bank transfer is waiting for confirmation by the finance office. Quote the invoice number in the transfer.',
    ar: 'تحويلك البنكي بانتظار تأكيد الشؤون المالية. اذكر رقم الفاتورة في التحويل.',
  },
  voucher: { en: 'Voucher number: pay it at any outlet', ar: 'رقم القسيمة: ادفعه في أي منفذ' },
  providerStatus: { en: 'Payment status', ar: 'حالة الدفع' },
  pending: { en: 'Waiting for the payment', ar: 'بانتظار الدفع' },
  done: { en: 'Paid', ar: 'تم الدفع' },
  failed: { en: 'The payment did not go through', ar: 'لم تتم عملية الدفع' },
  checkAgain: { en: 'Check again', ar: 'تحقق مرة أخرى' },
  continuePay: { en: 'Continue to the payment page', ar: 'المتابعة إلى صفحة الدفع' },
  toPayments: { en: 'Payments', ar: 'المدفوعات' },
  toCredit: { en: 'My credit', ar: 'رصيدي' },
  reference: { en: 'Reference', ar: 'المرجع' },
} as const satisfies Record<string, LocalText>;

export type FinanceTextKey = keyof typeof FINANCE_TEXT;
