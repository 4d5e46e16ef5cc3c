/**
 * Reads and writes of tickets and their conversation (ticket_replies). Tables come from the
 * manifest. Call the writers inside the caller's transaction.
 */
import { sql, type Kysely } from 'kysely';
import type { Manifest } from '../../../generator/manifest-types.ts';
import type { RequestUser } from '../../auth/user.ts';
import { rowScope } from '../../resources/access.ts';
import { visibleColumns } from '../../resources/entity-info.ts';

type Db = Kysely<any>;
export type TicketRow = Record<string, any> & {
  id: number;
  code: string;
  owner_id: number;
  status_id: number;
  subject: string;
};

export const TICKETS = 'tickets';
export const REPLIES = 'ticket_replies';

export const tableOf = (m: Manifest, entity: string) => m.entities[entity]?.table ?? entity;

/** TKT-000123 from the row id. */
export const ticketCode = (id: number) => `TKT-${String(id).padStart(6, '0')}`;

/** The ticket, within the user's row scope (own, or any with access_tickets); locked when `lock`. */
export async function findTicket(
  db: Db,
  m: Manifest,
  user: RequestUser | null,
  id: number,
  lock = false,
): Promise<TicketRow | undefined> {
  let query = db
    .selectFrom(tableOf(m, TICKETS))
    .select(visibleColumns(m.entities[TICKETS]!))
    .where('id', '=', id)
    .where('deleted_at', 'is', null);
  if (user) {
    const scope = rowScope(user, m.entities[TICKETS]!);
    if (scope) query = query.where(scope.column, '=', scope.value);
  }
  if (lock) query = query.forUpdate();
  return (await query.executeTakeFirst()) as TicketRow | undefined;
}

export interface ReplyInput {
  ticketId: number;
  authorId: number | null;
  staff: boolean;
  message?: string | null;
  action?: string | null;
  fromId?: number | null;
  toId?: number | null;
  file?: { name: string; stored: string; mime: string; size: number } | null;
}

export async function recordReply(trx: Db, m: Manifest, r: ReplyInput): Promise<number> {
  const row = await trx
    .insertInto(tableOf(m, REPLIES))
    .values({
      ticket_id: r.ticketId,
      author_id: r.authorId,
      staff: r.staff,
      message: r.message ?? null,
      action: r.action ?? null,
      from_status_id: r.fromId ?? null,
      to_status_id: r.toId ?? null,
      file_name: r.file?.name ?? null,
      stored_name: r.file?.stored ?? null,
      mime: r.file?.mime ?? null,
      size: r.file?.size ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export interface ReplyView {
  id: number;
  at: string;
  author_id: number | null;
  by: string | null;
  staff: boolean;
  message: string | null;
  action: string | null;
  from_status_id: number | null;
  to_status_id: number | null;
  attachment: string | null;
  attachment_id: number | null;
}

/** The conversation, oldest first, with each author's name in the caller's language. */
export async function conversationOf(db: Db, m: Manifest, ticketId: number, language: string): Promise<ReplyView[]> {
  const { rows } =
    await sql<any>`select r.id, r.created_at, r.author_id, r.staff, r.message, r.action, r.from_status_id, r.to_status_id,
      r.file_name, u.name, u.name_local
    from ${sql.table(tableOf(m, REPLIES))} r left join ${sql.table(tableOf(m, 'users'))} u on u.id = r.author_id
    where r.ticket_id = ${ticketId} order by r.id`.execute(db);
  return rows.map((r) => ({
    id: Number(r.id),
    at: (r.created_at instanceof Date ? r.created_at : new Date(r.created_at)).toISOString(),
    author_id: r.author_id == null ? null : Number(r.author_id),
    by: r.name == null ? null : language === 'ar' && r.name_local ? String(r.name_local) : String(r.name),
    staff: !!r.staff,
    message: r.message ?? null,
    action: r.action ?? null,
    from_status_id: r.from_status_id == null ? null : Number(r.from_status_id),
    to_status_id: r.to_status_id == null ? null : Number(r.to_status_id),
    attachment: r.file_name ?? null,
    attachment_id: r.file_name ? Number(r.id) : null,
  }));
}

/** The owner's address and name for the mail (users.email). */
export async function ownerContact(
  db: Db,
  m: Manifest,
  userId: number,
): Promise<{ email: string | null; name: string } | undefined> {
  const row = await db
    .selectFrom(tableOf(m, 'users'))
    .select(['email', 'name'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return row ? { email: row.email ?? null, name: String(row.name) } : undefined;
}
