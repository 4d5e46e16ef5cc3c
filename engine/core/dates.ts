/**
 * How every date and time is written on the portal, in the user's language: the day first and
 * the month as a word ("24 Nov 2026", "24 نوفمبر 2026"), times on the 24-hour clock without
 * seconds ("14:05") unless a screen asks for them, Latin digits in Arabic too (as
 * renderers/cells.tsx `numberLocale` explains). One module so that a list, a detail page, the
 * registration page and the attendance screen write the same date the same way.
 *
 * A calendar date ('YYYY-MM-DD': a due date, a birth date, an exam day) is a day, not an
 * instant: it is written as it is, never moved by the browser's time zone (a 'new Date' of it
 * is midnight UTC, the day before in New York). An instant (an ISO timestamp, a number of
 * milliseconds, a Date) is written in the browser's time zone, or `timeZone` when given.
 * A time of day ('14:05:09', a timetable's start) is written as it is, cut to the minute.
 *
 * No React here: engine/core (the grid plugin's own cell types keep the formats its spec fixes).
 */

export type DateInput = string | number | Date | null | undefined;

export interface DateOptions {
  /** An IANA time zone for instants (tests, a server-rendered page); default the browser's. */
  timeZone?: string;
  /** Times with seconds ("14:05:09"), for a screen that orders events seconds apart. */
  seconds?: boolean;
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_OF_DAY = /^(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

/**
 * The locale dates are written in: British English (day first) for English, Egyptian Arabic with
 * Latin digits for Arabic, the language itself otherwise (de, fr, pt write the day first too).
 */
export function dateLocale(language: string): string {
  if (language === 'ar') return 'ar-EG-u-nu-latn';
  if (language === 'en' || !language) return 'en-GB';
  return language;
}

/** A parsed input: a calendar day (formatted in UTC, where its midnight lies) or an instant. */
interface Parsed {
  date: Date;
  calendar: boolean;
}

function parse(value: DateInput): Parsed | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : { date: value, calendar: false };
  if (typeof value === 'string') {
    const day = CALENDAR_DATE.exec(value.trim());
    if (day) {
      const [y, m, d] = [Number(day[1]), Number(day[2]), Number(day[3])];
      const date = new Date(Date.UTC(y, m - 1, d));
      // 2026-02-30 is no day: Date would roll it into March.
      if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
      return { date, calendar: true };
    }
  }
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : { date, calendar: false };
}

/** Intl formatters are costly to build and a list writes hundreds of dates: kept per options. */
const FORMATTERS = new Map<string, Intl.DateTimeFormat>();

function formatter(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = dateLocale(language);
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = FORMATTERS.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    FORMATTERS.set(key, f);
  }
  return f;
}

function zone(parsed: Parsed, options: DateOptions): string | undefined {
  return parsed.calendar ? 'UTC' : options.timeZone;
}

const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };

function clock(seconds: boolean | undefined): Intl.DateTimeFormatOptions {
  return { hour: '2-digit', minute: '2-digit', ...(seconds ? { second: '2-digit' } : {}), hourCycle: 'h23' };
}

/** "24 Nov 2026" / "24 نوفمبر 2026"; an unreadable value as it is, '' for none. */
export function formatDate(value: DateInput, language: string, options: DateOptions = {}): string {
  const p = parse(value);
  if (!p) return value === null || value === undefined ? '' : String(value);
  return formatter(language, { ...DAY, timeZone: zone(p, options) }).format(p.date);
}

/** "24 Nov 2026, 14:05" / "24 نوفمبر 2026، 14:05" (a calendar date alone: its day only). */
export function formatDateTime(value: DateInput, language: string, options: DateOptions = {}): string {
  const p = parse(value);
  if (!p) return value === null || value === undefined ? '' : String(value);
  if (p.calendar) return formatDate(value, language);
  return formatter(language, { ...DAY, ...clock(options.seconds), timeZone: zone(p, options) }).format(p.date);
}

/** "14:05" (or "14:05:09" with `seconds`): of an instant, or of a time of day as it is. */
export function formatTime(value: DateInput, language: string, options: DateOptions = {}): string {
  if (typeof value === 'string') {
    const t = TIME_OF_DAY.exec(value.trim());
    if (t) {
      const hm = `${t[1]!.padStart(2, '0')}:${t[2]}`;
      return options.seconds ? `${hm}:${t[3] ?? '00'}` : hm;
    }
  }
  const p = parse(value);
  if (!p) return value === null || value === undefined ? '' : String(value);
  return formatter(language, { ...clock(options.seconds), timeZone: zone(p, options) }).format(p.date);
}

/** "10:00–11:30": two times of a slot, in reading order left to right (isolate it in Arabic text). */
export function formatTimeRange(start: DateInput, end: DateInput, language: string, options: DateOptions = {}): string {
  return `${formatTime(start, language, options)}–${formatTime(end, language, options)}`;
}

/** The day of the week: "Tue" / "الثلاثاء" (`long`: "Tuesday"). */
export function formatWeekday(
  value: DateInput,
  language: string,
  options: DateOptions & { style?: 'short' | 'long' } = {},
): string {
  const p = parse(value);
  if (!p) return value === null || value === undefined ? '' : String(value);
  return formatter(language, { weekday: options.style ?? 'short', timeZone: zone(p, options) }).format(p.date);
}

/** A day of this term without its year, with its weekday: "Tue 24 Nov" / "الثلاثاء، 24 نوفمبر". */
export function formatWeekdayDate(value: DateInput, language: string, options: DateOptions = {}): string {
  const p = parse(value);
  if (!p) return value === null || value === undefined ? '' : String(value);
  return formatter(language, { weekday: 'short', day: 'numeric', month: 'short', timeZone: zone(p, options) }).format(
    p.date,
  );
}

/**
 * The dayjs format of a typed date (the forms' date picker): day first with numbers, easy to
 * type, in every language (dayjs's English default is the US month first, 11/24/2026).
 */
export const DATE_INPUT_FORMAT = 'DD/MM/YYYY';
