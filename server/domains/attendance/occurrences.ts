/**
 * When a section meets: a date is an occurrence of a weekly slot when its day of the week is
 * the slot's (status table week_day: 1 Saturday ... 7 Friday) and it falls inside the term
 * (terms.start_date to end_date, both included). Dates are calendar dates, 'YYYY-MM-DD'.
 */

export interface WeeklySlot {
  id: number;
  day: number;
  start_time: string;
  end_time: string;
}
export interface TermWindow {
  start_date: string | null;
  end_date: string | null;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The date when `text` is a real calendar date 'YYYY-MM-DD', else null. */
export function parseDate(text: unknown): string | null {
  if (typeof text !== 'string') return null;
  const m = DATE.exec(text.trim());
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === text.trim() ? text.trim() : null;
}

/** week_day id of a date: Saturday 1 ... Friday 7. */
export function weekDayOf(date: string): number {
  const jsDay = new Date(`${date}T00:00:00Z`).getUTCDay(); // Sunday 0 ... Saturday 6
  return ((jsDay + 1) % 7) + 1;
}

function inTerm(date: string, term: TermWindow): boolean {
  return (!term.start_date || term.start_date <= date) && (!term.end_date || date <= term.end_date);
}

/** The slots of the section that occur on `date`, earliest first. */
export function slotsOn(date: string, slots: readonly WeeklySlot[], term: TermWindow): WeeklySlot[] {
  if (!inTerm(date, term)) return [];
  const day = weekDayOf(date);
  return slots.filter((s) => s.day === day).sort((a, b) => a.start_time.localeCompare(b.start_time));
}

export function addDaysTo(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The next `count` dates from `from` (included) on which the section meets, within the term. */
export function nextOccurrences(from: string, slots: readonly WeeklySlot[], term: TermWindow, count = 5): string[] {
  const out: string[] = [];
  if (!slots.length) return out;
  let date = term.start_date && term.start_date > from ? term.start_date : from;
  // At most a year ahead: a term is shorter than that.
  for (let i = 0; i < 370 && out.length < count; i++, date = addDaysTo(date, 1)) {
    if (term.end_date && date > term.end_date) break;
    if (slotsOn(date, slots, term).length) out.push(date);
  }
  return out;
}
