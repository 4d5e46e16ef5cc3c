/**
 * The student's current courses: /myCourses (POST /students/courses), /myCourses/{course_id}
 * (GET /students/courses/{id}), /my-exam-schedules (POST /students/exam-schedules) and the
 * weekly timetable of /schedule (GET /students/academic/schedule). All read the courses the
 * student holds in the current term: registered, or with a withdraw or add-drop request open.
 */
import { sql } from 'kysely';
import type { Manifest } from '../../../generator/manifest-types.ts';
import type { Db } from '../auth/tables.ts';
import { HttpError } from '../../http/errors.ts';
import { controlOpen } from '../grades/store.ts';
import { gradeOf } from './grades.ts';
import { currentTerm, HELD_CODES } from './history.ts';
import { alive, declares, num, table } from './tables.ts';

type Row = Record<string, unknown>;
type Language = 'en' | 'ar' | string;

const local = (row: Row, key: string, language: Language) =>
  (language === 'ar' ? (row[`${key}_local`] as string | null) : null) || (row[key] as string | null) || '';

const held = sql.join(HELD_CODES.map((c) => sql`${c}`));

/** The held registrations of the current term, one row per course, with section and instructor. */
async function heldCourses(db: Db, manifest: Manifest, studentId: number, courseId?: number): Promise<Row[]> {
  const term = await currentTerm(db, manifest);
  if (!term) return [];
  const { rows } = await sql<Row>`
    select r.id, r.status_code, r.flags, r.grade, coalesce(r.max_mark, o.max_mark, c.max_mark) as max_mark, r.section_id,
           o.id as offering_id, o.control_status_id, c.id as course_id, c.code, c.name, c.name_local, c.credit_hours, c.description,
           s.code as section_code, s.kind_id as section_kind_id, i.name as instructor_name, i.name_local as instructor_name_local,
           t.id as term_id, t.name as term_name, t.name_local as term_name_local
      from ${table(manifest, 'registrations')} r
      join ${table(manifest, 'offerings')} o on o.id = r.offering_id ${alive(manifest, 'offerings', 'o')}
      join ${table(manifest, 'courses')} c on c.id = o.course_id
      join ${table(manifest, 'terms')} t on t.id = r.term_id
      left join ${table(manifest, 'sections')} s on s.id = r.section_id
      left join ${table(manifest, 'instructors')} i on i.id = coalesce(s.instructor_id, o.instructor_id)
     where r.student_id = ${studentId} and r.term_id = ${term.id} and r.status_code in (${held})
       ${alive(manifest, 'registrations', 'r')}
       ${courseId === undefined ? sql`` : sql`and c.id = ${courseId}`}
     order by c.code`.execute(db);
  return rows;
}

/**
 * A mark of the current term reaches the student once the course's results are published: the
 * moment the instructor can no longer change it (grades/store.ts controlOpen, one rule for both).
 * Until then the course carries no mark, letter or maximum.
 */
function courseSummary(r: Row, language: Language, manifest: Manifest) {
  const published = !controlOpen(manifest, r.control_status_id == null ? null : Number(r.control_status_id));
  const graded = gradeOf(Number(r.status_code), published ? num(r.grade) : null, num(r.max_mark));
  return {
    id: Number(r.course_id),
    registration_id: Number(r.id),
    offering_id: Number(r.offering_id),
    code: String(r.code),
    course: local(r, 'name', language),
    name: String(r.name),
    name_local: (r.name_local as string | null) ?? null,
    credit_hours: Number(r.credit_hours ?? 0),
    section: (r.section_code as string | null) ?? '',
    instructor: local(r, 'instructor_name', language),
    term: local(r, 'term_name', language),
    status_code: Number(r.status_code),
    flags: num(r.flags),
    results_published: published,
    grade: published ? num(r.grade) : null,
    max_mark: published ? num(r.max_mark) : null,
    letter: published ? graded.letter : null,
  };
}

/** A list body's page and perPage (the generic list shape), within sane bounds. */
function paging(body: unknown): { page: number; perPage: number } {
  const b = (body && typeof body === 'object' ? body : {}) as Row;
  const page = Math.max(1, Math.floor(Number(b.page) || 1));
  const perPage = Math.min(500, Math.max(1, Math.floor(Number(b.perPage) || 50)));
  return { page, perPage };
}

/** The list's search box: rows whose code or course name holds the text (case-insensitive). */
function searched<T extends { code: string; course: string }>(rows: T[], body: unknown): T[] {
  const search = body && typeof body === 'object' ? (body as Row).search : undefined;
  const q = typeof search === 'string' ? search.trim().toLowerCase() : '';
  return q ? rows.filter((r) => r.code.toLowerCase().includes(q) || r.course.toLowerCase().includes(q)) : rows;
}

function pageOf<T extends { code: string; course: string }>(all: T[], body: unknown) {
  const rows = searched(all, body);
  const { page, perPage } = paging(body);
  return { data: rows.slice((page - 1) * perPage, page * perPage), meta: { count: rows.length } };
}

export async function myCourses(db: Db, manifest: Manifest, studentId: number, language: Language, body: unknown) {
  const rows = (await heldCourses(db, manifest, studentId)).map((r) => courseSummary(r, language, manifest));
  return pageOf(rows, body);
}

/** Weekly slots of the given sections, ordered by day and time. */
async function slotsOf(db: Db, manifest: Manifest, sectionIds: number[]): Promise<Row[]> {
  if (!sectionIds.length) return [];
  const rooms = declares(manifest, 'rooms');
  const { rows } = await sql<Row>`
    select sl.section_id, sl.day, sl.start_time, sl.end_time, sl.kind_id,
           ${rooms ? sql`rm.code` : sql`null`} as room
      from ${table(manifest, 'slots')} sl
      ${rooms ? sql`left join ${table(manifest, 'rooms')} rm on rm.id = sl.room_id` : sql``}
     where sl.section_id in (${sql.join(sectionIds.map((id) => sql`${id}`))}) ${alive(manifest, 'slots', 'sl')}
     order by sl.day, sl.start_time`.execute(db);
  return rows.map((s) => ({
    ...s,
    start_time: String(s.start_time).slice(0, 5),
    end_time: String(s.end_time).slice(0, 5),
  }));
}

/** Exams of the given offerings in the term, by date and time. */
async function examsOf(db: Db, manifest: Manifest, offeringIds: number[], termId: number): Promise<Row[]> {
  if (!offeringIds.length || !declares(manifest, 'exam_schedules')) return [];
  const rooms = declares(manifest, 'rooms');
  const { rows } = await sql<Row>`
    select e.id, e.offering_id, e.kind_id, e.exam_date, e.start_time, e.end_time, e.notes,
           ${rooms ? sql`rm.code` : sql`null`} as room
      from ${table(manifest, 'exam_schedules')} e
      ${rooms ? sql`left join ${table(manifest, 'rooms')} rm on rm.id = e.room_id` : sql``}
     where e.offering_id in (${sql.join(offeringIds.map((id) => sql`${id}`))}) and e.term_id = ${termId}
       ${alive(manifest, 'exam_schedules', 'e')}
     order by e.exam_date, e.start_time`.execute(db);
  return rows.map((e) => ({
    ...e,
    start_time: String(e.start_time).slice(0, 5),
    end_time: String(e.end_time).slice(0, 5),
  }));
}

/** One held course of the current term with its slots and exams; 404 when the student does not hold it. */
export async function myCourse(db: Db, manifest: Manifest, studentId: number, courseId: number, language: Language) {
  const [row] = await heldCourses(db, manifest, studentId, courseId);
  if (!row) throw new HttpError(404, 'academic_course_not_held');
  const summary = courseSummary(row, language, manifest);
  const sectionId = num(row.section_id);
  const slots = sectionId === null ? [] : await slotsOf(db, manifest, [sectionId]);
  const exams = await examsOf(db, manifest, [summary.offering_id], Number(row.term_id));
  return { data: { ...summary, description: (row.description as string | null) ?? '', slots, exams } };
}

export async function myExamSchedules(
  db: Db,
  manifest: Manifest,
  studentId: number,
  language: Language,
  body: unknown,
) {
  const courses = await heldCourses(db, manifest, studentId);
  if (!courses.length) return { data: [], meta: { count: 0 } };
  const byOffering = new Map(courses.map((c) => [Number(c.offering_id), c]));
  const exams = await examsOf(db, manifest, [...byOffering.keys()], Number(courses[0]!.term_id));
  const rows = exams.map((e) => {
    const c = byOffering.get(Number(e.offering_id))!;
    return {
      id: Number(e.id),
      course_id: Number(c.course_id),
      code: String(c.code),
      course: local(c, 'name', language),
      kind_id: Number(e.kind_id),
      exam_date: String(e.exam_date),
      start_time: e.start_time,
      end_time: e.end_time,
      room: e.room ?? '',
      notes: e.notes ?? '',
    };
  });
  return pageOf(rows, body);
}

/** The weekly timetable: every slot of every held section. */
export async function mySchedule(db: Db, manifest: Manifest, studentId: number) {
  const courses = await heldCourses(db, manifest, studentId);
  const bySection = new Map(courses.filter((c) => c.section_id !== null).map((c) => [Number(c.section_id), c]));
  const slots = await slotsOf(db, manifest, [...bySection.keys()]);
  const data = slots.map((s) => {
    const c = bySection.get(Number(s.section_id))!;
    return {
      course_id: Number(c.course_id),
      code: String(c.code),
      name: String(c.name),
      name_local: (c.name_local as string | null) ?? null,
      section: (c.section_code as string | null) ?? '',
      day: Number(s.day),
      start_time: s.start_time,
      end_time: s.end_time,
      kind_id: Number(s.kind_id ?? 1),
      room: (s.room as string | null) ?? '',
    };
  });
  return { data, meta: { count: data.length } };
}
