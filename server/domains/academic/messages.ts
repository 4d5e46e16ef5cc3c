/** What the academic domain says, in English and Arabic (merged into server/http/messages.ts). */
import type { LocalText } from '../../../generator/manifest-types.ts';

export const ACADEMIC_MESSAGES = {
  academic_student_required: {
    en: "Choose a student: staff read a student's records with ?student_id=",
    ar: 'اختر طالبًا: يطّلع الموظفون على سجلات الطالب باستخدام ?student_id=',
  },
  academic_student_invalid: { en: 'The student id must be a whole number', ar: 'يجب أن يكون رقم الطالب عددًا صحيحًا' },
  academic_student_not_found: { en: 'The student was not found', ar: 'لم يتم العثور على الطالب' },
  academic_course_not_held: {
    en: 'You are not registered in this course this term',
    ar: 'أنت غير مسجل في هذا المقرر في الفصل الحالي',
  },
  academic_course_invalid: { en: 'The course id must be a whole number', ar: 'يجب أن يكون رقم المقرر عددًا صحيحًا' },
  academic_photo_forbidden: {
    en: 'You may only see your own photo',
    ar: 'يمكنك الاطلاع على صورتك فقط',
  },
} as const satisfies Record<string, LocalText>;
