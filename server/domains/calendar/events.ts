/**
 * The calendar's events from the timetable: each weekly slot on every date of its term (inside
 * the asked period) whose day of the week is the slot's, except the university's holidays; each
 * exam on its date; the academic calendar's entries; and each term's registration, add/drop and
 * withdrawal windows. Pure: the rows come from store.ts.
 */
import { addDaysTo, weekDayOf } from '../attendance/occurrences.ts';
import type { EntryRow, ExamRow, Range, SlotRow, TermRow } from './store.ts';

/** calendar_event_kind: the exam kind (lectures, labs, tutorials and clinics come from the slot). */
export const EXAM_KIND = 5;
/** academic_calendar_kind: a holiday cancels lectures. */
export const HOLIDAY_KIND = 1;
/** academic_calendar_kind of each term window. */
const WINDOW_KIND = { registration: 2, add_drop: 3, withdraw: 4 } as const;

export type EventSource = 'slot' | 'exam' | 'entry' | 'term';

export interface CalendarEvent {
  /** Unique per occurrence: `slot-12-2026-11-24`, `exam-5`, `entry-3`, `term-2-registration`. */
  id: string;
  source: EventSource;
  /** The row moved or edited: slots.id, exam_schedules.id, academic_calendar.id, terms.id. */
  source_id: number;
  /** calendar_event_kind (1 lecture ... 5 exam); null for the academic calendar. */
  kind_id: number | null;
  /** academic_calendar_kind, for the academic calendar and the term windows. */
  calendar_kind_id: number | null;
  title: string;
  /** 'YYYY-MM-DDTHH:MM' (wall-clock) or 'YYYY-MM-DD' when all_day. */
  start: string;
  /** Exclusive: for an all-day event the day after the last. */
  end: string;
  all_day: boolean;
  room: string | null;
  section: string | null;
  /** sections.id of a slot (the edit form's lookups); null otherwise. */
  section_id: number | null;
  course_code: string | null;
  instructor: string | null;
  editable: boolean;
}

const localOf = (en: string | null, ar: string | null, lang: string) => (lang === 'ar' && ar ? ar : (en ?? ''));

/** Every date of the holidays that touch the range. */
export function holidayDates(entries: readonly EntryRow[]): Set<string> {
  const out = new Set<string>();
  for (const e of entries) {
    if (e.kind_id !== HOLIDAY_KIND) continue;
    for (let d = e.start_date, n = 0; d <= e.end_date && n < 400; d = addDaysTo(d, 1), n++) out.add(d);
  }
  return out;
}

/** The dates on which a weekly slot occurs inside both its term and the range, holidays excepted. */
export function slotDates(slot: Pick<SlotRow, 'day' | 'term_start' | 'term_end'>, range: Range, holidays: Set<string>) {
  const from = slot.term_start > range.start ? slot.term_start : range.start;
  const to = slot.term_end < range.end ? slot.term_end : range.end;
  const out: string[] = [];
  if (from > to) return out;
  // The first date on the slot's day, then every seventh.
  let date = from;
  for (let i = 0; i < 7 && weekDayOf(date) !== slot.day; i++) date = addDaysTo(date, 1);
  for (; date <= to; date = addDaysTo(date, 7)) if (!holidays.has(date)) out.push(date);
  return out;
}

export interface Composition {
  slots: readonly SlotRow[];
  exams: readonly ExamRow[];
  entries: readonly EntryRow[];
  terms: readonly TermRow[];
  range: Range;
  lang: string;
  /** May the caller move and edit timetable events (manage_calendar)? */
  editable: boolean;
}

export function slotEvents(c: Composition, holidays: Set<string>): CalendarEvent[] {
  const out: CalendarEvent[] = [];
  for (const s of c.slots)
    for (const date of slotDates(s, c.range, holidays))
      out.push({
        id: `slot-${s.id}-${date}`,
        source: 'slot',
        source_id: s.id,
        kind_id: s.kind_id,
        calendar_kind_id: null,
        title: `${s.course_code} ${localOf(s.course_name, s.course_name_local, c.lang)}`,
        start: `${date}T${s.start_time}`,
        end: `${date}T${s.end_time}`,
        all_day: false,
        room: s.room,
        section: s.section,
        section_id: s.section_id,
        course_code: s.course_code,
        instructor: s.instructor_id == null ? null : localOf(s.instructor, s.instructor_local, c.lang),
        editable: c.editable,
      });
  return out;
}

export function examEvents(c: Composition): CalendarEvent[] {
  return c.exams.map((e) => ({
    id: `exam-${e.id}`,
    source: 'exam',
    source_id: e.id,
    kind_id: EXAM_KIND,
    calendar_kind_id: null,
    title: `${e.course_code} ${localOf(e.course_name, e.course_name_local, c.lang)}`,
    start: `${e.exam_date}T${e.start_time}`,
    end: `${e.exam_date}T${e.end_time}`,
    all_day: false,
    room: e.room,
    section: null,
    section_id: null,
    course_code: e.course_code,
    instructor: null,
    editable: c.editable,
  }));
}

function allDay(
  id: string,
  source: EventSource,
  sourceId: number,
  kind: number,
  title: string,
  from: string,
  to: string,
  editable: boolean,
): CalendarEvent {
  return {
    id,
    source,
    source_id: sourceId,
    kind_id: null,
    calendar_kind_id: kind,
    title,
    start: from,
    end: addDaysTo(to, 1),
    all_day: true,
    room: null,
    section: null,
    section_id: null,
    course_code: null,
    instructor: null,
    editable,
  };
}

/** The academic calendar's entries and each term's windows; `windowTitles` names the windows in the caller's language. */
export function universityEvents(c: Composition, windowTitles: Record<string, string>): CalendarEvent[] {
  const out = c.entries.map((e) =>
    allDay(
      `entry-${e.id}`,
      'entry',
      e.id,
      e.kind_id,
      localOf(e.title, e.title_local, c.lang),
      e.start_date,
      e.end_date,
      c.editable,
    ),
  );
  for (const t of c.terms)
    for (const w of t.windows)
      if (w.start && w.end && w.start <= c.range.end && w.end >= c.range.start)
        out.push(
          allDay(
            `term-${t.id}-${w.key}`,
            'term',
            t.id,
            WINDOW_KIND[w.key],
            `${windowTitles[w.key] ?? w.key}: ${localOf(t.name, t.name_local, c.lang)}`,
            w.start,
            w.end,
            false,
          ),
        );
  return out;
}

/** Everything, ordered by start; a slot seen twice (a student who also teaches it) once. */
export function compose(c: Composition, windowTitles: Record<string, string>): CalendarEvent[] {
  const holidays = holidayDates(c.entries);
  const seen = new Set<string>();
  return [...slotEvents(c, holidays), ...examEvents(c), ...universityEvents(c, windowTitles)]
    .filter((e) => !seen.has(e.id) && (seen.add(e.id), true))
    .sort((a, b) => a.start.localeCompare(b.start) || a.id.localeCompare(b.id));
}
