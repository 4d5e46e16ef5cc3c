/**
 * A student's course history: every registration with its course, term and grade. The
 * taken courses, the term grades and the study plan are all views of this one read.
 */
import { sql } from 'kysely';
import type { Manifest } from '../../../generator/manifest-types.ts';
import type { Db } from '../auth/tables.ts';
import { currentTerms } from '../system/terms.ts';
import { gpaOf, gradeOf, type Graded } from './grades.ts';
import { alive, num, table } from './tables.ts';

/** Registration codes of a course the student finished (with or without a mark) or still holds. */
export const TAKEN_CODES = [2, 5, 7, 8, 10, 11, 12] as const;
/** Codes of a course the student holds in the current term (registered, withdraw request, add-drop request). */
export const HELD_CODES = [2, 3, 4] as const;

export interface HistoryRow {
  registration_id: number;
  course_id: number;
  course_code: string;
  course_name: string;
  course_name_local: string | null;
  credit_hours: number;
  term_id: number;
  term_code: string;
  term_name: string;
  term_name_local: string | null;
  term_start: string;
  status_code: number;
  flags: number | null;
  grade: number | null;
  max_mark: number | null;
  graded: Graded;
}

export interface TermRef {
  id: number;
  start_date: string;
}

/** The current term (id and start date), or null when none is flagged current. */
export async function currentTerm(db: Db, manifest: Manifest): Promise<TermRef | null> {
  const term = (await currentTerms(db, manifest)).current_term;
  return term ? { id: Number(term.id), start_date: String(term.start_date) } : null;
}

/** Every registration of the student in one of `codes`, oldest term first. */
export async function loadHistory(
  db: Db,
  manifest: Manifest,
  studentId: number,
  codes: readonly number[],
): Promise<HistoryRow[]> {
  const { rows } = await sql<Record<string, unknown>>`
    select r.id as registration_id, c.id as course_id, c.code as course_code, c.name as course_name,
           c.name_local as course_name_local, c.credit_hours, t.id as term_id, t.code as term_code, t.name as term_name,
           t.name_local as term_name_local, t.start_date as term_start, r.status_code, r.flags, r.grade,
           coalesce(r.max_mark, o.max_mark, c.max_mark) as max_mark
      from ${table(manifest, 'registrations')} r
      join ${table(manifest, 'offerings')} o on o.id = r.offering_id ${alive(manifest, 'offerings', 'o')}
      join ${table(manifest, 'courses')} c on c.id = o.course_id
      join ${table(manifest, 'terms')} t on t.id = r.term_id ${alive(manifest, 'terms', 't')}
     where r.student_id = ${studentId} ${alive(manifest, 'registrations', 'r')}
       and r.status_code in (${sql.join(codes.map((c) => sql`${c}`))})
     order by t.start_date, t.id, c.code`.execute(db);
  return rows.map((r) => {
    const status = Number(r.status_code);
    const grade = num(r.grade);
    const max = num(r.max_mark);
    return {
      registration_id: Number(r.registration_id),
      course_id: Number(r.course_id),
      course_code: String(r.course_code),
      course_name: String(r.course_name),
      course_name_local: (r.course_name_local as string | null) ?? null,
      credit_hours: Number(r.credit_hours ?? 0),
      term_id: Number(r.term_id),
      term_code: String(r.term_code),
      term_name: String(r.term_name),
      term_name_local: (r.term_name_local as string | null) ?? null,
      term_start: String(r.term_start),
      status_code: status,
      flags: num(r.flags),
      grade,
      max_mark: max,
      graded: gradeOf(status, grade, max),
    };
  });
}

/** Rows of terms before the current one (the current and later terms are not history yet). */
export function pastOnly(rows: readonly HistoryRow[], current: TermRef | null): HistoryRow[] {
  if (!current) return [...rows];
  return rows.filter((r) => r.term_id !== current.id && r.term_start < current.start_date);
}

/** The latest attempt of each course (a repeated course counts once, by its latest grade). */
export function latestAttempts<T extends Pick<HistoryRow, 'course_id' | 'graded'>>(rows: readonly T[]): T[] {
  const byCourse = new Map<number, T>();
  for (const row of rows) if (row.graded.counts) byCourse.set(row.course_id, row); // rows are oldest first
  return [...byCourse.values()];
}

/** Cumulative GPA and earned hours over the rows (latest attempts only). The demo seed stores it as students.gpa and earned_hours. */
export function cumulative(rows: readonly Pick<HistoryRow, 'course_id' | 'credit_hours' | 'graded'>[]): {
  gpa: number | null;
  earned_hours: number;
  attempted_hours: number;
} {
  const latest = latestAttempts(rows);
  return {
    gpa: gpaOf(latest.map((r) => ({ hours: r.credit_hours, graded: r.graded }))),
    earned_hours: latest.filter((r) => r.graded.passed).reduce((s, r) => s + r.credit_hours, 0),
    attempted_hours: latest.reduce((s, r) => s + r.credit_hours, 0),
  };
}
