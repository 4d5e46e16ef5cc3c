/**
 * The three academic record reads of /student-academic (portal-core section 7):
 * GET /students/academic/taken-courses, /terms-grades and /study-plan.
 */
import { sql } from 'kysely';
import type { Manifest } from '../../../generator/manifest-types.ts';
import type { Db } from '../auth/tables.ts';
import { gpaOf } from './grades.ts';
import { cumulative, currentTerm, HELD_CODES, loadHistory, pastOnly, TAKEN_CODES, type HistoryRow } from './history.ts';
import { alive, declares, table } from './tables.ts';

function courseRow(r: HistoryRow) {
  return {
    id: r.registration_id,
    course_id: r.course_id,
    code: r.course_code,
    name: r.course_name,
    name_local: r.course_name_local,
    credit_hours: r.credit_hours,
    term_id: r.term_id,
    term_code: r.term_code,
    term_name: r.term_name,
    term_name_local: r.term_name_local,
    status_code: r.status_code,
    flags: r.flags,
    grade: r.grade,
    max_mark: r.max_mark,
    percent: r.graded.percent,
    letter: r.graded.letter,
    points: r.graded.points,
    passed: r.graded.passed,
  };
}

/** Every course of past terms with its grade, and the cumulative figures. */
export async function takenCourses(db: Db, manifest: Manifest, studentId: number) {
  const rows = pastOnly(await loadHistory(db, manifest, studentId, TAKEN_CODES), await currentTerm(db, manifest));
  return { data: rows.map(courseRow), meta: { count: rows.length, ...cumulative(rows) } };
}

/** Past terms, oldest first: their courses, term GPA, and the cumulative GPA after each. */
export async function termsGrades(db: Db, manifest: Manifest, studentId: number) {
  const rows = pastOnly(await loadHistory(db, manifest, studentId, TAKEN_CODES), await currentTerm(db, manifest));
  const terms: Array<Record<string, unknown>> = [];
  const seen: HistoryRow[] = [];
  for (const row of rows) {
    let term = terms.at(-1);
    if (!term || term.id !== row.term_id) {
      term = {
        id: row.term_id,
        code: row.term_code,
        name: row.term_name,
        name_local: row.term_name_local,
        courses: [] as unknown[],
      };
      terms.push(term);
    }
    (term.courses as unknown[]).push(courseRow(row));
    seen.push(row);
    // Recomputed after every row: the last row of a term leaves the term's figures in place.
    const inTerm = seen.filter((r) => r.term_id === row.term_id);
    const total = cumulative(seen);
    Object.assign(term, {
      term_gpa: gpaOf(inTerm.map((r) => ({ hours: r.credit_hours, graded: r.graded }))),
      term_hours: inTerm.filter((r) => r.graded.counts).reduce((s, r) => s + r.credit_hours, 0),
      term_earned_hours: inTerm.filter((r) => r.graded.passed).reduce((s, r) => s + r.credit_hours, 0),
      cumulative_gpa: total.gpa,
      cumulative_earned_hours: total.earned_hours,
    });
  }
  return { data: terms, meta: { count: terms.length, ...cumulative(rows) } };
}

/** The plan's state of a course: passed in a past term, held now, failed (and not passed since), or remaining. */
function planState(courseId: number, past: readonly HistoryRow[], held: ReadonlySet<number>): number {
  const attempts = past.filter((r) => r.course_id === courseId && r.graded.counts);
  if (attempts.some((r) => r.graded.passed)) return 1;
  if (held.has(courseId)) return 2;
  if (attempts.length) return 3;
  return 4;
}

/** The student's program study plan, course by course, with where the student stands. */
export async function studyPlan(db: Db, manifest: Manifest, studentId: number) {
  const { rows: students } = await sql<{ program_id: number | null }>`
    select program_id from ${table(manifest, 'students')} s where s.id = ${studentId} ${alive(manifest, 'students', 's')}`.execute(
    db,
  );
  const programId = students[0]?.program_id ?? null;
  if (programId === null || !declares(manifest, 'study_plan_courses')) {
    return {
      data: [],
      meta: {
        count: 0,
        program_id: programId,
        total_hours: 0,
        passed_hours: 0,
        registered_hours: 0,
        remaining_hours: 0,
      },
    };
  }
  const current = await currentTerm(db, manifest);
  const history = await loadHistory(db, manifest, studentId, [...new Set([...TAKEN_CODES, ...HELD_CODES])]);
  const past = pastOnly(history, current);
  const held = new Set(
    history
      .filter((r) => current && r.term_id === current.id && (HELD_CODES as readonly number[]).includes(r.status_code))
      .map((r) => r.course_id),
  );
  const { rows } = await sql<Record<string, unknown>>`
    select p.id, p.level, p.semester, p.category_id, c.id as course_id, c.code, c.name, c.name_local, c.credit_hours,
           (select string_agg(pc.code, ', ' order by pc.code)
              from ${table(manifest, 'course_prerequisites')} cp
              join ${table(manifest, 'courses')} pc on pc.id = cp.prerequisite_id
             where cp.course_id = c.id ${alive(manifest, 'course_prerequisites', 'cp')}) as prerequisites
      from ${table(manifest, 'study_plan_courses')} p
      join ${table(manifest, 'courses')} c on c.id = p.course_id ${alive(manifest, 'courses', 'c')}
     where p.program_id = ${programId} ${alive(manifest, 'study_plan_courses', 'p')}
     order by p.level, p.semester, c.code`.execute(db);
  const data = rows.map((r) => {
    const courseId = Number(r.course_id);
    const attempts = past.filter((h) => h.course_id === courseId && h.graded.counts);
    const best = attempts.find((h) => h.graded.passed) ?? attempts.at(-1);
    return {
      id: Number(r.id),
      course_id: courseId,
      code: String(r.code),
      name: String(r.name),
      name_local: (r.name_local as string | null) ?? null,
      credit_hours: Number(r.credit_hours ?? 0),
      level: Number(r.level),
      semester: Number(r.semester),
      category_id: Number(r.category_id ?? 3),
      prerequisites: (r.prerequisites as string | null) ?? '',
      state_id: planState(courseId, past, held),
      letter: best?.graded.letter ?? null,
      percent: best?.graded.percent ?? null,
    };
  });
  const hoursOf = (state: number) => data.filter((d) => d.state_id === state).reduce((s, d) => s + d.credit_hours, 0);
  const total = data.reduce((s, d) => s + d.credit_hours, 0);
  return {
    data,
    meta: {
      count: data.length,
      program_id: programId,
      total_hours: total,
      passed_hours: hoursOf(1),
      registered_hours: hoursOf(2),
      remaining_hours: total - hoursOf(1),
    },
  };
}
