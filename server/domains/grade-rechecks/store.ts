/**
 * Reads and writes of grade rechecks, their history, their fee, and the courses a student may
 * have rechecked. Tables come from the manifest. Call the writers inside the caller's transaction.
 *
 * Which registrations count as graded is the grades domain's rule (gradedCondition), and the
 * registration's maximum is read as the grades domain reads it (its own, the offering's, the
 * course's, else 100): imported, not copied.
 */
import { sql, type Kysely } from 'kysely';
import type { Manifest } from '../../../generator/manifest-types.ts';
import type { RequestUser } from '../../auth/user.ts';
import { rowScope } from '../../resources/access.ts';
import { visibleColumns } from '../../resources/entity-info.ts';
import { alive, table } from '../academic/tables.ts';
import { gradedCondition } from '../grades/store.ts';
import { TOTAL_GRADE } from '../registration/generic-writes.ts';
import { GRADE_RECHECK_STEPS } from './messages.ts';

type Db = Kysely<any>;
export type RecheckRow = Record<string, any> & {
  id: number;
  code: string;
  student_id: number;
  registration_id: number;
  course_id: number;
  status_id: number;
  payment_status_id: number;
  payment_id: number | null;
  old_grade: number | null;
  max_mark: number | null;
};

export const RECHECKS = 'grade_rechecks';
export const EVENTS = 'grade_recheck_events';
/** The university setting holding the fee of one recheck in EGP (absent, empty or 0: free). */
export const FEE_SETTING = 'grade_recheck_fee';
/** control_status keys under which a course's results are out and may be rechecked. */
export const PUBLISHED_CONTROL = ['published', 'certified'] as const;

export const tableOf = (m: Manifest, entity: string) => m.entities[entity]?.table ?? entity;

/** GRC-000123 from the row id. */
export const referenceOf = (id: number) => `GRC-${String(id).padStart(6, '0')}`;
/** The open-request key: one open recheck per student and course. */
export const openKeyOf = (studentId: number, courseId: number) => `${studentId}:${courseId}`;

/** The request, live (not deleted), within the user's row scope; locked when `lock`. */
export async function findRecheck(
  db: Db,
  m: Manifest,
  user: RequestUser | null,
  id: number,
  lock = false,
): Promise<RecheckRow | undefined> {
  let query = db
    .selectFrom(tableOf(m, RECHECKS))
    .select(visibleColumns(m.entities[RECHECKS]!))
    .where('id', '=', id)
    .where('deleted_at', 'is', null);
  if (user) {
    const scope = rowScope(user, m.entities[RECHECKS]!);
    if (scope) query = query.where(scope.column, '=', scope.value);
  }
  if (lock) query = query.forUpdate();
  return (await query.executeTakeFirst()) as RecheckRow | undefined;
}

/** The fee of one recheck: the setting `grade_recheck_fee` (EGP, 2 decimals), 0 when unset or not a number. */
export async function recheckFee(db: Db, m: Manifest): Promise<number> {
  if (!m.entities.settings) return 0;
  const row = await db
    .selectFrom(tableOf(m, 'settings'))
    .select('value')
    .where('name', '=', FEE_SETTING)
    .executeTakeFirst();
  const fee = Number(String(row?.value ?? '').trim() || 0);
  return Number.isFinite(fee) && fee > 0 ? Math.round(fee * 100) / 100 : 0;
}

export interface EventInput {
  requestId: number;
  fromId: number | null;
  toId: number;
  action: string | null;
  note?: string | null;
  oldGrade?: number | null;
  newGrade?: number | null;
  userId: number | null;
}

export async function recordEvent(trx: Db, m: Manifest, e: EventInput): Promise<void> {
  await trx
    .insertInto(tableOf(m, EVENTS))
    .values({
      request_id: e.requestId,
      from_status_id: e.fromId,
      to_status_id: e.toId,
      action: e.action,
      note: e.note ?? null,
      old_grade: e.oldGrade ?? null,
      new_grade: e.newGrade ?? null,
      user_id: e.userId,
    })
    .execute();
}

export interface EventView {
  at: string;
  from_status_id: number | null;
  to_status_id: number;
  action: string | null;
  step: string | null;
  note: string | null;
  old_grade: number | null;
  new_grade: number | null;
  by: string | null;
}

const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** The history, oldest first, with who made each step (null: the system, e.g. the fee's payment). */
export async function historyOf(db: Db, m: Manifest, requestId: number, language: string): Promise<EventView[]> {
  const { rows } =
    await sql<any>`select e.created_at, e.from_status_id, e.to_status_id, e.action, e.note, e.old_grade, e.new_grade, u.name, u.name_local
    from ${sql.table(tableOf(m, EVENTS))} e left join ${sql.table(tableOf(m, 'users'))} u on u.id = e.user_id
    where e.request_id = ${requestId} order by e.id`.execute(db);
  return rows.map((r) => ({
    at: (r.created_at instanceof Date ? r.created_at : new Date(r.created_at)).toISOString(),
    from_status_id: numOrNull(r.from_status_id),
    to_status_id: Number(r.to_status_id),
    action: r.action ?? null,
    step:
      r.action && GRADE_RECHECK_STEPS[r.action]
        ? GRADE_RECHECK_STEPS[r.action]![language === 'ar' ? 'ar' : 'en']
        : null,
    note: r.note ?? null,
    old_grade: numOrNull(r.old_grade),
    new_grade: numOrNull(r.new_grade),
    by: r.name == null ? null : language === 'ar' && r.name_local ? String(r.name_local) : String(r.name),
  }));
}

export interface RecheckableCourse {
  registration_id: number;
  offering_id: number;
  course_id: number;
  term_id: number;
  course_code: string;
  course_name: string;
  course_name_local: string | null;
  term_name: string;
  term_name_local: string | null;
  grade: number;
  max_mark: number;
  control_status_id: number | null;
}

/**
 * The student's registrations that may be rechecked now (docs/decisions.md, Grade rechecks):
 * graded (the grades domain's rule) and marked; the offering's results published or certified;
 * of the current term or the last finished one (the latest term whose end date has passed);
 * and no open recheck of that course. `registrationId` narrows to one (the request's check),
 * `lock` locks the registration row inside a write.
 */
export async function recheckableCourses(
  db: Db,
  m: Manifest,
  studentId: number,
  registrationId?: number,
  lock = false,
): Promise<RecheckableCourse[]> {
  const controls = (m.statusTables.control_status?.statuses ?? [])
    .filter((s) => (PUBLISHED_CONTROL as readonly string[]).includes(s.key))
    .map((s) => s.id);
  if (!controls.length) return [];
  const one = registrationId === undefined ? sql`` : sql` and r.id = ${registrationId}`;
  const { rows } = await sql<any>`select r.id as registration_id, r.offering_id, c.id as course_id, r.term_id,
      c.code as course_code, c.name as course_name, c.name_local as course_name_local, t.name as term_name, t.name_local as term_name_local,
      r.grade, coalesce(r.max_mark, o.max_mark, c.max_mark, ${TOTAL_GRADE}) as max_mark, o.control_status_id
    from ${table(m, 'registrations')} r
    join ${table(m, 'offerings')} o on o.id = r.offering_id ${alive(m, 'offerings', 'o')}
    join ${table(m, 'courses')} c on c.id = coalesce(r.course_id, o.course_id)
    join ${table(m, 'terms')} t on t.id = r.term_id ${alive(m, 'terms', 't')}
    where r.student_id = ${studentId}${one} and ${gradedCondition(m)} and r.grade is not null
      and o.control_status_id in (${sql.join(controls)})
      and (t.is_current = true or t.id = (select lt.id from ${table(m, 'terms')} lt
        where lt.end_date < current_date ${alive(m, 'terms', 'lt')} order by lt.end_date desc, lt.id desc limit 1))
      and not exists (select 1 from ${sql.table(tableOf(m, RECHECKS))} g
        where g.open_key = ${sql`r.student_id::text || ':' || c.id::text`} and g.deleted_at is null)
    order by t.start_date desc, c.code, r.id ${lock ? sql`for update of r` : sql``}`.execute(db);
  return rows.map((r) => ({
    registration_id: Number(r.registration_id),
    offering_id: Number(r.offering_id),
    course_id: Number(r.course_id),
    term_id: Number(r.term_id),
    course_code: String(r.course_code),
    course_name: String(r.course_name),
    course_name_local: r.course_name_local ?? null,
    term_name: String(r.term_name),
    term_name_local: r.term_name_local ?? null,
    grade: Number(r.grade),
    max_mark: Number(r.max_mark),
    control_status_id: numOrNull(r.control_status_id),
  }));
}

/** The registration's mark and maximum, locked (the office's correction writes it in the same transaction). */
export async function lockRegistration(
  trx: Db,
  m: Manifest,
  registrationId: number,
): Promise<{ grade: number | null; max_mark: number } | undefined> {
  const { rows } =
    await sql<any>`select r.grade, coalesce(r.max_mark, o.max_mark, c.max_mark, ${TOTAL_GRADE}) as max_mark
    from ${table(m, 'registrations')} r
    left join ${table(m, 'offerings')} o on o.id = r.offering_id
    left join ${table(m, 'courses')} c on c.id = coalesce(r.course_id, o.course_id)
    where r.id = ${registrationId} ${alive(m, 'registrations', 'r')} for update of r`.execute(trx);
  const r = rows[0];
  return r ? { grade: numOrNull(r.grade), max_mark: Number(r.max_mark) } : undefined;
}

/** Writes a registration's mark (the office's correction after a recheck). */
export async function writeRegistrationGrade(
  trx: Db,
  m: Manifest,
  registrationId: number,
  grade: number,
): Promise<void> {
  const values: Record<string, unknown> = { grade };
  if (m.entities.registrations?.timestamps) values.updated_at = sql`now()`;
  await trx.updateTable(tableOf(m, 'registrations')).set(values).where('id', '=', registrationId).execute();
}
