/**
 * Sorting by any column: numbers and ticks numerically, text and labels by the language's
 * collation (numeric-aware), empty cells last in both directions. Works on index arrays so a
 * 100,000-row sort compares precomputed keys, not rows.
 */
import { sortKey } from './columns.ts';
import type { GridColumn, GridRow } from './types.ts';

export type SortDirection = 'asc' | 'desc';
export interface SortState {
  column: string;
  direction: SortDirection;
}

/** The indices reordered by the column (stable). Keys are computed once, into an array. */
export function sortIndices(
  indices: readonly number[],
  rows: readonly GridRow[],
  column: GridColumn,
  direction: SortDirection,
  lang = 'en',
): number[] {
  const n = indices.length;
  const keys: (number | string | null)[] = new Array(n);
  let numeric = true;
  for (let p = 0; p < n; p++) {
    const key = sortKey(column, rows[indices[p]!]?.[column.name], lang);
    keys[p] = key;
    if (key !== null && typeof key !== 'number') numeric = false;
  }
  const sign = direction === 'asc' ? 1 : -1;
  const order = Array.from({ length: n }, (_, p) => p);
  if (numeric) {
    order.sort((a, b) => {
      const x = keys[a] as number | null;
      const y = keys[b] as number | null;
      if (x === null || y === null) return x === y ? a - b : x === null ? 1 : -1;
      return x === y ? a - b : (x - y) * sign;
    });
  } else {
    const collator = new Intl.Collator(lang, { numeric: true, sensitivity: 'base' });
    order.sort((a, b) => {
      const x = keys[a]!;
      const y = keys[b]!;
      if (x === null || y === null) return x === y ? a - b : x === null ? 1 : -1;
      const diff = typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y));
      return diff === 0 ? a - b : diff * sign;
    });
  }
  return order.map((p) => indices[p]!);
}
