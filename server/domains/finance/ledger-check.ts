/**
 * "The sum of the ledger equals the balances": every stored balance is recomputed from the
 * immutable rows that explain it. Tests call it after every test, the bench after its run.
 * Returns the problems found (empty when the books are right).
 */
import { sql } from 'kysely';
import type { Db } from './codes.ts';

export async function checkLedger(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const report = async (label: string, query: ReturnType<typeof sql>) => {
    const { rows } = await query.execute(db);
    for (const row of rows.slice(0, 20)) problems.push(`${label}: ${JSON.stringify(row)}`);
  };
  await report(
    'wallet balance differs from its ledger',
    sql`
    select c.student_id, c.balance, coalesce(sum(t.amount), 0) as ledger
    from credits c left join credit_transactions t on t.student_id = c.student_id
    group by c.id, c.student_id, c.balance having c.balance <> coalesce(sum(t.amount), 0)`,
  );
  await report(
    'wallet ledger without a wallet',
    sql`
    select t.student_id from credit_transactions t left join credits c on c.student_id = t.student_id
    where c.id is null group by t.student_id`,
  );
  await report('negative wallet', sql`select student_id, balance from credits where balance < 0`);
  await report(
    'balance_after differs from the running sum',
    sql`
    select id, student_id, balance_after, running from (
      select id, student_id, balance_after, sum(amount) over (partition by student_id order by id) as running
      from credit_transactions) w where balance_after <> running`,
  );
  await report(
    'installment paid amount differs from its ledger',
    sql`
    select i.id, i.paid_amount, coalesce(sum(t.amount), 0) as ledger
    from installments i left join transactions t on t.installment_row_id = i.id
    group by i.id, i.paid_amount having i.paid_amount <> coalesce(sum(t.amount), 0)`,
  );
  await report(
    'invoice differs from its installments',
    sql`
    select p.id, p.amount, p.paid_amount, sum(i.amount) as parts, sum(i.paid_amount) as parts_paid
    from payments p join installments i on i.payment_id = p.id
    group by p.id, p.amount, p.paid_amount having p.amount <> sum(i.amount) or p.paid_amount <> sum(i.paid_amount)`,
  );
  await report(
    'installment status differs from its paid amount',
    sql`
    select id, status_id, amount, paid_amount from installments
    where (paid_amount >= amount) <> (status_id = 0)`,
  );
  await report(
    'provider payment counted a wrong number of times',
    sql`
    select p.reference, p.status, p.amount, coalesce(m.moved, 0) as moved from provider_payments p
    left join (
      select reference, sum(amount) as moved from (
        select reference, amount from transactions where kind_id = 1
        union all select reference, amount from credit_transactions where kind_id in (1, 5)
      ) x group by reference
    ) m on m.reference = p.reference
    where (p.status = 'paid' and coalesce(m.moved, 0) <> p.amount) or (p.status <> 'paid' and coalesce(m.moved, 0) <> 0)`,
  );
  return problems;
}
