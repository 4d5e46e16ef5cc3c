/**
 * The grades domain's reads and writes. "Who teaches what" is the attendance domain's query
 * (sectionQuery: the section's instructor, else the offering's, linked to a user), shared, not
 * copied. Which registrations are graded is read from the status tables by key (registered, and
 * still registered while a withdraw or drop request waits), never from numbers written here.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Manifest } from '../../../generator/manifest-types.ts';
import { alive, table } from '../academic/tables.ts';
import { sectionQuery } from '../attendance/store.ts';
import { TOTAL_GRADE } from '../registration/generic-writes.ts';

type Db = Kysely<any> | Transaction<any>;

/** registration_code keys of a registration that is graded. */
export const GRADED_CODES = ['registered', 'withdraw_request', 'drop_request'] as const;
/** registration_status flags that take a registration out of grading whatever its code. */
export const UNGRADED_FLAGS = [
  'withdrawn',
  'dropped',
  'excused',
  'audit',
  'banned_misconduct',
  'banned_study_absence',
] as const;
/** control_status keys under which the instructor may still change marks (afterwards: published, certified). */
export const OPEN_CONTROL = ['draft'] as const;

function statusIds(m: Manifest, tableName: string, keys: readonly string[]): number[] {
  const statuses = m.statusTables[tableName]?.statuses ?? [];
  return keys.map((key) => {
    const found = statuses.find((s) => s.key === key);
    if (!found) throw new Error(`status table ${tableName} has no status '${key}' (server/domains/grades/store.ts)`);
    return found.id;
  });
}

/** The SQL condition "registration r is graded", from the manifest's status tables. */
export function gradedCondition(m: Manifest) {
  const codes = statusIds(m, 'registration_code', GRADED_CODES);
  const mask = statusIds(m, 'registration_status', UNGRADED_FLAGS).reduce((a, b) => a + BigInt(b), 0n);
  return sql`r.status_code in (${sql.join(codes)}) and (coalesce(r.flags, 0) & ${String(mask)}::int8) = 0 ${alive(m, 'registrations', 'r')}`;
}

/** Whether an offering's control status still lets marks change (no control status: open). */
export function controlOpen(m: Manifest, controlStatusId: number | null): boolean {
  if (controlStatusId === null || !m.statusTables.control_status) return true;
  return statusIds(m, 'control_status', OPEN_CONTROL).includes(controlStatusId);
}

export interface GradingSection {
  id: number;
  code: string;
  offering_id: number;
  term_id: number;
  teacher_user_id: number | null;
  course_code: string;
  course_name: string;
  course_name_local: string | null;
  term_name: string;
  term_name_local: string | null;
  control_status_id: number | null;
  max_mark: number;
  students: number;
  graded: number;
}

function toSection(r: any): GradingSection {
  return {
    id: Number(r.id),
    code: r.code,
    offering_id: Number(r.offering_id),
    term_id: Number(r.term_id),
    teacher_user_id: r.teacher_user_id == null ? null : Number(r.teacher_user_id),
    course_code: r.course_code,
    course_name: r.course_name,
    course_name_local: r.course_name_local,
    term_name: r.term_name,
    term_name_local: r.term_name_local,
    control_status_id: r.control_status_id == null ? null : Number(r.control_status_id),
    max_mark: Number(r.max_mark),
    students: Number(r.students ?? 0),
    graded: Number(r.graded ?? 0),
  };
}

/** Sections with their offering's control status and maximum, and their graded students counted. */
function sectionsQuery(m: Manifest) {
  const control = m.entities.offerings?.fields.control_status_id ? sql`o.control_status_id` : sql`null::int8`;
  return sql`select s.id, s.code, s.offering_id, s.term_id, s.teacher_user_id, s.course_code, s.course_name, s.course_name_local,
      s.term_name, s.term_name_local, ${control} as control_status_id,
      coalesce(o.max_mark, c.max_mark, ${TOTAL_GRADE}) as max_mark,
      count(r.id)::int as students, count(r.grade)::int as graded
    from (${sectionQuery(m)}) s
    join ${table(m, 'offerings')} o on o.id = s.offering_id
    join ${table(m, 'courses')} c on c.id = o.course_id
    left join ${table(m, 'registrations')} r on r.section_id = s.id and ${gradedCondition(m)}`;
}

const GROUP = sql`group by s.id, s.code, s.offering_id, s.term_id, s.teacher_user_id, s.course_code, s.course_name, s.course_name_local,
  s.term_name, s.term_name_local, o.control_status_id, o.max_mark, c.max_mark`;

/** The sections of a term: every one (staff), or those the user teaches. */
export async function sectionsOfTerm(
  db: Db,
  m: Manifest,
  termId: number,
  teacherUserId: number | null,
): Promise<GradingSection[]> {
  const mine = teacherUserId === null ? sql`` : sql` and s.teacher_user_id = ${teacherUserId}`;
  const { rows } =
    await sql<any>`${sectionsQuery(m)} where s.term_id = ${termId}${mine} ${GROUP} order by s.course_code, s.code, s.id`.execute(
      db,
    );
  return rows.map(toSection);
}

export async function findGradingSection(db: Db, m: Manifest, id: number): Promise<GradingSection | undefined> {
  const { rows } = await sql<any>`${sectionsQuery(m)} where s.id = ${id} ${GROUP}`.execute(db);
  return rows[0] ? toSection(rows[0]) : undefined;
}

/** The sections of an offering: every one (staff), or those the user teaches. */
export async function sectionsOfOffering(
  db: Db,
  m: Manifest,
  offeringId: number,
  teacherUserId: number | null,
): Promise<GradingSection[]> {
  const mine = teacherUserId === null ? sql`` : sql` and s.teacher_user_id = ${teacherUserId}`;
  const { rows } =
    await sql<any>`${sectionsQuery(m)} where s.offering_id = ${offeringId}${mine} ${GROUP} order by s.code, s.id`.execute(
      db,
    );
  return rows.map(toSection);
}

export interface OfferingRow {
  id: number;
  term_id: number;
  control_status_id: number | null;
}

export async function findOffering(db: Db, m: Manifest, id: number): Promise<OfferingRow | undefined> {
  const control = m.entities.offerings?.fields.control_status_id ? sql`o.control_status_id` : sql`null::int8`;
  const { rows } =
    await sql<any>`select o.id, o.term_id, ${control} as control_status_id from ${table(m, 'offerings')} o
    where o.id = ${id} ${alive(m, 'offerings', 'o')}`.execute(db);
  const r = rows[0];
  return r
    ? {
        id: Number(r.id),
        term_id: Number(r.term_id),
        control_status_id: r.control_status_id == null ? null : Number(r.control_status_id),
      }
    : undefined;
}

/** The term a list is of: the one asked for, else the current term (the latest starting, if several are flagged). */
export async function termOf(db: Db, m: Manifest, termId: number | undefined) {
  const which = termId === undefined ? sql`t.is_current = true` : sql`t.id = ${termId}`;
  const { rows } = await sql<any>`select t.id, t.code, t.name, t.name_local from ${table(m, 'terms')} t
    where ${which} ${alive(m, 'terms', 't')} order by t.start_date desc, t.id desc limit 1`.execute(db);
  const r = rows[0];
  return r
    ? { id: Number(r.id), code: String(r.code), name: String(r.name), name_local: r.name_local as string | null }
    : undefined;
}

export interface RosterRow {
  registration_id: number;
  section_id: number;
  student_id: number;
  code: string;
  name: string;
  name_local: string | null;
  grade: number | null;
  max_mark: number;
  status_code: number;
  flags: number;
}

/**
 * The graded registrations of the sections, one per student, by student code. `lock`: inside a
 * write's transaction, the rows are locked so two saves of one section follow each other.
 */
export async function rosterOf(db: Db, m: Manifest, sectionIds: readonly number[], lock = false): Promise<RosterRow[]> {
  if (!sectionIds.length) return [];
  const { rows } =
    await sql<any>`select r.id as registration_id, r.section_id, r.student_id, st.code, st.name, st.name_local, r.grade,
      coalesce(r.max_mark, o.max_mark, c.max_mark, ${TOTAL_GRADE}) as max_mark, r.status_code, r.flags
    from ${table(m, 'registrations')} r
    join ${table(m, 'students')} st on st.id = r.student_id
    join ${table(m, 'offerings')} o on o.id = r.offering_id
    left join ${table(m, 'courses')} c on c.id = coalesce(r.course_id, o.course_id)
    where r.section_id in (${sql.join([...sectionIds])}) and ${gradedCondition(m)}
    order by st.code, r.id ${lock ? sql`for update of r` : sql``}`.execute(db);
  return rows.map((r) => ({
    registration_id: Number(r.registration_id),
    section_id: Number(r.section_id),
    student_id: Number(r.student_id),
    code: String(r.code),
    name: r.name,
    name_local: r.name_local,
    grade: r.grade == null ? null : Number(r.grade),
    max_mark: Number(r.max_mark),
    status_code: Number(r.status_code),
    flags: Number(r.flags ?? 0),
  }));
}

/** Writes the marks (one statement for all rows); returns how many rows changed. */
export async function writeMarks(
  trx: Transaction<any>,
  m: Manifest,
  marks: readonly { id: number; grade: number | null }[],
): Promise<number> {
  if (!marks.length) return 0;
  const values = sql.join(marks.map((x) => sql`(${x.id}::int8, ${x.grade}::numeric)`));
  const stamp = m.entities.registrations?.timestamps ? sql`, updated_at = now()` : sql``;
  const result = await sql`update ${table(m, 'registrations')} r set grade = v.grade${stamp}
    from (values ${values}) as v(id, grade) where r.id = v.id`.execute(trx);
  return Number(result.numAffectedRows ?? marks.length);
}
