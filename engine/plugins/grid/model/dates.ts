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

/** Milliseconds (UTC) of a text in the kind's strict format, or null when it does not match. */
export function parseDateText(text: string, kind: DateKind): number | null {
  const match = PATTERNS[kind].exec(text);
  if (!match) return null;
  const [year, month, day, hour = 0, minute = 0, second = 0] = match.slice(1).map(Number) as number[];
  if (month! < 1 || month! > 12 || day! < 1 || hour > 23 || minute > 59 || second > 59) return null;
  const ms = Date.UTC(year!, month! - 1, day!, hour, minute, second);
  // Date.UTC rolls 2023-02-30 over to March: a rolled date is not a real one.
  const back = new Date(ms);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month! - 1 || back.getUTCDate() !== day) return null;
  return ms;
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
  const ms = parseDateText(text, kind);
  return ms === null ? null : formatDateMs(ms, kind);
}
