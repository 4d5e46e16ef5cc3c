/**
 * List state kept in the address query (portal-core section 2): page, perPage, search and
 * the filter ids. Defaults page 1, perPage 10 (section 9).
 *
 * Query format (written by `listStateToQuery`, read by `readListState`):
 *   page=2&perPage=25&search=ahmed&filter.status_id=1,3&filter.faculty_id=7
 *   - page:      positive integer; missing or invalid -> 1.
 *   - perPage:   integer from 1 to MAX_PER_PAGE (or one of `perPageOptions` when given);
 *                missing or invalid -> 10.
 *   - search:    free text, trimmed; empty -> ''.
 *   - filter.<field>: the selected ids of that filter, comma-separated; a repeated key adds
 *                ids too. Empty ids are dropped, duplicates removed, order kept. With
 *                `filterFields` given, other fields are ignored.
 * Defaults are left out of the query, so a fresh list has a clean address; unrelated keys
 * of the query are kept by `mergeListQuery`.
 */
import { toEntries, type QueryInput } from './query.ts';

export interface ListState {
  page: number;
  perPage: number;
  search: string;
  /** field -> selected ids (as strings: ids may be numbers or keys). */
  filters: Record<string, string[]>;
}

export const DEFAULT_PAGE = 1;
export const DEFAULT_PER_PAGE = 10;
export const MAX_PER_PAGE = 1000;
export const FILTER_PREFIX = 'filter.';
const LIST_KEYS = ['page', 'perPage', 'search'];
/** A filter field name; also keeps '__proto__' and the like out of the filters object. */
const FIELD_NAME = /^(?!__proto__$|constructor$|prototype$)[A-Za-z_][A-Za-z0-9_-]*$/;

export interface ListStateOptions {
  /** Only these filter fields are read (the screen's declared filters). */
  filterFields?: readonly string[];
  /** Only these page sizes are accepted. */
  perPageOptions?: readonly number[];
}

export function defaultListState(): ListState {
  return { page: DEFAULT_PAGE, perPage: DEFAULT_PER_PAGE, search: '', filters: {} };
}

export function readListState(query: QueryInput, options: ListStateOptions = {}): ListState {
  const state = defaultListState();
  for (const [key, value] of toEntries(query)) {
    if (key === 'page') state.page = parsePage(value);
    else if (key === 'perPage') state.perPage = parsePerPage(value, options.perPageOptions);
    else if (key === 'search') state.search = value.trim();
    else if (key.startsWith(FILTER_PREFIX)) {
      const field = key.slice(FILTER_PREFIX.length);
      if (!FIELD_NAME.test(field) || (options.filterFields && !options.filterFields.includes(field))) continue;
      addIds(state.filters, field, value.split(','));
    }
  }
  return state;
}

/** The query of a list state, defaults and empty filters left out. */
export function listStateToQuery(state: ListState): Record<string, string> {
  const query: Record<string, string> = {};
  if (state.page !== DEFAULT_PAGE) query.page = String(state.page);
  if (state.perPage !== DEFAULT_PER_PAGE) query.perPage = String(state.perPage);
  if (state.search.trim()) query.search = state.search.trim();
  for (const [field, ids] of Object.entries(state.filters)) {
    const clean = unique(ids.map((id) => String(id).trim()).filter(Boolean));
    if (clean.length) query[FILTER_PREFIX + field] = clean.join(',');
  }
  return query;
}

/** The current query with the list keys replaced by `state`'s; other keys stay. */
export function mergeListQuery(current: QueryInput, state: ListState): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of toEntries(current)) {
    if (!LIST_KEYS.includes(key) && !key.startsWith(FILTER_PREFIX)) out.append(key, value);
  }
  for (const [key, value] of Object.entries(listStateToQuery(state))) out.append(key, value);
  return out;
}

/**
 * The next state after a user change: a new search, filter or page size starts again at page 1
 * (the old page may not exist in the new result).
 */
export function updateListState(state: ListState, patch: Partial<ListState>): ListState {
  const next: ListState = {
    page: patch.page ?? state.page,
    perPage: patch.perPage ?? state.perPage,
    search: patch.search ?? state.search,
    filters: patch.filters ? cloneFilters(patch.filters) : cloneFilters(state.filters),
  };
  const resets =
    (patch.search !== undefined && patch.search !== state.search) ||
    (patch.perPage !== undefined && patch.perPage !== state.perPage) ||
    (patch.filters !== undefined && !sameFilters(patch.filters, state.filters));
  if (resets && patch.page === undefined) next.page = DEFAULT_PAGE;
  return next;
}

function parsePage(value: string): number {
  const n = parseStrictInt(value);
  return n !== undefined && n >= 1 ? n : DEFAULT_PAGE;
}

function parsePerPage(value: string, options?: readonly number[]): number {
  const n = parseStrictInt(value);
  if (n === undefined) return DEFAULT_PER_PAGE;
  if (options) return options.includes(n) ? n : DEFAULT_PER_PAGE;
  return n >= 1 && n <= MAX_PER_PAGE ? n : DEFAULT_PER_PAGE;
}

function parseStrictInt(value: string): number | undefined {
  if (!/^\d{1,9}$/.test(value.trim())) return undefined;
  return Number(value.trim());
}

function addIds(filters: Record<string, string[]>, field: string, ids: string[]): void {
  const list = filters[field] ?? [];
  for (const raw of ids) {
    const id = raw.trim();
    if (id && !list.includes(id)) list.push(id);
  }
  if (list.length) filters[field] = list;
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

function cloneFilters(filters: Record<string, string[]>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(filters).map(([k, v]) => [k, [...v]]));
}

function sameFilters(a: Record<string, string[]>, b: Record<string, string[]>): boolean {
  const key = (filters: Record<string, string[]>): string =>
    JSON.stringify(Object.entries(listStateToQuery({ ...defaultListState(), filters })).sort());
  return key(a) === key(b);
}
