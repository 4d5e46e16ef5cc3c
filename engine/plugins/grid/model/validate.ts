/**
 * Validation of a cell and a row (admission-and-grid section 5, "Grid rules"): the type's
 * format ('Invalid input value'), allowed keys, the mandatory column's own message, the length
 * limit, then the column's validator; a row validator looks at the whole row. The first failing
 * rule gives the message. Used by editing, pasting and the import alike.
 */
import { isEmptyValue, parseCell, plainText, typeOf } from './columns.ts';
import { fillMessage, GRID_MESSAGES, toLocalized } from './messages.ts';
import { compileFilter } from '../../../core/keystroke.ts';
import type { LocalizedText } from '../../../core/text.ts';
import type { CellResult, CellValue, GridColumn, GridRow, GridText, RowValidator } from './types.ts';

function allowedText(column: GridColumn, text: string): boolean {
  if (!column.allowKeys) return true;
  const re = compileFilter(column.allowKeys);
  for (const char of text) if (!re.test(char)) return false;
  return true;
}

/**
 * The value of `raw` for the column, or the reason it is refused. `row` is the row the value
 * goes into (given to the column's validator with the new value in place).
 */
export function validateCell(column: GridColumn, raw: unknown, row: GridRow = {}): CellResult {
  const parsed = parseCell(column, raw);
  if ('error' in parsed) return parsed;
  const { value } = parsed;
  if (isEmptyValue(value)) {
    if (column.mandatory)
      return { error: column.mandatoryMessage ? toLocalized(column.mandatoryMessage) : GRID_MESSAGES.mandatory };
    return parsed;
  }
  // The value's text only when a rule reads it (an import validates a million cells).
  const text = () => (typeOf(column) === 'string' ? String(value) : plainText(column, value));
  if (
    typeof raw === 'string' &&
    column.allowKeys &&
    !allowedText(column, typeOf(column) === 'string' ? text() : raw.trim())
  ) {
    return { error: GRID_MESSAGES.invalidInput };
  }
  if (column.lengthLimit !== undefined && Array.from(text()).length > column.lengthLimit) {
    return { error: fillMessage(GRID_MESSAGES.lengthLimit, { n: column.lengthLimit }) };
  }
  if (column.validate) {
    const reason = column.validate(value, { ...row, [column.name]: value });
    if (reason) return { error: toLocalized(reason) };
  }
  return parsed;
}

export interface RowError {
  /** The column the reason belongs to, when the validator named one. */
  column?: string;
  error: LocalizedText;
}

/** The first row validator's reason for the row, or null. */
export function validateRow(row: GridRow, validators: readonly RowValidator[] = []): RowError | null {
  for (const validator of validators) {
    const answer = validator(row);
    if (!answer) continue;
    if (typeof answer === 'string') return { error: toLocalized(answer) };
    // A LocalizedText always has `en`; the { column, reason } form never does.
    if (typeof (answer as LocalizedText).en === 'string') return { error: answer as LocalizedText };
    const named = answer as { column?: string; reason: GridText };
    return { column: named.column, error: toLocalized(named.reason) };
  }
  return null;
}

/** Every cell of a row checked against its column: column name -> reason. */
export function validateRowCells(columns: readonly GridColumn[], row: GridRow): Map<string, LocalizedText> {
  const errors = new Map<string, LocalizedText>();
  for (const column of columns) {
    const result = validateCell(column, row[column.name] as CellValue, row);
    if ('error' in result) errors.set(column.name, result.error);
  }
  return errors;
}
