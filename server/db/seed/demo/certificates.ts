/**
 * Certificate requests in the demo: the fee of each kind, a dean account that signs
 * (`dean@rowaq.demo`, role dean, same password), and requests in different statuses for the demo
 * student and about 20 others, so the staff list (/certificates) has something to filter. Paid
 * fees are written with their invoice, installment and ledger row (paid at the cashier), so
 * checkLedger holds.
 */
import crypto from 'node:crypto';
import type { Row, SeedWriter } from '../writer.ts';
import type { DemoContext } from './context.ts';

export const CERTIFICATE_ENTITIES = ['certificate_fees', 'certificate_requests', 'certificate_request_events'];
export const DEAN_DEMO_EMAIL = 'dean@rowaq.demo';

/** EGP per copy, by certificate_kind id: enrolment, transcript, graduation, provisional, to whom it may concern, study plan. */
const FEES: Array<[number, number]> = [
  [1, 50],
  [2, 100],
  [3, 300],
  [4, 150],
  [5, 0],
  [6, 75],
];
/** [kind, quantity, status id, days ago]: the demo student's own requests. */
const DEMO_REQUESTS: Array<[number, number, number, number]> = [
  [1, 2, 4, 3],
  [6, 1, 3, 10],
  [2, 1, 9, 20],
];
const STATUSES = [4, 5, 6, 7, 8, 9, 10, 13, 3];
const DAY = 86_400_000;

function code(): string {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  return [...crypto.randomBytes(16)]
    .map((b) => alphabet[b & 31])
    .join('')
    .match(/.{4}/g)!
    .join('-');
}

export async function seedCertificatesDemo(w: SeedWriter, ctx: DemoContext): Promise<void> {
  if (!CERTIFICATE_ENTITIES.every((e) => w.has(e))) return;
  await w.prepare(CERTIFICATE_ENTITIES);
  await w.insert(
    'certificate_fees',
    FEES.map(([kind_id, amount]) => ({ id: w.id('certificate_fees'), kind_id, amount })),
  );

  const [hash] = await w.select('users', 'password_hash');
  const cs = ctx.university.departments.find((d) => d.code === 'CS') ?? ctx.university.departments[0];
  if (typeof hash === 'string') {
    const userId = w.id('users');
    await w.insert('users', [
      {
        id: userId,
        email: DEAN_DEMO_EMAIL,
        name: 'Prof. Hoda Abdelrahman',
        name_local: 'أ.د. هدى عبد الرحمن',
        type: 4,
        password_hash: hash,
        locale: 'en',
        active: true,
        faculty_id: cs ? (ctx.university.faculties.find((f) => f.id === cs.facultyId)?.id ?? null) : null,
      },
    ]);
    await w.insert('user_roles', [{ id: w.id('user_roles'), user_id: userId, role: 'dean' }]);
  }

  const [ids, codes, names, localNames] = await Promise.all(
    ['id', 'code', 'name', 'name_local'].map((c) => w.select('students', c)),
  );
  const byId = new Map(
    ids!.map((id, i) => [Number(id), { code: codes![i], name: names![i], name_local: localNames![i] }]),
  );
  const requests: Row[] = [];
  const events: Row[] = [];
  const payments: Row[] = [];
  const installments: Row[] = [];
  const transactions: Row[] = [];
  const now = ctx.today.getTime();
  const add = (studentId: number, kind: number, quantity: number, status: number, daysAgo: number) => {
    const s = byId.get(studentId);
    if (!s) return;
    const id = w.id('certificate_requests');
    const at = new Date(now - daysAgo * DAY).toISOString();
    const fee = (FEES.find(([k]) => k === kind)?.[1] ?? 0) * quantity;
    let paymentId: number | null = null;
    if (fee > 0) {
      paymentId = w.id('payments');
      const rowId = w.id('installments');
      const day = at.slice(0, 10);
      payments.push({
        id: paymentId,
        code: `INV-${String(paymentId).padStart(6, '0')}`,
        student_id: studentId,
        billing_kind_id: 6,
        amount: fee,
        paid_amount: fee,
        currency_id: 1,
        status_id: 0,
        payment_option_id: 4,
        due_date: day,
        paid_at: at,
        description: `Certificate fees (CRT-${String(id).padStart(6, '0')})`,
      });
      installments.push({
        id: rowId,
        payment_id: paymentId,
        student_id: studentId,
        billing_kind_id: 6,
        installment_id: 1,
        amount: fee,
        paid_amount: fee,
        currency_id: 1,
        due_date: day,
        status_id: 0,
        paid_at: at,
      });
      transactions.push({
        id: w.id('transactions'),
        payment_id: paymentId,
        installment_row_id: rowId,
        installment_id: 1,
        student_id: studentId,
        kind_id: 1,
        amount: fee,
        currency_id: 1,
        payment_option_id: 4,
        reference: `CASH-CRT-${id}`,
        created_at: at,
      });
    }
    const issued = [6, 7, 8, 9, 10].includes(status);
    requests.push({
      id,
      code: `CRT-${String(id).padStart(6, '0')}`,
      student_id: studentId,
      student_code: s.code,
      student_name: s.name,
      student_name_local: s.name_local,
      kind_id: kind,
      quantity,
      language_id: 1 + (id % 2),
      delivery_id: 1,
      addressed_to: kind === 5 ? 'To whom it may concern' : null,
      status_id: status,
      fee,
      fee_paid: true,
      payment_id: paymentId,
      print_count: issued && status >= 8 ? 1 : 0,
      verification_code: code(),
      staff_note:
        status === 3
          ? 'Please check the spelling of your name in Arabic.'
          : status === 13
            ? 'No enrolment in the term asked for.'
            : null,
      submitted_at: at,
      approved_at: issued ? at : null,
      ready_at: status >= 9 && status <= 10 ? at : null,
      delivered_at: status === 10 ? at : null,
      created_at: at,
      updated_at: at,
    });
    events.push({
      id: w.id('certificate_request_events'),
      request_id: id,
      from_status_id: null,
      to_status_id: 1,
      action: 'request',
      created_at: at,
    });
    events.push({
      id: w.id('certificate_request_events'),
      request_id: id,
      from_status_id: 1,
      to_status_id: 4,
      action: fee > 0 ? 'pay' : 'submit',
      created_at: at,
    });
    if (status !== 4)
      events.push({
        id: w.id('certificate_request_events'),
        request_id: id,
        from_status_id: 4,
        to_status_id: status,
        action: null,
        note: status === 3 || status === 13 ? 'See the note' : null,
        created_at: at,
      });
  };
  for (const [kind, quantity, status, daysAgo] of DEMO_REQUESTS)
    add(ctx.people.demoStudentId, kind, quantity, status, daysAgo);
  const others = ctx.people.students.filter((s) => s.active && s.id !== ctx.people.demoStudentId).slice(300, 320);
  for (const [i, s] of others.entries())
    add(s.id, [1, 2, 5, 6][i % 4]!, 1 + (i % 3), STATUSES[i % STATUSES.length]!, 1 + i);
  await w.insert('payments', payments);
  await w.insert('installments', installments);
  await w.insert('transactions', transactions);
  await w.insert('certificate_requests', requests);
  await w.insert('certificate_request_events', events);
}
