/**
 * Which list cells keep their value on one line. A code (CS 101, INV-000123), a reference, an
 * amount, a date or a time broken over two lines in a narrow column reads as two values; long
 * free text (names, descriptions) may wrap. Decided by what the value is (the column's format,
 * the field's type and declared length, a badge), never per screen.
 */
import type { ClientEntity } from '../../../../generator/manifest-types.ts';

type Field = ClientEntity['fields'][string];

/** Formats and field types whose values are one token each: numbers, amounts, dates, times, switches. */
const ONE_LINE_KINDS: ReadonlySet<string> = new Set([
  'date',
  'datetime',
  'time',
  'money',
  'paid',
  'gpa',
  'number',
  'percent',
  'integer',
  'bigint',
  'decimal',
  'boolean',
]);

/**
 * The longest declared text that is still a code or a reference (codes 20-40, IP addresses 45,
 * provider references and action names 60); names (80 and more) and descriptions may wrap.
 */
export const CODE_MAX_LENGTH = 60;

/** A value with no declared field (a domain's own list): short and with a digit, it is a code, a time or an amount. */
const SHORT_TOKEN_LENGTH = 24;

/**
 * True when the cell of `column` (its entity `field`, when declared) keeps `value` on one line.
 * A referenced record is judged by its `label` as shown: an invoice's code stays whole, a
 * student's name may wrap.
 */
export function keepsOneLine(
  column: { format?: string; badge?: string },
  field: Field | undefined,
  value: unknown,
  label?: string,
): boolean {
  if (column.badge) return true;
  if (field?.ref && !column.format) return label !== undefined && isShortToken(label);
  const kind = column.format ?? field?.type;
  if (kind && ONE_LINE_KINDS.has(kind)) return true;
  if (field) {
    if (field.enum) return true; // one of a few fixed words
    return field.type === 'string' && field.maxLength !== undefined && field.maxLength <= CODE_MAX_LENGTH;
  }
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return true;
  return typeof value === 'string' && isShortToken(value);
}

function isShortToken(text: string): boolean {
  return text.length <= SHORT_TOKEN_LENGTH && /\d/.test(text);
}
