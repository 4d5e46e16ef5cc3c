/**
 * The shapes of the chat calls (server/domains/chat/README.md) and the pure rules the screens
 * draw from: a conversation's name for a viewer, a message's receipt, merging pages and live
 * messages without duplicates.
 */

export interface ChatMember {
  id: number;
  name: string;
  name_local: string | null;
  last_read_id: number;
}

export interface ChatMessage {
  id: number;
  chat_id: number;
  author_id: number | null;
  body: string;
  created_at: string;
}

export interface Chat {
  id: number;
  kind: 'direct' | 'group';
  title: string | null;
  closed: boolean;
  last_message: Pick<ChatMessage, 'id' | 'author_id' | 'body' | 'created_at'> | null;
  last_message_at: string | null;
  created_at: string;
  unread: number;
  members: ChatMember[];
  is_member: boolean;
  can_write: boolean;
  can_close: boolean;
}

export interface Contact {
  id: number;
  name: string;
  name_local: string | null;
  relation: 'advisor' | 'instructor' | 'support' | 'student';
}

/** The address of one open conversation (the chat-message screen). */
export const messagePath = (id: number) => `/chat/message/${id}`;

/** Messages asked per page of history. */
export const PAGE_SIZE = 30;

/** A person's name in the interface language (the Arabic name in Arabic when there is one). */
export const personName = (p: { name: string; name_local: string | null }, lang: string) =>
  lang === 'ar' && p.name_local ? p.name_local : p.name;

/** What a conversation is called for `viewer`: its title, else the other people's names. */
export function chatName(chat: Chat, viewer: number | null, lang: string): string {
  if (chat.title) return chat.title;
  const others = chat.members.filter((m) => m.id !== viewer);
  return (others.length ? others : chat.members).map((m) => personName(m, lang)).join(lang === 'ar' ? '، ' : ', ');
}

/** Sent, or read by every other member (`all`) or some (`some`): the receipt of one's own message. */
export function receiptOf(chat: Chat, message: ChatMessage, viewer: number | null): 'sent' | 'some' | 'all' {
  const others = chat.members.filter((m) => m.id !== viewer);
  const read = others.filter((m) => m.last_read_id >= message.id).length;
  if (!others.length || read === 0) return 'sent';
  return read === others.length ? 'all' : 'some';
}

/** Adds messages to a conversation's list: one per id, in id order. */
export function mergeMessages(list: readonly ChatMessage[], more: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map(list.map((m) => [m.id, m]));
  for (const m of more) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** A member's read mark moved (a receipt arrived live). */
export function withReadMark(chat: Chat, userId: number, lastReadId: number): Chat {
  return {
    ...chat,
    members: chat.members.map((m) =>
      m.id === userId ? { ...m, last_read_id: Math.max(m.last_read_id, lastReadId) } : m,
    ),
  };
}
