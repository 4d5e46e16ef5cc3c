/**
 * The attendance domain's reads and writes (plain SQL: they join five tables). Tables are found
 * through the manifest, so an entity given another `table:` still works.
 */
import { sql, type Kysely } from 'kysely';
import type { Manifest } from '../../../generator/manifest-types.ts';
import { alive, table } from '../academic/tables.ts';
import type { TermWindow, WeeklySlot } from './occurrences.ts';

/**
 * Registration codes (registration_code) of a student who attends the section: registered, and
 * still registered while a withdraw or add-drop request waits, and an auditor. Requests not yet
 * accepted, and the ways out (withdrawn, dropped, excused, banned...), do not attend.
 */
export const ATTENDING_CODES = [2, 3, 4, 12] as const;

export interface SectionInfo extends TermWindow {
  id: number;
  code: string;
  term_id: number;
  teacher_user_id: number | null;
  course_code: string;
  course_name: string;
  course_name_local: string | null;
  term_name: string;
  term_name_local: string | null;
}

export interface SessionRow {
  id: number;
  section_id: number;
  slot_id: number | null;
  lecture_date: string;
  secret: string;
  closed_at: Date | string | null;
}

type Db = Kysely<any>;

/**
 * Every live section with its course, term and teacher's user (the section's instructor, else the
 * offering's): "who teaches what", shared with the grades domain (server/domains/grades/store.ts).
 */
export function sectionQuery(m: Manifest) {
  return sql`select se.id, se.code, se.offering_id, o.term_id, i.user_id as teacher_user_id,
      c.code as course_code, c.name as course_name, c.name_local as course_name_local,
      t.name as term_name, t.name_local as term_name_local,
      to_char(t.start_date, 'YYYY-MM-DD') as start_date, to_char(t.end_date, 'YYYY-MM-DD') as end_date
    from ${table(m, 'sections')} se
    join ${table(m, 'offerings')} o on o.id = se.offering_id ${alive(m, 'offerings', 'o')}
    join ${table(m, 'courses')} c on c.id = o.course_id
    join ${table(m, 'terms')} t on t.id = o.term_id
    left join ${table(m, 'instructors')} i on i.id = coalesce(se.instructor_id, o.instructor_id) ${alive(m, 'instructors', 'i')}
    where true ${alive(m, 'sections', 'se')}`;
}

function toSection(r: any): SectionInfo {
  return {
    id: Number(r.id),
    code: r.code,
    term_id: Number(r.term_id),
    teacher_user_id: r.teacher_user_id == null ? null : Number(r.teacher_user_id),
    course_code: r.course_code,
    course_name: r.course_name,
    course_name_local: r.course_name_local,
    term_name: r.term_name,
    term_name_local: r.term_name_local,
    start_date: r.start_date,
    end_date: r.end_date,
  };
}

export async function findSection(db: Db, m: Manifest, id: number): Promise<SectionInfo | undefined> {
  const { rows } = await sql<any>`${sectionQuery(m)} and se.id = ${id}`.execute(db);
  return rows[0] ? toSection(rows[0]) : undefined;
}

/** The sections of the current term taught by the user (the section's instructor, else the offering's). */
export async function sectionsTaughtBy(db: Db, m: Manifest, userId: number): Promise<SectionInfo[]> {
  const { rows } =
    await sql<any>`${sectionQuery(m)} and i.user_id = ${userId} and t.is_current = true ${alive(m, 'terms', 't')}
    order by c.code, se.code`.execute(db);
  return rows.map(toSection);
}

export async function slotsOf(db: Db, m: Manifest, sectionIds: number[]): Promise<Map<number, WeeklySlot[]>> {
  const out = new Map<number, WeeklySlot[]>();
  if (!sectionIds.length) return out;
  const { rows } =
    await sql<any>`select id, section_id, day, to_char(start_time, 'HH24:MI') as start_time, to_char(end_time, 'HH24:MI') as end_time
    from ${table(m, 'slots')} sl where section_id in (${sql.join(sectionIds)}) ${alive(m, 'slots', 'sl')} order by day, start_time`.execute(
      db,
    );
  for (const r of rows) {
    const list = out.get(Number(r.section_id)) ?? [];
    list.push({ id: Number(r.id), day: Number(r.day), start_time: r.start_time, end_time: r.end_time });
    out.set(Number(r.section_id), list);
  }
  return out;
}

/** Opens the lecture's session, or reopens the one opened before (one session per section, date and slot). */
export async function openSession(
  db: Db,
  m: Manifest,
  values: { sectionId: number; slotId: number | null; date: string; userId: number; secret: string },
): Promise<SessionRow> {
  const key = `${values.sectionId}:${values.date}:${values.slotId ?? 0}`;
  const { rows } =
    await sql<any>`insert into ${table(m, 'attendance_sessions')} (section_id, slot_id, lecture_date, opened_by, secret, session_key)
    values (${values.sectionId}, ${values.slotId}, ${values.date}, ${values.userId}, ${values.secret}, ${key})
    on conflict (session_key) do update set closed_at = null, updated_at = now()
    returning id, section_id, slot_id, to_char(lecture_date, 'YYYY-MM-DD') as lecture_date, secret, closed_at`.execute(
      db,
    );
  return toSession(rows[0]);
}

function toSession(r: any): SessionRow {
  return {
    id: Number(r.id),
    section_id: Number(r.section_id),
    slot_id: r.slot_id == null ? null : Number(r.slot_id),
    lecture_date: r.lecture_date,
    secret: r.secret,
    closed_at: r.closed_at,
  };
}

export async function findSession(db: Db, m: Manifest, id: number): Promise<SessionRow | undefined> {
  const { rows } =
    await sql<any>`select id, section_id, slot_id, to_char(lecture_date, 'YYYY-MM-DD') as lecture_date, secret, closed_at
    from ${table(m, 'attendance_sessions')} where id = ${id}`.execute(db);
  return rows[0] ? toSession(rows[0]) : undefined;
}

export async function closeSession(db: Db, m: Manifest, id: number): Promise<void> {
  await sql`update ${table(m, 'attendance_sessions')} set closed_at = coalesce(closed_at, now()), updated_at = now() where id = ${id}`.execute(
    db,
  );
}

/** The student's registration that lets them attend the section, if any. */
export async function attendingRegistration(
  db: Db,
  m: Manifest,
  studentId: number,
  sectionId: number,
): Promise<number | undefined> {
  const { rows } = await sql<{ id: number }>`select r.id from ${table(m, 'registrations')} r
    where r.student_id = ${studentId} and r.section_id = ${sectionId} and r.status_code in (${sql.join([...ATTENDING_CODES])})
    ${alive(m, 'registrations', 'r')} order by r.id limit 1`.execute(db);
  return rows[0] ? Number(rows[0].id) : undefined;
}

/**
 * Whether a code the student may not use belongs to another of their lectures: they attend another
 * section of the same course offering, or a section of theirs has a session open on the same day.
 * Either way the student is in the wrong room (or scanned a neighbour's screen), which they should be
 * told, rather than that they are not registered.
 */
export async function attendsAnotherLecture(
  db: Db,
  m: Manifest,
  studentId: number,
  session: SessionRow,
): Promise<boolean> {
  const { rows } = await sql<{ id: number }>`select r.id from ${table(m, 'registrations')} r
    join ${table(m, 'sections')} mine on mine.id = r.section_id
    join ${table(m, 'sections')} scanned on scanned.id = ${session.section_id}
    where r.student_id = ${studentId} and r.section_id <> ${session.section_id}
      and r.status_code in (${sql.join([...ATTENDING_CODES])}) ${alive(m, 'registrations', 'r')}
      and (mine.offering_id = scanned.offering_id or exists (
        select 1 from ${table(m, 'attendance_sessions')} a
        where a.section_id = r.section_id and a.lecture_date = ${session.lecture_date} and a.closed_at is null))
    limit 1`.execute(db);
  return rows.length > 0;
}

/** Records the scan; false when the student was recorded before (the unique record_key decides, also under concurrency). */
export async function recordAttendance(
  db: Db,
  m: Manifest,
  v: { sessionId: number; studentId: number; registrationId: number },
): Promise<boolean> {
  const { rows } = await sql<{
    id: number;
  }>`insert into ${table(m, 'attendance_records')} (session_id, student_id, registration_id, scanned_at, record_key)
    values (${v.sessionId}, ${v.studentId}, ${v.registrationId}, now(), ${`${v.sessionId}:${v.studentId}`})
    on conflict (record_key) do nothing returning id`.execute(db);
  return rows.length === 1;
}

export interface RecordView {
  student_id: number;
  code: string;
  name: string;
  name_local: string | null;
  scanned_at: string;
}

export async function recordsOf(db: Db, m: Manifest, sessionId: number): Promise<RecordView[]> {
  const { rows } = await sql<any>`select a.student_id, s.code, s.name, s.name_local, a.scanned_at
    from ${table(m, 'attendance_records')} a join ${table(m, 'students')} s on s.id = a.student_id
    where a.session_id = ${sessionId} order by a.scanned_at desc, a.id desc`.execute(db);
  return rows.map((r) => ({
    student_id: Number(r.student_id),
    code: r.code,
    name: r.name,
    name_local: r.name_local,
    scanned_at: r.scanned_at instanceof Date ? r.scanned_at.toISOString() : new Date(r.scanned_at).toISOString(),
  }));
}

/** How many students attend the section (the size of the class the count is out of). */
export async function attendingCount(db: Db, m: Manifest, sectionId: number): Promise<number> {
  const { rows } = await sql<{
    n: number;
  }>`select count(distinct r.student_id)::int as n from ${table(m, 'registrations')} r
    where r.section_id = ${sectionId} and r.status_code in (${sql.join([...ATTENDING_CODES])}) ${alive(m, 'registrations', 'r')}`.execute(
    db,
  );
  return Number(rows[0]?.n ?? 0);
}
