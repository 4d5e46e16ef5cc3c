/** What the admission pages say, in English and Arabic (interpolation: `{{name}}`). */
import { useCallback } from 'react';
import { useLanguage } from '../../i18n/hooks.ts';

export const ADMISSION_TEXTS = {
  chooseKind: { en: 'Choose the kind of application', ar: 'اختر نوع التقديم' },
  kindClosed: { en: 'Applications are closed now', ar: 'التقديم مغلق حاليًا' },
  staffIntro: { en: 'Apply for a position at the university.', ar: 'تقدّم لشغل وظيفة بالجامعة.' },
  applyIntro: {
    en: 'Give your email: we send you a private link to your application form.',
    ar: 'أدخل بريدك الإلكتروني: سنرسل إليك رابطًا خاصًا لاستمارة التقديم.',
  },
  startApplication: { en: 'Start my application', ar: 'ابدأ التقديم' },
  checkEmailTitle: { en: 'Check your email', ar: 'تحقق من بريدك الإلكتروني' },
  checkEmailText: {
    en: 'We sent a link to your application form to your email. Open it to continue; keep it private, it is your key to the application.',
    ar: 'أرسلنا رابط استمارة التقديم إلى بريدك الإلكتروني. افتحه للمتابعة، واحتفظ به لنفسك فهو مفتاح طلبك.',
  },
  applicationNumber: { en: 'Application number: {{id}}', ar: 'رقم الطلب: {{id}}' },
  applyAgain: { en: 'Start another application', ar: 'بدء طلب آخر' },
  // the form
  linkInvalid: { en: 'This application link is not valid', ar: 'رابط الطلب هذا غير صالح' },
  status: { en: 'Status', ar: 'الحالة' },
  feedback: { en: 'Feedback from the admission office', ar: 'ملاحظات مكتب القبول' },
  nextStep: { en: 'What to do next', ar: 'الخطوة التالية' },
  myApplication: { en: 'My application', ar: 'طلبي' },
  openForm: { en: 'Open the application form', ar: 'فتح استمارة التقديم' },
  submitApplication: { en: 'Submit the application', ar: 'تقديم الطلب' },
  resubmitApplication: { en: 'Send the updated application', ar: 'إرسال الطلب بعد التعديل' },
  notEditable: {
    en: 'Your application has been submitted and can no longer be changed.',
    ar: 'تم تقديم طلبك ولم يعد من الممكن تعديله.',
  },
  tabsDone: { en: '{{done}} of {{total}} sections complete', ar: 'اكتمل {{done}} من {{total}} أقسام' },
  // payment
  fees: { en: 'Fees', ar: 'الرسوم' },
  fee: { en: 'Fee', ar: 'البند' },
  amount: { en: 'Amount', ar: 'المبلغ' },
  feeStatus: { en: 'Status', ar: 'الحالة' },
  noFees: { en: 'No fees are due for this application.', ar: 'لا توجد رسوم مستحقة على هذا الطلب.' },
  paymentDue: { en: 'A payment is due on your application.', ar: 'يوجد مبلغ مستحق السداد على طلبك.' },
  paymentNotDue: { en: 'No payment is due now.', ar: 'لا يوجد سداد مستحق الآن.' },
  /** The office's view of the same fact: the application is not theirs. */
  applicationPaymentDue: { en: 'A payment is due on this application.', ar: 'يوجد مبلغ مستحق السداد على هذا الطلب.' },
  payByCard: { en: 'Pay by card', ar: 'الدفع بالبطاقة' },
  payByVoucher: { en: 'Pay by voucher', ar: 'الدفع بقسيمة' },
  paymentInstructions: { en: 'Payment instructions (PDF)', ar: 'تعليمات السداد (PDF)' },
  paymentPending: { en: 'Your payment is being processed.', ar: 'جارٍ معالجة عملية السداد.' },
  paymentDone: { en: 'Payment received. Thank you.', ar: 'تم استلام المبلغ. شكرًا لك.' },
  paymentFailed: { en: 'The payment did not go through', ar: 'لم تتم عملية السداد' },
  backToForm: { en: 'Back to the application form', ar: 'العودة إلى استمارة التقديم' },
  paymentUnavailable: {
    en: 'Online payment is not available yet. Use the payment instructions or pay at the university.',
    ar: 'الدفع الإلكتروني غير متاح بعد. استخدم تعليمات السداد أو ادفع بالجامعة.',
  },
  notDue: { en: 'Not due yet', ar: 'غير مستحق بعد' },
  // success page
  successTitle: { en: 'Application received', ar: 'تم استلام الطلب' },
  successText: {
    en: 'Thank you. Your application was submitted; we will email you when its status changes.',
    ar: 'شكرًا لك. تم تقديم طلبك، وسنراسلك عند تغيّر حالته.',
  },
  // staff review
  formVersion: { en: 'Form version {{version}}', ar: 'إصدار النموذج {{version}}' },
  changeStatus: { en: 'Change the status', ar: 'تغيير الحالة' },
  newStatus: { en: 'New status', ar: 'الحالة الجديدة' },
  comment: { en: 'Comment to the applicant', ar: 'ملاحظة للمتقدم' },
  commentRequired: { en: 'Write the changes the applicant must make', ar: 'اكتب التعديلات المطلوبة من المتقدم' },
  program: { en: 'Program', ar: 'البرنامج' },
  programHint: { en: "The applicant's preferences come first, in their order", ar: 'رغبات المتقدم أولًا بترتيبها' },
  programRequired: { en: 'Choose the program the applicant is accepted to', ar: 'اختر البرنامج الذي قُبل فيه المتقدم' },
  preferenceRank: { en: 'preference {{rank}}', ar: 'الرغبة {{rank}}' },
  apply: { en: 'Apply', ar: 'تطبيق' },
  noActions: { en: 'No status change is possible from this status.', ar: 'لا يمكن تغيير الحالة من هذه الحالة.' },
  notFilled: { en: 'Not filled yet', ar: 'لم يُملأ بعد' },
  download: { en: 'Download', ar: 'تنزيل' },
  statusChanged: { en: 'The status was changed', ar: 'تم تغيير الحالة' },
  backToList: { en: 'Back to the applicants', ar: 'العودة إلى المتقدمين' },
} as const;

export type AdmissionTextKey = keyof typeof ADMISSION_TEXTS;

export function admissionText(
  key: AdmissionTextKey,
  language: string,
  values: Record<string, string | number> = {},
): string {
  const pair = ADMISSION_TEXTS[key];
  const text = language === 'ar' ? pair.ar : pair.en;
  return Object.entries(values).reduce<string>((s, [k, v]) => s.replaceAll(`{{${k}}}`, String(v)), text);
}

/** `t('payNow')` in the current language. */
export function useAdmissionText(): (key: AdmissionTextKey, values?: Record<string, string | number>) => string {
  const language = useLanguage();
  return useCallback((key, values) => admissionText(key, language, values), [language]);
}
