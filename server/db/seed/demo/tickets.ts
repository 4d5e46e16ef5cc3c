/**
 * Support tickets in the demo: the demo student's tickets in several statuses (open, awaiting
 * their reply, in progress, resolved, closed) with their conversations, and a few of other
 * students', so the staff list (/tickets) has something to filter. Staff replies are written
 * by the registrar (registrar@rowaq.demo, who holds access_tickets and manage_tickets).
 */
import type { Row, SeedWriter } from '../writer.ts';
import type { DemoContext } from './context.ts';
import { DEMO_ACCOUNTS } from './people.ts';

export const TICKET_ENTITIES = ['tickets', 'ticket_replies'];
const DAY = 86_400_000;
const HOUR = 3_600_000;
const ST = { open: 0, in_progress: 1, awaiting_reply: 2, closed: 3, resolved: 4 };

/** [who wrote it: owner | staff, the message, the status it moved the ticket to (or null), action]. */
type Line = ['owner' | 'staff', string, number | null, string];
interface Story {
  type: number;
  subject: string;
  description: string;
  status: number;
  daysAgo: number;
  lines: Line[];
}

/** The demo student's tickets: one per status, with what was said. */
const STORIES: Story[] = [
  {
    type: 1,
    subject: 'Cannot open the e-learning site',
    description: 'Since Monday the e-learning site says my account is locked.',
    status: ST.open,
    daysAgo: 1,
    lines: [],
  },
  {
    type: 3,
    subject: 'Payment made twice',
    description: 'I paid the second installment twice by card on the same day.',
    status: ST.awaiting_reply,
    daysAgo: 4,
    lines: [
      ['staff', 'Please send the two card receipts (the last four digits and the times).', ST.awaiting_reply, 'ask'],
    ],
  },
  {
    type: 4,
    subject: 'Course CS301 does not appear in registration',
    description: 'I passed the prerequisite but CS301 is not offered to me.',
    status: ST.in_progress,
    daysAgo: 6,
    lines: [
      ['staff', 'Which term did you pass CS201 in?', ST.awaiting_reply, 'ask'],
      ['owner', 'Last spring, with grade B.', ST.in_progress, 'reply'],
    ],
  },
  {
    type: 2,
    subject: 'Wrong grade in my transcript',
    description: 'My MATH102 grade shows D but I got C+.',
    status: ST.resolved,
    daysAgo: 15,
    lines: [['staff', 'We checked with the department: the grade was corrected to C+.', ST.resolved, 'resolve']],
  },
  {
    type: 5,
    subject: 'Lost student card',
    description: 'I lost my card; I found it again, sorry.',
    status: ST.closed,
    daysAgo: 30,
    lines: [['owner', 'Found it, thank you.', ST.closed, 'close']],
  },
];

export async function seedTicketsDemo(w: SeedWriter, ctx: DemoContext): Promise<void> {
  if (!TICKET_ENTITIES.every((e) => w.has(e))) return;
  await w.prepare(TICKET_ENTITIES);
  const [studentIds, studentUsers] = await Promise.all(['id', 'user_id'].map((c) => w.select('students', c)));
  const userOf = new Map(studentIds!.map((id, i) => [Number(id), Number(studentUsers![i])]));
  const [userIds, emails] = await Promise.all(['id', 'email'].map((c) => w.select('users', c)));
  const registrar = userIds![emails!.indexOf(DEMO_ACCOUNTS.registrar.email)];
  const staffId = registrar === undefined ? null : Number(registrar);
  const tickets: Row[] = [];
  const replies: Row[] = [];
  const now = ctx.today.getTime();
  const add = (ownerId: number, story: Story) => {
    const id = w.id('tickets');
    const opened = now - story.daysAgo * DAY;
    replies.push({
      id: w.id('ticket_replies'),
      ticket_id: id,
      author_id: ownerId,
      staff: false,
      action: 'open',
      to_status_id: ST.open,
      created_at: new Date(opened).toISOString(),
    });
    let at = opened;
    let status = ST.open;
    let lastReply: number | null = null;
    for (const [side, text, to, action] of story.lines) {
      at += 5 * HOUR;
      replies.push({
        id: w.id('ticket_replies'),
        ticket_id: id,
        author_id: side === 'staff' ? staffId : ownerId,
        staff: side === 'staff',
        message: action === 'close' ? null : text,
        action,
        from_status_id: to === null ? null : status,
        to_status_id: to,
        created_at: new Date(at).toISOString(),
      });
      if (action !== 'close') lastReply = at;
      if (to !== null) status = to;
    }
    const touched = story.lines.some(([side]) => side === 'staff');
    tickets.push({
      id,
      code: `TKT-${String(id).padStart(6, '0')}`,
      owner_id: ownerId,
      type_id: story.type,
      subject: story.subject,
      description: story.description,
      status_id: story.status,
      assigned_to: touched ? staffId : null,
      last_reply_at: lastReply === null ? null : new Date(lastReply).toISOString(),
      resolved_at: story.status === ST.resolved ? new Date(at).toISOString() : null,
      closed_at: story.status === ST.closed ? new Date(at).toISOString() : null,
      created_at: new Date(opened).toISOString(),
      updated_at: new Date(at).toISOString(),
    });
  };
  const demoUser = userOf.get(ctx.people.demoStudentId);
  if (demoUser) for (const story of STORIES) add(demoUser, story);
  // Other students' tickets: the same stories, spread over statuses and days.
  const others = ctx.people.students.filter((s) => s.active && s.id !== ctx.people.demoStudentId).slice(400, 412);
  for (const [i, s] of others.entries()) {
    const owner = userOf.get(s.id);
    if (owner) add(owner, { ...STORIES[i % STORIES.length]!, daysAgo: 1 + i * 2 });
  }
  await w.insert('tickets', tickets);
  await w.insert('ticket_replies', replies);
}
