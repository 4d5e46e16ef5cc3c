/**
 * What the grade rechecks domain says, in English and Arabic (merged into server/http/messages.ts).
 * The mark's own checks are the manifest's rules (mark_value, mark_not_above_max), through the
 * grades domain's checkMark, so the office reads the words the instructor's grid shows.
 */
import type { LocalText } from '../../../generator/manifest-types.ts';

export const GRADE_RECHECK_MESSAGES = {
  grade_recheck_not_found: { en: 'The grade recheck request was not found', ar: 'لم يتم العثور على طلب التظلم' },
  grade_recheck_students_only: {
    en: 'Only students can request a grade recheck',
    ar: 'طلب التظلم من الدرجات متاح للطلاب فقط',
  },
  grade_recheck_course_required: { en: 'Choose the course to recheck', ar: 'اختر المقرر المطلوب التظلم منه' },
  grade_recheck_course_not_open: {
    en: 'This course cannot be rechecked: its results are not published for the current or the last term, or a recheck of it is already open',
    ar: 'لا يمكن التظلم من هذا المقرر: نتيجته غير معلنة للفصل الحالي أو الفصل الماضي، أو يوجد تظلم مفتوح عليه',
  },
  grade_recheck_reason_required: { en: 'Write the reason for the recheck', ar: 'اكتب سبب التظلم' },
  grade_recheck_reason_long: { en: 'Write at most 1000 characters', ar: 'اكتب 1000 حرف على الأكثر' },
  grade_recheck_delete_unpaid_only: {
    en: 'Only a request whose fee is not paid yet can be deleted: ask to cancel it instead',
    ar: 'لا يحذف إلا الطلب الذي لم تدفع رسومه بعد: اطلب إلغاءه بدلًا من ذلك',
  },
  grade_recheck_cancel_paid_only: {
    en: 'A request whose fee is not paid is deleted, not cancelled',
    ar: 'الطلب غير المدفوع يحذف ولا يطلب إلغاؤه',
  },
  grade_recheck_action_unknown: { en: 'Choose what to do with the request', ar: 'اختر الإجراء المطلوب على الطلب' },
  grade_recheck_action_refused: {
    en: "This step is not possible from the request's current status",
    ar: 'هذه الخطوة غير ممكنة من حالة الطلب الحالية',
  },
  grade_recheck_not_paid: {
    en: 'The recheck fee is not paid yet: the office takes the request once it is paid',
    ar: 'لم تدفع رسوم التظلم بعد: يستلم المكتب الطلب بعد دفعها',
  },
  grade_recheck_action_permission: { en: 'You may not take this step', ar: 'لا تملك صلاحية هذه الخطوة' },
  grade_recheck_note_required: { en: 'Write the reason for the student', ar: 'اكتب السبب للطالب' },
  grade_recheck_note_long: { en: 'Write at most 1000 characters', ar: 'اكتب 1000 حرف على الأكثر' },
  grade_recheck_new_grade_required: { en: 'Enter the new mark', ar: 'أدخل الدرجة الجديدة' },
  grade_recheck_same_grade: {
    en: 'The new mark is the published one: choose "No change" instead',
    ar: 'الدرجة الجديدة هي الدرجة المعلنة: اختر "لا تغيير في الدرجة" بدلًا من ذلك',
  },
  grade_recheck_registration_gone: {
    en: 'The registration of this course no longer exists',
    ar: 'تسجيل هذا المقرر لم يعد موجودًا',
  },
} as const satisfies Record<string, LocalText>;

/** What each history row's action says (the history table's "Step" column), by action name. */
export const GRADE_RECHECK_STEPS: Record<string, LocalText> = {
  request: { en: 'Requested', ar: 'تقديم الطلب' },
  pay: { en: 'Fee paid', ar: 'دفع الرسوم' },
  delete: { en: 'Deleted (unpaid)', ar: 'حذف (غير مدفوع)' },
  review: { en: 'Review started', ar: 'بدء المراجعة' },
  change_grade: { en: 'Mark changed', ar: 'تعديل الدرجة' },
  keep_grade: { en: 'Mark kept', ar: 'بقاء الدرجة' },
  reject: { en: 'Rejected', ar: 'رفض' },
  cancel_request: { en: 'Cancellation asked', ar: 'طلب الإلغاء' },
  approve_cancel: { en: 'Cancellation approved', ar: 'قبول الإلغاء' },
  refuse_cancel: { en: 'Cancellation refused', ar: 'رفض الإلغاء' },
};
