/**
 * Reads and writes of certificate requests and their history. Tables come from the manifest
 * (an entity given another `table:` still works). Call the writers inside the caller's
 * transaction.
 */
import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Manifest } from '../../../generator/manifest-types.ts';
import type { RequestUser } from '../../auth/user.ts';
import { rowScope } from '../../resources/access.ts';
import { visibleColumns } from '../../resources/entity-info.ts';

type Db = Kysely<any>;
export type RequestRow = Record<string, any> & {
  id: number;
  student_id: number;
  status_id: number;
  kind_id: number;
  quantity: number;
};

export const REQUESTS = 'certificate_requests';
export const EVENTS = 'certificate_request_events';
export const FEES = 'certificate_fees';

export const tableOf = (m: Manifest, entity: string) => m.entities[entity]?.table ?? entity;

/** CRT-000123 from the row id. */
export const referenceOf = (id: number) => `CRT-${String(id).padStart(6, '0')}`;

/** 80 random bits in Crockford base32, grouped: XXXX-XXXX-XXXX-XXXX (no I, L, O, U to misread). */
export function newVerificationCode(): string {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  const bytes = crypto.randomBytes(16);
  let out = '';
  for (let i = 0; i < 16; i++) out += alphabet[bytes[i]! & 31];
  return out.match(/.{4}/g)!.join('-');
}

/** The request's row, live (not cancelled), within the user's row scope; locked when `lock`. */
export async function findRequest(
  db: Db,
  m: Manifest,
  user: RequestUser | null,
  id: number,
  lock = false,
): Promise<RequestRow | undefined> {
  // never the serverOnly columns (open_key): these rows are answered as they are
  let query = db
    .selectFrom(tableOf(m, REQUESTS))
    .select(visibleColumns(m.entities[REQUESTS]!))
    .where('id', '=', id)
    .where('deleted_at', 'is', null);
  if (user) {
    const scope = rowScope(user, m.entities[REQUESTS]!);
    if (scope) query = query.where(scope.column, '=', scope.value);
  }
  if (lock) query = query.forUpdate();
  return (await query.executeTakeFirst()) as RequestRow | undefined;
}

/** The fee of one copy of a kind (0 when none is set: free). */
export async function feeOf(db: Db, m: Manifest, kindId: number): Promise<number> {
  if (!m.entities[FEES]) return 0;
  const row = await db
    .selectFrom(tableOf(m, FEES))
    .select('amount')
    .where('kind_id', '=', kindId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row ? Number(row.amount) : 0;
}

export interface EventInput {
  requestId: number;
  fromId: number | null;
  toId: number;
  action: string | null;
  note?: string | null;
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
      user_id: e.userId,
    })
    .execute();
}

export interface EventView {
  at: string;
  from_status_id: number | null;
  to_status_id: number;
  action: string | null;
  note: string | null;
  by: string | null;
}

/** The history, oldest first, with the name of who made each change (null: the system, e.g. a payment). */
export async function historyOf(db: Db, m: Manifest, requestId: number, language: string): Promise<EventView[]> {
  const { rows } =
    await sql<any>`select e.created_at, e.from_status_id, e.to_status_id, e.action, e.note, u.name, u.name_local
    from ${sql.table(tableOf(m, EVENTS))} e left join ${sql.table(tableOf(m, 'users'))} u on u.id = e.user_id
    where e.request_id = ${requestId} order by e.id`.execute(db);
  return rows.map((r) => ({
    at: (r.created_at instanceof Date ? r.created_at : new Date(r.created_at)).toISOString(),
    from_status_id: r.from_status_id == null ? null : Number(r.from_status_id),
    to_status_id: Number(r.to_status_id),
    action: r.action ?? null,
    note: r.note ?? null,
    by: r.name == null ? null : language === 'ar' && r.name_local ? String(r.name_local) : String(r.name),
  }));
}

export interface StudentFacts {
  id: number;
  user_id: number | null;
  code: string;
  name: string;
  name_local: string | null;
  email: string | null;
  status_id: number | null;
  earned_hours: number;
  program_id: number | null;
}

export async function studentFacts(db: Db, m: Manifest, studentId: number): Promise<StudentFacts | undefined> {
  const { rows } =
    await sql<any>`select s.id, s.user_id, s.code, s.name, s.name_local, coalesce(s.email, u.email) as email,
      s.status_id, s.earned_hours, s.program_id
    from ${sql.table(tableOf(m, 'students'))} s left join ${sql.table(tableOf(m, 'users'))} u on u.id = s.user_id
    where s.id = ${studentId} and s.deleted_at is null`.execute(db);
  const r = rows[0];
  if (!r) return undefined;
  return {
    id: Number(r.id),
    user_id: r.user_id == null ? null : Number(r.user_id),
    code: String(r.code),
    name: String(r.name),
    name_local: r.name_local ?? null,
    email: r.email ?? null,
    status_id: r.status_id == null ? null : Number(r.status_id),
    earned_hours: Number(r.earned_hours ?? 0),
    program_id: r.program_id == null ? null : Number(r.program_id),
  };
}

/** The credit hours of the student's program study plan (0 without a plan). */
export async function planHours(db: Db, m: Manifest, programId: number | null): Promise<number> {
  if (programId === null || !m.entities.study_plan_courses) return 0;
  const { rows } = await sql<{ hours: number | null }>`select sum(c.credit_hours)::int as hours
    from ${sql.table(tableOf(m, 'study_plan_courses'))} p join ${sql.table(tableOf(m, 'courses'))} c on c.id = p.course_id
    where p.program_id = ${programId} and c.deleted_at is null`.execute(db);
  return Number(rows[0]?.hours ?? 0);
}
