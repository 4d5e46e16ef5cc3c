/**
 * The keystroke rules (admission-and-grid section 5): number columns accept only digits, dot
 * and minus; check columns one character, 0/1, Y/N or T/F; a column's allowKeys class limits
 * any other column. Arabic-Indic digits count as digits (parseCell reads them).
 */
import { allowsChar } from '../../../core/keystroke.ts';
import { CHECK_VALUES, typeOf } from './columns.ts';
import type { GridColumn } from './types.ts';

const NUMBER_CHAR = /^[0-9.\-\u0660-\u0669\u06F0-\u06F9]$/u;

/** True when the column lets this one character be typed. */
export function acceptsKey(column: GridColumn, char: string): boolean {
  const check = CHECK_VALUES[typeOf(column)];
  if (check) return check.includes(char.toUpperCase());
  if (typeOf(column) === 'number' && !NUMBER_CHAR.test(char)) return false;
  if (column.allowKeys && !allowsChar(column.allowKeys, char)) return false;
  return true;
}

/**
 * The text an editor keeps after typing or pasting `text`: disallowed characters dropped; a
 * check column keeps one character (the last allowed one typed), upper-cased.
 */
export function filterInput(column: GridColumn, text: string): string {
  const kept = Array.from(text).filter((char) => acceptsKey(column, char));
  if (CHECK_VALUES[typeOf(column)]) return (kept.at(-1) ?? '').toUpperCase();
  return kept.join('');
}
