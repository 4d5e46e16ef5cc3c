/**
 * A sheet's table into grid rows (admission-and-grid sections 5 and 8): headers matched to
 * columns by label (any language) or name, every cell parsed and validated by the grid
 * model's validateCell, problems reported with the spec's messages. Pure: runs in Node tests.
 *
 * - Nothing matched: 'No matched column name'; a key column absent: 'Missing key column';
 *   no data row: 'No record is read'. These are fatal: no rows come back.
 * - A readonly column that is not a key: 'Readonly column detected'; its values are not taken
 *   (the grid keeps the row's own, matched by the key).
 * - A refused cell: 'Row {n} has validation error for column {name}: {reason}', n counting
 *   the records from 1 as the grid numbers them. The row still comes back with the cell's text
 *   as it was written, so the user sees it and fixes it in the grid. When more than
 *   ROW_MESSAGES_PER_COLUMN cells of one column fail, one 'Column {name} has validation
 *   error: {reason}' replaces that column's row messages. A repeated key value is a column error.
 */
import {
  fillMessage,
  GRID_MESSAGES,
  gridText,
  isEmptyValue,
  numberText,
  validateCell,
  validateRow,
  type GridColumn,
  type GridRow,
  type RowValidator,
} from '../model/index.ts';
import { dateKind, typeOf } from '../model/columns.ts';
import type { DateKind } from '../model/dates.ts';
import { localize, type LocalizedText } from '../../../core/text.ts';
import { IO_MESSAGES } from './messages.ts';
import { columnCell, type SheetColumns } from './sheet-columns.ts';
import { isSheetDate, type SheetCell, type SheetTable } from './table.ts';

export const ROW_MESSAGES_PER_COLUMN = 10;

export interface ImportError {
  /** The message in every language (placeholders filled). */
  message: LocalizedText;
  /** The message in the import's language. */
  text: string;
  /** The record (1 = first row under the header) for a row message. */
  row?: number;
  /** The column's name for a column or row message. */
  column?: string;
  /** True when nothing was imported because of it. */
  fatal?: boolean;
  /** True for a notice that did not stop the import (a readonly column left out). */
  warning?: boolean;
}

export interface ImportResult {
  rows: GridRow[];
  errors: ImportError[];
  /** Names of the columns taken from the sheet, in sheet order. */
  columns: string[];
}

export interface ImportOptions {
  rowValidators?: readonly RowValidator[];
}

/** Header text for comparing: trimmed, inner spaces collapsed, case folded. */
export const headerKey = (text: string): string => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** Every text a column answers to in a header: its name and its label in each language. */
function columnKeys(column: GridColumn): string[] {
  const keys = [column.name];
  if (typeof column.label === 'string') keys.push(column.label);
  else if (column.label) keys.push(...Object.values(column.label).filter((t): t is string => Boolean(t)));
  return keys.map(headerKey);
}

const DATE_LENGTH: Record<DateKind, number> = { date: 10, datetime: 16, datetimesec: 19 };
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2})(?::(\d{2}))?)?$/;

/**
 * A date text cut to the column's kind when the cut parts are zero: spreadsheets write
 * '2024-09-01 00:00:00' for a date and add ':00' seconds to a time. A non-zero part is kept,
 * so the column's parser refuses it rather than the import dropping a time silently.
 */
function fitDate(text: string, kind: DateKind): string {
  const match = DATE_TIME.exec(text.trim());
  if (!match) return text;
  const full = `${match[1]} ${match[2] ?? '00:00'}:${match[3] ?? '00'}`;
  const cut = full.slice(DATE_LENGTH[kind]);
  return /^[\s:0]*$/.test(cut) ? full.slice(0, DATE_LENGTH[kind]) : text;
}

/** A taken column with what its cells need, worked out once rather than per cell. */
interface Target {
  index: number;
  column: GridColumn;
  name: string;
  kind: DateKind | undefined;
  text: boolean;
}

/** What the column's parser is given for a sheet cell. */
function rawFor({ kind, text }: Target, cell: SheetCell): unknown {
  if (cell === null) return null;
  if (typeof cell === 'string') return kind ? fitDate(cell, kind) : cell;
  if (typeof cell === 'number') return text ? numberText(cell) : cell;
  if (isSheetDate(cell)) return fitDate(cell.date, kind ?? 'date');
  return cell;
}

/** The text a refused cell keeps in the row, as the sheet showed it. */
function cellText(cell: SheetCell): string {
  if (cell === null) return '';
  if (isSheetDate(cell)) return cell.date;
  return typeof cell === 'number' ? numberText(cell) : String(cell);
}

/** A message filled per language: each language's template gets that language's values. */
function fillEach(template: LocalizedText, values: (lang: string) => Record<string, string | number>): LocalizedText {
  const out: LocalizedText = { en: '' };
  for (const [lang, text] of Object.entries(template)) {
    if (text !== undefined) out[lang] = fillMessage({ en: text }, values(lang)).en;
  }
  return out;
}

/** The cell at a record (0 = first row under the header) and sheet column, in either shape. */
function cellReader(table: SheetTable | SheetColumns): (r: number, c: number) => SheetCell {
  if ('rows' in table) return (r, c) => table.rows[r]![c] ?? null;
  return (r, c) => columnCell(table, r, c);
}

export function importTable(
  table: SheetTable | SheetColumns,
  columns: readonly GridColumn[],
  lang: string,
  options: ImportOptions = {},
): ImportResult {
  const errors: ImportError[] = [];
  const say = (message: LocalizedText, extra: Omit<ImportError, 'message' | 'text'> = {}) =>
    errors.push({ message, text: localize(message, lang), ...extra });
  const fatal = (message: LocalizedText, column?: GridColumn): ImportResult => {
    say(message, { fatal: true, ...(column ? { column: column.name } : {}) });
    return { rows: [], errors, columns: [] };
  };
  const labelOf = (column: GridColumn, l: string) => gridText(column.label, l) || column.name;

  // Headers to columns: the first header naming a column wins.
  const byKey = new Map<string, GridColumn>();
  for (const column of columns) for (const key of columnKeys(column)) if (!byKey.has(key)) byKey.set(key, column);
  const taken: Target[] = [];
  const seen = new Set<string>();
  const readonlySeen: GridColumn[] = [];
  table.header.forEach((text, index) => {
    const column = text ? byKey.get(headerKey(text)) : undefined;
    if (!column || seen.has(column.name)) return;
    seen.add(column.name);
    if (column.readonly && !column.keyField) readonlySeen.push(column);
    else taken.push({ index, column, name: column.name, kind: dateKind(column), text: typeOf(column) === 'string' });
  });
  if (taken.length === 0 && readonlySeen.length === 0) return fatal(GRID_MESSAGES.noMatchedColumn);
  const missingKey = columns.find((c) => c.keyField && !seen.has(c.name));
  if (missingKey) return fatal(GRID_MESSAGES.missingKeyColumn, missingKey);
  const count = table.sheetRows.length;
  if (count === 0) return fatal(GRID_MESSAGES.noRecordRead);
  for (const column of readonlySeen) say(GRID_MESSAGES.readonlyColumn, { column: column.name, warning: true });
  if (taken.length === 0) return fatal(GRID_MESSAGES.noMatchedColumn);

  // Parse and validate every cell; failures are gathered per column, then reported.
  const failures = new Map<string, { row: number; reason: LocalizedText }[]>();
  const inOrder: { column: GridColumn; row: number; reason: LocalizedText }[] = [];
  const fail = (column: GridColumn, row: number, reason: LocalizedText) => {
    let list = failures.get(column.name);
    if (!list) failures.set(column.name, (list = []));
    list.push({ row, reason });
    inOrder.push({ column, row, reason });
  };
  const cellAt = cellReader(table);
  // Every row starts as a copy of one object with the columns in place: copies share its
  // shape, so the million cell writes below update fields instead of adding them one by one.
  const blank: GridRow = {};
  for (const { name } of taken) blank[name] = null;
  const rows: GridRow[] = new Array(count);
  for (let r = 0; r < count; r++) {
    const row: GridRow = { ...blank };
    for (const target of taken) row[target.name] = rawFor(target, cellAt(r, target.index));
    for (const { index, column, name } of taken) {
      const result = validateCell(column, row[name], row);
      if ('error' in result) {
        row[name] = cellText(cellAt(r, index));
        fail(column, r + 1, result.error);
      } else if (column.keyField && isEmptyValue(result.value)) {
        row[name] = result.value;
        fail(column, r + 1, GRID_MESSAGES.mandatory);
      } else {
        row[name] = result.value;
      }
    }
    const rowError = validateRow(row, options.rowValidators);
    if (rowError) {
      const column = taken.find((t) => t.column.name === rowError.column)?.column ?? taken[0]!.column;
      fail(column, r + 1, rowError.error);
    }
    rows[r] = row;
  }

  // Row messages top to bottom; a column with too many failures gets one message instead.
  const folded = (name: string) => (failures.get(name)?.length ?? 0) > ROW_MESSAGES_PER_COLUMN;
  for (const { column, row, reason } of inOrder) {
    if (folded(column.name)) continue;
    const message = fillEach(GRID_MESSAGES.rowError, (l) => ({
      n: row,
      name: labelOf(column, l),
      reason: localize(reason, l),
    }));
    say(message, { row, column: column.name });
  }
  for (const { column } of taken) {
    const list = failures.get(column.name);
    const name = (l: string) => labelOf(column, l);
    if (list && folded(column.name)) {
      const first = list[0]!.reason;
      const reason = (l: string) =>
        localize(
          fillEach(IO_MESSAGES.inRows, (k) => ({ reason: localize(first, k), count: list.length })),
          l,
        );
      say(
        fillEach(GRID_MESSAGES.columnError, (l) => ({ name: name(l), reason: reason(l) })),
        { column: column.name },
      );
    }
    if (column.keyField) {
      const counts = new Map<string, number>();
      for (const row of rows) {
        const value = row[column.name];
        if (value === null || value === undefined || value === '') continue;
        const key = String(value);
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      for (const [value, count] of counts) {
        if (count < 2) continue;
        const reason = (l: string) => localize(fillMessage(IO_MESSAGES.duplicateKey, { value }), l);
        say(
          fillEach(GRID_MESSAGES.columnError, (l) => ({ name: name(l), reason: reason(l) })),
          { column: column.name },
        );
      }
    }
  }
  return { rows, errors, columns: taken.map((t) => t.column.name) };
}
