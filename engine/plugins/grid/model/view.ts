/**
 * The rows a grid shows: column filters, then the fuzzy search, then the sort, as an array of
 * indices into the grid's rows (the rows themselves are never copied or reordered).
 */
import { plainText } from './columns.ts';
import { compileColumnFilter, type RowTest } from './filter.ts';
import { AUTOCOMPLETE_MAX } from './paging.ts';
import { sortIndices, type SortState } from './sort.ts';
import type { GridColumn, GridRow } from './types.ts';

export interface ViewState {
  /** Filter text by column name. */
  filters: Readonly<Record<string, string>>;
  search: string;
  sort: SortState | null;
}

export const EMPTY_VIEW: ViewState = { filters: {}, search: '', sort: null };

/**
 * The view's row indices. `found` is the fuzzy search's answer for `state.search` (the matching
 * rows' positions, best first: search.ts, or the grid's search worker), worked out apart so that a
 * filter or a sort does not search again; without it the search is not applied.
 */
export function computeView(
  rows: readonly GridRow[],
  columns: readonly GridColumn[],
  state: ViewState,
  lang = 'en',
  found?: readonly number[],
): readonly number[] {
  const tests: RowTest[] = [];
  for (const column of columns) {
    const text = state.filters[column.name];
    const test = text ? compileColumnFilter(column, text, lang) : null;
    if (test) tests.push(test);
  }
  let indices: readonly number[];
  if (state.search.trim() && found) {
    // Fuse gives best matches first; filters then keep that order.
    // The answer itself when nothing filters it: the view is never changed in place.
    indices = tests.length ? found.filter((i) => tests.every((t) => t(rows[i]!))) : found;
  } else if (!tests.length) {
    // Every row, in order (the first render of 100,000 rows): filled, not grown by push.
    const every = new Array<number>(rows.length);
    for (let i = 0; i < rows.length; i++) every[i] = i;
    indices = every;
  } else {
    const kept: number[] = [];
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i]!;
      let keep = true;
      for (const t of tests)
        if (!t(row)) {
          keep = false;
          break;
        }
      if (keep) kept.push(i);
    }
    indices = kept;
  }
  if (state.sort) {
    const column = columns.find((c) => c.name === state.sort!.column);
    if (column) indices = sortIndices(indices, rows, column, state.sort.direction, lang);
  }
  return indices;
}

/** Up to 50 distinct values of the column starting with (then containing) the typed text. */
export function autocompleteValues(
  column: GridColumn,
  rows: readonly GridRow[],
  typed: string,
  lang = 'en',
  max = AUTOCOMPLETE_MAX,
): string[] {
  const needle = typed.trim().toLowerCase();
  const starts: string[] = [];
  const contains: string[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    const text = plainText(column, row[column.name], lang);
    if (!text || seen.has(text)) continue;
    seen.add(text);
    const lower = text.toLowerCase();
    if (lower.startsWith(needle)) starts.push(text);
    else if (needle && lower.includes(needle)) contains.push(text);
    if (starts.length >= max) break;
  }
  const collator = new Intl.Collator(lang, { numeric: true, sensitivity: 'base' });
  return [...starts.sort(collator.compare), ...contains.sort(collator.compare)].slice(0, max);
}
