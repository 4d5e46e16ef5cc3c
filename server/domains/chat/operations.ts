/**
 * What each chat call does, apart from HTTP: who may see and write in a conversation, starting
 * one, writing, reading and moderation. Each write is one transaction, announced to the hub after
 * it is committed.
 */
import type { Manifest } from '../../../generator/manifest-types.ts';
import { can } from '../../../engine/core/permissions.ts';
import type { RequestUser } from '../../auth/user.ts';
import { HttpError, ValidationError } from '../../http/errors.ts';
import { recordAccess } from '../../resources/access-log.ts';
import { wireMessage, type ChatHub } from './hub.ts';
import { unreachable } from './reach.ts';
import {
  chatsOfUser,
  createChat,
  findChat,
  findDirect,
  insertMessage,
  isMember,
  lastMessages,
  markRead,
  memberIds,
  membersOf,
  pairKey,
  setClosed,
  CHATS,
  type ChatRow,
  type Db,
  type MessageRow,
} from './store.ts';

/** Staff holding it see every conversation (/chats) and close or reopen any. */
export const MODERATE = 'access_chat';
/** People in one group conversation, its starter included. */
export const GROUP_LIMIT = 50;
export const TITLE_MAX = 120;
export const BODY_MAX = 4000;

export type Caller = RequestUser & { id: number };

export interface Ctx {
  db: Db;
  manifest: Manifest;
  hub: ChatHub;
}

const isModerator = (user: Caller) => can(user, MODERATE);

/** A conversation the caller may read: a member's, or any for a moderator (404 otherwise: its existence is not told). */
export async function readable(ctx: Ctx, user: Caller, id: number): Promise<{ chat: ChatRow; member: boolean }> {
  const chat = await findChat(ctx.db, ctx.manifest, id);
  if (!chat) throw new HttpError(404, 'chat_not_found');
  const member = await isMember(ctx.db, ctx.manifest, id, user.id);
  if (!member && !isModerator(user)) throw new HttpError(404, 'chat_not_found');
  return { chat, member };
}

const preview = (row: MessageRow | undefined) =>
  row
    ? { id: Number(row.id), author_id: row.author_id, body: row.body.slice(0, 160), created_at: row.created_at }
    : null;

/** The answer shape of one conversation, with what the caller may do in it. */
export async function chatViews(ctx: Ctx, user: Caller, chats: Array<ChatRow & { unread?: number }>) {
  const members = await membersOf(
    ctx.db,
    ctx.manifest,
    chats.map((c) => Number(c.id)),
  );
  const last = await lastMessages(ctx.db, ctx.manifest, chats);
  return chats.map((c) => {
    const people = members.filter((p) => Number(p.chat_id) === Number(c.id));
    const member = people.some((p) => Number(p.user_id) === user.id);
    return {
      id: Number(c.id),
      kind: c.kind,
      title: c.title,
      closed: c.closed_at !== null,
      closed_at: c.closed_at,
      created_at: c.created_at,
      last_message_at: c.last_message_at,
      last_message: preview(last.get(Number(c.id))),
      unread: Number(c.unread ?? 0),
      members: people.map((p) => ({
        id: Number(p.user_id),
        name: p.name,
        name_local: p.name_local,
        last_read_id: Number(p.last_read_id),
      })),
      is_member: member,
      can_write: member && c.closed_at === null,
      can_close: isModerator(user) || (member && user.type === 4),
    };
  });
}

export async function myChats(ctx: Ctx, user: Caller) {
  return chatViews(ctx, user, await chatsOfUser(ctx.db, ctx.manifest, user.id));
}

function peopleOf(body: Record<string, unknown>, self: number): number[] {
  const raw = body.user_ids ?? (body.user_id === undefined ? undefined : [body.user_id]);
  const list = Array.isArray(raw) ? raw : [];
  const ids = [...new Set(list.map(Number))].filter((n) => Number.isSafeInteger(n) && n > 0 && n !== self);
  if (!ids.length || ids.length !== list.filter((v) => Number(v) !== self).length)
    throw ValidationError.single('user_ids', { key: 'chat_people_required' });
  if (ids.length + 1 > GROUP_LIMIT)
    throw ValidationError.single('user_ids', { key: 'chat_people_too_many', params: { limit: GROUP_LIMIT } });
  return ids;
}

/**
 * Starts a conversation with people the caller may reach: one person gives the pair's one-to-one
 * conversation (the existing one when there is one, `created: false`), several a new group.
 */
export async function startChat(ctx: Ctx, user: Caller, body: Record<string, unknown>, ip: string | null) {
  const people = peopleOf(body, user.id);
  const title = typeof body.title === 'string' ? body.title.trim() : '';
  if (title.length > TITLE_MAX) throw ValidationError.single('title', { key: 'chat_title_long' });
  if ((await unreachable(ctx.db, ctx.manifest, user, people)).length) throw new HttpError(403, 'chat_not_reachable');
  const direct = people.length === 1;
  if (direct) {
    const existing = await findDirect(ctx.db, ctx.manifest, user.id, people[0]!);
    if (existing) return { id: Number(existing.id), created: false };
  }
  const members = [user.id, ...people];
  const id = await ctx.db.transaction().execute(async (trx) => {
    const chatId = await createChat(trx, ctx.manifest, {
      kind: direct ? 'direct' : 'group',
      title: direct ? null : title || null,
      pairKey: direct ? pairKey(user.id, people[0]!) : null,
      createdBy: user.id,
      members,
    });
    await recordAccess(trx, ctx.manifest, { user, action: 'create', resource: CHATS, recordId: chatId, ip });
    return chatId;
  });
  await ctx.hub.publish({ type: 'chat', to: members, chat_id: id, closed: false });
  return { id, created: true };
}

function textOf(body: Record<string, unknown>): string {
  const text = typeof body.body === 'string' ? body.body.trim() : '';
  if (!text) throw ValidationError.single('body', { key: 'chat_message_required' });
  if (text.length > BODY_MAX) throw ValidationError.single('body', { key: 'chat_message_long' });
  return text;
}

/** Writes a message in a conversation the caller is in and that is open; delivered to its members. */
export async function sendMessage(ctx: Ctx, user: Caller, chatId: number, body: Record<string, unknown>) {
  const text = textOf(body);
  const { chat, member } = await readable(ctx, user, chatId);
  if (!member) throw new HttpError(403, 'chat_not_member');
  if (chat.closed_at !== null) throw new HttpError(409, 'chat_closed');
  // No lock on the conversation is taken to write: writers of one busy conversation would queue
  // behind each other. A close that commits while a message is being written lets that one
  // message in, as if it had been sent a moment earlier.
  const row = await ctx.db.transaction().execute((trx) => insertMessage(trx, ctx.manifest, chatId, user.id, text));
  const message = wireMessage(row);
  const to = await memberIds(ctx.db, ctx.manifest, chatId);
  await ctx.hub.publish({ type: 'message', to, chat_id: chatId, id: message.id, message });
  return message;
}

/** The caller has seen the conversation up to `message_id` (the latest when absent): a read receipt. */
export async function readUpTo(ctx: Ctx, user: Caller, chatId: number, body: Record<string, unknown>) {
  const { chat, member } = await readable(ctx, user, chatId);
  if (!member) throw new HttpError(403, 'chat_not_member');
  const asked = Number(body.message_id);
  const upTo = Number.isSafeInteger(asked) && asked > 0 ? asked : Number(chat.last_message_id ?? 0);
  // never past the conversation's own last message (a made-up id would mark the future read)
  const mark = await markRead(ctx.db, ctx.manifest, chatId, user.id, Math.min(upTo, Number(chat.last_message_id ?? 0)));
  const to = await memberIds(ctx.db, ctx.manifest, chatId);
  await ctx.hub.publish({ type: 'read', to, chat_id: chatId, user_id: user.id, last_read_id: mark ?? 0 });
  return { last_read_id: mark ?? 0 };
}

/** Moderation: a moderator, or a staff member of the conversation, closes or reopens it. */
export async function setOpen(ctx: Ctx, user: Caller, chatId: number, open: boolean, ip: string | null) {
  const { member } = await readable(ctx, user, chatId);
  if (!isModerator(user) && !(member && user.type === 4)) throw new HttpError(403, 'chat_moderation_refused');
  await ctx.db.transaction().execute(async (trx) => {
    await setClosed(trx, ctx.manifest, chatId, open ? null : user.id);
    await recordAccess(trx, ctx.manifest, {
      user,
      action: open ? 'reopen' : 'close',
      resource: CHATS,
      recordId: chatId,
      ip,
    });
  });
  const to = await memberIds(ctx.db, ctx.manifest, chatId);
  await ctx.hub.publish({ type: 'chat', to, chat_id: chatId, closed: !open });
  return { closed: !open };
}
