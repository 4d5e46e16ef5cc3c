/**
 * Chat in the demo: the demo student's conversation with their advisor (advisor@rowaq.demo), in
 * English and Arabic, the advisor's last message not read yet (the top bar's count shows 1).
 */
import type { Row, SeedWriter } from '../writer.ts';
import type { DemoContext } from './context.ts';
import { DEMO_ACCOUNTS } from './people.ts';

export const CHAT_ENTITIES = ['chats', 'chat_members', 'chat_messages'];
const MINUTE = 60_000;

/** [who: student | advisor, minutes before now, text]. */
const LINES: Array<['student' | 'advisor', number, string]> = [
  ['student', 2 * 24 * 60, 'Good morning Dr., may I take CS301 this term with MATH201?'],
  ['advisor', 2 * 24 * 60 - 45, 'Good morning. Yes, both fit your plan; keep the total under 18 hours.'],
  ['student', 2 * 24 * 60 - 30, 'شكرًا دكتور، سأسجلهما اليوم.'],
  ['advisor', 26 * 60, 'I accepted your registration request. Remember the add/drop deadline.'],
  ['student', 25 * 60, 'Thank you! هل يمكنني مقابلتك يوم الأحد؟'],
  ['advisor', 90, 'نعم، الأحد الساعة 11 في مكتبي (Room B-204).'],
];

export async function seedChatDemo(w: SeedWriter, ctx: DemoContext): Promise<void> {
  if (!CHAT_ENTITIES.every((e) => w.has(e))) return;
  await w.prepare(CHAT_ENTITIES);
  const [userIds, emails] = await Promise.all(['id', 'email'].map((c) => w.select('users', c)));
  const idOf = (email: string) => {
    const i = emails!.indexOf(email);
    return i < 0 ? null : Number(userIds![i]);
  };
  const student = idOf(DEMO_ACCOUNTS.student.email);
  const advisor = idOf(DEMO_ACCOUNTS.advisor.email);
  if (student === null || advisor === null) return;
  const now = ctx.today.getTime();
  const chatId = w.id('chats');
  const messages: Row[] = LINES.map(([who, minutes, body]) => ({
    id: w.id('chat_messages'),
    chat_id: chatId,
    author_id: who === 'student' ? student : advisor,
    body,
    created_at: new Date(now - minutes * MINUTE).toISOString(),
  }));
  const last = messages.at(-1)!;
  const lastStudent = [...messages].reverse().find((m) => m.author_id === student)!;
  await w.insert('chats', [
    {
      id: chatId,
      kind: 'direct',
      pair_key: `${Math.min(student, advisor)}:${Math.max(student, advisor)}`,
      created_by: student,
      last_message_id: last.id,
      last_message_at: last.created_at,
      created_at: messages[0]!.created_at,
    },
  ]);
  await w.insert('chat_messages', messages);
  await w.insert('chat_members', [
    // the student has read up to their own last message: the advisor's answer after it is unread
    {
      id: w.id('chat_members'),
      chat_id: chatId,
      user_id: student,
      member_key: `${chatId}:${student}`,
      last_read_id: lastStudent.id,
    },
    {
      id: w.id('chat_members'),
      chat_id: chatId,
      user_id: advisor,
      member_key: `${chatId}:${advisor}`,
      last_read_id: last.id,
    },
  ]);
}
