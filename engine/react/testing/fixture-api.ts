/**
 * An axios adapter answering the API client from fixtures, so stories and specs need no
 * server. Answers, first match wins:
 *   1. the caller's routes (`{method, path, respond}`), e.g. a 422 with field errors;
 *   2. GET /users/gates: no closed gate (`{data: {}}`, not a users row);
 *   3. POST /lookups/get and /lookups/index (`{lookups: [name, ...]}`): per name, a status
 *      table's statuses or an entity's label rows `{id, name, name_local, code}`, as
 *      `{data, lookup}` like the server (server/domains/system/lookups.ts);
 *   4. a screen's own `source.path` (`/students/dashboard`, `/admission/:id/:secretKey/dashboard`):
 *      the figures for a dashboard, a row of the screen's resource for a detail screen, a page
 *      of its rows for a list;
 *   5. the generic resource API for every exposed entity of the manifest:
 *      POST /{entity} (list: search, filters, sort, paging over the fixture rows, with
 *      `meta: {count, lookup}`: statuses and the labels of the referenced ids on the page),
 *      GET /{entity}/{id} (one row), POST/PUT /{entity}[/{id}] (echo), DELETE (ok);
 *   6. anything else: 200 with `{}`.
 * Rows are the caller's (`rows[entity]`) or made up from the entity's fields, deterministically.
 */
import { AxiosError, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import type { ClientEntity, ClientManifest } from '../../../generator/manifest-types.ts';
import { GATES_PATH } from '../../core/gates.ts';

export type Row = Record<string, unknown>;

export interface FixtureRequest {
  method: string;
  /** The path without the base (`/students/7`). */
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export interface FixtureAnswer {
  status?: number;
  data: unknown;
}

export interface FixtureRoute {
  /** Lower-case method; any when omitted. */
  method?: string;
  /** An exact path, a path pattern with `:params`, or a regular expression. */
  path: string | RegExp;
  respond: (request: FixtureRequest, params: Record<string, string>) => FixtureAnswer;
}

export interface FixtureApiOptions {
  manifest: ClientManifest;
  routes?: readonly FixtureRoute[];
  /** Canned rows per entity; others are made up from the entity's fields. */
  rows?: Readonly<Record<string, readonly Row[]>>;
  /** How many rows a made-up entity has. */
  rowCount?: number;
  /** The answer of a dashboard screen's source path. */
  figures?: Readonly<Record<string, unknown>>;
  /** Milliseconds before answering (a loading state); 0 answers at once. */
  delayMs?: number;
}

export const DEFAULT_ROW_COUNT = 23;

export const DEFAULT_FIGURES: Readonly<Record<string, number>> = Object.freeze({
  students: 2400,
  courses: 312,
  registrations: 18_250,
  applicants: 97,
});

const NAMES_EN = [
  'Mona Hassan',
  'Omar Khaled',
  'Layla Ibrahim',
  'Youssef Adel',
  'Salma Tarek',
  'Karim Mostafa',
  'Nour Ahmed',
  'Hana Sami',
];
/** Entities whose rows are people: their names are people's names. */
const PEOPLE = /^(students|users|applicants|instructors|staff|employees|guardians)$/;
const NAMES_AR = [
  'منى حسن',
  'عمر خالد',
  'ليلى إبراهيم',
  'يوسف عادل',
  'سلمى طارق',
  'كريم مصطفى',
  'نور أحمد',
  'هنا سامي',
];

/** A made-up value of one field for row number `i` (1-based). */
export function fixtureValue(
  entity: ClientEntity,
  field: ClientEntity['fields'][string],
  i: number,
  manifest: Pick<ClientManifest, 'statusTables'>,
): unknown {
  const n = field.name;
  const table = field.status ? manifest.statusTables[field.status] : undefined;
  if (table?.statuses.length) return table.statuses[(i - 1) % table.statuses.length].id;
  if (field.ref) return ((i - 1) % 5) + 1;
  if (field.enum?.length) return field.enum[(i - 1) % field.enum.length];
  const pick = <T>(list: readonly T[]) => list[(i - 1) % list.length];
  switch (field.type) {
    case 'string':
      if (/name/.test(n) && !PEOPLE.test(entity.name))
        return /_local$|_ar$/.test(n) ? `${entity.label.ar} ${i}` : `${entity.label.en} ${i}`;
      if (/_local$|_ar$/.test(n)) return pick(NAMES_AR);
      if (/name/.test(n)) return pick(NAMES_EN);
      if (/code/.test(n)) return `${entity.name.slice(0, 3).toUpperCase()}-${String(1000 + i)}`;
      if (/email/.test(n)) return `user${i}@rowaq.edu`;
      if (/phone|mobile/.test(n)) return `+20 100 000 ${String(1000 + i)}`;
      return `${field.label.en} ${i}`;
    case 'text':
      return `${field.label.en}: a note about record ${i}.`;
    case 'email':
      return `user${i}@rowaq.edu`;
    case 'phone':
      return `+20 100 000 ${String(1000 + i)}`;
    case 'integer':
    case 'bigint':
      return field.minimum !== undefined ? field.minimum + (i % 5) : i * 3;
    case 'number':
    case 'money':
      return field.maximum !== undefined ? ((i * 37) % (field.maximum * 100)) / 100 : i * 125.5;
    case 'boolean':
      return i % 2 === 1;
    case 'date':
      return `2026-${String(((i - 1) % 12) + 1).padStart(2, '0')}-${String(((i * 3) % 27) + 1).padStart(2, '0')}`;
    case 'datetime':
      return `2026-${String(((i - 1) % 12) + 1).padStart(2, '0')}-15T09:${String(i % 60).padStart(2, '0')}:00Z`;
    case 'time':
      return `${String(8 + (i % 9)).padStart(2, '0')}:30`;
    default:
      return null;
  }
}

/** `count` made-up rows of an entity, ids 1..count. */
export function fixtureRows(
  entity: ClientEntity,
  manifest: Pick<ClientManifest, 'statusTables'>,
  count = DEFAULT_ROW_COUNT,
): Row[] {
  const rows: Row[] = [];
  for (let i = 1; i <= count; i++) {
    const row: Row = { id: i };
    for (const field of Object.values(entity.fields)) row[field.name] = fixtureValue(entity, field, i, manifest);
    rows.push(row);
  }
  return rows;
}

/** `/a/:id/:key?` -> a RegExp with named groups; `{id}` is accepted too. */
export function pathPattern(path: string): RegExp {
  const parts = path
    .replace(/\{([A-Za-z_]\w*)(\?)?\}/g, ':$1$2')
    .split('/')
    .filter(Boolean);
  const source = parts
    .map((part) => {
      const m = /^:([A-Za-z_]\w*)(\?)?$/.exec(part);
      if (!m) return `/${part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
      return m[2] ? `(?:/(?<${m[1]}>[^/]+))?` : `/(?<${m[1]}>[^/]+)`;
    })
    .join('');
  return new RegExp(`^${source}/?$`);
}

function matchPath(pattern: string | RegExp, path: string): Record<string, string> | undefined {
  const re = typeof pattern === 'string' ? pathPattern(pattern) : pattern;
  const m = re.exec(path);
  return m ? { ...(m.groups ?? {}) } : undefined;
}

interface ListBody {
  filters?: Record<string, unknown>;
  search?: string;
  sort?: { field: string; order: 'asc' | 'desc' };
  page?: number;
  perPage?: number;
}

/** One page of rows as the server answers a list call: `{data, total}`. */
export function listAnswer(all: readonly Row[], body: ListBody = {}): { data: Row[]; total: number } {
  let rows = [...all];
  for (const [field, wanted] of Object.entries(body.filters ?? {})) {
    const values = (Array.isArray(wanted) ? wanted : [wanted]).map(String);
    rows = rows.filter((r) => values.includes(String(r[field])));
  }
  const search = body.search?.trim().toLowerCase();
  if (search)
    rows = rows.filter((r) => Object.values(r).some((v) => typeof v === 'string' && v.toLowerCase().includes(search)));
  if (body.sort) {
    const { field, order } = body.sort;
    rows.sort(
      (a, b) =>
        String(a[field] ?? '').localeCompare(String(b[field] ?? ''), undefined, { numeric: true }) *
        (order === 'desc' ? -1 : 1),
    );
  }
  const perPage = Math.max(1, body.perPage ?? 10);
  const page = Math.max(1, body.page ?? 1);
  return { data: rows.slice((page - 1) * perPage, page * perPage), total: rows.length };
}

/** The label columns of a lookup row: id plus whichever of name, name_local, code the entity has. */
const LABEL_COLUMNS = ['name', 'name_local', 'code'] as const;

function labelRow(entity: ClientEntity, row: Row): Row {
  const out: Row = { id: row.id };
  for (const c of LABEL_COLUMNS) if (entity.fields[c]) out[c] = row[c];
  return out;
}

type RowsOf = (name: string) => readonly Row[];

/** The rows of one lookup name, as POST /lookups/get answers them; undefined for an unknown name. */
export function lookupRows(
  manifest: Pick<ClientManifest, 'entities' | 'statusTables'>,
  name: string,
  rowsOf: RowsOf,
): Row[] | undefined {
  const table = Object.hasOwn(manifest.statusTables, name) ? manifest.statusTables[name] : undefined;
  if (table)
    return table.statuses.map(({ id, key, name: n, name_local, color }) => ({ id, key, name: n, name_local, color }));
  const entity = Object.hasOwn(manifest.entities, name) ? manifest.entities[name] : undefined;
  if (!entity || entity.expose === false) return undefined;
  return rowsOf(name).map((r) => labelRow(entity, r));
}

/** The names a /lookups/get body asks for (`{lookups}`, `{names}`, `{name}` or a bare list). */
function lookupNames(body: unknown): string[] {
  const b = body as Record<string, unknown> | unknown[] | null | undefined;
  const raw = Array.isArray(b)
    ? b
    : b && typeof b === 'object'
      ? (b.lookups ?? b.names ?? (typeof b.name === 'string' ? [b.name] : undefined))
      : undefined;
  return Array.isArray(raw) ? raw.filter((n): n is string => typeof n === 'string') : [];
}

/** `meta.lookup` of a list page: the entity's status tables, and per referenced entity the labels of the ids on the page. */
export function pageLookup(
  manifest: Pick<ClientManifest, 'entities' | 'statusTables'>,
  entity: ClientEntity | undefined,
  page: readonly Row[],
  rowsOf: RowsOf,
): Record<string, Row[]> {
  const lookup: Record<string, Row[]> = {};
  for (const field of Object.values(entity?.fields ?? {})) {
    const table = field.status ? manifest.statusTables[field.status] : undefined;
    if (table) lookup[table.name] ??= lookupRows(manifest, table.name, rowsOf) ?? [];
    const target = field.ref ? manifest.entities[field.ref] : undefined;
    if (!target) continue;
    const ids = new Set(page.map((r) => String(r[field.name])));
    const labels = rowsOf(target.name)
      .filter((r) => ids.has(String(r.id)))
      .map((r) => labelRow(target, r));
    const known = new Set((lookup[target.name] ??= []).map((r) => String(r.id)));
    lookup[target.name].push(...labels.filter((r) => !known.has(String(r.id))));
  }
  return lookup;
}

/** A list page with `meta: {count, lookup}` as the Rowaq server answers (and `total`, as before). */
function listWithLookup(
  manifest: ClientManifest,
  entityName: string | undefined,
  all: readonly Row[],
  body: ListBody | undefined,
  rowsOf: RowsOf,
) {
  const answer = listAnswer(all, body);
  const entity = entityName ? manifest.entities[entityName] : undefined;
  return { ...answer, meta: { count: answer.total, lookup: pageLookup(manifest, entity, answer.data, rowsOf) } };
}

function parseBody(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return data;
  }
}

/** The answer for a request, without axios (also handy in specs). */
export function answerFixture(options: FixtureApiOptions, request: FixtureRequest): FixtureAnswer {
  const { manifest } = options;
  const method = request.method.toLowerCase();
  for (const route of options.routes ?? []) {
    if (route.method && route.method.toLowerCase() !== method) continue;
    // GET /{resource}/details/{id} is the record GET /{resource}/{id} with its referenced rows:
    // a route written for the latter answers the former too.
    const details = /^\/([^/]+)\/details\/([^/]+)$/.exec(request.path);
    const params =
      matchPath(route.path, request.path) ??
      (details ? matchPath(route.path, `/${details[1]}/${details[2]}`) : undefined);
    if (params) return route.respond(request, params);
  }
  const rowsOf = (name: string): readonly Row[] => {
    const entity = manifest.entities[name];
    return options.rows?.[name] ?? (entity ? fixtureRows(entity, manifest, options.rowCount) : []);
  };
  // The closed gates: none, unless a route says otherwise.
  if (method === 'get' && request.path === GATES_PATH) return { data: { data: {} } };
  if (method === 'post' && (request.path === '/lookups/get' || request.path === '/lookups/index')) {
    const data: Record<string, Row[]> = {};
    for (const name of lookupNames(request.body)) {
      const rows = lookupRows(manifest, name, rowsOf);
      if (!rows)
        return {
          status: 422,
          data: { message: `Unknown lookup "${name}"`, errors: { lookups: [`Unknown lookup "${name}"`] } },
        };
      data[name] = rows;
    }
    return { data: { data, lookup: data } };
  }
  const [first, second, third] = request.path.split('/').filter(Boolean);
  for (const screen of Object.values(manifest.screens)) {
    const source = screen.source;
    if (!source?.path || !matchPath(source.path, request.path)) continue;
    if (screen.view === 'list' && method === 'post')
      return {
        data: listWithLookup(
          manifest,
          source.resource,
          source.resource ? rowsOf(source.resource) : [],
          request.body as ListBody,
          rowsOf,
        ),
      };
    if (method !== 'get') continue;
    if (screen.view === 'dashboard') return { data: options.figures ?? DEFAULT_FIGURES };
    if (source.resource) return { data: { data: rowsOf(source.resource)[0] ?? {} } };
  }
  const entity = first ? manifest.entities[first] : undefined;
  if (entity && entity.expose !== false) {
    if (second === 'export') return { data: new Blob(['id\n1\n'], { type: 'text/csv' }) };
    if (second === 'restore' && third) return { data: { data: { id: third } } };
    if (second === 'details' && third && method === 'get') {
      // the server's getDetails: the row, its referenced rows by field, and meta.lookup
      const row = rowsOf(entity.name).find((r) => String(r.id) === third) ?? rowsOf(entity.name)[0] ?? { id: third };
      const related: Record<string, Row | null> = {};
      for (const field of Object.values(entity.fields)) {
        if (!field.ref) continue;
        related[field.name] = rowsOf(field.ref).find((r) => String(r.id) === String(row[field.name])) ?? null;
      }
      return { data: { data: row, related, meta: { lookup: pageLookup(manifest, entity, [row], rowsOf) } } };
    }
    if (second === undefined) {
      if (method === 'post' || method === 'get')
        return { data: listWithLookup(manifest, entity.name, rowsOf(entity.name), request.body as ListBody, rowsOf) };
    } else if (method === 'get') {
      const row = rowsOf(entity.name).find((r) => String(r.id) === second) ?? rowsOf(entity.name)[0] ?? { id: second };
      return { data: { data: row } };
    }
    if (method === 'delete') return { data: { message: 'deleted' } };
    return { data: { data: { id: second ?? 1, ...(request.body as Row | undefined) } } };
  }
  return { data: {} };
}

/** The axios adapter: `createApiClient({adapter})`. Answers of 400 and above reject as axios does. */
export function createFixtureAdapter(options: FixtureApiOptions): AxiosAdapter {
  return async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    const url = new URL(config.url ?? '/', 'http://fixture.invalid');
    const request: FixtureRequest = {
      method: (config.method ?? 'get').toLowerCase(),
      path: url.pathname,
      query: url.searchParams,
      body: parseBody(config.data),
    };
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    const answer = answerFixture(options, request);
    const status = answer.status ?? 200;
    const response: AxiosResponse = { data: answer.data, status, statusText: String(status), headers: {}, config };
    if (status >= 400) {
      throw new AxiosError(
        `Request failed with status code ${status}`,
        status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
        config,
        null,
        response,
      );
    }
    return response;
  };
}
