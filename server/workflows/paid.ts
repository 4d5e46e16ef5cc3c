/**
 * A fee's invoice paid: in the paying transaction, every record whose fee effect keeps that
 * invoice gets the fee's `paid` values (a payment status the steps that wait for payment test).
 */
import { sql, type Transaction } from 'kysely';
import type { Manifest, WorkflowEffect } from '../../generator/manifest-types.ts';

export async function markPaid(trx: Transaction<any>, m: Manifest, invoice: { id: number }): Promise<void> {
  for (const entity of Object.values(m.entities)) {
    const w = entity.workflow;
    if (!w) continue;
    const fees = [...(w.create?.effects ?? []), ...(w.transitions ?? []).flatMap((t) => t.effects ?? [])]
      .map((e: WorkflowEffect) => e.fee)
      .filter((f): f is NonNullable<WorkflowEffect['fee']> => !!f?.paid);
    for (const fee of fees) {
      const values: Record<string, unknown> = { ...fee.paid };
      for (const [k, v] of Object.entries(values)) if (v === 'now') values[k] = sql`now()`;
      await trx.updateTable(entity.table).set(values).where(fee.invoice, '=', invoice.id).execute();
    }
  }
}
