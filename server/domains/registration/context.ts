/**
 * Everything the registration rules need about one student, a term and (optionally) one
 * offering, read in ONE call (one round trip): the student with their bylaw's warning limits,
 * the term's windows, the student's rows of the term with their sections' slots, rows of the
 * course in earlier terms, the term's appointments, bans, credit-hour limits, and the offering
 * with its course, plan level, prerequisites (passed or not) and sections with slots. The part
 * that is the same for every student (term, appointments, limits, offering, and what a row
 * held shows of its offering's course and its section's slots) comes from the server's copy
 * (catalog.ts) while its version holds; the call reads it only when it moved, or when the copy
 * lacks the part of a row (one more round trip).
 *
 * Without a term, the offering's term is used.
 *
 * Writes call lockStudent() first, in the same transaction: every registration write of a
 * student takes that row lock, so a double click or two tabs are served one after the other
 * and each sees the other's committed rows (the context statement starts after the lock).
 */
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { Manifest } from '../../../generator/manifest-types.ts';
import { liveSessionSql } from '../../auth/user.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { overdueInstallmentsSql } from '../finance/gate.ts';
import {
  catalogDdl,
  rowPartKey,
  type CatalogCache,
  type CatalogOffering,
  type CatalogPart,
  type CatalogSnapshot,
  type CatalogTerm,
} from './catalog.ts';

export interface SlotInfo {
  id?: number;
  day: number;
  start_time: string;
  end_time: string;
  kind_id?: number;
  room?: { id: number; code: string } | null;
}
export interface SectionInfo {
  id: number;
  code: string;
  kind_id: number;
  capacity: number;
  seats_taken: number;
  instructor: { id: number; name: string; name_local: string | null } | null;
  slots: SlotInfo[];
}
export interface HeldRow {
  id: number;
  offering_id: number;
  section_id: number | null;
  course_id: number;
  course_code: string;
  course_name: string;
  course_name_local: string | null;
  credit_hours: number;
  status_code: number;
  flags: number;
  slots: SlotInfo[];
}
export interface TermInfo {
  id: number;
  code: string;
  name: string;
  name_local: string | null;
  start_date: string;
  end_date: string;
  registration_start: string | null;
  registration_end: string | null;
  add_drop_start: string | null;
  add_drop_end: string | null;
  withdraw_start: string | null;
  withdraw_end: string | null;
  max_credit_hours: number | null;
  advising_required: boolean | null;
}
export interface Appointment {
  id: number;
  name: string;
  name_local: string | null;
  faculty_id: number | null;
  program_id: number | null;
  level: number | null;
  min_earned_hours: number | null;
  max_earned_hours: number | null;
  opens_at: string;
  closes_at: string | null;
}
export interface Ban {
  id: number;
  kind_id: number;
  term_id: number | null;
  course_id: number | null;
  until: string | null;
}
export interface CreditLimit {
  bylaw_id: number | null;
  min_gpa: number;
  max_gpa: number;
  max_hours: number;
}
export interface OfferingInfo {
  id: number;
  term_id: number;
  published_id: number | null;
  program_id: number | null;
  course: {
    id: number;
    code: string;
    name: string;
    name_local: string | null;
    credit_hours: number;
    level: number | null;
    required_passed_hours: number | null;
    active: boolean | null;
    faculty_id: number;
  };
  plan_level: number | null;
  plan_required: boolean | null;
  program_has_plan: boolean;
  prerequisites: Array<{ id: number; code: string; name: string; name_local: string | null; passed: boolean }>;
  passed_before: boolean;
  taken_before: boolean;
  sections: SectionInfo[];
}
export interface StudentContext {
  student: {
    id: number;
    user_id: number | null;
    level: number | null;
    earned_hours: number | null;
    gpa: number | null;
    status_id: number;
    program_id: number | null;
    faculty_id: number;
    bylaw_id: number | null;
    consecutive_warnings: number;
    total_warnings: number;
    max_consecutive_warnings: number | null;
    max_total_warnings: number | null;
  };
  term: TermInfo | null;
  /** The student's rows of the term, every state. */
  rows: HeldRow[];
  appointments: Appointment[];
  bans: Ban[];
  limits: CreditLimit[];
  offering: OfferingInfo | null;
  /** The student's registration version in the term (registration_terms), null before their first seat. */
  version: number | null;
  /** The stored answer of this Idempotency-Key, when the call was already served. */
  replay: { status: number; body: unknown } | null;
}

/** A section's weekly slots as a JSON array (`ref`: the section id expression). */
export const slotsOf = (ref: string) => `coalesce((
  select json_agg(json_build_object('id', sl.id, 'day', sl.day, 'start_time', sl.start_time, 'end_time', sl.end_time, 'kind_id', sl.kind_id,
    'room', case when rm.id is null then null else json_build_object('id', rm.id, 'code', rm.code) end) order by sl.day, sl.start_time)
  from slots sl left join rooms rm on rm.id = sl.room_id where sl.section_id = ${ref}), '[]'::json)`;

/**
 * A registration's course (alias r): the copy the server writes with the row, else its
 * offering's (a row written without it); no join to offerings, which on every call cost the
 * context statement a hash join's set-up (docs/decisions.md, Registration, "A warm server, and reads without joins").
 */
const ROW_COURSE = `coalesce(r.course_id, (select ro.course_id from offerings ro where ro.id = r.offering_id))`;

/**
 * The student's courses of other terms, read once per statement (one scan of their rows, not one
 * per course asked about): `h.passed_ids` passed (a mark of at least half), `h.taken_ids` taken
 * (passed, failed or still graded). Over aliases s (students) and tt.tid (the term).
 */
export const HISTORY_JOIN = `cross join lateral (select
    coalesce(array_agg(${ROW_COURSE}) filter (where r.status_code = 2 and r.grade >= coalesce(r.max_mark, 100) * 0.5), '{}') as passed_ids,
    coalesce(array_agg(${ROW_COURSE}) filter (where r.status_code in (2, 5, 8, 10, 11)), '{}') as taken_ids
  from registrations r
  where r.student_id = s.id and r.deleted_at is null and r.term_id <> tt.tid) h`;

/**
 * One offering as JSON, over aliases o (offerings), c (courses). `student`: as OfferingInfo, with
 * the student's plan, history and the seat counters (aliases s (students), h (HISTORY_JOIN));
 * without: the catalog part (catalog.ts CatalogOffering), the same for every student.
 */
export const offeringJson = (student: boolean) => `json_build_object(
  'id', o.id, 'term_id', o.term_id, 'published_id', o.published_id, 'program_id', o.program_id,
  'course', json_build_object('id', c.id, 'code', c.code, 'name', c.name, 'name_local', c.name_local, 'credit_hours', c.credit_hours,
    'level', c.level, 'required_passed_hours', c.required_passed_hours, 'active', c.active, 'faculty_id', c.faculty_id),${
      student
        ? `
  'plan_level', (select min(p.level) from study_plan_courses p where p.program_id = s.program_id and p.course_id = c.id),
  'plan_required', (select bool_or(p.required) from study_plan_courses p where p.program_id = s.program_id and p.course_id = c.id),
  'program_has_plan', exists(select 1 from study_plan_courses p where p.program_id = s.program_id),
  'passed_before', c.id = any(h.passed_ids),
  'taken_before', c.id = any(h.taken_ids),`
        : ''
    }
  'prerequisites', coalesce((select json_agg(json_build_object('id', pc.id, 'code', pc.code, 'name', pc.name, 'name_local', pc.name_local${
    student
      ? `,
      'passed', pc.id = any(h.passed_ids)`
      : ''
  }) order by pc.code)
    from course_prerequisites cp join courses pc on pc.id = cp.prerequisite_id where cp.course_id = c.id), '[]'::json),
  'sections', coalesce((select json_agg(json_build_object('id', se.id, 'code', se.code, 'kind_id', se.kind_id, 'capacity', se.capacity,${
    student
      ? `
      'seats_taken', coalesce(se.seats_taken, 0),`
      : ''
  }
      'instructor', case when i.id is null then null else json_build_object('id', i.id, 'name', i.name, 'name_local', i.name_local) end,
      'slots', ${slotsOf('se.id')}) order by se.code)
    from sections se left join instructors i on i.id = se.instructor_id where se.offering_id = o.id and se.deleted_at is null), '[]'::json))`;

/**
 * The student's part of the context as one JSON value, read on every call, over the function's
 * parameters p_student, p_offering, p_key (aliases s, b, po (the offering asked about), tt, h):
 * the student, their rows of the term (the row's own columns: its course and its section's
 * slots are catalog data, ROW_PARTS_JSON), bans, registration version, the stored answer, their
 * history (`passed_ids`, `taken_ids`), their program's plan for the offering's course and the
 * offering's seat counters. The rest comes from the catalog part (CATALOG_JSON, catalog.ts).
 */
const STUDENT_JSON = `json_build_object(
  'student', json_build_object('id', s.id, 'user_id', s.user_id, 'level', s.level, 'earned_hours', s.earned_hours, 'gpa', s.gpa,
    'status_id', s.status_id, 'program_id', s.program_id, 'faculty_id', s.faculty_id, 'bylaw_id', s.bylaw_id,
    'consecutive_warnings', coalesce(s.consecutive_warnings, 0), 'total_warnings', coalesce(s.total_warnings, 0),
    'max_consecutive_warnings', b.max_consecutive_warnings, 'max_total_warnings', b.max_total_warnings),
  'term_id', tt.tid,
  'rows', coalesce((select json_agg(json_build_object('id', r.id, 'offering_id', r.offering_id, 'section_id', r.section_id,
     'credit_hours', r.credit_hours, 'status_code', r.status_code, 'flags', r.flags) order by r.id)
     from registrations r where r.student_id = s.id and r.term_id = tt.tid and r.deleted_at is null), '[]'::json),
  'bans', coalesce((select json_agg(x) from (select id, kind_id, term_id, course_id, until from registration_bans
     where student_id = s.id and deleted_at is null) x), '[]'::json),
  'passed_ids', h.passed_ids,
  'taken_ids', h.taken_ids,
  'plan', case when p_offering is null then null else (select json_build_object(
       'level', min(p.level) filter (where p.course_id = po.course_id), 'required', bool_or(p.required) filter (where p.course_id = po.course_id),
       'any', count(*) > 0)
     from study_plan_courses p where p.program_id = s.program_id) end,
  'seats', case when p_offering is null then null else (select json_object_agg(se.id, coalesce(se.seats_taken, 0))
     from sections se where se.offering_id = p_offering and se.deleted_at is null) end,
  'version', (select g.version from registration_terms g where g.row_key = s.id::text || ':' || tt.tid::text),
  'replay', case when p_key is null then null else (select json_build_object('status', k.status, 'body', k.body)
     from registration_idempotency k where k.key = p_key) end)`;

/**
 * What the student's rows (STUDENT_JSON 'rows', in the function's `result`) show of the catalog,
 * per offering and section held: the offering's course and the section's slots (catalog.ts
 * RowPart). Deleted offerings, courses and sections too: a row keeps showing what it holds.
 */
const ROW_PARTS_JSON = `coalesce((select json_agg(json_build_object('offering_id', o.id, 'section_id', x.section_id,
     'course_id', c.id, 'course_code', c.code, 'course_name', c.name, 'course_name_local', c.name_local, 'credit_hours', c.credit_hours,
     'slots', ${slotsOf('x.section_id')}))
   from (select distinct (e ->> 'offering_id')::int8 as offering_id, (e ->> 'section_id')::int8 as section_id
     from json_array_elements(result -> 'context' -> 'rows') e) x
   join offerings o on o.id = x.offering_id join courses c on c.id = o.course_id), '[]'::json)`;

/**
 * The catalog part (catalog.ts CatalogPart) of the term v_tid and the offering p_offering. A table
 * read here must be in catalog.ts WATCHED (its writes move the version); the tests in
 * tests/server/registration-catalog.test.ts fail when a write to one of them is not seen.
 */
const CATALOG_JSON = `json_build_object(
  'term_id', v_tid,
  'term', (select row_to_json(t) from (select id, code, name, name_local, start_date, end_date, registration_start, registration_end,
     add_drop_start, add_drop_end, withdraw_start, withdraw_end, max_credit_hours, advising_required
     from terms where id = v_tid and deleted_at is null) t),
  'appointments', coalesce((select json_agg(a order by a.opens_at) from (select id, name, name_local, faculty_id, program_id, level,
     min_earned_hours, max_earned_hours, opens_at, closes_at from registration_appointments
     where term_id = v_tid and deleted_at is null) a), '[]'::json),
  'limits', coalesce((select json_agg(x order by x.bylaw_id nulls last, x.min_gpa) from (select bylaw_id, min_gpa, max_gpa, max_hours
     from credit_hour_limits where deleted_at is null) x), '[]'::json),
  'offering', case when p_offering is null then null else (select ${offeringJson(false)}
     from offerings o join courses c on c.id = o.course_id where o.id = p_offering and o.deleted_at is null and c.deleted_at is null) end,
  'row_parts', ${ROW_PARTS_JSON})`;

export const CONTEXT_FUNCTION = 'registration_context';

/**
 * The context loader as a PL/pgSQL function: its statements are planned once per connection
 * and the plans kept (the one big statement costs several times more to plan than to run),
 * and the student's row lock and the read are one round trip. The read is a statement of its
 * own after the lock, so it sees every registration committed before the lock was granted.
 * Created (or replaced) when the domain starts; it reads the tables of the connection's schema.
 *
 * The student's part is read on every call, with the catalog's version in the same statement;
 * the catalog part only when p_catalog (the version of the server's copy, null when it lacks
 * this call's term or offering) is not that version, in a later statement, so the part is never
 * older than the version it is answered with (catalog.ts). A statement that is not run costs
 * nothing: the catalog's subqueries are not even set up on the busy path.
 *
 * The same statement also answers, when asked, two checks that used to cost a statement each
 * on the hot write path: `session` (p_session: the caller's token hash, from the session cache
 * of server/auth/current-user.ts; liveSessionSql: the session is still live and is this
 * student's user's) and `overdue` (p_overdue: the finance gate's overdue installments condition,
 * overdueInstallmentsSql, when the YAML gates list the action).
 */
function contextFunctionDdl(manifest: Manifest): string {
  return `create or replace function ${CONTEXT_FUNCTION}(p_student int8, p_term int8, p_offering int8, p_key text, p_lock boolean,
  p_session text, p_overdue boolean, p_catalog int8)
returns json language plpgsql volatile as $fn$
declare result json; catalog json; v_tid int8; v_version int8;
begin
  if p_lock then perform 1 from students where id = p_student for update; end if;
  select json_build_object(
    'context', ${STUDENT_JSON},
    'session', case when p_session is null then null else ${liveSessionSql(manifest, 'p_session', 's.user_id')} end,
    'overdue', case when p_overdue then ${overdueInstallmentsSql('s.id')} else null end),
    tt.tid, (select v.version from registration_catalog v where v.id = 1) into result, v_tid, v_version
  from students s left join bylaws b on b.id = s.bylaw_id left join offerings po on po.id = p_offering
    cross join lateral (select coalesce(p_term, po.term_id) as tid) tt
    ${HISTORY_JOIN}
  where s.id = p_student and s.deleted_at is null;
  if result is null then return null; end if;
  if p_catalog is null or p_catalog is distinct from v_version then select ${CATALOG_JSON} into catalog; end if;
  return json_build_object('student', result, 'catalog_version', v_version, 'catalog', catalog);
end $fn$`;
}

/** The functions of earlier versions, dropped so one signature remains. */
const OLD_CONTEXT_FUNCTIONS = [
  `drop function if exists ${CONTEXT_FUNCTION}(int8, int8, int8, text, boolean)`,
  `drop function if exists ${CONTEXT_FUNCTION}(int8, int8, int8, text, boolean, text, boolean)`,
];

export async function ensureFunctions(db: Kysely<any>, manifest: Manifest, ...more: string[]): Promise<void> {
  // Two processes starting together may race on the replace; the second one finds it made.
  for (let attempt = 0; ; attempt++) {
    try {
      for (const ddl of [...OLD_CONTEXT_FUNCTIONS, ...catalogDdl(manifest), contextFunctionDdl(manifest), ...more])
        await sql.raw(ddl).execute(db);
      return;
    } catch (error) {
      if (attempt >= 3) throw error;
      await new Promise((r) => setTimeout(r, 50 * (attempt + 1)));
    }
  }
}

/** The call, as fixed text sent as a prepared statement (it runs on every registration request: no query building). */
const CONTEXT_CALL = preparedStatement(
  'registration_context_call',
  `select ${CONTEXT_FUNCTION}($1::int8, $2::int8, $3::int8, $4::text, $5::boolean, $6::text, $7::boolean, $8::int8) as ctx`,
);

/** Checks folded into the context statement (see contextFunctionDdl). */
export interface ContextChecks {
  /** The caller's token hash whose session must still be live (the session cache's routes). */
  session?: string | null;
  /** Evaluate the finance gate's overdue installments condition. */
  overdue?: boolean;
}

/** The context with the answers of the folded checks (null when asked for nothing). */
export type CheckedContext = StudentContext & { checks: { session: boolean | null; overdue: boolean | null } };

/** The student's part as the function answers it (STUDENT_JSON). */
interface StudentPart {
  student: StudentContext['student'];
  term_id: number | null;
  rows: OwnRow[];
  bans: Ban[];
  passed_ids: number[];
  taken_ids: number[];
  plan: { level: number | null; required: boolean | null; any: boolean } | null;
  seats: Record<string, number> | null;
  version: number | null;
  replay: StudentContext['replay'];
}

/** A row of the student's part: the registration's own columns (HeldRow without its catalog part). */
type OwnRow = Pick<HeldRow, 'id' | 'offering_id' | 'section_id' | 'status_code' | 'flags'> & {
  credit_hours: number | null;
};

/** The student's rows with what they show of the catalog; null when the copy lacks the part of one of them. */
function heldRowsOf(rows: OwnRow[], parts: CatalogSnapshot['rowParts']): HeldRow[] | null {
  const held: HeldRow[] = [];
  for (const r of rows) {
    const p = parts.get(rowPartKey(r.offering_id, r.section_id));
    if (!p) return null;
    held.push({
      id: r.id,
      offering_id: r.offering_id,
      section_id: r.section_id,
      course_id: p.course_id,
      course_code: p.course_code,
      course_name: p.course_name,
      course_name_local: p.course_name_local,
      credit_hours: r.credit_hours ?? p.credit_hours ?? 0,
      status_code: r.status_code,
      flags: r.flags,
      slots: p.slots,
    });
  }
  return held;
}

/** The offering as the rules read it: the catalog's, with this student's plan and history and the seat counters. */
function offeringFor(o: CatalogOffering, part: StudentPart): OfferingInfo {
  const passed = new Set(part.passed_ids);
  return {
    ...o,
    plan_level: part.plan?.level ?? null,
    plan_required: part.plan?.required ?? null,
    program_has_plan: part.plan?.any ?? false,
    prerequisites: o.prerequisites.map((p) => ({ ...p, passed: passed.has(p.id) })),
    passed_before: passed.has(o.course.id),
    taken_before: part.taken_ids.includes(o.course.id),
    sections: o.sections.map((se) => ({ ...se, seats_taken: part.seats?.[se.id] ?? 0 })),
  };
}

/**
 * Loads the context (see the file comment); with `lock`, first takes the student's row lock for
 * the rest of the caller's transaction (writes pass their transaction as `db`). `catalog` is
 * the domain's copy of the catalog part (catalog.ts).
 */
export async function loadContext(
  db: Kysely<any>,
  catalog: CatalogCache,
  studentId: number,
  termId: number | null,
  offeringId: number | null,
  idempotencyKey: string | null = null,
  lock = false,
  checks: ContextChecks = {},
  force = false,
): Promise<CheckedContext | null> {
  const snapshot = force ? null : catalog.snapshotFor(termId, offeringId);
  const { rows } = await db.executeQuery<{ ctx: unknown }>(
    CompiledQuery.raw(CONTEXT_CALL, [
      studentId,
      termId,
      offeringId,
      idempotencyKey,
      lock,
      checks.session ?? null,
      checks.overdue ?? false,
      snapshot?.version ?? null,
    ]),
  );
  const raw = rows[0]?.ctx ?? null;
  const got = (typeof raw === 'string' ? JSON.parse(raw) : raw) as {
    student: { context: StudentPart; session: boolean | null; overdue: boolean | null };
    catalog_version: number;
    catalog: CatalogPart | null;
  } | null;
  if (!got) return null;
  const part = got.student.context;
  let s: CatalogSnapshot, termPart: CatalogTerm | undefined, offering: CatalogOffering | null;
  if (got.catalog) {
    s = catalog.store(Number(got.catalog_version), offeringId, got.catalog);
    termPart = got.catalog;
    offering = got.catalog.offering ?? null;
  } else {
    s = snapshot!;
    const entry = offeringId === null ? null : s.offerings.get(offeringId);
    termPart = s.terms.get(part.term_id);
    offering = entry?.offering ?? null;
    if (entry === undefined) termPart = undefined;
  }
  const held = termPart && heldRowsOf(part.rows, s.rowParts);
  // The copy was of the current version but lacks what this call resolved to (its term, its
  // offering, the course or slots of a row held): read the catalog part with it.
  if (!termPart || !held) {
    if (force)
      throw new Error(
        `registration context: the catalog part of term ${part.term_id} / offering ${offeringId} or of a row held is missing`,
      );
    return loadContext(db, catalog, studentId, termId, offeringId, idempotencyKey, lock, checks, true);
  }
  const bylaw = part.student.bylaw_id;
  return {
    student: part.student,
    term: termPart.term,
    rows: held,
    appointments: termPart.appointments,
    bans: part.bans,
    limits: s.limits.filter((l) => l.bylaw_id === null || l.bylaw_id === bylaw),
    offering: offering ? offeringFor(offering, part) : null,
    version: part.version,
    replay: part.replay,
    checks: { session: got.student.session, overdue: got.student.overdue },
  };
}

/** Locks the student's row for the rest of the transaction (see the file comment). */
export async function lockStudent(trx: Kysely<any>, studentId: number): Promise<void> {
  await sql`select id from students where id = ${studentId} for update`.execute(trx);
}
