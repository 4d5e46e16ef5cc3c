/**
 * How much of a total is paid, written where a list or a page shows a payment. A status table
 * says "Unpaid" until the last pound arrives, so an invoice half paid would read as untouched:
 * the `paid` column format (screens/finance/*.screen.yaml) writes "2,250.00 of 4,500.00" for a
 * part paid, from the row's `amount` (the total an invoice or installment row carries).
 */
import { formatValue } from './cells.tsx';

/** The column format: the paid amount, with its total when only part is paid. */
export const PAID_FORMAT = 'paid';

/** The row field holding the total a paid amount is part of (payments, installments). */
export const TOTAL_FIELD = 'amount';

export type PaidState = 'none' | 'part' | 'all';

/** Nothing, part or all of `total` paid; undefined when either is not a number. */
export function paidState(paid: unknown, total: unknown): PaidState | undefined {
  if (paid === null || paid === undefined || paid === '' || total === null || total === undefined || total === '')
    return undefined;
  const p = Number(paid);
  const t = Number(total);
  if (!Number.isFinite(p) || !Number.isFinite(t)) return undefined;
  if (p <= 0) return 'none';
  return p >= t ? 'all' : 'part';
}

/** "{paid} of {total}" in the language, from the ui strings (`paidOf`). */
export type PaidOf = (values: { paid: string; total: string }) => string;

/** The `paid` cell: "2,250.00 of 4,500.00" for a part paid, else the amount alone (0.00, 4,500.00). */
export function paidText(paid: unknown, total: unknown, language: string, of: PaidOf): string {
  const amount = formatValue(paid, 'money', 'money', language);
  if (paidState(paid, total) !== 'part') return amount;
  return of({ paid: amount, total: formatValue(total, 'money', 'money', language) });
}
