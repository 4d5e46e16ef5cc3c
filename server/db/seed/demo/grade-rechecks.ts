/**
 * Grade rechecks in the demo: the fee setting (grade_recheck_fee, 100 EGP), one of the demo
 * student's current courses with its results published (marks for every graded student of the
 * offering, control status published) so the demo student can request a recheck of it, and
 * requests of other students (of that course, else of the last finished term's courses) in each
 * status for the office's list
 * (registrar@rowaq.demo, admin@rowaq.demo hold manage_grades_recheck). The course chosen is never
 * one the demo instructor teaches: their grade sheet stays open (draft) for the grades demo.
 * Paid fees are written with their invoice, installment and ledger row (paid at the cashier), so
 * checkLedger holds.
 */
import type { Row, SeedWriter } from '../writer.ts';
import type { DemoContext } from './context.ts';

export const GRADE_RECHECK_ENTITIES = ['grade_rechecks', 'grade_recheck_events'];
export const GRADE_RECHECK_FEE = 100;
/** The demo instructor is the fourth lecturer of Computer Science (people.ts, attendance.ts). */
const DEMO_INSTRUCTOR_LECTURER = 3;
const PUBLISHED = 2; // control_status
const REGISTERED = 2; // registration_code
const BILLING_GRADE_RECHECK = 8; // billing_kind grade_recheck_fees
const DAY = 86_400_000;
/** grade_recheck_status ids: [status, paid, days ago] of the other students' requests. */
const S = { submitted: 1, in_review: 2, grade_changed: 3, no_change: 4, cancel_requested: 5, rejected: 7 };
const OTHERS: Array<[number, boolean, number]> = [
  [S.submitted, false, 1],
  [S.submitted, true, 2],
  [S.in_review, true, 3],
  [S.grade_changed, true, 6],
  [S.no_change, true, 5],
  [S.cancel_requested, true, 2],
  [S.rejected, true, 4],
  [S.in_review, true, 1],
];

export async function seedGradeRechecksDemo(w: SeedWriter, ctx: DemoContext): Promise<void> {
  if (!GRADE_RECHECK_ENTITIES.every((e) => w.has(e))) return;
  await w.prepare([...GRADE_RECHECK_ENTITIES, 'settings']);
  await w.insert('settings', [
    {
      id: w.id('settings'),
      name: 'grade_recheck_fee',
      value: String(GRADE_RECHECK_FEE),
      public: false,
      description: 'The fee of one grade recheck request in EGP (0: free).',
    },
  ]);

  // The demo student's current offerings, minus those the demo instructor teaches.
  const cs = ctx.university.departments.find((d) => d.code === 'CS');
  const demoInstructor = cs ? ctx.people.teaching.get(cs.id)?.lecturers[DEMO_INSTRUCTOR_LECTURER] : undefined;
  const [sectionOfferings, sectionTeachers] = await Promise.all(
    ['offering_id', 'instructor_id'].map((c) => w.select('sections', c)),
  );
  const taught = new Set(
    sectionOfferings
      .filter((_, i) => demoInstructor !== undefined && Number(sectionTeachers[i]) === demoInstructor)
      .map(Number),
  );
  // Columns of one unchanged table read the same way line up row by row.
  const [regIds, regStudents, regOfferings, regCodes, regTerms, regGrades] = await Promise.all(
    ['id', 'student_id', 'offering_id', 'status_code', 'term_id', 'grade'].map((c) => w.select('registrations', c)),
  );
  const current = ctx.terms.current.id;
  const mine = regIds
    .map((_, i) => i)
    .filter(
      (i) =>
        Number(regStudents[i]) === ctx.people.demoStudentId &&
        Number(regTerms[i]) === current &&
        Number(regCodes[i]) === REGISTERED,
    );
  const chosen = mine.map((i) => Number(regOfferings[i])).find((o) => !taught.has(o));
  if (chosen === undefined) return;

  // Publish the results: a mark for every graded student of the offering.
  const rows = regIds
    .map((_, i) => i)
    .filter((i) => Number(regOfferings[i]) === chosen && Number(regCodes[i]) === REGISTERED);
  const marks = new Map<number, number>();
  for (const i of rows)
    marks.set(Number(regIds[i]), Number(regStudents[i]) === ctx.people.demoStudentId ? 58 : ctx.rnd.int(42, 96));
  await w.update('offerings', 'control_status_id', [[chosen, PUBLISHED]]);

  const [ids, codes, names, localNames] = await Promise.all(
    ['id', 'code', 'name', 'name_local'].map((c) => w.select('students', c)),
  );
  const byId = new Map(ids.map((id, i) => [Number(id), { code: codes[i], name: names[i], name_local: localNames[i] }]));
  const [staffEmails, staffIds] = await Promise.all([w.select('users', 'email'), w.select('users', 'id')]);
  const registrar = Number(staffIds[staffEmails.findIndex((e) => String(e).startsWith('registrar@'))] ?? 0) || null;
  // Other students' requests: of the published course first, then of the last finished term's
  // courses the academic history marked (certified offerings): a recheck the office has seen.
  const lastTerm = ctx.terms.all
    .filter(
      (t) =>
        t.end.getTime() < ctx.today.getTime() && regTerms.some((id, i) => Number(id) === t.id && regGrades[i] != null),
    )
    .sort((a, b) => b.end.getTime() - a.end.getTime())[0];
  const isOther = (i: number) =>
    Number(regStudents[i]) !== ctx.people.demoStudentId && Number(regCodes[i]) === REGISTERED;
  const picked = [
    ...rows.filter(isOther),
    ...(lastTerm
      ? regIds
          .map((_, i) => i)
          .filter(
            (i) =>
              isOther(i) && Number(regTerms[i]) === lastTerm.id && regGrades[i] != null && Number(regGrades[i]) < 94,
          )
      : []),
  ];
  const seen = new Set<number>();
  const others = picked
    .filter((i) => !seen.has(Number(regStudents[i])) && seen.add(Number(regStudents[i])))
    .slice(0, OTHERS.length);
  const changed: Array<[number, number]> = [];
  const [courseIds, courseCodes, courseNames, courseLocal] = await Promise.all(
    ['id', 'code', 'name', 'name_local'].map((c) => w.select('courses', c)),
  );
  const [offIds, offCourses] = await Promise.all(['id', 'course_id'].map((c) => w.select('offerings', c)));
  const [termIds, termNames, termLocal] = await Promise.all(
    ['id', 'name', 'name_local'].map((c) => w.select('terms', c)),
  );
  const pick = <T>(ids: unknown[], values: T[], id: number): T | undefined =>
    values[ids.findIndex((x) => Number(x) === id)];

  const requests: Row[] = [];
  const events: Row[] = [];
  const payments: Row[] = [];
  const installments: Row[] = [];
  const transactions: Row[] = [];
  const now = ctx.today.getTime();
  for (const [n, i] of others.entries()) {
    const [status, paid, daysAgo] = OTHERS[n]!;
    const studentId = Number(regStudents[i]);
    const registrationId = Number(regIds[i]);
    const s = byId.get(studentId);
    if (!s) continue;
    const id = w.id('grade_rechecks');
    const code = `GRC-${String(id).padStart(6, '0')}`;
    const at = new Date(now - daysAgo * DAY).toISOString();
    const later = new Date(now - daysAgo * DAY + 3_600_000).toISOString();
    const offeringId = Number(regOfferings[i]);
    const courseId = Number(pick(offIds, offCourses, offeringId));
    const termId = Number(regTerms[i]);
    const published = marks.get(registrationId) ?? Number(regGrades[i]);
    const after = status === S.grade_changed ? Math.min(100, published + 6) : published;
    const oldGrade = published;
    if (status === S.grade_changed) changed.push([registrationId, after]);
    const paymentId = w.id('payments');
    // an unpaid fee falls due on the day the demo is loaded: not overdue, so nobody is gated by it
    const day = paid ? at.slice(0, 10) : ctx.today.toISOString().slice(0, 10);
    payments.push({
      id: paymentId,
      code: `INV-${String(paymentId).padStart(6, '0')}`,
      student_id: studentId,
      billing_kind_id: BILLING_GRADE_RECHECK,
      amount: GRADE_RECHECK_FEE,
      paid_amount: paid ? GRADE_RECHECK_FEE : 0,
      currency_id: 1,
      status_id: paid ? 0 : 1,
      payment_option_id: paid ? 4 : null,
      due_date: day,
      paid_at: paid ? at : null,
      term_id: termId,
      description: `Grade recheck ${String(pick(courseIds, courseCodes, courseId))} (${code})`,
    });
    const rowId = w.id('installments');
    installments.push({
      id: rowId,
      payment_id: paymentId,
      student_id: studentId,
      billing_kind_id: BILLING_GRADE_RECHECK,
      installment_id: 1,
      amount: GRADE_RECHECK_FEE,
      paid_amount: paid ? GRADE_RECHECK_FEE : 0,
      currency_id: 1,
      due_date: day,
      status_id: paid ? 0 : 1,
      paid_at: paid ? at : null,
    });
    if (paid)
      transactions.push({
        id: w.id('transactions'),
        payment_id: paymentId,
        installment_row_id: rowId,
        installment_id: 1,
        student_id: studentId,
        kind_id: 1,
        amount: GRADE_RECHECK_FEE,
        currency_id: 1,
        payment_option_id: 4,
        reference: `CASH-GRC-${id}`,
        created_at: at,
      });
    const open = [S.submitted, S.in_review, S.cancel_requested].includes(status);
    const decided = !open;
    requests.push({
      id,
      code,
      student_id: studentId,
      student_code: s.code,
      student_name: s.name,
      student_name_local: s.name_local,
      registration_id: registrationId,
      offering_id: offeringId,
      course_id: courseId,
      term_id: termId,
      course_code: pick(courseIds, courseCodes, courseId),
      course_name: pick(courseIds, courseNames, courseId),
      course_name_local: pick(courseIds, courseLocal, courseId),
      term_name: pick(termIds, termNames, termId),
      term_name_local: pick(termIds, termLocal, termId),
      old_grade: oldGrade,
      new_grade: status === S.grade_changed ? after : null,
      max_mark: 100,
      reason: 'I believe one of the final exam questions was not marked.',
      status_id: status,
      payment_status_id: paid ? 1 : 0,
      fee: GRADE_RECHECK_FEE,
      payment_id: paymentId,
      paid_at: paid ? at : null,
      staff_note:
        status === S.rejected
          ? 'The exam papers of this course were already rechecked by the committee.'
          : status === S.grade_changed
            ? 'Question 4 had not been counted.'
            : null,
      decided_at: decided ? later : null,
      decided_by: decided ? registrar : null,
      open_key: open ? `${studentId}:${courseId}` : null,
      created_at: at,
      updated_at: decided ? later : at,
    });
    const event = (from: number | null, to: number, action: string, extra: Row = {}) =>
      events.push({
        id: w.id('grade_recheck_events'),
        request_id: id,
        from_status_id: from,
        to_status_id: to,
        action,
        created_at: at,
        ...extra,
      });
    event(null, S.submitted, 'request', { old_grade: oldGrade });
    if (paid) event(S.submitted, S.submitted, 'pay');
    if ([S.in_review, S.grade_changed, S.no_change].includes(status))
      event(S.submitted, S.in_review, 'review', { user_id: registrar });
    if (status === S.grade_changed)
      event(S.in_review, S.grade_changed, 'change_grade', {
        user_id: registrar,
        old_grade: oldGrade,
        new_grade: after,
        note: 'Question 4 had not been counted.',
        created_at: later,
      });
    if (status === S.no_change)
      event(S.in_review, S.no_change, 'keep_grade', { user_id: registrar, created_at: later });
    if (status === S.cancel_requested) event(S.submitted, S.cancel_requested, 'cancel_request');
    if (status === S.rejected)
      event(S.submitted, S.rejected, 'reject', {
        user_id: registrar,
        note: 'The exam papers of this course were already rechecked by the committee.',
        created_at: later,
      });
  }
  // The registrations hold the published marks, a changed one its new mark.
  await w.update('registrations', 'grade', [...marks, ...changed]);
  await w.insert('payments', payments);
  await w.insert('installments', installments);
  await w.insert('transactions', transactions);
  await w.insert('grade_rechecks', requests);
  await w.insert('grade_recheck_events', events);
}
