/** The chat plugin's pure rules: names, receipts, merging, and reading the event stream. */
import { describe, expect, it } from 'vitest';
import {
  chatName,
  mergeMessages,
  parseBlock,
  receiptOf,
  splitBlocks,
  withReadMark,
  type Chat,
  type ChatMessage,
} from '../../../engine/plugins/chat/index.ts';

const member = (id: number, name: string, name_local: string | null, last_read_id = 0) => ({
  id,
  name,
  name_local,
  last_read_id,
});
const chat = (over: Partial<Chat> = {}): Chat => ({
  id: 1,
  kind: 'direct',
  title: null,
  closed: false,
  last_message: null,
  last_message_at: null,
  created_at: '2026-11-27T10:00:00Z',
  unread: 0,
  members: [member(1, 'Ali Hassan', 'علي حسن'), member(2, 'Hany Adel', 'هاني عادل')],
  is_member: true,
  can_write: true,
  can_close: false,
  ...over,
});
const msg = (id: number, author_id = 1): ChatMessage => ({
  id,
  chat_id: 1,
  author_id,
  body: `m${id}`,
  created_at: '2026-11-27T10:00:00Z',
});

describe('chat model', () => {
  it('names a conversation by the other people, in the interface language, or by its title', () => {
    expect(chatName(chat(), 1, 'en')).toBe('Hany Adel');
    expect(chatName(chat(), 1, 'ar')).toBe('هاني عادل');
    expect(chatName(chat({ title: 'CS201' }), 1, 'en')).toBe('CS201');
    const group = chat({ kind: 'group', members: [...chat().members, member(3, 'Laila Samir', null)] });
    expect(chatName(group, 1, 'ar')).toBe('هاني عادل، Laila Samir');
  });

  it("gives one's own message its receipt from the others' read marks", () => {
    const group = chat({ members: [member(1, 'A', null, 9), member(2, 'B', null, 5), member(3, 'C', null, 4)] });
    expect(receiptOf(group, msg(5), 1)).toBe('some');
    expect(receiptOf(group, msg(4), 1)).toBe('all');
    expect(receiptOf(group, msg(6), 1)).toBe('sent');
    expect(receiptOf(withReadMark(group, 3, 6), msg(5), 1)).toBe('all');
    expect(withReadMark(group, 2, 1).members[1]!.last_read_id).toBe(5); // never back
  });

  it('merges pages and live messages once each, in id order', () => {
    expect(mergeMessages([msg(2), msg(3)], [msg(1), msg(3), msg(4)]).map((m) => m.id)).toEqual([1, 2, 3, 4]);
  });
});

describe('chat stream reading', () => {
  it('splits complete event blocks and keeps the rest', () => {
    const { blocks, rest } = splitBlocks('id: 1\nevent: message\ndata: {}\n\n: ping\n\nid: 2\nda');
    expect(blocks).toEqual(['id: 1\nevent: message\ndata: {}', ': ping']);
    expect(rest).toBe('id: 2\nda');
  });

  it('reads an event block: name, id and data; a comment is nothing', () => {
    expect(parseBlock('id: 7\nevent: message\ndata: {"id":7}')).toEqual({ event: 'message', id: 7, data: '{"id":7}' });
    expect(parseBlock('event: read\ndata: {"a":1}')).toEqual({ event: 'read', id: null, data: '{"a":1}' });
    expect(parseBlock(': ping')).toBeNull();
  });
});
