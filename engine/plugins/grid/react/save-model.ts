/**
 * Saving a grid screen's edits (the screen's `grid: {save: ...}`), pure: which rows changed since
 * the rows were read (edits, pastes, undo and the browser import alike: the current rows are
 * compared with the loaded ones by the save key), the request body with only those rows, the
 * server's 422 errors put back on their cells, and the columns that show them with the grid's own
 * error display (a column validator). No React: the unit tests run it in Node.
 */
import { checkRule } from '../../../core/field-rules.ts';
import type { GridSave, Rule, ScreenColumn } from '../../../../generator/manifest-types.ts';
import { isEmptyValue } from '../model/columns.ts';
import { validateCell } from '../model/validate.ts';
import type { CellValue, GridColumn, GridRow, GridText } from '../model/types.ts';

/** One changed row: its key, where it is in the current rows, and its saved columns' values. */
export interface PendingRow {
  key: string;
  /** The key as the server gave it (a number stays a number in the body). */
  keyValue: unknown;
  index: number;
  values: Record<string, CellValue>;
}

export interface Pending {
  rows: PendingRow[];
  /** Changed rows whose saved cells the grid itself refuses (typed text in a number column...). */
  invalid: number;
  /** Rows matching no loaded row (an import's unknown keys): never sent. */
  unmatched: number;
}

const keyText = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** Whether two cell values are the same value (empty is empty; 12 and '12' and 12.0 are one number). */
export function sameCell(a: unknown, b: unknown): boolean {
  if (isEmptyValue(a) || isEmptyValue(b)) return isEmptyValue(a) && isEmptyValue(b);
  if (typeof a === 'number' || typeof b === 'number') {
    const x = Number(a);
    const y = Number(b);
    if (Number.isFinite(x) && Number.isFinite(y)) return x === y;
  }
  return String(a) === String(b);
}

/** The changed rows of `current` against the loaded `base`, by `save.key`. */
export function pendingChanges(
  base: readonly GridRow[],
  current: readonly GridRow[],
  save: GridSave,
  columns: readonly GridColumn[],
): Pending {
  const loaded = new Map<string, GridRow>();
  for (const row of base) {
    const key = keyText(row[save.key]);
    if (key) loaded.set(key, row);
  }
  const saved = save.columns
    .map((name) => columns.find((c) => c.name === name))
    .filter((c): c is GridColumn => Boolean(c));
  const out: Pending = { rows: [], invalid: 0, unmatched: 0 };
  current.forEach((row, index) => {
    const key = keyText(row[save.key]);
    const before = key ? loaded.get(key) : undefined;
    if (!before) {
      out.unmatched += 1;
      return;
    }
    if (saved.every((c) => sameCell(before[c.name], row[c.name]))) return;
    const values: Record<string, CellValue> = {};
    for (const c of saved) {
      const value = row[c.name] as CellValue;
      values[c.name] = isEmptyValue(value) ? null : value;
      if ('error' in validateCell(c, value, row)) out.invalid += 1;
    }
    out.rows.push({ key, keyValue: before[save.key], index, values });
  });
  return out;
}

/** `{<field>: [{<key>: ..., <column>: ...}]}`: only the changed rows. */
export function saveBody(save: GridSave, rows: readonly PendingRow[]): Record<string, unknown> {
  return { [save.field]: rows.map((r) => ({ [save.key]: r.keyValue, ...r.values })) };
}

/** A server message on a cell, with the value it was about (the message goes once the cell changes). */
export interface CellError {
  text: string;
  value: CellValue;
}

/** Row key -> column -> the server's message. */
export type CellErrors = ReadonlyMap<string, ReadonlyMap<string, CellError>>;

/**
 * The 422 answer's `errors` on the cells of the rows sent: `<field>.<i>.<column>` on that cell;
 * `<field>.<i>.<key>` and `<field>.<i>` (the row as a whole) on the row's first saved column.
 * Anything else (a message about the whole request) comes back in `other`.
 */
export function cellErrorsFrom(
  errors: unknown,
  sent: readonly PendingRow[],
  save: GridSave,
): { cells: CellErrors; other: string[] } {
  const cells = new Map<string, Map<string, CellError>>();
  const other: string[] = [];
  if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return { cells, other };
  const prefix = `${save.field}.`;
  for (const [name, value] of Object.entries(errors as Record<string, unknown>)) {
    const text = (Array.isArray(value) ? value : [value]).map((v) => (typeof v === 'string' ? v : '')).find(Boolean);
    if (!text) continue;
    const match = name.startsWith(prefix) ? /^(\d+)(?:\.(.+))?$/.exec(name.slice(prefix.length)) : null;
    const row = match ? sent[Number(match[1])] : undefined;
    if (!row) {
      other.push(text);
      continue;
    }
    const named = match![2];
    const column = named && save.columns.includes(named) ? named : save.columns[0]!;
    const forRow = cells.get(row.key) ?? new Map<string, CellError>();
    if (!forRow.has(column)) forRow.set(column, { text, value: row.values[column] ?? null });
    cells.set(row.key, forRow);
  }
  return { cells, other };
}

/** Chains a validator after a column's own. */
function chain(column: GridColumn, next: (value: CellValue, row: GridRow) => GridText | undefined): GridColumn {
  const own = column.validate;
  return { ...column, validate: (value, row) => own?.(value, row) || next(value, row) || undefined };
}

/** The columns with the server's messages shown on their cells while the cell keeps the value sent. */
export function withCellErrors(columns: readonly GridColumn[], errors: CellErrors, key: string): GridColumn[] {
  if (!errors.size) return columns as GridColumn[];
  const named = new Set<string>();
  for (const forRow of errors.values()) for (const column of forRow.keys()) named.add(column);
  return columns.map((column) =>
    named.has(column.name)
      ? chain(column, (value, row) => {
          const error = errors.get(keyText(row[key]))?.get(column.name);
          return error && sameCell(error.value, value) ? error.text : undefined;
        })
      : column,
  );
}

/** The columns with their screen column's `grid.rules` (shared field rules, the row as the record) as validators. */
export function withRules(
  columns: readonly GridColumn[],
  screenColumns: readonly Pick<ScreenColumn, 'field' | 'grid'>[],
  rules: Readonly<Record<string, Rule>>,
): GridColumn[] {
  return columns.map((column) => {
    const names = screenColumns.find((c) => c.field === column.name)?.grid?.rules ?? [];
    const list = names.map((n) => rules[n]).filter((r): r is Rule => Boolean(r));
    if (!list.length) return column;
    return chain(column, (value, row) => list.find((rule) => !checkRule(rule, value, row))?.message);
  });
}
