/**
 * Column filters (admission-and-grid section 5): operators =, <>, >, >=, <, <=, the wildcards
 * * (any run) and ? (one character), and the regular-expression prefix ~. Text without an
 * operator or wildcard matches cells containing it. Matching ignores case and uses a cell's
 * plain text (no thousands separators, a choice's label); comparisons are numeric when the
 * column and the operand are numbers (a tick column also takes a date as the operand).
 */
import { dateKind, isNumeric, isTick, plainText, sortKey } from './columns.ts';
import { parseDateText } from './dates.ts';
import { asciiDigits, LIST_SHORTEN } from './format.ts';
import type { GridColumn, GridRow } from './types.ts';

export type FilterOp = '=' | '<>' | '>' | '>=' | '<' | '<=' | 'contains' | 'regex';

export interface ParsedFilter {
  op: FilterOp;
  /** The operand as written after the operator, trimmed. */
  operand: string;
  /** For wildcards (=, <>, or no operator) and ~: the compiled expression. */
  pattern?: RegExp;
}

const OPERATORS = ['<>', '>=', '<=', '=', '>', '<'] as const;

/** '*' -> any run, '?' -> one character, everything else literal; whole text, any case. */
export function wildcardToRegExp(text: string): RegExp {
  const source = Array.from(text, (ch) =>
    ch === '*' ? '.*' : ch === '?' ? '.' : ch.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&'),
  ).join('');
  return new RegExp(`^${source}$`, 'is');
}

const hasWildcard = (text: string): boolean => /[*?]/.test(text);

/** The filter a text says, null for an empty filter, or an error for a bad expression. */
export function parseFilter(text: string): ParsedFilter | null | { error: 'invalid' } {
  const trimmed = text.trim();
  if (!trimmed) return null;
  if (trimmed.startsWith('~')) {
    try {
      return { op: 'regex', operand: trimmed.slice(1), pattern: new RegExp(trimmed.slice(1), 'iu') };
    } catch {
      return { error: 'invalid' };
    }
  }
  const op = OPERATORS.find((o) => trimmed.startsWith(o));
  const operand = (op ? trimmed.slice(op.length) : trimmed).trim();
  if (!op) return { op: 'contains', operand, pattern: hasWildcard(operand) ? wildcardToRegExp(operand) : undefined };
  if ((op === '=' || op === '<>') && hasWildcard(operand)) return { op, operand, pattern: wildcardToRegExp(operand) };
  return { op, operand };
}

/** The operand as a number for a numeric column, or null when it compares as text. */
function numericOperand(column: GridColumn, operand: string): number | null {
  const text = asciiDigits(operand).replace(/,/g, '');
  if (/^-?(\d+\.?\d*|\.\d+)$/.test(text)) return Number(text);
  const kind = dateKind(column);
  if (isTick(column) && kind) {
    // A date typed against a tick column: compare with that moment (date columns compare as text).
    return parseDateText(operand, kind) ?? parseDateText(operand, 'date');
  }
  return null;
}

export type RowTest = (row: GridRow) => boolean;

/** A test for rows of one column's filter, or null when the filter is empty or invalid. */
export function compileColumnFilter(column: GridColumn, text: string, lang = 'en'): RowTest | null {
  const parsed = parseFilter(text);
  if (!parsed || 'error' in parsed) return null;
  const { name } = column;
  const textOf = (row: GridRow): string => plainText(column, row[name], lang);
  const { op, operand, pattern } = parsed;

  if (pattern) {
    const test = (row: GridRow) => pattern.test(textOf(row));
    return op === '<>' ? (row) => !test(row) : test;
  }
  if (op === 'contains') {
    const needle = operand.toLowerCase();
    return (row) => textOf(row).toLowerCase().includes(needle);
  }
  const number = isNumeric(column) ? numericOperand(column, operand) : null;
  if (op === '=' || op === '<>') {
    const same =
      number !== null
        ? (row: GridRow) => sortKey(column, row[name], lang) === number
        : (row: GridRow) => textOf(row).toLowerCase() === operand.toLowerCase();
    return op === '=' ? same : (row) => !same(row);
  }
  const cmp = compareWith(op as '>' | '>=' | '<' | '<=');
  if (number !== null) {
    return (row) => {
      const key = sortKey(column, row[name], lang);
      return typeof key === 'number' && cmp(key - number);
    };
  }
  const right = operand.toLowerCase();
  return (row) => {
    const left = textOf(row).toLowerCase();
    if (left === '') return false;
    return cmp(left < right ? -1 : left > right ? 1 : 0);
  };
}

function compareWith(op: '>' | '>=' | '<' | '<='): (diff: number) => boolean {
  switch (op) {
    case '>':
      return (d) => d > 0;
    case '>=':
      return (d) => d >= 0;
    case '<':
      return (d) => d < 0;
    default:
      return (d) => d <= 0;
  }
}

/** True when a filter text is not a valid expression (a broken ~ pattern). */
export function isInvalidFilter(text: string): boolean {
  const parsed = parseFilter(text);
  return !!parsed && 'error' in parsed;
}

/** At most this many distinct values in a column's filter list (spec section 9). */
export const VALUE_LIST_MAX = 1000;

export interface ValueListItem {
  /** The plain text (what selecting it filters on). */
  text: string;
  /** The text shown: shortened to 15 characters plus an ellipsis. */
  shown: string;
  count: number;
}

/** The distinct values of a column over rows, sorted, at most 1000. */
export function columnValueList(
  column: GridColumn,
  rows: readonly GridRow[],
  lang = 'en',
  max = VALUE_LIST_MAX,
): { items: ValueListItem[]; truncated: boolean } {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const text = plainText(column, row[column.name], lang);
    counts.set(text, (counts.get(text) ?? 0) + 1);
  }
  const collator = new Intl.Collator(lang, { numeric: true, sensitivity: 'base' });
  const texts = [...counts.keys()].sort(collator.compare);
  const items = texts.slice(0, max).map((text) => ({
    text,
    shown: Array.from(text).length > LIST_SHORTEN ? Array.from(text).slice(0, LIST_SHORTEN).join('') + '…' : text,
    count: counts.get(text)!,
  }));
  return { items, truncated: texts.length > max };
}

/** The filter text that selects exactly one listed value (wildcard characters kept literal). */
export function valueFilterText(text: string): string {
  if (text === '') return '=';
  if (/[*?]/.test(text)) return '~^' + text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&') + '$';
  return '=' + text;
}
