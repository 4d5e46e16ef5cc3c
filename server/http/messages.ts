/**
 * Every message the server itself says, keyed, in English and Arabic. Other languages fall
 * back to English. `{name}` placeholders are filled from the params of the error.
 * Texts quoted in the specification (portal-core section 8, admission-and-grid section 5)
 * are kept word for word.
 */
import type { LocalText } from '../../generator/manifest-types.ts';
import { SCHEMA_MESSAGES } from '../../engine/core/schema-messages.ts';
import { fillText } from '../../engine/core/text.ts';
import { ACADEMIC_MESSAGES } from '../domains/academic/messages.ts';
import { ATTENDANCE_MESSAGES } from '../domains/attendance/messages.ts';
import { CALENDAR_MESSAGES } from '../domains/calendar/messages.ts';
import { CHAT_MESSAGES } from '../domains/chat/messages.ts';
import { CERTIFICATE_MESSAGES } from '../domains/certificates/messages.ts';
import { GRADE_RECHECK_MESSAGES } from '../domains/grade-rechecks/messages.ts';
import { TICKET_MESSAGES } from '../domains/tickets/messages.ts';
import { EXCUSE_MESSAGES } from '../domains/excuses/messages.ts';
import { FILE_MESSAGES } from '../files/messages.ts';
import { ADMISSION_MESSAGES } from '../domains/admission/messages.ts';
import { EXPORTS_MESSAGES } from '../domains/exports/messages.ts';
import { FINANCE_MESSAGES } from '../domains/finance/messages.ts';
import { GRADES_MESSAGES } from '../domains/grades/messages.ts';
import { REGISTRATION_MESSAGES } from '../domains/registration/messages.ts';
import { WORKFLOW_MESSAGES } from '../workflows/messages.ts';

const CORE_MESSAGES = {
  // validation (422, per field): the schema's own messages, shared with the browser's forms
  ...SCHEMA_MESSAGES,
  unknown_field: { en: 'This field is not accepted here', ar: 'هذا الحقل غير مقبول هنا' },
  unique: { en: 'This value is already taken', ar: 'هذه القيمة مستخدمة بالفعل' },
  ref_missing: { en: 'The selected item does not exist', ar: 'العنصر المختار غير موجود' },
  status_invalid: { en: 'Not a valid status', ar: 'حالة غير صالحة' },
  status_transition: { en: 'This status change is not allowed', ar: 'لا يُسمح بتغيير الحالة هذا' },
  compare_failed: { en: 'Must be {op} {other}', ar: 'يجب أن تكون القيمة {op} {other}' },
  distinct_failed: { en: 'The same value may not be used in two fields', ar: 'لا يجوز استخدام القيمة نفسها في حقلين' },
  validation_failed: {
    en: 'Please Check Inputs Errors, And Try Again',
    ar: 'يرجى مراجعة أخطاء المدخلات والمحاولة مرة أخرى',
  },

  // client mistakes (4xx, {error})
  bad_request: { en: 'The request is not valid', ar: 'الطلب غير صالح' },
  json_too_deep: {
    en: 'The request body is nested more than {limit} levels deep',
    ar: 'محتوى الطلب متداخل لأكثر من {limit} مستوى',
  },
  malformed_json: { en: 'The request body is not valid JSON', ar: 'محتوى الطلب ليس JSON صالحًا' },
  empty_json: {
    en: 'The request says it carries JSON but the body is empty',
    ar: 'الطلب يذكر أنه يحمل JSON لكن المحتوى فارغ',
  },
  body_not_object: { en: 'The request body must be a JSON object', ar: 'يجب أن يكون محتوى الطلب كائن JSON' },
  unsupported_media_type: {
    en: 'Unsupported content type "{type}": send application/json',
    ar: 'نوع المحتوى "{type}" غير مدعوم: أرسل application/json',
  },
  body_too_large: {
    en: 'The request body is too large: the limit is {limit}',
    ar: 'محتوى الطلب كبير جدًا: الحد الأقصى {limit}',
  },
  unknown_route: { en: 'No such API address', ar: 'لا يوجد عنوان API بهذا الاسم' },
  unknown_resource: { en: 'Unknown resource "{resource}"', ar: 'المورد "{resource}" غير معروف' },
  not_found: { en: 'The record was not found', ar: 'لم يتم العثور على السجل' },
  invalid_id: { en: 'The id must be a positive whole number', ar: 'يجب أن يكون المعرّف عددًا صحيحًا موجبًا' },
  invalid_filter_field: { en: 'Cannot filter by "{field}"', ar: 'لا يمكن التصفية حسب "{field}"' },
  invalid_filter_value: { en: 'Invalid filter value for "{field}"', ar: 'قيمة تصفية غير صالحة للحقل "{field}"' },
  invalid_sort_field: { en: 'Cannot sort by "{field}"', ar: 'لا يمكن الترتيب حسب "{field}"' },
  invalid_paging: {
    en: 'page and perPage must be positive whole numbers',
    ar: 'يجب أن تكون قيم page و perPage أعدادًا صحيحة موجبة',
  },
  invalid_value: { en: 'A value in the request has the wrong form', ar: 'إحدى القيم في الطلب بصيغة غير صحيحة' },
  in_use: {
    en: 'This record is used by other records and cannot be deleted',
    ar: 'هذا السجل مستخدم في سجلات أخرى ولا يمكن حذفه',
  },
  unauthenticated: { en: 'Please sign in first', ar: 'يرجى تسجيل الدخول أولًا' },
  forbidden: { en: 'You are not allowed to do this', ar: 'غير مسموح لك بهذا الإجراء' },
  too_many_requests: { en: 'Too many requests, try again later', ar: 'طلبات كثيرة جدًا، حاول لاحقًا' },
  method_not_allowed: { en: 'This method is not allowed here', ar: 'هذه الطريقة غير مسموح بها هنا' },
  bad_url: { en: 'The address of the request is not valid', ar: 'عنوان الطلب غير صالح' },
  url_too_long: { en: 'A part of the address of the request is too long', ar: 'جزء من عنوان الطلب طويل جدًا' },

  // server faults (500)
  server_error: { en: 'Something wrong, try one more time', ar: 'حدث خطأ ما، حاول مرة أخرى' },
  unavailable: { en: 'The server is starting, try again in a moment', ar: 'الخادم قيد التشغيل، حاول بعد لحظات' },
} satisfies Record<string, LocalText>;

/** The core's messages and each domain's (a domain keeps its own in domains/<name>/messages.ts). */
export const MESSAGES = {
  ...CORE_MESSAGES,
  ...ADMISSION_MESSAGES,
  ...REGISTRATION_MESSAGES,
  ...ACADEMIC_MESSAGES,
  ...FINANCE_MESSAGES,
  ...EXPORTS_MESSAGES,
  ...ATTENDANCE_MESSAGES,
  ...CALENDAR_MESSAGES,
  ...GRADES_MESSAGES,
  ...CERTIFICATE_MESSAGES,
  ...GRADE_RECHECK_MESSAGES,
  ...TICKET_MESSAGES,
  ...EXCUSE_MESSAGES,
  ...CHAT_MESSAGES,
  ...FILE_MESSAGES,
  ...WORKFLOW_MESSAGES,
};

export type MessageKey = keyof typeof MESSAGES;
export type MessageParams = Record<string, string | number>;

/** A message before translation: a key of MESSAGES, or a text from the manifest (rule messages). */
export type Message = { key: MessageKey; params?: MessageParams } | { text: LocalText; params?: MessageParams };

export const SUPPORTED_LANGUAGES = ['en', 'ar', 'de', 'fr', 'pt'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];

export function translate(message: Message, language: Language): string {
  const text = 'key' in message ? MESSAGES[message.key] : message.text;
  const template = (text as Partial<Record<Language, string>>)[language] ?? text.en;
  return fillText(template, message.params);
}
