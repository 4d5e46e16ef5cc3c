/**
 * What an excuse must say, checked on create and on every change: its type, the course (one the
 * student holds this term; none = all of them, for missed lectures only), the dates (in order,
 * within the current term, at most FUTURE_DAYS ahead: a planned absence, an operation, is
 * excused in advance, nothing further), the reason. Every field's message at once (422).
 */
import { sql, type Kysely } from 'kysely';
import type { Manifest } from '../../../generator/manifest-types.ts';
import { addFieldError, HttpError, ValidationError, type FieldErrors } from '../../http/errors.ts';
import { currentTerms } from '../system/terms.ts';
import { CODE } from '../registration/lifecycle.ts';
import { TYPE_TABLE, typeKey } from './lifecycle.ts';
import { tableOf } from './store.ts';

type Db = Kysely<any>;
type Body = Record<string, unknown>;

export const FUTURE_DAYS = 7;
export const REASON_MAX = 2000;
/**
 * Registration codes of a course the student holds this term (registration_code): registered,
 * and still registered while a withdraw or drop request waits. Requests not accepted, and the
 * ways out (withdrawn, dropped, excused, banned...), are not held.
 */
export const HELD_CODES = [CODE.registered, CODE.withdraw_request, CODE.drop_request] as const;

export interface ExcuseInput {
  type_id: number;
  course_id: number | null;
  from_date: string;
  to_date: string;
  reason: string;
}
export interface Term {
  id: number;
  start: string;
  end: string;
}
export interface HeldCourse {
  id: number;
  code: string;
  name: string;
  name_local: string | null;
}

const intOf = (value: unknown): number | undefined => {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^\d{1,9}$/.test(value.trim())) return Number(value);
  return undefined;
};
/** A date as YYYY-MM-DD, whatever the driver gave (string or Date). */
export const dayOf = (value: unknown): string =>
  (value instanceof Date ? value.toISOString() : String(value ?? '')).slice(0, 10);
const isDay = (value: unknown): value is string =>
  typeof value === 'string' &&
  /^\d{4}-\d{2}-\d{2}$/.test(value) &&
  !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
  new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
export const today = () => new Date().toISOString().slice(0, 10);

/** The current term (is_current), or 409 when the university has none: no excuse can be placed. */
export async function currentTerm(db: Db, m: Manifest): Promise<Term> {
  const term = (await currentTerms(db, m)).current_term;
  if (!term) throw new HttpError(409, 'excuse_no_term');
  return { id: Number(term.id), start: dayOf(term.start_date), end: dayOf(term.end_date) };
}

/** The courses the student holds in the term (the course choice's only valid values), by code. */
export async function heldCourses(db: Db, m: Manifest, studentId: number, termId: number): Promise<HeldCourse[]> {
  const { rows } = await sql<any>`select distinct c.id, c.code, c.name, c.name_local
    from ${sql.table(tableOf(m, 'registrations'))} r
    join ${sql.table(tableOf(m, 'offerings'))} o on o.id = r.offering_id
    join ${sql.table(tableOf(m, 'courses'))} c on c.id = coalesce(r.course_id, o.course_id)
    where r.student_id = ${studentId} and r.term_id = ${termId} and r.deleted_at is null
      and r.status_code in (${sql.join([...HELD_CODES])}) order by c.code`.execute(db);
  return rows.map((r) => ({
    id: Number(r.id),
    code: String(r.code),
    name: String(r.name),
    name_local: r.name_local ?? null,
  }));
}

/** The excuse's values, or 422 with every field's message (English and Arabic by the caller's language). */
export async function readExcuse(db: Db, m: Manifest, studentId: number, term: Term, body: Body): Promise<ExcuseInput> {
  const errors: FieldErrors = {};
  const type = intOf(body.type_id);
  const typeOk = type !== undefined && m.statusTables[TYPE_TABLE]?.statuses.some((s) => s.id === type);
  if (!typeOk) addFieldError(errors, 'type_id', { key: 'excuse_type_required' });
  const exam = typeOk && typeKey(m, type) === 'exam';

  const rawCourse = body.course_id;
  const course = rawCourse === undefined || rawCourse === null || rawCourse === '' ? null : intOf(rawCourse);
  if (course === undefined) addFieldError(errors, 'course_id', { key: 'excuse_course_not_held' });
  else if (course === null && exam) addFieldError(errors, 'course_id', { key: 'excuse_course_required' });
  else {
    const held = await heldCourses(db, m, studentId, term.id);
    if (!held.length) addFieldError(errors, 'course_id', { key: 'excuse_no_courses' });
    else if (course !== null && !held.some((c) => c.id === course))
      addFieldError(errors, 'course_id', { key: 'excuse_course_not_held' });
  }

  const from = body.from_date;
  const to = body.to_date;
  if (!isDay(from)) addFieldError(errors, 'from_date', { key: 'excuse_date_required' });
  if (!isDay(to)) addFieldError(errors, 'to_date', { key: 'excuse_date_required' });
  if (isDay(from) && isDay(to)) {
    const limit = addDays(today(), FUTURE_DAYS);
    const params = { start: term.start, end: term.end };
    if (from > to) addFieldError(errors, 'to_date', { key: 'excuse_dates_order' });
    for (const [field, day] of [
      ['from_date', from],
      ['to_date', to],
    ] as const) {
      if (day < term.start || day > term.end) addFieldError(errors, field, { key: 'excuse_date_term', params });
      else if (day > limit) addFieldError(errors, field, { key: 'excuse_date_future', params: { days: FUTURE_DAYS } });
    }
  }

  const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
  if (!reason) addFieldError(errors, 'reason', { key: 'excuse_reason_required' });
  else if (reason.length > REASON_MAX)
    addFieldError(errors, 'reason', { key: 'excuse_reason_long', params: { max: REASON_MAX } });
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return { type_id: type!, course_id: course ?? null, from_date: from as string, to_date: to as string, reason };
}
