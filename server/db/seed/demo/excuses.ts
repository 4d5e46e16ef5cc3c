/**
 * Absence excuses in the demo: the demo student's (pending, approved with a note, rejected with
 * a note) and a few pending ones of other students, so the staff list (/excuses, the registrar
 * decides) has something to filter. All for missed lectures of the current term and without a
 * stored document (the seed writes no files; a student adds one by changing a pending excuse).
 * The fee setting `excuse_fee` is written as 0 (free): an administrator sets it under University
 * settings. Registrations are not touched (server/domains/excuses/README.md).
 */
import type { Row, SeedWriter } from '../writer.ts';
import type { DemoContext } from './context.ts';
import { DEMO_ACCOUNTS } from './people.ts';

export const EXCUSE_ENTITIES = ['excuse_requests', 'excuse_request_events'];
const DAY = 86_400_000;
/** [status id, course of the student? (false: all courses), days ago, reason, staff note]. */
const DEMO_EXCUSES: Array<[number, boolean, number, string, string | null]> = [
  [1, false, 2, "High fever: two days at home on the doctor's advice.", null],
  [2, true, 12, "My father's funeral.", 'Accepted. Please catch up on the lab with your instructor.'],
  [3, true, 20, 'Overslept.', 'Not an accepted reason for missing lectures.'],
];

export async function seedExcusesDemo(w: SeedWriter, ctx: DemoContext): Promise<void> {
  if (!EXCUSE_ENTITIES.every((e) => w.has(e))) return;
  await w.prepare(EXCUSE_ENTITIES);
  const present = new Set((await w.select('settings', 'name')).map(String));
  if (!present.has('excuse_fee'))
    await w.insert('settings', [
      {
        id: w.id('settings'),
        name: 'excuse_fee',
        value: '0',
        public: false,
        description: 'Absence excuse fee in EGP; 0 = free.',
      },
    ]);

  const term = ctx.terms.current;
  const [regStudents, regTerms, regCourses, regCodes] = await Promise.all(
    ['student_id', 'term_id', 'course_id', 'status_code'].map((c) => w.select('registrations', c)),
  );
  const held = new Map<number, number[]>();
  regStudents!.forEach((s, i) => {
    if (Number(regTerms![i]) !== term.id || Number(regCodes![i]) !== 2 || regCourses![i] == null) return;
    held.set(Number(s), [...(held.get(Number(s)) ?? []), Number(regCourses![i])]);
  });
  const [ids, codes, names, localNames] = await Promise.all(
    ['id', 'code', 'name', 'name_local'].map((c) => w.select('students', c)),
  );
  const byId = new Map(
    ids!.map((id, i) => [Number(id), { code: codes![i], name: names![i], name_local: localNames![i] }]),
  );
  const [userIds, emails] = await Promise.all([w.select('users', 'id'), w.select('users', 'email')]);
  const registrar = Number(userIds![emails!.findIndex((e) => e === DEMO_ACCOUNTS.registrar.email)] ?? 0) || null;

  const now = ctx.today.getTime();
  // within the term, never after today
  const day = (daysAgo: number) =>
    new Date(Math.min(Math.max(now - daysAgo * DAY, term.start.getTime()), term.end.getTime()))
      .toISOString()
      .slice(0, 10);
  const excuses: Row[] = [];
  const events: Row[] = [];
  const add = (
    studentId: number,
    status: number,
    ofCourse: boolean,
    daysAgo: number,
    reason: string,
    note: string | null,
  ) => {
    const s = byId.get(studentId);
    const courses = held.get(studentId) ?? [];
    if (!s || !courses.length) return;
    const id = w.id('excuse_requests');
    const at = new Date(now - (daysAgo - 1) * DAY).toISOString();
    excuses.push({
      id,
      code: `EXC-${String(id).padStart(6, '0')}`,
      student_id: studentId,
      student_code: s.code,
      student_name: s.name,
      student_name_local: s.name_local,
      term_id: term.id,
      type_id: 1,
      course_id: ofCourse ? courses[id % courses.length] : null,
      from_date: day(daysAgo + 1),
      to_date: day(daysAgo),
      reason,
      status_id: status,
      fee: 0,
      payment_status_id: 0,
      staff_note: note,
      decided_at: status === 1 ? null : at,
      decided_by: status === 1 ? null : registrar,
      created_at: at,
      updated_at: at,
    });
    events.push({
      id: w.id('excuse_request_events'),
      excuse_id: id,
      from_status_id: null,
      to_status_id: 1,
      action: 'submit',
      created_at: at,
    });
    if (status !== 1)
      events.push({
        id: w.id('excuse_request_events'),
        excuse_id: id,
        from_status_id: 1,
        to_status_id: status,
        action: status === 2 ? 'approve' : 'reject',
        note,
        user_id: registrar,
        created_at: at,
      });
  };
  for (const [status, ofCourse, daysAgo, reason, note] of DEMO_EXCUSES)
    add(ctx.people.demoStudentId, status, ofCourse, daysAgo, reason, note);
  const others = ctx.people.students
    .filter((s) => s.active && s.id !== ctx.people.demoStudentId && held.has(s.id))
    .slice(0, 8);
  for (const [i, s] of others.entries())
    add(
      s.id,
      [1, 1, 2, 3][i % 4]!,
      i % 2 === 0,
      1 + i,
      ["Sick, with a doctor's note.", 'Family emergency.'][i % 2]!,
      i % 4 === 3 ? 'Please attach a medical report.' : null,
    );
  await w.insert('excuse_requests', excuses);
  await w.insert('excuse_request_events', events);
}
