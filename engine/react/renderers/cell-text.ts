/**
 * A list or detail cell's text from its row: `formatValue` of the value, except for formats that
 * also read the row (`paid`: the paid amount with the row's total when only part is paid; `words`:
 * the amount in words with the row's currency, when it has one).
 */
import { amountInWords } from '../../core/number-words.ts';
import { formatValue } from './cells.tsx';
import { PAID_FORMAT, paidText, TOTAL_FIELD, type PaidOf } from './paid-progress.ts';

export function cellText(
  row: Record<string, unknown>,
  field: string,
  format: string | undefined,
  type: string | undefined,
  language: string,
  paidOf: PaidOf,
): string {
  if (format === PAID_FORMAT) return paidText(row[field], row[TOTAL_FIELD], language, paidOf);
  const currency = WORDS_CURRENCY[String(row[CURRENCY_FIELD])];
  const value = row[field];
  if (format === 'words' && currency && value !== null && value !== '' && !Number.isNaN(Number(value)))
    return amountInWords(Number(value), language.startsWith('ar') ? 'ar' : 'en', currency);
  return formatValue(value, format, type, language);
}

/** The row's currency (the currency status table's ids) for an amount in words. */
const CURRENCY_FIELD = 'currency_id';
const WORDS_CURRENCY: Record<string, 'EGP' | 'USD'> = { 1: 'EGP', 2: 'USD' };
