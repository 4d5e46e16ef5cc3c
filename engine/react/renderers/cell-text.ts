/**
 * A list or detail cell's text from its row: `formatValue` of the value, except for formats that
 * also read the row (`paid`: the paid amount with the row's total when only part is paid).
 */
import { formatValue } from './cells.tsx';
import { PAID_FORMAT, paidText, TOTAL_FIELD, type PaidOf } from './paid-progress.ts';

export function cellText(row: Record<string, unknown>, field: string, format: string | undefined, type: string | undefined, language: string, paidOf: PaidOf): string {
  if (format === PAID_FORMAT) return paidText(row[field], row[TOTAL_FIELD], language, paidOf);
  return formatValue(row[field], format, type, language);
}
