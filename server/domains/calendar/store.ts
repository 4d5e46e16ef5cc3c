/**
 * The calendar's reads (plain SQL: a lecture joins six tables). Tables are found through the
 * manifest, so an entity given another `table:` still works. Times come back 'HH:MM', dates
 * 'YYYY-MM-DD': the calendar works in the university's wall-clock time.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Manifest } from '../../../generator/manifest-types.ts';
import { HELD_CODES } from '../academic/history.ts';
import { alive, declares, table } from '../academic/tables.ts';

type Db = Kysely<any>;

export interface Range {
  start: string;
  end: string;
}

/** A weekly slot with everything the calendar shows and the clash check compares. */
export interface SlotRow {
  id: number;
  section_id: number;
  section: string;
  offering_id: number;
  day: number;
  start_time: string;
  end_time: string;
  kind_id: number;
  room_id: number | null;
  room: string | null;
  course_code: string;
  course_name: string;
  course_name_local: string | null;
  term_id: number;
  term_start: string;
  term_end: string;
  instructor_id: number | null;
  instructor: string | null;
  instructor_local: string | null;
}

export interface ExamRow {
  id: number;
  offering_id: number;
  kind_id: number;
  exam_date: string;
  start_time: string;
  end_time: string;
  room_id: number | null;
  room: string | null;
  course_code: string;
  course_name: string;
  course_name_local: string | null;
}

export interface EntryRow {
  id: number;
  kind_id: number;
  title: string;
  title_local: string | null;
  start_date: string;
  end_date: string;
}

export interface TermRow {
  id: number;
  name: string;
  name_local: string | null;
  start_date: string;
  end_date: string;
  windows: Array<{ key: 'registration' | 'add_drop' | 'withdraw'; start: string | null; end: string | null }>;
}

/** Whose slots: a student's held sections, a teacher's, or one section, room or instructor. */
export type Scope =
  | { student: number }
  | { teacherUser: number }
  | { section: number }
  | { room: number }
  | { instructor: number }
  | { slot: number };

const held = () => sql.join(HELD_CODES.map((c) => sql`${c}`));
const rooms = (m: Manifest) => declares(m, 'rooms');

function slotWhere(m: Manifest, scope: Scope): RawBuilder<unknown> {
  if ('student' in scope)
    return sql`se.id in (select r.section_id from ${table(m, 'registrations')} r
      where r.student_id = ${scope.student} and r.status_code in (${held()}) ${alive(m, 'registrations', 'r')})`;
  if ('teacherUser' in scope) return sql`i.user_id = ${scope.teacherUser}`;
  if ('section' in scope) return sql`se.id = ${scope.section}`;
  if ('room' in scope) return sql`sl.room_id = ${scope.room}`;
  if ('instructor' in scope) return sql`i.id = ${scope.instructor}`;
  return sql`sl.id = ${scope.slot}`;
}

/** The slots of the scope in terms that overlap the range (every term when no range is given). */
export async function slotsIn(db: Db, m: Manifest, scope: Scope, range?: Range): Promise<SlotRow[]> {
  const { rows } = await sql<any>`
    select sl.id, sl.section_id, se.code as section, se.offering_id, sl.day,
           to_char(sl.start_time, 'HH24:MI') as start_time, to_char(sl.end_time, 'HH24:MI') as end_time,
           coalesce(sl.kind_id, se.kind_id, 1) as kind_id, sl.room_id,
           ${rooms(m) ? sql`rm.code` : sql`null`} as room,
           c.code as course_code, c.name as course_name, c.name_local as course_name_local,
           t.id as term_id, to_char(t.start_date, 'YYYY-MM-DD') as term_start, to_char(t.end_date, 'YYYY-MM-DD') as term_end,
           i.id as instructor_id, i.name as instructor, i.name_local as instructor_local
      from ${table(m, 'slots')} sl
      join ${table(m, 'sections')} se on se.id = sl.section_id ${alive(m, 'sections', 'se')}
      join ${table(m, 'offerings')} o on o.id = se.offering_id ${alive(m, 'offerings', 'o')}
      join ${table(m, 'courses')} c on c.id = o.course_id
      join ${table(m, 'terms')} t on t.id = o.term_id
      left join ${table(m, 'instructors')} i on i.id = coalesce(se.instructor_id, o.instructor_id)
      ${rooms(m) ? sql`left join ${table(m, 'rooms')} rm on rm.id = sl.room_id` : sql``}
     where ${slotWhere(m, scope)} ${alive(m, 'slots', 'sl')}
       ${range ? sql`and t.start_date <= ${range.end} and t.end_date >= ${range.start}` : sql``}
     order by sl.day, sl.start_time, sl.id`.execute(db);
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    section_id: Number(r.section_id),
    offering_id: Number(r.offering_id),
    day: Number(r.day),
    kind_id: Number(r.kind_id),
    room_id: r.room_id == null ? null : Number(r.room_id),
    term_id: Number(r.term_id),
    instructor_id: r.instructor_id == null ? null : Number(r.instructor_id),
  }));
}

function examWhere(m: Manifest, scope: Scope): RawBuilder<unknown> | null {
  if ('student' in scope)
    return sql`e.offering_id in (select r.offering_id from ${table(m, 'registrations')} r
      where r.student_id = ${scope.student} and r.status_code in (${held()}) ${alive(m, 'registrations', 'r')})`;
  if ('teacherUser' in scope)
    return sql`e.offering_id in (select se.offering_id from ${table(m, 'sections')} se
      join ${table(m, 'offerings')} o on o.id = se.offering_id
      join ${table(m, 'instructors')} i on i.id = coalesce(se.instructor_id, o.instructor_id)
      where i.user_id = ${scope.teacherUser} ${alive(m, 'sections', 'se')})`;
  if ('section' in scope)
    return sql`e.offering_id = (select offering_id from ${table(m, 'sections')} where id = ${scope.section})`;
  if ('room' in scope) return sql`e.room_id = ${scope.room}`;
  if ('instructor' in scope)
    return sql`e.offering_id in (select se.offering_id from ${table(m, 'sections')} se
      join ${table(m, 'offerings')} o on o.id = se.offering_id
      where coalesce(se.instructor_id, o.instructor_id) = ${scope.instructor} ${alive(m, 'sections', 'se')})`;
  return null;
}

const examSelect = (m: Manifest) => sql`
    select e.id, e.offering_id, e.kind_id, to_char(e.exam_date, 'YYYY-MM-DD') as exam_date,
           to_char(e.start_time, 'HH24:MI') as start_time, to_char(e.end_time, 'HH24:MI') as end_time, e.room_id,
           ${rooms(m) ? sql`rm.code` : sql`null`} as room,
           c.code as course_code, c.name as course_name, c.name_local as course_name_local
      from ${table(m, 'exam_schedules')} e
      join ${table(m, 'offerings')} o on o.id = e.offering_id
      join ${table(m, 'courses')} c on c.id = o.course_id
      ${rooms(m) ? sql`left join ${table(m, 'rooms')} rm on rm.id = e.room_id` : sql``}`;

function toExam(r: any): ExamRow {
  return {
    ...r,
    id: Number(r.id),
    offering_id: Number(r.offering_id),
    kind_id: Number(r.kind_id),
    room_id: r.room_id == null ? null : Number(r.room_id),
  };
}

export async function examsIn(db: Db, m: Manifest, scope: Scope, range: Range): Promise<ExamRow[]> {
  const where = declares(m, 'exam_schedules') ? examWhere(m, scope) : null;
  if (!where) return [];
  const { rows } = await sql<any>`${examSelect(m)}
     where ${where} and e.exam_date between ${range.start} and ${range.end} ${alive(m, 'exam_schedules', 'e')}
     order by e.exam_date, e.start_time`.execute(db);
  return rows.map(toExam);
}

export async function findExam(db: Db, m: Manifest, id: number): Promise<ExamRow | undefined> {
  if (!declares(m, 'exam_schedules')) return undefined;
  const { rows } = await sql<any>`${examSelect(m)} where e.id = ${id} ${alive(m, 'exam_schedules', 'e')}`.execute(db);
  return rows[0] ? toExam(rows[0]) : undefined;
}

/** Other exams in the room on the date whose times overlap [start, end). */
export async function examsInRoomAt(
  db: Db,
  m: Manifest,
  v: { roomId: number; date: string; start: string; end: string; exceptId: number },
): Promise<ExamRow[]> {
  const { rows } = await sql<any>`${examSelect(m)}
     where e.room_id = ${v.roomId} and e.exam_date = ${v.date} and e.id <> ${v.exceptId}
       and e.start_time < ${v.end} and e.end_time > ${v.start} ${alive(m, 'exam_schedules', 'e')}
     order by e.start_time`.execute(db);
  return rows.map(toExam);
}

export async function entriesIn(db: Db, m: Manifest, range: Range): Promise<EntryRow[]> {
  if (!declares(m, 'academic_calendar')) return [];
  const { rows } = await sql<any>`
    select id, kind_id, title, title_local, to_char(start_date, 'YYYY-MM-DD') as start_date,
           to_char(end_date, 'YYYY-MM-DD') as end_date
      from ${table(m, 'academic_calendar')} a
     where a.start_date <= ${range.end} and a.end_date >= ${range.start} ${alive(m, 'academic_calendar', 'a')}
     order by a.start_date, a.id`.execute(db);
  return rows.map((r) => ({ ...r, id: Number(r.id), kind_id: Number(r.kind_id) }));
}

const day = (column: string) => sql`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

/** Terms that overlap the range, with their registration, add/drop and withdrawal windows. */
export async function termsIn(db: Db, m: Manifest, range: Range): Promise<TermRow[]> {
  const { rows } = await sql<any>`
    select t.id, t.name, t.name_local, ${day('t.start_date')} as start_date, ${day('t.end_date')} as end_date,
           ${day('t.registration_start')} as rs, ${day('t.registration_end')} as re,
           ${day('t.add_drop_start')} as ads, ${day('t.add_drop_end')} as ade,
           ${day('t.withdraw_start')} as ws, ${day('t.withdraw_end')} as we
      from ${table(m, 'terms')} t
     where coalesce(t.registration_start, t.start_date) <= ${range.end} and t.end_date >= ${range.start}
       ${alive(m, 'terms', 't')}
     order by t.start_date`.execute(db);
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    name_local: r.name_local,
    start_date: r.start_date,
    end_date: r.end_date,
    windows: [
      { key: 'registration', start: r.rs, end: r.re },
      { key: 'add_drop', start: r.ads, end: r.ade },
      { key: 'withdraw', start: r.ws, end: r.we },
    ],
  }));
}

/** The current term's dates (the default period of the calendar and the feed). */
export async function currentTermRange(db: Db, m: Manifest): Promise<Range | null> {
  const { rows } = await sql<any>`select ${day('t.start_date')} as start, ${day('t.end_date')} as "end"
    from ${table(m, 'terms')} t where t.is_current = true ${alive(m, 'terms', 't')} order by t.start_date desc limit 1`.execute(
    db,
  );
  return rows[0] ? { start: rows[0].start, end: rows[0].end } : null;
}

/** The instructors row of a user, when they teach. */
export async function instructorOfUser(db: Db, m: Manifest, userId: number): Promise<number | null> {
  const { rows } = await sql<any>`select id from ${table(m, 'instructors')} i where i.user_id = ${userId}
    ${alive(m, 'instructors', 'i')} limit 1`.execute(db);
  return rows[0] ? Number(rows[0].id) : null;
}

export async function roomExists(db: Db, m: Manifest, id: number): Promise<string | null> {
  if (!rooms(m)) return null;
  const { rows } =
    await sql<any>`select code from ${table(m, 'rooms')} r where r.id = ${id} ${alive(m, 'rooms', 'r')}`.execute(db);
  return rows[0] ? String(rows[0].code) : null;
}

export async function roomList(db: Db, m: Manifest): Promise<Array<{ id: number; code: string; name: string | null }>> {
  if (!rooms(m)) return [];
  const { rows } = await sql<any>`select id, code, name, name_local, capacity from ${table(m, 'rooms')} r
    where true ${alive(m, 'rooms', 'r')} order by code`.execute(db);
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

export interface SectionRow {
  id: number;
  code: string;
  offering_id: number;
  term_start: string;
  term_end: string;
  instructor_id: number | null;
  course_code: string;
}

export async function findSectionRow(db: Db, m: Manifest, id: number): Promise<SectionRow | undefined> {
  const { rows } = await sql<any>`
    select se.id, se.code, se.offering_id, coalesce(se.instructor_id, o.instructor_id) as instructor_id, c.code as course_code,
           to_char(t.start_date, 'YYYY-MM-DD') as term_start, to_char(t.end_date, 'YYYY-MM-DD') as term_end
      from ${table(m, 'sections')} se
      join ${table(m, 'offerings')} o on o.id = se.offering_id
      join ${table(m, 'courses')} c on c.id = o.course_id
      join ${table(m, 'terms')} t on t.id = o.term_id
     where se.id = ${id} ${alive(m, 'sections', 'se')}`.execute(db);
  const r = rows[0];
  return r
    ? {
        ...r,
        id: Number(r.id),
        offering_id: Number(r.offering_id),
        instructor_id: r.instructor_id == null ? null : Number(r.instructor_id),
      }
    : undefined;
}
