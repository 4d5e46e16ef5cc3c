/** What the finance domain says, in English and Arabic (merged into server/http/messages.ts). */
import type { LocalText } from '../../../generator/manifest-types.ts';

export const FINANCE_MESSAGES = {
  // portal-core section 8 ("not enough credit balance"), word for word.
  not_enough_credit: { en: 'not enough credit balance', ar: 'رصيدك غير كافٍ' },
  // The gates (portal-core section 8, typo 'survery' kept: it is the product's text).
  pay_due_invoices: { en: 'You have to pay your due invoices.', ar: 'يجب عليك سداد الفواتير المستحقة.' },
  fill_survey_first: { en: 'You have to fill the survery first.', ar: 'يجب عليك ملء الاستبيان أولاً.' },
  invoice_paid: { en: 'This invoice is already paid', ar: 'هذه الفاتورة مدفوعة بالفعل' },
  installment_paid: { en: 'This installment is already paid', ar: 'هذا القسط مدفوع بالفعل' },
  installment_unknown: { en: 'This invoice has no such installment', ar: 'لا يوجد هذا القسط في الفاتورة' },
  invoice_owner_required: {
    en: 'An invoice belongs to exactly one student or applicant',
    ar: 'الفاتورة تخص طالبًا واحدًا أو متقدمًا واحدًا فقط',
  },
  installments_sum: {
    en: 'The installments must add up to the amount ({amount})',
    ar: 'يجب أن يساوي مجموع الأقساط المبلغ ({amount})',
  },
  installments_count: {
    en: 'An invoice has one to three installments',
    ar: 'الفاتورة لها من قسط واحد إلى ثلاثة أقساط',
  },
  amount_positive: { en: 'The amount must be more than zero', ar: 'يجب أن يكون المبلغ أكبر من صفر' },
  amount_cents: { en: 'The amount may have at most 2 decimals', ar: 'يجب ألا يزيد المبلغ عن منزلتين عشريتين' },
  amount_too_large: {
    en: 'The amount is more than what is left to pay ({amount})',
    ar: 'المبلغ أكبر من المتبقي ({amount})',
  },
  wallet_students_only: { en: 'Only students have a credit balance', ar: 'الرصيد متاح للطلاب فقط' },
  wallet_currency: {
    en: 'The credit balance is in EGP; pay this invoice by card or bank transfer',
    ar: 'الرصيد بالجنيه المصري؛ ادفع هذه الفاتورة بالبطاقة أو بالتحويل البنكي',
  },
  method_disabled: { en: 'This payment option is not available', ar: 'طريقة الدفع هذه غير متاحة' },
  bank_transfer_egyptians: {
    en: 'Bank transfer is offered to non-Egyptians only',
    ar: 'التحويل البنكي متاح لغير المصريين فقط',
  },
  bank_transfer_pending: {
    en: 'Your bank transfer is waiting for confirmation by the finance office',
    ar: 'تحويلك البنكي بانتظار تأكيد الشؤون المالية',
  },
  provider_payment_unknown: { en: 'No such payment', ar: 'لا توجد عملية دفع بهذا المرجع' },
  callback_signature: { en: 'Bad signature', ar: 'توقيع غير صالح' },
  refund_too_large: {
    en: 'At most {amount} of this transaction can still be refunded',
    ar: 'يمكن استرداد {amount} على الأكثر من هذه المعاملة',
  },
  refund_not_payment: { en: 'Only a payment can be refunded', ar: 'يمكن استرداد المدفوعات فقط' },
  ledger_read_only: {
    en: 'Money records change only through payments and refunds',
    ar: 'السجلات المالية تتغير فقط عبر السداد والاسترداد',
  },
  idempotency_reused: {
    en: 'This Idempotency-Key was already used for another request',
    ar: 'مفتاح عدم التكرار هذا استُخدم لطلب آخر',
  },
  idempotency_key: {
    en: 'The Idempotency-Key header must be 1 to 100 characters',
    ar: 'يجب أن يكون مفتاح عدم التكرار من 1 إلى 100 حرف',
  },
  payment_confirmed: { en: 'Payment recorded', ar: 'تم تسجيل الدفع' },
} as const satisfies Record<string, LocalText>;
