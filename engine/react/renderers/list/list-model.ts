/**
 * What a list shows, computed by pure functions from the screen, the entity and the list
 * state: the request body of the generic list call, the rows and total of its answer, the
 * column headers, the labels of referenced ids, the sort kept in the address, and which
 * actions the user may use.
 */
import type {
  ClientEntity,
  ClientManifest,
  LocalText,
  RowLink,
  Screen,
  ScreenAction,
} from '../../../../generator/manifest-types.ts';
import { can, mayOpen, type OpenableScreen, type PermissionSubject } from '../../../core/permissions.ts';
import { toEntries, type QueryInput } from '../../../core/query.ts';
import type { ListState } from '../../../core/list-state.ts';
import { labelFor, type LabelRow } from '../ref-labels.ts';
import { evaluateCondition, type ConditionContext } from '../../../core/conditions.ts';

export interface Sort {
  field: string;
  order: 'asc' | 'desc';
}

export const SORT_KEY = 'sort';
export const ORDER_KEY = 'order';

/** The sort in the address (`sort=name&order=desc`), else the screen's, else none. */
export function readSort(query: QueryInput, screen: Pick<Screen, 'source' | 'columns'>): Sort | undefined {
  const entries = toEntries(query);
  const field = entries.find(([k]) => k === SORT_KEY)?.[1];
  const order = entries.find(([k]) => k === ORDER_KEY)?.[1] === 'desc' ? 'desc' : 'asc';
  if (field && screen.columns.some((c) => c.field === field)) return { field, order };
  return screen.source?.sort;
}

/** The address query with the sort set (or removed when it equals the screen's default). */
export function withSort(query: URLSearchParams, sort: Sort | undefined, fallback?: Sort): URLSearchParams {
  const out = new URLSearchParams(query);
  out.delete(SORT_KEY);
  out.delete(ORDER_KEY);
  if (sort && !(fallback && fallback.field === sort.field && fallback.order === sort.order)) {
    out.set(SORT_KEY, sort.field);
    if (sort.order === 'desc') out.set(ORDER_KEY, 'desc');
  }
  return out;
}

/** Clicking a header: ascending, then descending, then back to the default. */
export function nextSort(current: Sort | undefined, field: string): Sort | undefined {
  if (current?.field !== field) return { field, order: 'asc' };
  return current.order === 'asc' ? { field, order: 'desc' } : undefined;
}

/** The body of POST /{resource} (server/resources/list-query.ts). */
export function listRequestBody(screen: Pick<Screen, 'source'>, state: ListState, sort: Sort | undefined) {
  const filters: Record<string, unknown> = { ...(screen.source?.filters ?? {}) };
  for (const [field, ids] of Object.entries(state.filters)) {
    if (ids.length) filters[field] = ids.length === 1 ? ids[0] : ids;
  }
  return {
    filters,
    search: state.search,
    ...(sort ? { sort } : {}),
    page: state.page,
    perPage: state.perPage,
  };
}

/** The API path of a list: the screen's own, else the resource's. */
export function listPath(screen: Pick<Screen, 'source'>): string | undefined {
  if (screen.source?.path) return screen.source.path;
  return screen.source?.resource ? `/${screen.source.resource}` : undefined;
}

export type Row = Record<string, unknown>;

export interface ListPage {
  rows: Row[];
  total: number;
}

/**
 * Rows and total from the answer shapes servers use: the Rowaq server's `{data, meta: {count}}`
 * (spec section 7), and `{data, total}`, `{data, meta: {total}}`, `{data: {data, total}}`,
 * `{rows, total}`, `[...]`. Without any total the rows are the whole list.
 */
export function normalizeListResponse(body: unknown): ListPage {
  if (Array.isArray(body)) return { rows: body as Row[], total: body.length };
  if (!body || typeof body !== 'object') return { rows: [], total: 0 };
  const b = body as Record<string, unknown>;
  const rows = Array.isArray(b.data)
    ? b.data
    : Array.isArray(b.rows)
      ? b.rows
      : Array.isArray(b.items)
        ? b.items
        : undefined;
  if (rows) {
    const meta = (b.meta ?? b.pagination ?? {}) as Record<string, unknown>;
    const total = Number(meta.count ?? b.total ?? meta.total ?? b.count ?? rows.length);
    return { rows: rows as Row[], total: Number.isFinite(total) ? total : rows.length };
  }
  if (b.data && typeof b.data === 'object') return normalizeListResponse(b.data);
  return { rows: [], total: 0 };
}

/**
 * The answer's lookups (`meta.lookup`): per status table its statuses, and per referenced
 * entity the labels `{id, name, name_local}` of exactly the ids on the page.
 */
export type ListLookup = Readonly<Record<string, readonly LabelRow[]>>;

const EMPTY_LOOKUP: ListLookup = Object.freeze({});

/** `meta.lookup` of a list answer (also `lookup`, or inside a wrapped `{data: {...}}`); {} without. */
export function readListLookup(body: unknown): ListLookup {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return EMPTY_LOOKUP;
  const b = body as Record<string, unknown>;
  const meta = b.meta && typeof b.meta === 'object' ? (b.meta as Record<string, unknown>) : undefined;
  const lookup = meta?.lookup ?? b.lookup;
  if (lookup && typeof lookup === 'object' && !Array.isArray(lookup)) {
    const entries = Object.entries(lookup).filter(([, rows]) => Array.isArray(rows));
    return Object.fromEntries(entries) as ListLookup;
  }
  if (!Array.isArray(b.data) && b.data && typeof b.data === 'object') return readListLookup(b.data);
  return EMPTY_LOOKUP;
}

/**
 * A referenced id's cell text from the page's lookup: the row's name (name_local in Arabic),
 * the id when the lookup has no such row, '—' when empty; undefined when the answer carried no
 * lookup for the entity at all (a server without lookups: the caller loads the options).
 */
export function refCellLabel(lookup: ListLookup, ref: string, value: unknown, language: string): string | undefined {
  const rows = Object.hasOwn(lookup, ref) ? lookup[ref] : undefined;
  return rows ? labelFor(rows, value, language) : undefined;
}

/** A column's header: its own label, else the entity field's, else the field name. */
export function columnLabel(column: { field: string; label?: LocalText }, entity: ClientEntity | undefined): LocalText {
  if (column.label && (column.label.en || column.label.ar)) return column.label;
  const field = entity?.fields[column.field];
  return field?.label ?? { en: column.field, ar: column.field };
}

/**
 * The actions the user may use, split into page actions and row actions. A page action's
 * `visibleWhen` is tested here against `context` (the route parameters; on a detail page the
 * record); a row action's is tested per row by `rowActionsFor`.
 */
export function visibleActions(
  actions: readonly ScreenAction[],
  subject: PermissionSubject | null,
  context: Omit<ConditionContext, 'subject'> = {},
  screens?: Readonly<Record<string, OpenableScreen>>,
) {
  const allowed = actions.filter(
    (a) =>
      (!a.permission || can(subject, a.permission)) &&
      // a button that opens a screen the user may not open would only lead to a refusal
      (!screens || a.type !== 'navigate' || !a.route || mayOpen(screens[a.route], subject)),
  );
  const page = allowed.filter((a) => !a.row && evaluateCondition(a.visibleWhen, { ...context, subject }));
  return { page, row: allowed.filter((a) => a.row) };
}

/**
 * The row link this user follows: the screen's, when the user holds its `permission` (or it
 * names none) and, given `screens`, may open the screen it leads to; else its `otherwise`,
 * tested the same way; undefined when none applies: a row that would only lead to a refusal is
 * no link.
 */
export function rowLinkFor(
  link: RowLink | undefined,
  subject: PermissionSubject | null,
  screens?: Readonly<Record<string, OpenableScreen>>,
): RowLink | undefined {
  for (let l = link; l; l = l.otherwise) {
    if ((!l.permission || can(subject, l.permission)) && (!screens || mayOpen(screens[l.route], subject))) return l;
  }
  return undefined;
}

/** The entity of a screen's source. */
export function sourceEntity(
  manifest: Pick<ClientManifest, 'entities'>,
  screen: Pick<Screen, 'source'>,
): ClientEntity | undefined {
  const name = screen.source?.resource;
  return name ? manifest.entities[name] : undefined;
}

/** The number of pages for a total (at least 1). */
export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, perPage)));
}

/**
 * Row actions that apply to a row: restore only for a deleted row, delete only for a live one,
 * and each only while its `visibleWhen` holds for the row (`field` tests the row; `param`,
 * `permission` the route and the user given in `context`).
 */
export function rowActionsFor(
  actions: readonly ScreenAction[],
  row: Row,
  context: Omit<ConditionContext, 'record'> = {},
): ScreenAction[] {
  const deleted = row.deleted_at !== undefined && row.deleted_at !== null;
  return actions.filter(
    (a) =>
      (a.type === 'restore' ? deleted : a.type === 'delete' ? !deleted : true) &&
      evaluateCondition(a.visibleWhen, { ...context, record: row }),
  );
}
