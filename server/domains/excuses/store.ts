/**
 * Reads and writes of absence excuses and their history. Tables come from the manifest (an
 * entity given another `table:` still works). Call the writers inside the caller's transaction.
 */
import { sql, type Kysely } from 'kysely';
import type { Manifest } from '../../../generator/manifest-types.ts';
import type { RequestUser } from '../../auth/user.ts';
import { rowScope } from '../../resources/access.ts';
import { visibleColumns } from '../../resources/entity-info.ts';
import { tableOf } from '../certificates/store.ts';

type Db = Kysely<any>;
export type ExcuseRow = Record<string, any> & {
  id: number;
  student_id: number;
  status_id: number;
  type_id: number;
  payment_status_id: number;
};

export const EXCUSES = 'excuse_requests';
export const EVENTS = 'excuse_request_events';
export { tableOf };

/** EXC-000123 from the row id. */
export const referenceOf = (id: number) => `EXC-${String(id).padStart(6, '0')}`;

/** The excuse's row, live (not deleted), within the user's row scope; locked when `lock`. Never the serverOnly columns. */
export async function findExcuse(
  db: Db,
  m: Manifest,
  user: RequestUser | null,
  id: number,
  lock = false,
): Promise<ExcuseRow | undefined> {
  let query = db
    .selectFrom(tableOf(m, EXCUSES))
    .select(visibleColumns(m.entities[EXCUSES]!))
    .where('id', '=', id)
    .where('deleted_at', 'is', null);
  if (user) {
    const scope = rowScope(user, m.entities[EXCUSES]!);
    if (scope) query = query.where(scope.column, '=', scope.value);
  }
  if (lock) query = query.forUpdate();
  return (await query.executeTakeFirst()) as ExcuseRow | undefined;
}

/** The stored file's name and type (serverOnly columns), for the download and for replacing it. */
export async function storedDocument(
  db: Db,
  m: Manifest,
  id: number,
): Promise<{ stored: string | null; mime: string | null; name: string | null }> {
  const row = await db
    .selectFrom(tableOf(m, EXCUSES))
    .select(['document_stored', 'document_mime', 'document_name'])
    .where('id', '=', id)
    .executeTakeFirst();
  return { stored: row?.document_stored ?? null, mime: row?.document_mime ?? null, name: row?.document_name ?? null };
}

export interface EventInput {
  excuseId: number;
  fromId: number | null;
  toId: number;
  action: string;
  note?: string | null;
  userId: number | null;
}

export async function recordEvent(trx: Db, m: Manifest, e: EventInput): Promise<void> {
  await trx
    .insertInto(tableOf(m, EVENTS))
    .values({
      excuse_id: e.excuseId,
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
  action: string;
  note: string | null;
  by: string | null;
}

/** The history, oldest first, with the name of who made each change (null: the system, e.g. a payment). */
export async function historyOf(db: Db, m: Manifest, excuseId: number, language: string): Promise<EventView[]> {
  const { rows } =
    await sql<any>`select e.created_at, e.from_status_id, e.to_status_id, e.action, e.note, u.name, u.name_local
    from ${sql.table(tableOf(m, EVENTS))} e left join ${sql.table(tableOf(m, 'users'))} u on u.id = e.user_id
    where e.excuse_id = ${excuseId} order by e.id`.execute(db);
  return rows.map((r) => ({
    at: (r.created_at instanceof Date ? r.created_at : new Date(r.created_at)).toISOString(),
    from_status_id: r.from_status_id == null ? null : Number(r.from_status_id),
    to_status_id: Number(r.to_status_id),
    action: String(r.action),
    note: r.note ?? null,
    by: r.name == null ? null : language === 'ar' && r.name_local ? String(r.name_local) : String(r.name),
  }));
}

/** The excuse fee the university sets (settings.excuse_fee, EGP); 0 or none: free. */
export async function excuseFee(db: Db, m: Manifest): Promise<number> {
  if (!m.entities.settings) return 0;
  const row = await db
    .selectFrom(tableOf(m, 'settings'))
    .select('value')
    .where('name', '=', 'excuse_fee')
    .executeTakeFirst();
  const fee = Number(String(row?.value ?? '').trim() || 0);
  return Number.isFinite(fee) && fee > 0 ? Math.round(fee * 100) / 100 : 0;
}
