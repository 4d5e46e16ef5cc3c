/**
 * The student's wallet (credits row + credit_transactions ledger). Every change of a balance
 * writes its ledger row in the same transaction, with the balance it left. A debit is one
 * conditional UPDATE (`balance >= amount`), so concurrent payments on PostgreSQL queue on the
 * row lock and the balance never goes below zero.
 */
import { sql } from 'kysely';
import { HttpError } from '../../http/errors.ts';
import { CREDIT_KIND, CURRENCY, fromCents, toCents, type Db } from './codes.ts';

export interface WalletMove {
  student_id: number;
  /** Cents, positive. */
  cents: number;
  kind: keyof typeof CREDIT_KIND;
  payment_option_id?: number | null;
  payment_id?: number | null;
  reference?: string | null;
  user_id?: number | null;
}

/** The balance in cents (0 without a wallet). */
export async function walletBalance(db: Db, studentId: number): Promise<number> {
  const row = await db.selectFrom('credits').select('balance').where('student_id', '=', studentId).executeTakeFirst();
  return row ? toCents(row.balance) : 0;
}

/** Adds money to the wallet (a charge, a refund, an overpayment returned). */
export async function creditWallet(trx: Db, move: WalletMove): Promise<{ balance: number; id: number }> {
  if (!(move.cents > 0)) throw new Error('creditWallet: amount must be positive');
  await trx
    .insertInto('credits')
    .values({ student_id: move.student_id, balance: 0, currency_id: CURRENCY.EGP })
    .onConflict((oc) => oc.column('student_id').doNothing())
    .execute();
  const row = await trx
    .updateTable('credits')
    .set({ balance: sql`balance + cast(${fromCents(move.cents)} as numeric)`, updated_at: sql`now()` })
    .where('student_id', '=', move.student_id)
    .returning('balance')
    .executeTakeFirstOrThrow();
  const balance = toCents(row.balance);
  const id = await writeRow(trx, move, move.cents, balance);
  return { balance, id };
}

/** Takes money from the wallet, or refuses with 'not enough credit balance' (422) and changes nothing. */
export async function debitWallet(trx: Db, move: WalletMove): Promise<{ balance: number; id: number }> {
  if (!(move.cents > 0)) throw new Error('debitWallet: amount must be positive');
  const amount = fromCents(move.cents);
  const row = await trx
    .updateTable('credits')
    .set({ balance: sql`balance - cast(${amount} as numeric)`, updated_at: sql`now()` })
    .where('student_id', '=', move.student_id)
    .where('balance', '>=', amount)
    .returning('balance')
    .executeTakeFirst();
  if (!row) throw new HttpError(422, 'not_enough_credit');
  const balance = toCents(row.balance);
  const id = await writeRow(trx, move, -move.cents, balance);
  return { balance, id };
}

async function writeRow(trx: Db, move: WalletMove, signedCents: number, balanceAfter: number): Promise<number> {
  const row = await trx
    .insertInto('credit_transactions')
    .values({
      student_id: move.student_id,
      kind_id: CREDIT_KIND[move.kind],
      amount: fromCents(signedCents),
      balance_after: fromCents(balanceAfter),
      currency_id: CURRENCY.EGP,
      payment_id: move.payment_id ?? null,
      payment_option_id: move.payment_option_id ?? null,
      reference: move.reference ?? null,
      created_by: move.user_id ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
