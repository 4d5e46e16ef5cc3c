/**
 * The list request of the generic API (POST /{resource}):
 *   {filters?: {field: value | [values]}, search?, sort?: {field, order} | sortBy/sortDesc,
 *    page? (1), perPage? (10, at most 100), trashed?: 'with' | 'only'}
 * parsed into a plain object, then applied to a Kysely query. Anything a client could get
 * wrong (unknown field, malformed value, bad paging) is a 400 with the field named.
 */
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Entity, EntityField, Manifest } from '../../generator/manifest-types.ts';
import { badRequest } from '../http/errors.ts';
import { searchDocument } from '../db/search-document.ts';
import { coerce } from './validation.ts';
import type { RequestUser } from '../auth/user.ts';
import {
  isIntegerField,
  isNumericField,
  mayReadField,
  searchableFields,
  systemColumns,
  visibleFields,
} from './entity-info.ts';

export const DEFAULT_PAGE = 1;
export const DEFAULT_PER_PAGE = 10;
export const MAX_PER_PAGE = 100;
const INT4_MAX = 2_147_483_647;

export interface ListParams {
  filters: Array<{ column: string; values: unknown[] | null; flags: boolean }>;
  search: string;
  sort: Array<{ column: string; desc: boolean }>;
  page: number;
  perPage: number;
  trashed: 'without' | 'with' | 'only';
  /** The fields the search may look in: those the caller may read. */
  searchFields: EntityField[];
}

/**
 * With the caller, filters, sort and search see only the fields the caller may read: filtering by
 * a hidden phone number would reveal it one digit at a time.
 */
export function parseListBody(manifest: Manifest, entity: Entity, body: unknown, user?: RequestUser): ListParams {
  const input = (body ?? {}) as Record<string, unknown>;
  if (typeof input !== 'object' || Array.isArray(input)) throw badRequest('body_not_object');
  return {
    filters: parseFilters(manifest, entity, input.filters, user),
    search: typeof input.search === 'string' ? input.search.trim().slice(0, 200) : '',
    searchFields: searchableFields(entity, user),
    sort: parseSort(entity, input, user),
    page: positiveInt(input.page, DEFAULT_PAGE),
    perPage: Math.min(positiveInt(input.perPage ?? input.per_page, DEFAULT_PER_PAGE), MAX_PER_PAGE),
    trashed: input.trashed === 'with' || input.trashed === 'only' ? input.trashed : 'without',
  };
}

function positiveInt(value: unknown, fallback: number): number {
  if (value === undefined || value === null || value === '') return fallback;
  const n = typeof value === 'string' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1) throw badRequest('invalid_paging');
  return n;
}

const ID_FIELD = { name: 'id', type: 'bigint', ref: undefined, status: undefined } as unknown as EntityField;

function filterableField(entity: Entity, name: string, user?: RequestUser): EntityField | undefined {
  if (name === 'id') return ID_FIELD;
  const field = Object.hasOwn(entity.fields, name) ? entity.fields[name] : undefined;
  return field && !field.serverOnly && (!user || mayReadField(user, field)) ? field : undefined;
}

function parseFilters(manifest: Manifest, entity: Entity, raw: unknown, user?: RequestUser): ListParams['filters'] {
  if (raw === undefined || raw === null) return [];
  if (typeof raw !== 'object' || Array.isArray(raw)) throw badRequest('invalid_filter_field', { field: 'filters' });
  const filters: ListParams['filters'] = [];
  for (const [name, value] of Object.entries(raw as Record<string, unknown>)) {
    const field = filterableField(entity, name, user);
    if (!field) throw badRequest('invalid_filter_field', { field: name });
    // An empty value is "no filter": what a cleared filter box sends.
    if (value === undefined || value === '') continue;
    const flags = !!field.status && !!manifest.statusTables[field.status]?.flags;
    if (value === null) {
      filters.push({ column: name, values: null, flags: false });
      continue;
    }
    const list = Array.isArray(value) ? value : [value];
    filters.push({ column: name, values: list.map((v) => filterValue(field, v)), flags });
  }
  return filters;
}

function filterValue(field: EntityField, raw: unknown): unknown {
  const value = coerce(field, raw);
  const ok = isIntegerField(field)
    ? Number.isSafeInteger(value) &&
      (field.type !== 'integer' || !!field.ref || !!field.status || Math.abs(value as number) <= INT4_MAX)
    : isNumericField(field)
      ? typeof value === 'number' && Number.isFinite(value)
      : field.type === 'boolean'
        ? typeof value === 'boolean'
        : field.type === 'json' || field.type === 'file'
          ? false
          : // Postgres reads words such as 'yesterday' as dates: accept only the ISO forms.
            field.type === 'date'
            ? typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
            : field.type === 'datetime'
              ? typeof value === 'string' && /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value)
              : field.type === 'time'
                ? typeof value === 'string' && /^\d{2}:\d{2}(:\d{2})?$/.test(value)
                : typeof value === 'string' || typeof value === 'number';
  if (!ok) throw badRequest('invalid_filter_value', { field: field.name });
  return typeof value === 'number' && !isNumericField(field) ? String(value) : value;
}

function sortable(entity: Entity, user?: RequestUser): Set<string> {
  return new Set([
    ...systemColumns(entity).filter((c) => c !== 'deleted_at'),
    ...visibleFields(entity, user)
      .filter((f) => f.type !== 'json' && f.type !== 'file')
      .map((f) => f.name),
  ]);
}

function parseSort(entity: Entity, input: Record<string, unknown>, user?: RequestUser): ListParams['sort'] {
  const allowed = sortable(entity, user);
  const wanted: Array<{ column: string; desc: boolean }> = [];
  const sort = input.sort as { field?: unknown; order?: unknown } | undefined;
  if (sort && typeof sort === 'object' && typeof sort.field === 'string' && sort.field) {
    wanted.push({ column: sort.field, desc: String(sort.order).toLowerCase() === 'desc' });
  } else if (input.sortBy !== undefined && input.sortBy !== null && input.sortBy !== '') {
    const by = Array.isArray(input.sortBy) ? input.sortBy : [input.sortBy];
    const desc = Array.isArray(input.sortDesc) ? input.sortDesc : [input.sortDesc];
    by.forEach((column, i) => wanted.push({ column: String(column), desc: desc[i] === true || desc[i] === 'true' }));
  } else if (allowed.has(entity.sort.field)) {
    wanted.push({ column: entity.sort.field, desc: entity.sort.order === 'desc' });
  }
  for (const { column } of wanted) if (!allowed.has(column)) throw badRequest('invalid_sort_field', { field: column });
  // id last keeps pages stable when the sort column repeats values.
  if (!wanted.some((s) => s.column === 'id')) wanted.push({ column: 'id', desc: false });
  return wanted;
}

type Query = SelectQueryBuilder<any, any, any>;

/** WHERE for filters, search and deleted rows (not scope: the caller applies that on every verb). */
export function applyListFilters(query: Query, entity: Entity, params: ListParams): Query {
  if (entity.softDelete && params.trashed === 'without') query = query.where('deleted_at', 'is', null);
  if (entity.softDelete && params.trashed === 'only') query = query.where('deleted_at', 'is not', null);
  for (const filter of params.filters) {
    if (filter.values === null) query = query.where(filter.column, 'is', null);
    else if (filter.values.length === 0) query = query.where(sql<boolean>`false`);
    else if (filter.flags) {
      // A flag filter matches rows holding that flag among others (Registered + Fresh is Registered).
      const col = sql.ref(filter.column);
      query = query.where(
        sql<boolean>`(${sql.join(
          filter.values.map((v) => sql`(${col} & ${v}::bigint) = ${v}::bigint`),
          sql` or `,
        )})`,
      );
    } else if (filter.values.length === 1) query = query.where(filter.column, '=', filter.values[0]);
    else query = query.where(filter.column, 'in', filter.values);
  }
  const searchable = params.searchFields;
  if (params.search && searchable.length) {
    const pattern = `%${params.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const anyColumn = sql<boolean>`(${sql.join(
      searchable.map((f) => sql`cast(${sql.ref(f.name)} as text) ilike ${pattern}`),
      sql` or `,
    )})`;
    // The search document's test first: the entity's trigram index serves it (see search-document.ts).
    const document = searchDocument(entity);
    query = query.where(document ? sql<boolean>`(${sql.raw(document)} ilike ${pattern} and ${anyColumn})` : anyColumn);
  }
  return query;
}

export function applySortAndPage(query: Query, params: ListParams): Query {
  for (const s of params.sort) query = query.orderBy(s.column, s.desc ? 'desc' : 'asc');
  return query.limit(params.perPage).offset((params.page - 1) * params.perPage);
}
