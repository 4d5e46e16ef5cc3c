/**
 * Every row of a grid screen's list path, page after page (up to the grid's 999999 rows),
 * asked with the screen's fixed filters and order plus the server filters the user chose, as
 * a list screen sends them (server/resources/list-query.ts). `reload` asks again (after a
 * delete or restore).
 */
import { useCallback, useEffect, useState } from 'react';
import type { Screen } from '../../../../generator/manifest-types.ts';
import { useApi } from '../../../react/data/ApiProvider.tsx';
import { normalizeListResponse, readListLookup } from '../../../react/renderers/list/list-model.ts';
import { NO_PAGING_SIZE } from '../model/paging.ts';
import type { GridRow } from '../model/types.ts';
import type { LabelRow } from './screen-columns.ts';

/** The server's largest page (server/resources/list-query.ts MAX_PER_PAGE). */
const PER_PAGE = 100;
/** Pages asked at once while loading a long list. */
const PARALLEL = 4;

export interface LoadedRows {
  rows: GridRow[];
  lookup: Record<string, LabelRow[]>;
}

export function useScreenRows(path: string | undefined, source: Screen['source'], filters: Record<string, unknown>) {
  const api = useApi();
  const [state, setState] = useState<{ data?: LoadedRows; loading: boolean; error: unknown }>({
    loading: !!path,
    error: null,
  });
  const [reloads, setReloads] = useState(0);
  const queryKey = JSON.stringify({
    filters: { ...(source?.filters ?? {}), ...filters },
    ...(source?.sort ? { sort: source.sort } : {}),
  });
  useEffect(() => {
    if (!path) {
      setState({ loading: false, error: null, data: { rows: [], lookup: {} } });
      return;
    }
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    const ask = (page: number) =>
      api.post(path, { ...(JSON.parse(queryKey) as object), search: '', page, perPage: PER_PAGE });
    const lookup: Record<string, LabelRow[]> = {};
    const keep = (body: unknown) => {
      for (const [ref, labels] of Object.entries(readListLookup(body)))
        (lookup[ref] ??= []).push(...(labels as LabelRow[]));
      return normalizeListResponse(body).rows;
    };
    (async () => {
      const first = await ask(1);
      const rows = keep(first);
      const total = Math.min(normalizeListResponse(first).total, NO_PAGING_SIZE);
      const pages = Math.ceil(total / PER_PAGE);
      for (let from = 2; from <= pages && live; from += PARALLEL) {
        const batch = await Promise.all(
          Array.from({ length: Math.min(PARALLEL, pages - from + 1) }, (_, i) => ask(from + i)),
        );
        for (const body of batch) rows.push(...keep(body));
      }
      if (live) setState({ loading: false, error: null, data: { rows, lookup } });
    })().catch((error: unknown) => live && setState({ loading: false, error }));
    return () => {
      live = false;
    };
  }, [api, path, queryKey, reloads]);
  const reload = useCallback(() => setReloads((n) => n + 1), []);
  return { ...state, reload };
}
