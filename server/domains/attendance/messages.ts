/**
 * What the attendance domain says, in English and Arabic (merged into server/http/messages.ts).
 * The scan errors are portal-core section 8's words; the Arabic matches locales/ar.json "attendance".
 */
import type { LocalText } from '../../../generator/manifest-types.ts';

export const ATTENDANCE_MESSAGES = {
  attendance_invalid_qr: { en: 'Invalid QR Code', ar: 'رمز الاستجابة السريعة غير صالح' },
  attendance_invalid_timestamp: { en: 'Invalid QR Code timestamp', ar: 'توقيت رمز الاستجابة السريعة غير صالح' },
  attendance_other_lecture: {
    en: 'This QR code belongs to another lecture',
    ar: 'هذا الرمز خاص بمحاضرة أخرى',
  },
  attendance_expired: { en: 'QR Code Expired', ar: 'انتهت صلاحية رمز الاستجابة السريعة' },
  attendance_already_registered: {
    en: 'Invalid scan: You have already registered for this session.',
    ar: 'مسح غير صالح: لقد سجّلت حضورك في هذه المحاضرة بالفعل.',
  },
  attendance_not_registered: {
    en: 'Invalid scan: You are not registered for this session.',
    ar: 'مسح غير صالح: أنت غير مسجل في هذه المحاضرة.',
  },
  attendance_no_occurrences: {
    en: 'No occurrences found for the given date.',
    ar: 'لا توجد محاضرات في التاريخ المحدد.',
  },
  attendance_recorded: { en: 'Your attendance has been recorded', ar: 'تم تسجيل حضورك' },
  attendance_disabled: {
    en: 'Attendance by QR code is not enabled at this university',
    ar: 'تسجيل الحضور برمز الاستجابة السريعة غير مفعّل في هذه الجامعة',
  },
  attendance_section_invalid: { en: 'Choose a section', ar: 'اختر مجموعة' },
  attendance_section_not_found: { en: 'The section was not found', ar: 'لم يتم العثور على المجموعة' },
  attendance_not_your_section: { en: 'You do not teach this section', ar: 'أنت لا تدرّس هذه المجموعة' },
  attendance_date_invalid: { en: 'Give the date as YYYY-MM-DD', ar: 'أدخل التاريخ بالصيغة YYYY-MM-DD' },
  attendance_slot_invalid: {
    en: 'The section does not meet at this time on that date',
    ar: 'المجموعة لا تجتمع في هذا الموعد في ذلك التاريخ',
  },
  attendance_session_not_found: { en: 'The attendance session was not found', ar: 'لم يتم العثور على جلسة الحضور' },
  attendance_session_closed: { en: 'This attendance session is closed', ar: 'جلسة الحضور هذه مغلقة' },
} as const satisfies Record<string, LocalText>;
