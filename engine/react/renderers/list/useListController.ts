/**
 * The headless list controller: list state (page, perPage, search, filters, sort) read from
 * and written to the address query (engine/core list-state), the page of rows loaded from the
 * server with the labels of the ids it references (`meta.lookup`), and the commands a view
 * calls. No MUI here: `ListView` draws what it returns.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Screen } from '../../../../generator/manifest-types.ts';
import { mergeListQuery, readListState, updateListState, type ListState } from '../../../core/list-state.ts';
import type { ApiClient } from '../../../core/api/client.ts';
import {
  listPath,
  listRequestBody,
  nextSort,
  normalizeListResponse,
  readListLookup,
  readSort,
  withSort,
  type ListLookup,
  type Row,
  type Sort,
} from './list-model.ts';

export interface ListController {
  state: ListState;
  sort: Sort | undefined;
  rows: Row[];
  total: number;
  /** The page's lookups: statuses and the labels of the referenced ids on this page. */
  lookup: ListLookup;
  loading: boolean;
  error: unknown;
  setPage(page: number): void;
  setPerPage(perPage: number): void;
  setSearch(search: string): void;
  setFilter(field: string, ids: string[]): void;
  clearFilters(): void;
  toggleSort(field: string): void;
  reload(): void;
}

export type ListFetcher = (path: string, body: ReturnType<typeof listRequestBody>) => Promise<unknown>;

/** The generic list call: POST /{resource} with the filters as the payload. */
export function apiListFetcher(api: Pick<ApiClient, 'post'>): ListFetcher {
  return (path, body) => api.post(path, body);
}

interface ListResult {
  rows: Row[];
  total: number;
  lookup: ListLookup;
}

const noResult = (): ListResult => ({ rows: [], total: 0, lookup: readListLookup(undefined) });

export function useListController(screen: Screen, fetcher: ListFetcher): ListController {
  const [searchParams, setSearchParams] = useSearchParams();
  const filterFields = useMemo(() => screen.filters.map((f) => f.field), [screen.filters]);
  const query = searchParams.toString();
  const state = useMemo(() => readListState(query, { filterFields }), [query, filterFields]);
  const sort = useMemo(() => readSort(query, screen), [query, screen]);
  const [result, setResult] = useState<ListResult>(noResult);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  const [reloads, setReloads] = useState(0);
  const latest = useRef(0);
  /**
   * The request under way, by what it asks. React's StrictMode runs a mount effect twice
   * (mount, cleanup, mount: the client's e2e build is a development build of React), and the
   * second run used to POST the same list again. A run that asks exactly what is under way
   * shares it; any change of path, body, fetcher or a reload asks again.
   */
  const inflight = useRef<{ fetcher: ListFetcher; key: string; request: Promise<unknown> } | null>(null);

  const path = listPath(screen);
  const bodyKey = JSON.stringify(listRequestBody(screen, state, sort));

  useEffect(() => {
    if (!path) {
      setLoading(false);
      return;
    }
    const ticket = ++latest.current;
    setLoading(true);
    const key = `${path}\u0000${bodyKey}\u0000${reloads}`;
    let request: Promise<unknown>;
    if (inflight.current && inflight.current.fetcher === fetcher && inflight.current.key === key) {
      request = inflight.current.request;
    } else {
      request = fetcher(path, JSON.parse(bodyKey) as ReturnType<typeof listRequestBody>);
      const entry = { fetcher, key, request };
      inflight.current = entry;
      const settled = () => {
        if (inflight.current === entry) inflight.current = null;
      };
      request.then(settled, settled);
    }
    // Only the latest run's answer is shown: an answer to a superseded request is dropped.
    request.then(
      (body) => {
        if (ticket !== latest.current) return;
        setResult({ ...normalizeListResponse(body), lookup: readListLookup(body) });
        setError(null);
        setLoading(false);
      },
      (e: unknown) => {
        if (ticket !== latest.current) return;
        setError(e);
        setResult(noResult());
        setLoading(false);
      },
    );
  }, [path, bodyKey, fetcher, reloads]);

  const write = useCallback(
    (patch: Partial<ListState>, nextSortValue: Sort | undefined = sort) => {
      const next = updateListState(state, patch);
      const merged = withSort(mergeListQuery(searchParams, next), nextSortValue, screen.source?.sort);
      setSearchParams(merged);
    },
    [state, sort, searchParams, setSearchParams, screen.source?.sort],
  );

  return {
    state,
    sort,
    rows: result.rows,
    total: result.total,
    lookup: result.lookup,
    loading,
    error,
    setPage: (page) => write({ page }),
    setPerPage: (perPage) => write({ perPage }),
    setSearch: (search) => write({ search }),
    setFilter: (field, ids) => write({ filters: { ...state.filters, [field]: ids } }),
    clearFilters: () => write({ filters: {}, search: '' }),
    toggleSort: (field) => write({ page: 1 }, nextSort(sort, field)),
    reload: () => setReloads((n) => n + 1),
  };
}
