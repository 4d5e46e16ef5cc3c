/**
 * What the excuses domain says, in English and Arabic (merged into server/http/messages.ts).
 * `{name}` placeholders are filled from the error's params.
 */
import type { LocalText } from '../../../generator/manifest-types.ts';

export const EXCUSE_MESSAGES = {
  excuse_not_found: { en: 'The excuse was not found', ar: 'لم يتم العثور على العذر' },
  excuse_students_only: { en: 'Only students can submit excuses', ar: 'تقديم الأعذار متاح للطلاب فقط' },
  excuse_no_term: {
    en: 'There is no current term to submit an excuse for',
    ar: 'لا يوجد فصل دراسي حالي لتقديم عذر عنه',
  },
  excuse_type_required: { en: 'Choose what the excuse is for', ar: 'اختر نوع العذر' },
  excuse_course_required: { en: 'Choose the course of the missed exam', ar: 'اختر مقرر الامتحان الذي تغيبت عنه' },
  excuse_course_not_held: { en: 'Choose one of your courses this term', ar: 'اختر أحد مقرراتك في هذا الفصل' },
  excuse_no_courses: { en: 'You have no registered courses this term', ar: 'ليس لديك مقررات مسجلة في هذا الفصل' },
  excuse_date_required: { en: 'Enter a date', ar: 'أدخل التاريخ' },
  excuse_dates_order: {
    en: 'The end date must not be before the start date',
    ar: 'يجب ألا يسبق تاريخ النهاية تاريخ البداية',
  },
  excuse_date_term: {
    en: 'The date must be within the current term ({start} to {end})',
    ar: 'يجب أن يقع التاريخ داخل الفصل الحالي (من {start} إلى {end})',
  },
  excuse_date_future: {
    en: 'The date may be at most {days} days from today',
    ar: 'لا يجوز أن يتجاوز التاريخ {days} أيام من اليوم',
  },
  excuse_reason_required: { en: 'Write the reason for your absence', ar: 'اكتب سبب غيابك' },
  excuse_reason_long: { en: 'Write at most {max} characters', ar: 'اكتب {max} حرف على الأكثر' },
  excuse_document_required: {
    en: 'Attach a supporting document (a medical report, for example) for a missed exam',
    ar: 'أرفق مستندًا داعمًا (تقريرًا طبيًا مثلًا) للغياب عن امتحان',
  },
  excuse_document_invalid: {
    en: 'The document could not be read: choose the file again',
    ar: 'تعذرت قراءة المستند: اختر الملف مرة أخرى',
  },
  excuse_document_too_large: {
    en: 'The document must be at most {limit} MB',
    ar: 'يجب ألا يزيد حجم المستند على {limit} ميجابايت',
  },
  excuse_document_type: { en: 'Attach a file of one of these types: {types}', ar: 'أرفق ملفًا من هذه الأنواع: {types}' },
  excuse_document_content: {
    en: "The file's content does not match its type: attach a real pdf, jpg or png file",
    ar: 'محتوى الملف لا يطابق نوعه: أرفق ملف pdf أو jpg أو png حقيقيًا',
  },
  excuse_document_missing: { en: 'This excuse has no document', ar: 'لا يوجد مستند لهذا العذر' },
  excuse_edit_pending_only: {
    en: 'Only a pending excuse can be changed',
    ar: 'لا يمكن تعديل العذر إلا وهو قيد الانتظار',
  },
  excuse_cancel_pending_only: {
    en: 'Only a pending excuse can be cancelled',
    ar: 'لا يمكن إلغاء العذر إلا وهو قيد الانتظار',
  },
  excuse_paid_cancel_instead: {
    en: 'The fee of this excuse is paid: cancel it instead of deleting it',
    ar: 'رسوم هذا العذر مدفوعة: ألغه بدلًا من حذفه',
  },
  excuse_fee_unpaid: { en: 'The excuse fee is not paid yet', ar: 'لم تدفع رسوم العذر بعد' },
  excuse_action_unknown: { en: 'Choose what to do with the excuse', ar: 'اختر الإجراء المطلوب على العذر' },
  excuse_action_refused: {
    en: "This step is not possible from the excuse's current status",
    ar: 'هذه الخطوة غير ممكنة من حالة العذر الحالية',
  },
  excuse_action_permission: { en: 'You may not take this step', ar: 'لا تملك صلاحية هذه الخطوة' },
  excuse_note_required: { en: 'Write the reason for the student', ar: 'اكتب السبب للطالب' },
  excuse_note_long: { en: 'Write at most {max} characters', ar: 'اكتب {max} حرف على الأكثر' },
} as const satisfies Record<string, LocalText>;
