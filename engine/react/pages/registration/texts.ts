/**
 * The registration area's own texts, in English and Arabic, kept next to the components that
 * show them (rather than in the shared locale files, which every area edits).
 */
import { useCallback } from 'react';
import { fillText } from '../../../core/text.ts';
import { useLanguage } from '../../i18n/hooks.ts';

export const TEXTS = {
  loading: { en: 'Loading…', ar: 'جارٍ التحميل…' },
  loadFailed: { en: 'Could not load this part of the page.', ar: 'تعذر تحميل هذا الجزء من الصفحة.' },
  retry: { en: 'Try again', ar: 'حاول مرة أخرى' },
  busy: { en: 'The server is busy: retrying your request…', ar: 'الخادم مشغول: جارٍ إعادة محاولة طلبك…' },
  busyAttempt: { en: 'Attempt {n}', ar: 'المحاولة {n}' },
  // registration page
  windows: { en: 'Open windows', ar: 'الفترات المفتوحة' },
  noWindow: { en: 'No registration window is open today.', ar: 'لا توجد فترة تسجيل مفتوحة اليوم.' },
  stage_registration: { en: 'Registration', ar: 'التسجيل' },
  stage_add_drop: { en: 'Add / drop', ar: 'الحذف والإضافة' },
  stage_withdraw: { en: 'Withdrawal', ar: 'الانسحاب' },
  until: { en: 'until {date}', ar: 'حتى {date}' },
  appointment: { en: 'Your registration appointment', ar: 'موعد تسجيلك' },
  appointmentOpen: {
    en: 'Your appointment is open: you may submit your plan now.',
    ar: 'موعدك مفتوح: يمكنك تقديم خطتك الآن.',
  },
  appointmentLater: {
    en: 'Your appointment opens on {date}. Prepare your plan meanwhile; submit it in one step when it opens.',
    ar: 'يفتح موعدك في {date}. جهّز خطتك حتى ذلك الحين، وقدّمها بخطوة واحدة عند فتحه.',
  },
  credit: { en: 'Credit hours: {held} of {limit}', ar: 'الساعات المعتمدة: {held} من {limit}' },
  warnings: {
    en: 'Academic warnings: {consecutive} consecutive ({cr} left before suspension), {total} in total ({tr} left).',
    ar: 'الإنذارات الأكاديمية: {consecutive} متتالية (متبقٍ {cr} قبل الإيقاف)، و{total} إجمالًا (متبقٍ {tr}).',
  },
  dismissed: {
    en: 'You have passed the maximum number of warnings: registration is suspended.',
    ar: 'لقد تجاوزت الحد الأقصى للإنذارات: التسجيل موقوف.',
  },
  myRequests: { en: 'My courses this term', ar: 'مقرراتي هذا الفصل' },
  noRequests: { en: 'You have not requested any course yet.', ar: 'لم تطلب أي مقرر بعد.' },
  available: { en: 'Available offerings', ar: 'المقررات المتاحة' },
  noAvailable: { en: 'No offering is available to you in this term.', ar: 'لا توجد مقررات متاحة لك في هذا الفصل.' },
  search: { en: 'Search by code or name', ar: 'ابحث بالكود أو الاسم' },
  code: { en: 'Code', ar: 'الكود' },
  course: { en: 'Course', ar: 'المقرر' },
  hours: { en: 'Hours', ar: 'الساعات' },
  level: { en: 'Level', ar: 'المستوى' },
  section: { en: 'Section', ar: 'المجموعة' },
  seatsLeft: { en: 'Seats left', ar: 'المقاعد المتبقية' },
  full: { en: 'Full', ar: 'مكتمل' },
  slots: { en: 'Times', ar: 'المواعيد' },
  status: { en: 'Status', ar: 'الحالة' },
  note: { en: 'Advisor note', ar: 'ملاحظة المرشد' },
  actions: { en: 'Actions', ar: 'الإجراءات' },
  clashWith: { en: 'Clashes with {course} ({day} {time})', ar: 'يتعارض مع {course} ({day} {time})' },
  request: { en: 'Request', ar: 'طلب التسجيل' },
  add: { en: 'Add', ar: 'إضافة' },
  addToPlan: { en: 'Add to plan', ar: 'أضف إلى الخطة' },
  inPlan: { en: 'In plan', ar: 'في الخطة' },
  requested: { en: 'Requested', ar: 'مطلوب' },
  remove: { en: 'Remove', ar: 'إلغاء الطلب' },
  drop: { en: 'Drop', ar: 'حذف' },
  withdraw: { en: 'Withdraw', ar: 'انسحاب' },
  confirmDrop: { en: 'Drop {course}?', ar: 'هل تريد حذف {course}؟' },
  confirmWithdraw: { en: 'Withdraw from {course}?', ar: 'هل تريد الانسحاب من {course}؟' },
  plan: { en: 'My plan', ar: 'خطتي' },
  planEmpty: { en: 'Your plan is empty: add offerings below.', ar: 'خطتك فارغة: أضف مقررات من القائمة أدناه.' },
  submitPlan: { en: 'Submit my plan', ar: 'قدّم خطتي' },
  planResult: {
    en: 'Plan submitted: {ok} registered, {failed} refused.',
    ar: 'تم تقديم الخطة: قُبل {ok}، ورُفض {failed}.',
  },
  done: { en: 'Done', ar: 'تم' },
  refused: { en: 'Refused', ar: 'مرفوض' },
  exportPdf: { en: 'Registration report (PDF)', ar: 'تقرير التسجيل (PDF)' },
  // advisor
  advisees: { en: 'My students', ar: 'طلابي' },
  pendingOnly: { en: 'Only students with waiting requests', ar: 'الطلاب الذين لديهم طلبات معلقة فقط' },
  noAdvisees: { en: 'No student to show.', ar: 'لا يوجد طلاب لعرضهم.' },
  gpa: { en: 'GPA', ar: 'المعدل التراكمي' },
  earned: { en: 'Earned hours', ar: 'الساعات المكتسبة' },
  accept: { en: 'Accept', ar: 'قبول' },
  reject: { en: 'Reject', ar: 'رفض' },
  acceptSelected: { en: 'Accept selected', ar: 'قبول المحدد' },
  rejectSelected: { en: 'Reject selected', ar: 'رفض المحدد' },
  acceptAll: { en: 'Accept all', ar: 'قبول الكل' },
  rejectAll: { en: 'Reject all', ar: 'رفض الكل' },
  noteForStudent: { en: 'Note to the student (optional)', ar: 'ملاحظة للطالب (اختيارية)' },
  noPending: { en: 'No request waiting.', ar: 'لا توجد طلبات معلقة.' },
  // academic
  termGrades: { en: 'Term grades', ar: 'درجات الفصول' },
  takenCourses: { en: 'Taken courses', ar: 'المقررات المدروسة' },
  studyPlan: { en: 'Study plan', ar: 'الخطة الدراسية' },
  term: { en: 'Term', ar: 'الفصل الدراسي' },
  mark: { en: 'Mark', ar: 'الدرجة' },
  grade: { en: 'Grade', ar: 'التقدير' },
  points: { en: 'Points', ar: 'النقاط' },
  termGpa: { en: 'Term GPA', ar: 'المعدل الفصلي' },
  cumGpa: { en: 'Cumulative GPA', ar: 'المعدل التراكمي' },
  termHours: { en: 'Hours', ar: 'الساعات' },
  noHistory: { en: 'No finished term yet.', ar: 'لا توجد فصول منتهية بعد.' },
  semester: { en: 'Semester {n}', ar: 'الفصل {n}' },
  levelN: { en: 'Level {n}', ar: 'المستوى {n}' },
  category: { en: 'Category', ar: 'التصنيف' },
  prerequisites: { en: 'Prerequisites', ar: 'المتطلبات السابقة' },
  planProgress: {
    en: '{passed} of {total} hours passed, {registered} registered now, {remaining} remaining',
    ar: 'اجتزت {passed} من {total} ساعة، ومسجل الآن {registered}، ومتبقٍ {remaining}',
  },
  noPlan: { en: 'No study plan is set for your program.', ar: 'لم تُحدد خطة دراسية لبرنامجك.' },
  // course, schedule, profile
  description: { en: 'Description', ar: 'الوصف' },
  instructor: { en: 'Instructor', ar: 'المحاضر' },
  markOf: { en: '{mark} of {max}', ar: '{mark} من {max}' },
  resultsNotPublished: { en: 'Not published yet', ar: 'لم تُعلن بعد' },
  exams: { en: 'Exams', ar: 'الامتحانات' },
  noExams: { en: 'No exam is scheduled yet.', ar: 'لم تُجدول امتحانات بعد.' },
  date: { en: 'Date', ar: 'التاريخ' },
  time: { en: 'Time', ar: 'الوقت' },
  room: { en: 'Room', ar: 'القاعة' },
  day: { en: 'Day', ar: 'اليوم' },
  kind: { en: 'Kind', ar: 'النوع' },
  /** A course with no class times (its page). */
  noSlots: { en: 'This course has no class times yet.', ar: 'لا توجد مواعيد محاضرات لهذا المقرر بعد.' },
  /** A day of the week's timetable with no class. */
  noClassThisDay: { en: 'No class this day.', ar: 'لا توجد محاضرات في هذا اليوم.' },
  noSchedule: { en: 'You hold no course with a timetable this term.', ar: 'ليس لديك مقررات لها مواعيد في هذا الفصل.' },
  photoOf: { en: 'Photo of {name}', ar: 'صورة {name}' },
  currentCourses: { en: 'Courses this term', ar: 'مقررات الفصل الحالي' },
  academicRecord: { en: 'Academic record', ar: 'السجل الأكاديمي' },
  noCourses: { en: 'No course this term.', ar: 'لا توجد مقررات في هذا الفصل.' },
  back: { en: 'Back', ar: 'رجوع' },
} as const;

export type TextKey = keyof typeof TEXTS;

/** Fills `{name}` placeholders. */
export function fill(text: string, values: Record<string, string | number> = {}): string {
  return fillText(text, values);
}

/** `t('request')`, `t('credit', {held, limit})` in the current language. */
export function useText(): (key: TextKey, values?: Record<string, string | number>) => string {
  const language = useLanguage();
  return useCallback((key, values) => fill(TEXTS[key][language === 'ar' ? 'ar' : 'en'], values), [language]);
}

/** A record's name in the current language (name_local in Arabic when it has one). */
export function localName(
  row: { name?: string | null; name_local?: string | null } | null | undefined,
  language: string,
): string {
  if (!row) return '';
  return (language === 'ar' ? row.name_local || row.name : row.name || row.name_local) ?? '';
}
