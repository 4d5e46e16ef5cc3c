/**
 * A grid screen's state in the address, so a reload or a shared link shows the same rows:
 * the list renderer's format (engine/core/list-state.ts, list-model.ts) where it fits, plus
 * one prefix for the grid's own column filters.
 *
 *   filter.<field>=1,3    the screen's server filters (YAML `filters`), as on a list screen
 *   search=ahmed          the grid's fuzzy search text
 *   sort=gpa&order=desc   the grid's sort (order left out when ascending), as on a list screen
 *   col.<column>=>=3      a column's filter text, as typed (operators, wildcards, ~regex)
 *
 * Other keys of the address are kept. Empty values are left out.
 */
import type { Screen } from '../../../../generator/manifest-types.ts';
import { mergeListQuery, readListState, type ListState } from '../../../core/list-state.ts';
import { toEntries, type QueryInput } from '../../../core/query.ts';
import { ORDER_KEY, readSort, SORT_KEY, withSort } from '../../../react/renderers/list/list-model.ts';
import type { SortState } from '../model/sort.ts';

export const COLUMN_PREFIX = 'col.';

/** What the grid itself keeps (client side), besides the server filters. */
export interface GridViewState {
  /** Column name -> filter text. */
  filters: Record<string, string>;
  search: string;
  sort: SortState | null;
}

export interface GridUrlState {
  /** The server filters (ids per field) in list-state's shape; page and perPage unused. */
  server: ListState;
  view: GridViewState;
}

type ScreenPart = Pick<Screen, 'filters' | 'columns' | 'source'>;

export function readGridUrl(query: QueryInput, screen: ScreenPart): GridUrlState {
  const params = new URLSearchParams(toEntries(query));
  const entries = [...params.entries()];
  const server = readListState(params, { filterFields: screen.filters.map((f) => f.field) });
  const columns = new Set(screen.columns.map((c) => c.field));
  const filters: Record<string, string> = {};
  for (const [key, value] of entries) {
    if (!key.startsWith(COLUMN_PREFIX)) continue;
    const name = key.slice(COLUMN_PREFIX.length);
    // Only the screen's own columns: an address cannot add keys to the filters object.
    if (columns.has(name) && value !== '') filters[name] = value;
  }
  // The grid sorts only when the address says so: the source's sort is the loading order.
  const asked = entries.some(([k]) => k === SORT_KEY);
  const sort = asked ? readSort(params, { columns: screen.columns, source: undefined }) : undefined;
  return {
    server,
    view: { filters, search: server.search, sort: sort ? { column: sort.field, direction: sort.order } : null },
  };
}

/** The address query for a grid state; keys that are not the grid's stay as they were. */
export function writeGridUrl(current: QueryInput, state: GridUrlState): URLSearchParams {
  const kept = new URLSearchParams(
    toEntries(current).filter(([k]) => !k.startsWith(COLUMN_PREFIX) && k !== SORT_KEY && k !== ORDER_KEY),
  );
  const merged = mergeListQuery(kept, { ...state.server, page: 1, search: state.view.search });
  const sort = state.view.sort ? { field: state.view.sort.column, order: state.view.sort.direction } : undefined;
  const out = withSort(merged, sort);
  for (const [name, text] of Object.entries(state.view.filters)) {
    if (text !== '') out.set(COLUMN_PREFIX + name, text);
  }
  return out;
}
