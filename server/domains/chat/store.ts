/**
 * The chat tables (chats, chat_members, chat_messages from screens/services): every read and write
 * of the domain. Writers take the caller's transaction. Message ids are the order of a conversation
 * and the stream's event ids.
 */
import { sql, type Kysely } from 'kysely';
import type { Manifest } from '../../../generator/manifest-types.ts';

export type Db = Kysely<any>;

export const CHATS = 'chats';
export const MEMBERS = 'chat_members';
export const MESSAGES = 'chat_messages';

/** How many messages one page of history holds at most. */
export const PAGE_LIMIT = 50;

export const tableOf = (m: Manifest, entity: string) => m.entities[entity]?.table ?? entity;

export interface ChatRow {
  id: number;
  kind: 'direct' | 'group';
  title: string | null;
  created_by: number | null;
  last_message_id: number | null;
  last_message_at: Date | null;
  closed_at: Date | null;
  closed_by: number | null;
  created_at: Date;
}

export interface MemberRow {
  chat_id: number;
  user_id: number;
  name: string;
  name_local: string | null;
  last_read_id: number;
}

export interface MessageRow {
  id: number;
  chat_id: number;
  author_id: number | null;
  body: string;
  created_at: Date;
}

const CHAT_COLUMNS = [
  'id',
  'kind',
  'title',
  'created_by',
  'last_message_id',
  'last_message_at',
  'closed_at',
  'closed_by',
  'created_at',
] as const;
const MESSAGE_COLUMNS = ['id', 'chat_id', 'author_id', 'body', 'created_at'] as const;

export const pairKey = (a: number, b: number) => `${Math.min(a, b)}:${Math.max(a, b)}`;

export async function findChat(db: Db, m: Manifest, id: number, lock = false): Promise<ChatRow | undefined> {
  let query = db.selectFrom(tableOf(m, CHATS)).select(CHAT_COLUMNS).where('id', '=', id);
  if (lock) query = query.forUpdate();
  return (await query.executeTakeFirst()) as ChatRow | undefined;
}

export async function findDirect(db: Db, m: Manifest, a: number, b: number): Promise<ChatRow | undefined> {
  return (await db
    .selectFrom(tableOf(m, CHATS))
    .select(CHAT_COLUMNS)
    .where('pair_key', '=', pairKey(a, b))
    .executeTakeFirst()) as ChatRow | undefined;
}

export async function membersOf(db: Db, m: Manifest, chatIds: readonly number[]): Promise<MemberRow[]> {
  if (!chatIds.length) return [];
  return (await db
    .selectFrom(`${tableOf(m, MEMBERS)} as cm`)
    .innerJoin(`${tableOf(m, 'users')} as u`, 'u.id', 'cm.user_id')
    .select(['cm.chat_id', 'cm.user_id', 'u.name', 'u.name_local', 'cm.last_read_id'])
    .where('cm.chat_id', 'in', chatIds)
    .orderBy('cm.id')
    .execute()) as MemberRow[];
}

export async function isMember(db: Db, m: Manifest, chatId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom(tableOf(m, MEMBERS))
    .select('id')
    .where('member_key', '=', `${chatId}:${userId}`)
    .executeTakeFirst();
  return !!row;
}

/** The user ids of a conversation's members (the stream's recipients). */
export async function memberIds(db: Db, m: Manifest, chatId: number): Promise<number[]> {
  const rows = await db.selectFrom(tableOf(m, MEMBERS)).select('user_id').where('chat_id', '=', chatId).execute();
  return rows.map((r) => Number(r.user_id));
}

/** The conversations of a user, latest activity first, each with the caller's unread count. */
export async function chatsOfUser(db: Db, m: Manifest, userId: number) {
  const { rows } = await sql<ChatRow & { unread: number; last_read_id: number }>`
    select c.id, c.kind, c.title, c.created_by, c.last_message_id, c.last_message_at, c.closed_at, c.closed_by,
      c.created_at, cm.last_read_id,
      (select count(*) from ${sql.table(tableOf(m, MESSAGES))} x
        where x.chat_id = c.id and x.id > cm.last_read_id and x.author_id is distinct from ${userId})::int as unread
    from ${sql.table(tableOf(m, MEMBERS))} cm join ${sql.table(tableOf(m, CHATS))} c on c.id = cm.chat_id
    where cm.user_id = ${userId}
    order by coalesce(c.last_message_at, c.created_at) desc, c.id desc`.execute(db);
  return rows;
}

/** Every conversation (moderators' list), latest activity first, one page. */
export async function allChats(db: Db, m: Manifest, page: number, perPage: number) {
  const table = tableOf(m, CHATS);
  const rows = (await db
    .selectFrom(table)
    .select(CHAT_COLUMNS)
    .orderBy(sql`coalesce(last_message_at, created_at)`, 'desc')
    .orderBy('id', 'desc')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute()) as ChatRow[];
  const count = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, count: Number(count.n) };
}

export async function messagesByIds(db: Db, m: Manifest, ids: readonly number[]): Promise<MessageRow[]> {
  if (!ids.length) return [];
  return (await db
    .selectFrom(tableOf(m, MESSAGES))
    .select(MESSAGE_COLUMNS)
    .where('id', 'in', ids)
    .orderBy('id')
    .execute()) as MessageRow[];
}

/** Last messages of several conversations (the list's previews). */
export async function lastMessages(db: Db, m: Manifest, chats: readonly ChatRow[]): Promise<Map<number, MessageRow>> {
  const ids = chats.map((c) => c.last_message_id).filter((id): id is number => typeof id === 'number');
  return new Map((await messagesByIds(db, m, ids)).map((r) => [Number(r.chat_id), r]));
}

/**
 * One page of a conversation, oldest first: the latest `limit` before `before` (older history),
 * or the first `limit` after `after` (what a client missed). `has_more` tells whether a further
 * page exists in the direction asked.
 */
export async function messagesPage(
  db: Db,
  m: Manifest,
  chatId: number,
  opts: { before?: number; after?: number; limit: number },
): Promise<{ rows: MessageRow[]; has_more: boolean }> {
  let query = db
    .selectFrom(tableOf(m, MESSAGES))
    .select(MESSAGE_COLUMNS)
    .where('chat_id', '=', chatId)
    .limit(opts.limit + 1);
  if (opts.after !== undefined) query = query.where('id', '>', opts.after).orderBy('id', 'asc');
  else {
    if (opts.before !== undefined) query = query.where('id', '<', opts.before);
    query = query.orderBy('id', 'desc');
  }
  const rows = (await query.execute()) as MessageRow[];
  const has_more = rows.length > opts.limit;
  const page = rows.slice(0, opts.limit);
  if (opts.after === undefined) page.reverse();
  return { rows: page, has_more };
}

/** Messages after `afterId` in every conversation of the user (a reconnecting stream's replay). */
export async function messagesForUserAfter(
  db: Db,
  m: Manifest,
  userId: number,
  afterId: number,
  limit: number,
): Promise<MessageRow[]> {
  return (await db
    .selectFrom(`${tableOf(m, MESSAGES)} as x`)
    .innerJoin(`${tableOf(m, MEMBERS)} as cm`, (j) =>
      j.onRef('cm.chat_id', '=', 'x.chat_id').on('cm.user_id', '=', userId),
    )
    .select(['x.id', 'x.chat_id', 'x.author_id', 'x.body', 'x.created_at'])
    .where('x.id', '>', afterId)
    .orderBy('x.id')
    .limit(limit)
    .execute()) as MessageRow[];
}

export async function createChat(
  trx: Db,
  m: Manifest,
  input: {
    kind: 'direct' | 'group';
    title: string | null;
    pairKey: string | null;
    createdBy: number;
    members: number[];
  },
): Promise<number> {
  const row = await trx
    .insertInto(tableOf(m, CHATS))
    .values({ kind: input.kind, title: input.title, pair_key: input.pairKey, created_by: input.createdBy })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  await trx
    .insertInto(tableOf(m, MEMBERS))
    .values(input.members.map((userId) => ({ chat_id: id, user_id: userId, member_key: `${id}:${userId}` })))
    .execute();
  return id;
}

/**
 * Adds a message and moves the conversation's last message: that update comes last because it
 * locks the conversation's row until commit, and writers of one conversation wait for each other
 * only that long. The author's read mark is left alone: unread counts never count one's own
 * messages, and receipts read only the other people's marks.
 */
export async function insertMessage(
  trx: Db,
  m: Manifest,
  chatId: number,
  authorId: number,
  body: string,
): Promise<MessageRow> {
  const row = (await trx
    .insertInto(tableOf(m, MESSAGES))
    .values({ chat_id: chatId, author_id: authorId, body })
    .returning(MESSAGE_COLUMNS)
    .executeTakeFirstOrThrow()) as MessageRow;
  await trx
    .updateTable(tableOf(m, CHATS))
    .set({
      last_message_id: sql`greatest(coalesce(last_message_id, 0), ${row.id})`,
      last_message_at: sql`greatest(last_message_at, ${row.created_at})`,
      updated_at: sql`now()`,
    })
    .where('id', '=', chatId)
    .execute();
  return row;
}

/** Moves a member's read mark forward (never back); answers the mark now held. */
export async function markRead(db: Db, m: Manifest, chatId: number, userId: number, messageId: number) {
  const row = await db
    .updateTable(tableOf(m, MEMBERS))
    .set({ last_read_id: sql`greatest(last_read_id, ${messageId})`, updated_at: sql`now()` })
    .where('member_key', '=', `${chatId}:${userId}`)
    .returning('last_read_id')
    .executeTakeFirst();
  return row ? Number(row.last_read_id) : null;
}

export async function setClosed(trx: Db, m: Manifest, chatId: number, by: number | null): Promise<void> {
  await trx
    .updateTable(tableOf(m, CHATS))
    .set({ closed_at: by === null ? null : sql`now()`, closed_by: by, updated_at: sql`now()` })
    .where('id', '=', chatId)
    .execute();
}

/** Unread messages of the user over all conversations (GET /users/live-data's chat_notification_count). */
export async function unreadCount(db: Db, m: Manifest, userId: number): Promise<number> {
  if (!m.entities[MEMBERS] || !m.entities[MESSAGES]) return 0;
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from ${sql.table(tableOf(m, MEMBERS))} cm
    join ${sql.table(tableOf(m, MESSAGES))} x on x.chat_id = cm.chat_id and x.id > cm.last_read_id
    where cm.user_id = ${userId} and x.author_id is distinct from ${userId}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Removes messages older than `days` days (the retention setting); answers how many. */
export async function removeOlderThan(db: Db, m: Manifest, days: number): Promise<number> {
  const result = await db
    .deleteFrom(tableOf(m, MESSAGES))
    .where('created_at', '<', sql<Date>`now() - make_interval(days => ${days})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}

/** The highest message id written so far (a new stream's starting point). */
export async function latestMessageId(db: Db, m: Manifest): Promise<number> {
  const row = await db
    .selectFrom(tableOf(m, MESSAGES))
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}
