/**
 * What the grades domain says, in English and Arabic (merged into server/http/messages.ts). The
 * mark's own checks are the manifest's rules (mark_value, mark_not_above_max); the spreadsheet
 * import's column and row messages are the grid's (admission-and-grid section 8).
 */
import type { LocalText } from '../../../generator/manifest-types.ts';

export const GRADES_MESSAGES = {
  grades_not_your_section: { en: 'You do not teach this section', ar: 'أنت لا تدرّس هذه المجموعة' },
  grades_not_your_offering: {
    en: 'You teach no section of this course offering',
    ar: 'أنت لا تدرّس أي مجموعة من هذا المقرر المطروح',
  },
  grades_section_not_found: { en: 'The section was not found', ar: 'لم يتم العثور على المجموعة' },
  grades_offering_not_found: { en: 'The course offering was not found', ar: 'لم يتم العثور على المقرر المطروح' },
  grades_term_not_found: { en: 'The term was not found', ar: 'لم يتم العثور على الفصل الدراسي' },
  grades_results_published: {
    en: 'The results of this course have been published: marks can no longer be changed here',
    ar: 'تم نشر نتائج هذا المقرر: لا يمكن تعديل الدرجات هنا بعد الآن',
  },
  grades_marks_required: {
    en: 'Send the marks as a list: {marks: [{registration_id, grade}]}',
    ar: 'أرسل الدرجات في قائمة: {marks: [{registration_id, grade}]}',
  },
  grades_too_many: {
    en: 'At most {max} marks may be sent at once',
    ar: 'يمكن إرسال {max} درجة على الأكثر في المرة الواحدة',
  },
  grades_row_invalid: {
    en: 'Each entry must be {registration_id, grade}',
    ar: 'يجب أن يكون كل عنصر على الصورة {registration_id, grade}',
  },
  grades_not_in_section: {
    en: 'This student is not registered in this section',
    ar: 'هذا الطالب غير مسجل في هذه المجموعة',
  },
  grades_listed_twice: { en: 'This student is listed twice', ar: 'هذا الطالب مذكور مرتين' },
  grades_mark_not_number: { en: 'The mark must be a number', ar: 'يجب أن تكون الدرجة رقمًا' },
  grades_saved: { en: 'Marks saved: {n}', ar: 'تم حفظ الدرجات: {n}' },
  grades_imported: { en: 'Marks imported from the file: {n}', ar: 'تم استيراد الدرجات من الملف: {n}' },
  grades_file_not_spreadsheet: {
    en: 'The file is not a spreadsheet: send an .xlsx, .xls or .csv file',
    ar: 'الملف ليس جدول بيانات: أرسل ملفًا بامتداد ‎.xlsx أو ‎.xls أو ‎.csv',
  },
  grades_file_unpacks_too_large: {
    en: 'The file unpacks to more than {limit} MB: send the marks in a smaller spreadsheet',
    ar: 'حجم الملف بعد فك ضغطه أكبر من {limit} ميجابايت: أرسل الدرجات في جدول بيانات أصغر',
  },
  grades_file_too_large: { en: 'The file is larger than {limit} MB', ar: 'حجم الملف أكبر من {limit} ميجابايت' },
  grades_unknown_student: {
    en: 'No student with code {code} is registered in your sections of this course',
    ar: 'لا يوجد طالب بالكود {code} مسجل في مجموعاتك من هذا المقرر',
  },
  grades_code_twice: {
    en: 'This student appears more than once in the file',
    ar: 'هذا الطالب مذكور أكثر من مرة في الملف',
  },
  grades_import_failed: {
    en: 'Nothing was saved: correct the rows below and import the file again',
    ar: 'لم يُحفظ شيء: صحّح الصفوف التالية ثم استورد الملف مرة أخرى',
  },
} as const satisfies Record<string, LocalText>;
