/**
 * Imported rows into the grid's rows. With key columns, a row whose key values match an
 * existing row updates that row's imported columns (readonly ones stay the grid's); other rows
 * are added at the end. Without key columns every imported row is added.
 */
import { plainText } from './columns.ts';
import type { GridColumn, GridRow } from './types.ts';

export function mergeRows(
  existing: readonly GridRow[],
  imported: readonly GridRow[],
  columns: readonly GridColumn[],
): GridRow[] {
  const keys = columns.filter((c) => c.keyField);
  if (!keys.length) return [...existing, ...imported];
  const [only] = keys;
  // One key column (the usual case) is its text; several are joined.
  const keyOf =
    keys.length === 1
      ? (row: GridRow) => plainText(only!, row[only!.name])
      : (row: GridRow) => keys.map((k) => plainText(k, row[k.name])).join('\u0000');
  const at = new Map<string, number>();
  existing.forEach((row, i) => at.set(keyOf(row), i));
  const writable = columns.filter((c) => !c.readonly || c.keyField);
  const out = existing.slice();
  for (const row of imported) {
    const i = at.get(keyOf(row));
    if (i === undefined) {
      at.set(keyOf(row), out.length);
      out.push(row);
      continue;
    }
    const next = { ...out[i]! };
    for (const column of writable) if (column.name in row) next[column.name] = row[column.name];
    out[i] = next;
  }
  return out;
}
