/**
 * What the calendar domain says, in English and Arabic (merged into server/http/messages.ts).
 * A refused move names what it clashes with, so the person moving it knows where to look.
 */
import type { LocalText } from '../../../generator/manifest-types.ts';

export const CALENDAR_MESSAGES = {
  calendar_range_invalid: {
    en: 'Give the period as start and end dates (YYYY-MM-DD), the end after the start, at most 400 days apart',
    ar: 'حدد الفترة بتاريخي بداية ونهاية (YYYY-MM-DD)، النهاية بعد البداية، وبينهما 400 يوم على الأكثر',
  },
  calendar_schedule_type_invalid: {
    en: 'Unknown timetable kind "{type}": use section, room, instructor or student',
    ar: 'نوع الجدول "{type}" غير معروف: استخدم section أو room أو instructor أو student',
  },
  calendar_slot_not_found: { en: 'The timetable slot was not found', ar: 'لم يتم العثور على موعد الجدول' },
  calendar_exam_not_found: { en: 'The exam was not found', ar: 'لم يتم العثور على الامتحان' },
  calendar_entry_not_found: {
    en: 'The academic calendar entry was not found',
    ar: 'لم يتم العثور على بند التقويم الأكاديمي',
  },
  calendar_section_not_found: { en: 'The section was not found', ar: 'لم يتم العثور على المجموعة' },
  calendar_event_type_invalid: {
    en: 'Unknown event type: use slot, exam or entry',
    ar: 'نوع حدث غير معروف: استخدم slot أو exam أو entry',
  },
  calendar_time_invalid: {
    en: 'Give a start and an end on the same day (HH:MM), the end after the start',
    ar: 'حدد وقتي بداية ونهاية في اليوم نفسه (HH:MM)، والنهاية بعد البداية',
  },
  calendar_day_invalid: { en: 'Choose a day of the week', ar: 'اختر يومًا من أيام الأسبوع' },
  calendar_room_invalid: { en: 'The selected room does not exist', ar: 'القاعة المختارة غير موجودة' },
  calendar_kind_invalid: { en: 'Choose an event kind', ar: 'اختر نوع الحدث' },
  calendar_room_clash: {
    en: 'Room {room} is taken at that time by {course} ({section}), {day} {start}–{end}',
    ar: 'القاعة {room} مشغولة في هذا الوقت بمقرر {course} ({section})، {day} {start}–{end}',
  },
  calendar_instructor_clash: {
    en: '{instructor} teaches {course} ({section}) at that time, {day} {start}–{end}',
    ar: '{instructor} يُدرّس {course} ({section}) في هذا الوقت، {day} {start}–{end}',
  },
  calendar_exam_room_clash: {
    en: 'Room {room} holds the exam of {course} at that time, {date} {start}–{end}',
    ar: 'القاعة {room} محجوزة لامتحان {course} في هذا الوقت، {date} {start}–{end}',
  },
  calendar_feed_not_found: {
    en: 'This calendar address is not valid or was revoked',
    ar: 'عنوان التقويم هذا غير صالح أو تم إلغاؤه',
  },
  calendar_feed_revoked: { en: 'The calendar address was revoked', ar: 'تم إلغاء عنوان التقويم' },
  calendar_saved: { en: 'The timetable was updated', ar: 'تم تحديث الجدول' },
} satisfies Record<string, LocalText>;
