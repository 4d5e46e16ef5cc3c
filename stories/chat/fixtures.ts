/**
 * Canned answers of the chat calls (server/domains/chat/README.md) for the chat plugin's stories:
 * the student Ali (user 1) with his advisor Dr Hany (2) and a group with Dr Laila (3), messages in
 * English, Arabic and both mixed. The live stream has no server here: it retries quietly.
 */
import type { FixtureRoute } from '../../engine/react/testing/fixture-api.ts';
import type { RowaqParameters } from '../fixtures/parameters.ts';
import { CLIENT_MANIFEST } from '../fixtures/screens.ts';

const person = (id: number, name: string, name_local: string, last_read_id: number) => ({
  id,
  name,
  name_local,
  last_read_id,
});
const at = (minutesAgo: number) => new Date(Date.UTC(2026, 10, 27, 12, 0) - minutesAgo * 60_000).toISOString();
const message = (id: number, chat_id: number, author_id: number, minutesAgo: number, body: string) => ({
  id,
  chat_id,
  author_id,
  body,
  created_at: at(minutesAgo),
});

export const MESSAGES = [
  message(1, 10, 1, 300, 'Good morning Dr., may I take CS301 this term with MATH201?'),
  message(2, 10, 2, 280, 'Good morning. Yes, both fit your plan; keep the total under 18 hours.'),
  message(3, 10, 1, 270, 'شكرًا دكتور، سأسجلهما اليوم.'),
  message(4, 10, 2, 120, 'I accepted your registration request.'),
  message(5, 10, 1, 60, 'Thank you! هل يمكنني مقابلتك يوم الأحد؟'),
  message(6, 10, 2, 5, 'نعم، الأحد الساعة 11 في مكتبي (Room B-204).'),
];

const CHATS = [
  {
    id: 10,
    kind: 'direct',
    title: null,
    closed: false,
    created_at: at(300),
    last_message_at: at(5),
    last_message: MESSAGES[5],
    unread: 1,
    members: [person(1, 'Ali Hassan', 'علي حسن', 5), person(2, 'Hany Adel', 'هاني عادل', 6)],
    is_member: true,
    can_write: true,
    can_close: false,
  },
  {
    id: 11,
    kind: 'group',
    title: 'CS201 project',
    closed: true,
    created_at: at(3000),
    last_message_at: at(2000),
    last_message: { id: 0, author_id: 3, body: 'Submit by Thursday.', created_at: at(2000) },
    unread: 0,
    members: [
      person(1, 'Ali Hassan', 'علي حسن', 0),
      person(3, 'Laila Samir', 'ليلى سمير', 0),
      person(2, 'Hany Adel', 'هاني عادل', 0),
    ],
    is_member: true,
    can_write: false,
    can_close: false,
  },
];

const CONTACTS = [
  { id: 2, name: 'Hany Adel', name_local: 'هاني عادل', relation: 'advisor' },
  { id: 3, name: 'Laila Samir', name_local: 'ليلى سمير', relation: 'instructor' },
  { id: 4, name: 'Support Desk', name_local: 'الدعم الفني', relation: 'support' },
];

export const CHAT_ROUTES: FixtureRoute[] = [
  { method: 'get', path: '/chats/mine', respond: () => ({ data: { data: CHATS } }) },
  { method: 'get', path: '/chats/contacts', respond: () => ({ data: { data: CONTACTS } }) },
  { method: 'get', path: '/chats/all', respond: () => ({ data: { data: CHATS, meta: { count: CHATS.length } } }) },
  {
    method: 'get',
    path: '/chats/:id/messages',
    respond: (_r, p) => ({ data: { data: MESSAGES.filter((m) => m.chat_id === Number(p.id)), has_more: false } }),
  },
  {
    method: 'get',
    path: '/chats/:id',
    respond: (_r, p) => {
      const chat = CHATS.find((c) => c.id === Number(p.id));
      return chat ? { data: { data: chat } } : { status: 404, data: { error: 'The conversation was not found' } };
    },
  },
  { method: 'post', path: '/chats/:id/read', respond: () => ({ data: { data: { last_read_id: 6 } } }) },
  {
    method: 'post',
    path: '/chats/:id/messages',
    respond: (r, p) => ({
      status: 201,
      data: { data: message(100, Number(p.id), 1, 0, String((r.body as { body?: string } | undefined)?.body ?? '')) },
    }),
  },
];

export function chatParameters(): { rowaq: RowaqParameters } {
  return {
    rowaq: {
      manifest: CLIENT_MANIFEST,
      routes: CHAT_ROUTES,
      user: { id: 1, name: 'Ali Hassan', type: { name: 'Student', type: 3 } },
    },
  };
}
