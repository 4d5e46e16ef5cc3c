/** What the admission domain says, in English and Arabic (merged into server/http/messages.ts). */
import type { LocalText } from '../../../generator/manifest-types.ts';

export const ADMISSION_MESSAGES = {
  // the emailed link (applicant calls)
  applicant_secret_missing: {
    en: 'The application link is incomplete: its secret key is missing',
    ar: 'رابط الطلب غير مكتمل: المفتاح السري غير موجود',
  },
  applicant_secret_invalid: { en: 'This application link is not valid', ar: 'رابط الطلب هذا غير صالح' },
  // applying (admission-and-grid section 8, "Cannot apply to this program now")
  admission_closed: { en: 'Cannot apply to this program now', ar: 'لا يمكن التقديم على هذا البرنامج الآن' },
  applicant_type_invalid: { en: 'Choose one of the application kinds', ar: 'اختر أحد أنواع التقديم' },
  application_link_sent: {
    en: 'The link to your application form was sent to {email}',
    ar: 'تم إرسال رابط استمارة التقديم إلى {email}',
  },
  // the application
  application_locked: { en: 'The application can no longer be changed', ar: 'لم يعد من الممكن تعديل الطلب' },
  unknown_tab: { en: 'This application has no section "{tab}"', ar: 'لا يوجد قسم "{tab}" في هذا الطلب' },
  tab_not_done: { en: 'Please complete this section first', ar: 'من فضلك أكمل هذا القسم أولًا' },
  preference_repeated: { en: 'This program was already chosen', ar: 'تم اختيار هذا البرنامج من قبل' },
  program_not_for_level: {
    en: 'This program is not offered to this kind of application',
    ar: 'هذا البرنامج غير متاح لهذا النوع من الطلبات',
  },
  program_not_in_faculty: {
    en: 'This program does not belong to the chosen faculty',
    ar: 'هذا البرنامج لا يتبع الكلية المختارة',
  },
  payment_due: { en: 'You have to pay your due invoices.', ar: 'يجب سداد الفواتير المستحقة عليك.' },
  application_submitted: { en: 'Your application was sent for review', ar: 'تم إرسال طلبك للمراجعة' },
  // files
  file_not_multipart: {
    en: 'Send the file as multipart/form-data, in one part',
    ar: 'أرسل الملف بصيغة multipart/form-data في جزء واحد',
  },
  file_missing: { en: 'Choose a file to upload', ar: 'اختر ملفًا لرفعه' },
  file_too_large: { en: 'The file is larger than {limit} MB', ar: 'حجم الملف أكبر من {limit} ميجابايت' },
  file_type_not_accepted: { en: 'Only {types} files are accepted', ar: 'يُقبل فقط الملفات من نوع {types}' },
  file_content_mismatch: {
    en: "The file's content does not match its extension",
    ar: 'محتوى الملف لا يتطابق مع امتداده',
  },
  file_field_unknown: {
    en: 'This application has no file field "{field}"',
    ar: 'لا يوجد حقل ملف "{field}" في هذا الطلب',
  },
  file_not_found: { en: 'No file was uploaded here', ar: 'لم يتم رفع ملف هنا' },
  // review
  status_comment_required: {
    en: 'Write the feedback the applicant will see',
    ar: 'اكتب الملاحظات التي سيراها المتقدم',
  },
  unknown_lookup: { en: 'Unknown lookup "{name}"', ar: 'القائمة "{name}" غير معروفة' },
  // fees and payment
  fee_not_due: { en: 'This fee is not due now', ar: 'هذه الرسوم غير مستحقة الآن' },
  fee_already_paid: { en: 'This fee is already paid', ar: 'تم سداد هذه الرسوم بالفعل' },
  bank_transfer_egyptians: {
    en: 'Bank transfer is offered to non-Egyptians only',
    ar: 'التحويل البنكي متاح لغير المصريين فقط',
  },
  payment_option_not_offered: { en: 'This payment option is not offered', ar: 'طريقة الدفع هذه غير متاحة' },
  transaction_unknown: {
    en: 'No such payment transaction for this application',
    ar: 'لا توجد عملية دفع بهذا الرقم لهذا الطلب',
  },
} as const satisfies Record<string, LocalText>;
