/** What the registration domain says, in English and Arabic (merged into server/http/messages.ts). */
import type { LocalText } from '../../../generator/manifest-types.ts';

export const REGISTRATION_MESSAGES = {
  // Seats (portal-core section 8, word for word).
  no_capacity: { en: 'There is no available capacity', ar: 'لا توجد سعة متاحة' },

  // Who and when.
  reg_not_student: { en: 'Only a student can register courses', ar: 'تسجيل المقررات متاح للطلاب فقط' },
  reg_no_term: { en: 'No term is open for registration now', ar: 'لا يوجد فصل دراسي مفتوح للتسجيل الآن' },
  reg_registration_closed: {
    en: 'Registration is not open for this term now',
    ar: 'التسجيل غير متاح لهذا الفصل الدراسي الآن',
  },
  reg_add_drop_closed: { en: 'The add/drop period is not open now', ar: 'فترة الحذف والإضافة غير متاحة الآن' },
  reg_withdraw_closed: { en: 'The withdrawal period is not open now', ar: 'فترة الانسحاب غير متاحة الآن' },
  reg_no_appointment: {
    en: 'You have no registration appointment for this term; please contact the registrar',
    ar: 'ليس لديك موعد تسجيل في هذا الفصل الدراسي؛ يرجى مراجعة شؤون الطلاب',
  },
  reg_appointment_not_open: { en: 'Your registration appointment opens at {opens}', ar: 'يبدأ موعد تسجيلك في {opens}' },
  reg_appointment_closed: {
    en: 'Your registration appointment closed at {closes}',
    ar: 'انتهى موعد تسجيلك في {closes}',
  },
  reg_status_inactive: {
    en: 'Your student status ({status}) does not allow registration',
    ar: 'حالتك الدراسية ({status}) لا تسمح بالتسجيل',
  },
  reg_dismissed_consecutive: {
    en: 'You have {count} consecutive warnings (the maximum is {max}): you are dismissed and cannot register',
    ar: 'لديك {count} إنذارات متتالية (الحد الأقصى {max}): تم فصلك ولا يمكنك التسجيل',
  },
  reg_dismissed_total: {
    en: 'You have {count} warnings in total (the maximum is {max}): you are dismissed and cannot register',
    ar: 'لديك {count} إنذارات إجمالًا (الحد الأقصى {max}): تم فصلك ولا يمكنك التسجيل',
  },
  reg_banned_study_absence: {
    en: 'You are banned for study absence and cannot register {scope}',
    ar: 'أنت محروم بسبب الغياب ولا يمكنك تسجيل {scope}',
  },
  reg_banned_misconduct: {
    en: 'You are banned for misconduct and cannot register {scope}',
    ar: 'أنت محروم لسوء السلوك ولا يمكنك تسجيل {scope}',
  },
  reg_scope_any: { en: 'any course this term', ar: 'أي مقرر في هذا الفصل الدراسي' },

  // The offering.
  reg_offering_not_available: {
    en: 'This offering is not available to you this term',
    ar: 'هذا المقرر غير متاح لك في هذا الفصل الدراسي',
  },
  reg_not_in_plan: {
    en: "This course is not in your program's study plan",
    ar: 'هذا المقرر ليس ضمن الخطة الدراسية لبرنامجك',
  },
  reg_section_invalid: {
    en: 'This section does not belong to the chosen offering',
    ar: 'هذه المجموعة لا تتبع المقرر المختار',
  },
  reg_level: {
    en: 'This course needs at least level {level}; your level is {current}',
    ar: 'يتطلب هذا المقرر المستوى {level} على الأقل؛ مستواك الحالي {current}',
  },
  reg_passed_hours: {
    en: 'This course needs {hours} passed hours; you have passed {passed}',
    ar: 'يتطلب هذا المقرر اجتياز {hours} ساعة؛ لقد اجتزت {passed} ساعة',
  },
  reg_prerequisite: { en: 'You must pass {courses} before this course', ar: 'يجب اجتياز {courses} قبل هذا المقرر' },
  reg_already_passed: { en: 'You have already passed this course', ar: 'لقد اجتزت هذا المقرر من قبل' },
  reg_already_requested: {
    en: 'You have already requested or registered this course',
    ar: 'لقد طلبت تسجيل هذا المقرر أو سجلته بالفعل',
  },
  reg_clash: {
    en: 'The timetable clashes with {course} on {day} {from}-{to}',
    ar: 'يتعارض الجدول مع {course} يوم {day} من {from} إلى {to}',
  },
  reg_credit_limit: {
    en: 'This course brings your credit hours to {total}, above your limit of {limit}',
    ar: 'هذا المقرر يرفع ساعاتك المعتمدة إلى {total} وهو أكثر من الحد المسموح لك ({limit})',
  },

  // The lifecycle.
  reg_not_found: { en: 'The registration was not found', ar: 'لم يتم العثور على التسجيل' },
  reg_transition: {
    en: 'This change is not allowed for a course in the state "{state}"',
    ar: 'لا يُسمح بهذا التغيير لمقرر حالته "{state}"',
  },
  reg_not_your_student: { en: 'This student is not one of your advisees', ar: 'هذا الطالب ليس من الطلاب الذين ترشدهم' },
  reg_nothing_pending: { en: 'There are no requests waiting for a decision', ar: 'لا توجد طلبات تنتظر القرار' },
  reg_note_too_long: { en: 'The note may have at most 1000 characters', ar: 'يجب ألا تزيد الملاحظة عن 1000 حرف' },
  reg_bad_action: { en: 'Unknown action "{action}"', ar: 'الإجراء "{action}" غير معروف' },
  // The generic resource API on registrations (generic-writes.ts): only the mark is edited there.
  reg_generic_write: {
    en: 'Registrations are created, moved and removed only through the registration actions (request, accept, reject, withdraw, add/drop)',
    ar: 'تُنشأ التسجيلات وتُنقل وتُحذف فقط عبر إجراءات التسجيل (الطلب والقبول والرفض والانسحاب والحذف والإضافة)',
  },
  reg_generic_field: {
    en: 'This is changed only through the registration actions (request, accept, reject, withdraw, add/drop)',
    ar: 'يتغير هذا فقط عبر إجراءات التسجيل (الطلب والقبول والرفض والانسحاب والحذف والإضافة)',
  },

  // The plan.
  reg_plan_duplicate: { en: 'This course is already in your plan', ar: 'هذا المقرر موجود في خطتك بالفعل' },
  reg_plan_empty: { en: 'Your plan is empty', ar: 'خطتك فارغة' },
  reg_plan_not_found: { en: 'This course is not in your plan', ar: 'هذا المقرر ليس في خطتك' },

  // Retries.
  reg_busy: { en: 'The server is busy; retrying', ar: 'الخادم مشغول؛ جارٍ إعادة المحاولة' },
  reg_idempotency_key: {
    en: 'The Idempotency-Key header must be 1 to 100 letters, digits, - or _',
    ar: 'يجب أن يتكون ترويسة Idempotency-Key من 1 إلى 100 حرف أو رقم أو - أو _',
  },

  // Success.
  reg_requested: { en: 'The course was requested', ar: 'تم طلب تسجيل المقرر' },
  reg_registered: { en: 'The course was registered', ar: 'تم تسجيل المقرر' },
  reg_done: { en: 'Operation successful', ar: 'تمت العملية بنجاح' },
} as const satisfies Record<string, LocalText>;

export type RegistrationMessageKey = keyof typeof REGISTRATION_MESSAGES;
