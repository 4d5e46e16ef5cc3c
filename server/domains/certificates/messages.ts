/**
 * What the certificates domain says, in English and Arabic (merged into server/http/messages.ts).
 * The missing-kind message is the manifest's rule `certificate_type_required` (portal-core section 5).
 */
import type { LocalText } from '../../../generator/manifest-types.ts';

export const CERTIFICATE_MESSAGES = {
  certificate_not_found: { en: 'The certificate request was not found', ar: 'لم يتم العثور على طلب الشهادة' },
  certificate_quantity_range: { en: 'Ask for 1 to 5 copies', ar: 'اطلب من نسخة واحدة إلى 5 نسخ' },
  certificate_addressed_to_required: {
    en: 'Say to whom the certificate is addressed',
    ar: 'اذكر الجهة التي توجه إليها الإفادة',
  },
  certificate_addressed_to_long: { en: 'Write at most 200 characters', ar: 'اكتب 200 حرف على الأكثر' },
  certificate_mail_address_required: {
    en: 'Give the address to mail the certificate to',
    ar: 'أدخل العنوان الذي ترسل إليه الشهادة بالبريد',
  },
  certificate_mail_address_long: { en: 'Write at most 500 characters', ar: 'اكتب 500 حرف على الأكثر' },
  certificate_language_invalid: { en: 'Choose the certificate language', ar: 'اختر لغة الشهادة' },
  certificate_delivery_invalid: { en: 'Choose how to receive the certificate', ar: 'اختر طريقة استلام الشهادة' },
  certificate_graduation_only: {
    en: 'Only a graduate can request this certificate',
    ar: 'لا يطلب هذه الشهادة إلا الخريج',
  },
  certificate_temporary_graduation_only: {
    en: 'Only a graduate, or a student who has passed every course of the study plan, can request this certificate',
    ar: 'لا يطلب هذه الشهادة إلا الخريج أو الطالب الذي اجتاز جميع مقررات خطته الدراسية',
  },
  certificate_open_request: {
    en: 'You already have an unpaid request for this certificate: pay or cancel it first',
    ar: 'لديك طلب غير مدفوع لهذه الشهادة: ادفعه أو ألغه أولًا',
  },
  certificate_students_only: { en: 'Only students can request certificates', ar: 'طلب الشهادات متاح للطلاب فقط' },
  certificate_cancel_new_only: {
    en: 'Only a request that is not paid yet can be cancelled',
    ar: 'لا يمكن إلغاء الطلب إلا قبل دفع رسومه',
  },
  certificate_edit_incomplete_only: {
    en: 'A request can be changed only when the office returns it to you',
    ar: 'لا يمكن تعديل الطلب إلا إذا أعاده إليك المكتب',
  },
  certificate_update_delivered: {
    en: 'A delivered certificate cannot be changed',
    ar: 'لا يمكن تعديل شهادة تم تسليمها',
  },
  certificate_action_unknown: { en: 'Choose what to do with the request', ar: 'اختر الإجراء المطلوب على الطلب' },
  certificate_action_refused: {
    en: "This step is not possible from the request's current status",
    ar: 'هذه الخطوة غير ممكنة من حالة الطلب الحالية',
  },
  certificate_action_permission: { en: 'You may not take this step', ar: 'لا تملك صلاحية هذه الخطوة' },
  certificate_note_required: { en: 'Write the reason for the student', ar: 'اكتب السبب للطالب' },
  certificate_note_long: { en: 'Write at most 1000 characters', ar: 'اكتب 1000 حرف على الأكثر' },
  certificate_not_printable: {
    en: 'A certificate can be printed once the request is approved',
    ar: 'تطبع الشهادة بعد اعتماد الطلب',
  },
  certificate_verified: {
    en: 'This certificate was issued by the university',
    ar: 'هذه الشهادة صادرة عن الجامعة',
  },
  certificate_not_verified: {
    en: 'No certificate issued by the university has this code',
    ar: 'لا توجد شهادة صادرة عن الجامعة بهذا الرمز',
  },
  // Used by finance's cancelUnpaidInvoice (ledger-cancel.ts), which only certificate requests call today.
  invoice_not_cancellable: {
    en: 'This invoice has a payment recorded or under way and cannot be cancelled',
    ar: 'لهذه الفاتورة دفعة مسجلة أو جارية ولا يمكن إلغاؤها',
  },
  certificate_payment_other: { en: 'This payment is not for a certificate fee', ar: 'هذه الدفعة ليست لرسوم شهادة' },
} as const satisfies Record<string, LocalText>;
