/**
 * The demo university's finance data (demo only; see ./index.ts for the context it gets).
 *
 * - `overdue@rowaq.demo` (a first-year CS student, same password as every demo account): this
 *   term's tuition in three installments, the first past due and unpaid, an empty wallet. Every
 *   gated action (registration...) answers redirect_to payments until the installment is paid:
 *   the finance end-to-end flow (charge the wallet in the sandbox, pay, register).
 * - `student@rowaq.demo`: tuition with the first installment paid by card, the others due
 *   later (not overdue), and 500 EGP in the wallet.
 * - About 300 other students: this term's tuition, paid (by card, voucher, wallet or at the
 *   cashier, earlier) or due later, so the staff lists have something to filter and export.
 * Every amount is written with the ledger rows that explain it, so checkLedger holds.
 */
import type { Row, SeedWriter } from '../writer.ts';
import type { DemoContext } from './context.ts';

/** Entities this module writes, in insert order (added to DEMO_ENTITIES). */
export const FINANCE_ENTITIES: string[] = [
  'payments',
  'installments',
  'transactions',
  'credits',
  'credit_transactions',
];

export const OVERDUE_DEMO_EMAIL = 'overdue@rowaq.demo';

const TUITION = 4500;
const DAY = 86_400_000;

export async function seedFinanceDemo(w: SeedWriter, ctx: DemoContext): Promise<void> {
  if (!FINANCE_ENTITIES.every((e) => w.has(e))) return;
  const books = new Books(w, ctx);
  const today = ctx.today.getTime();
  const day = (offset: number) => new Date(today + offset * DAY).toISOString().slice(0, 10);

  // The overdue student (a new account, so the other demo accounts stay ungated).
  const overdue = await addOverdueStudent(w, ctx);
  if (overdue) {
    books.invoice(
      overdue,
      5,
      [
        [1500, day(-10)],
        [1500, day(30)],
        [1500, day(60)],
      ],
      [],
    );
  }

  // The demo student: first installment paid by card, 500 EGP in the wallet.
  const demo = ctx.people.demoStudentId;
  books.invoice(
    demo,
    5,
    [
      [1500, day(-20)],
      [1500, day(30)],
      [1500, day(60)],
    ],
    [[1, 1, day(-25)]],
  );
  books.walletCharge(demo, 500, 1, day(-3));

  // Other students: paid (by one of four methods) or due later; never overdue.
  const others = ctx.people.students.filter((s) => s.active && s.id !== demo).slice(0, 300);
  for (const [i, s] of others.entries()) {
    const method = [1, 2, 3, 4][i % 4]!;
    if (i % 3 === 0) {
      books.invoice(s.id, 5, [[TUITION, day(40)]], []);
    } else {
      if (method === 3) books.walletCharge(s.id, TUITION + 250, 1, day(-30));
      books.invoice(
        s.id,
        5,
        [
          [TUITION / 2, day(-15)],
          [TUITION / 2, day(45)],
        ],
        [[1, method, day(-16)]],
      );
    }
    if (i % 10 === 0) books.invoice(s.id, 4, [[350, day(-40)]], [[1, 4, day(-41)]]);
  }
  await books.write();
}

/** A first-year student account `overdue@rowaq.demo` in the CS department; its students.id. */
async function addOverdueStudent(w: SeedWriter, ctx: DemoContext): Promise<number | undefined> {
  const [hash] = await w.select('users', 'password_hash');
  const cs = ctx.university.departments.find((d) => d.code === 'CS') ?? ctx.university.departments[0];
  const faculty = ctx.university.faculties.find((f) => f.id === cs?.facultyId);
  if (!cs || !faculty || typeof hash !== 'string') return undefined;
  const userId = w.id('users');
  await w.insert('users', [
    {
      id: userId,
      email: OVERDUE_DEMO_EMAIL,
      name: 'Omar Khaled Mostafa',
      name_local: 'عمر خالد مصطفى',
      type: 3,
      password_hash: hash,
      locale: 'en',
      active: true,
    },
  ]);
  await w.insert('user_roles', [{ id: w.id('user_roles'), user_id: userId, role: 'student' }]);
  const id = w.id('students');
  const year = ctx.terms.current.year;
  await w.insert('students', [
    {
      id,
      user_id: userId,
      code: `${year}9901`,
      name: 'Omar Khaled Mostafa',
      name_local: 'عمر خالد مصطفى',
      email: OVERDUE_DEMO_EMAIL,
      gender_id: 1,
      nationality_id: 64,
      faculty_id: faculty.id,
      program_id: cs.programId,
      bylaw_id: faculty.bylawId,
      degree_level_id: 1,
      level: 1,
      earned_hours: 0,
      status_id: 1,
      admission_term_id: (ctx.terms.fallOf(year) ?? ctx.terms.current).id,
      advisor_id: ctx.people.teaching.get(cs.id)?.lecturers[1] ?? null,
    },
  ]);
  return id;
}

/** Invoices, installments and their ledger rows, kept consistent, written in one batch each. */
class Books {
  readonly payments: Row[] = [];
  readonly installments: Row[] = [];
  readonly transactions: Row[] = [];
  readonly wallets = new Map<number, number>();
  readonly creditRows: Row[] = [];

  constructor(
    private w: SeedWriter,
    private ctx: DemoContext,
  ) {}

  /** parts: [amount, due date]; paid: [installment number, method id, paid on]. */
  invoice(
    studentId: number,
    billing: number,
    parts: Array<[number, string]>,
    paid: Array<[number, number, string]>,
  ): void {
    const id = this.w.id('payments');
    const reference = `INV-${String(id).padStart(6, '0')}`;
    let paidTotal = 0;
    let method: number | null = null;
    let paidAt: string | null = null;
    const open: string[] = [];
    for (const [index, [amount, due]] of parts.entries()) {
      const n = index + 1;
      const payment = paid.find(([k]) => k === n);
      const rowId = this.w.id('installments');
      if (payment) {
        const [, option, on] = payment;
        const txReference = option === 3 ? `${reference}-W` : option === 4 ? `CASH-${rowId}` : `PP-demo-${rowId}`;
        if (option === 3) this.walletDebit(studentId, amount, id, txReference, on);
        this.transactions.push({
          id: this.w.id('transactions'),
          payment_id: id,
          installment_row_id: rowId,
          installment_id: n,
          student_id: studentId,
          kind_id: 1,
          amount,
          currency_id: 1,
          payment_option_id: option,
          reference: txReference,
          created_at: `${on}T10:00:00Z`,
        });
        paidTotal += amount;
        method = option;
        paidAt = `${on}T10:00:00Z`;
      } else {
        open.push(due);
      }
      this.installments.push({
        id: rowId,
        payment_id: id,
        student_id: studentId,
        billing_kind_id: billing,
        installment_id: n,
        amount,
        paid_amount: payment ? amount : 0,
        currency_id: 1,
        due_date: due,
        status_id: payment ? 0 : 1,
        paid_at: payment ? `${payment[2]}T10:00:00Z` : null,
      });
    }
    const total = parts.reduce((s, [a]) => s + a, 0);
    this.payments.push({
      id,
      student_id: studentId,
      term_id: this.ctx.terms.current.id,
      billing_kind_id: billing,
      amount: total,
      paid_amount: paidTotal,
      currency_id: 1,
      status_id: open.length ? 1 : 0,
      payment_option_id: method,
      due_date: open.sort()[0] ?? parts[0]![1],
      paid_at: open.length ? null : paidAt,
      code: reference,
      description: billing === 5 ? 'Tuition fees' : 'Insurance fees',
    });
  }

  walletCharge(studentId: number, amount: number, option: number, on: string): void {
    this.move(studentId, amount, 1, option, null, `PP-demo-charge-${studentId}`, on);
  }

  private walletDebit(studentId: number, amount: number, paymentId: number, reference: string, on: string): void {
    this.move(studentId, -amount, 2, 3, paymentId, reference, on);
  }

  private move(
    studentId: number,
    amount: number,
    kind: number,
    option: number,
    paymentId: number | null,
    reference: string,
    on: string,
  ): void {
    const balance = (this.wallets.get(studentId) ?? 0) + amount;
    if (balance < 0) throw new Error(`demo finance: wallet of student ${studentId} would go below zero`);
    this.wallets.set(studentId, balance);
    this.creditRows.push({
      id: this.w.id('credit_transactions'),
      student_id: studentId,
      kind_id: kind,
      amount,
      balance_after: balance,
      currency_id: 1,
      payment_id: paymentId,
      payment_option_id: option,
      reference,
      created_at: `${on}T09:00:00Z`,
    });
  }

  async write(): Promise<void> {
    await this.w.insert('payments', this.payments);
    await this.w.insert('installments', this.installments);
    await this.w.insert('transactions', this.transactions);
    await this.w.insert(
      'credits',
      [...this.wallets].map(([student_id, balance]) => ({
        id: this.w.id('credits'),
        student_id,
        balance,
        currency_id: 1,
      })),
    );
    await this.w.insert('credit_transactions', this.creditRows);
  }
}
