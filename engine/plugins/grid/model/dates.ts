/**
 * The grid's date formats (admission-and-grid section 5: date must match YYYY-MM-DD strictly;
 * datetime and datetimesec have format checks too). Tick columns hold milliseconds since 1970
 * and are read and shown in UTC, so a value reads the same on every machine and an exported
 * sheet re-imports unchanged.
 */

export type DateKind = 'date' | 'datetime' | 'datetimesec';

const PATTERNS: Record<DateKind, RegExp> = {
  date: /^(\d{4})-(\d{2})-(\d{2})$/,
  // A 'T' between date and time is accepted (ISO form); shown with a space.
  datetime: /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})$/,
  datetimesec: /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/,
};

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** True when the parts name a real moment: no 2023-02-30, no 24:00. */
function realParts(year: number, month: number, day: number, hour: number, minute: number, second: number): boolean {
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return false;
  // Date.UTC reads years 0-99 as 1900-1999, so such a year never named itself: refused.
  if (year < 100) return false;
  return day <= (month === 2 && isLeap(year) ? 29 : DAYS_IN_MONTH[month - 1]!);
}

/** The parts of a text in the kind's strict format, or null when it does not match. */
function partsOf(text: string, kind: DateKind): number[] | null {
  const match = PATTERNS[kind].exec(text);
  if (!match) return null;
  const parts = [
    Number(match[1]),
    Number(match[2]),
    Number(match[3]),
    Number(match[4] ?? 0),
    Number(match[5] ?? 0),
    Number(match[6] ?? 0),
  ];
  return realParts(parts[0]!, parts[1]!, parts[2]!, parts[3]!, parts[4]!, parts[5]!) ? parts : null;
}

/** Milliseconds (UTC) of a text in the kind's strict format, or null when it does not match. */
export function parseDateText(text: string, kind: DateKind): number | null {
  const parts = partsOf(text, kind);
  return parts && Date.UTC(parts[0]!, parts[1]! - 1, parts[2]!, parts[3]!, parts[4]!, parts[5]!);
}

/** The kind's text of a UTC time in milliseconds. */
export function formatDateMs(ms: number, kind: DateKind): string {
  const d = new Date(ms);
  const date = `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  if (kind === 'date') return date;
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
  return kind === 'datetime' ? `${date} ${time}` : `${date} ${time}:${pad(d.getUTCSeconds())}`;
}

/** The canonical text of a valid text of the kind ('T' becomes a space). */
export function normalizeDateText(text: string, kind: DateKind): string | null {
  // The patterns fix every part's width, so a valid text is already canonical but for the 'T'.
  return partsOf(text, kind) ? text.replace('T', ' ') : null;
}
