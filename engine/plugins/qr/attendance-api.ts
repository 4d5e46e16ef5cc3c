/** The shapes of the attendance calls (server/domains/attendance/README.md) and small pure helpers. */

export interface SectionOption {
  id: number;
  code: string;
  term: string;
  start_date: string | null;
  end_date: string | null;
  course: { code: string; name: string };
  slots: Array<{ id: number; day: number; start_time: string; end_time: string }>;
  next_dates: string[];
}

export interface CodeAnswer {
  code: string;
  issued_at: string;
  refresh_ms: number;
  max_age_ms: number;
}

export interface OpenedSession {
  id: number;
  section_id: number;
  lecture_date: string;
  closed: boolean;
}

export interface SessionDetails extends OpenedSession {
  count: number;
  attending: number;
  records: Array<{ student_id: number; code: string; name: string; name_local: string | null; scanned_at: string }>;
}

/** How often the instructor's screen reloads the list of students recorded. */
export const RECORDS_EVERY_MS = 3_000;

/** Today in the browser's own calendar, 'YYYY-MM-DD'. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The date to offer first: today when the section meets today, else its next meeting, else today. */
export function defaultDate(section: SectionOption | undefined, today: string): string {
  return section?.next_dates[0] ?? today;
}
