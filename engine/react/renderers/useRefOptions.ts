/**
 * Options of a referenced entity (`ref: faculties`): id -> name in the current language, for
 * filter drop-downs and form selects. Loaded through POST /lookups/get `{lookups: [ref]}`,
 * which applies the caller's permissions and row scope: one request per API client, session
 * and entity, kept in memory and shared by concurrent callers. A failed load gives no options
 * and is asked again by the next caller.
 */
import { useEffect, useState } from 'react';
import type { ApiClient } from '../../core/api/client.ts';
import { useApi } from '../data/ApiProvider.tsx';
import { useSessionKey } from '../data/SessionProvider.tsx';
import { useLanguage } from '../i18n/hooks.ts';
import { useRefSource } from './ref-source.tsx';
import { labelFor, lookupAnswerRows, LOOKUPS_PATH, optionsOf, type LabelRow, type Option } from './ref-labels.ts';

export { rowLabel, type Option } from './ref-labels.ts';

interface SessionCache {
  session: string;
  byRef: Map<string, Promise<LabelRow[]>>;
}

const loaded = new WeakMap<ApiClient, SessionCache>();

/** The label rows of `ref` for this client and session: one request, then the same promise. */
export function loadRefRows(api: ApiClient, ref: string, session = ''): Promise<LabelRow[]> {
  let cache = loaded.get(api);
  if (!cache || cache.session !== session) loaded.set(api, (cache = { session, byRef: new Map() }));
  const { byRef } = cache;
  let rows = byRef.get(ref);
  if (!rows) {
    const request: Promise<LabelRow[]> = api.post(LOOKUPS_PATH, { lookups: [ref] }, { toast: false }).then(
      (body) => lookupAnswerRows(body, ref),
      () => {
        if (byRef.get(ref) === request) byRef.delete(ref);
        return [];
      },
    );
    rows = request;
    byRef.set(ref, rows);
  }
  return rows;
}

function useRefRows(ref: string | undefined): LabelRow[] | undefined {
  const api = useApi();
  const session = useSessionKey();
  const source = useRefSource();
  const [state, setState] = useState<{ key: string; rows: LabelRow[] } | undefined>();
  const key = ref ? `${session}\u0000${ref}` : '';
  useEffect(() => {
    if (!ref) return;
    let live = true;
    void (source?.(ref) ?? loadRefRows(api, ref, session)).then((rows) => live && setState({ key, rows }));
    return () => {
      live = false;
    };
  }, [api, ref, session, key, source]);
  return state && state.key === key ? state.rows : undefined;
}

/**
 * `where` narrows the rows to those whose keys hold the given values (the programs of the chosen
 * faculty); a row without such a key, or an empty value, does not narrow.
 */
export function useRefOptions(
  ref: string | undefined,
  where?: Readonly<Record<string, unknown>>,
): Option[] | undefined {
  const language = useLanguage();
  const rows = useRefRows(ref);
  if (!rows) return undefined;
  const conditions = Object.entries(where ?? {}).filter(([, v]) => v !== undefined && v !== null && v !== '');
  const kept = conditions.length
    ? rows.filter((row) => conditions.every(([k, v]) => !(k in row) || String(row[k]) === String(v)))
    : rows;
  return optionsOf(kept, language);
}

/** A foreign key drawn as the referenced row's name (the id while loading or when unknown). */
export function RefValue({ refName, value }: { refName: string; value: unknown }) {
  const language = useLanguage();
  const rows = useRefRows(refName);
  return labelFor(rows, value, language);
}

const byPath = new WeakMap<ApiClient, SessionCache>();

/**
 * The choice rows a server call answers (a form field's `options.path`): GET `path`, the rows in
 * `data` or `data[key]`. One request per API client, session and path, shared; a failed load
 * gives no rows and is asked again by the next caller.
 */
export function loadPathRows(api: ApiClient, path: string, key: string | undefined, session = ''): Promise<LabelRow[]> {
  let cache = byPath.get(api);
  if (!cache || cache.session !== session) byPath.set(api, (cache = { session, byRef: new Map() }));
  const { byRef } = cache;
  const id = `${path}\u0000${key ?? ''}`;
  let rows = byRef.get(id);
  if (!rows) {
    const request: Promise<LabelRow[]> = api.get(path, { toast: false }).then(
      (body) => {
        const data = (body as { data?: unknown } | null | undefined)?.data;
        const list = key ? (data as Record<string, unknown> | null | undefined)?.[key] : data;
        return Array.isArray(list) ? (list.filter((r) => r && typeof r === 'object' && 'id' in r) as LabelRow[]) : [];
      },
      () => {
        if (byRef.get(id) === request) byRef.delete(id);
        return [];
      },
    );
    rows = request;
    byRef.set(id, rows);
  }
  return rows;
}

/** Options from a server call (`options.path`, `options.key`): undefined while loading or without a path. */
export function usePathOptions(path: string | undefined, key: string | undefined): Option[] | undefined {
  const api = useApi();
  const session = useSessionKey();
  const language = useLanguage();
  const id = path ? `${session}\u0000${path}\u0000${key ?? ''}` : '';
  const [state, setState] = useState<{ id: string; rows: LabelRow[] } | undefined>();
  useEffect(() => {
    if (!path) return;
    let live = true;
    void loadPathRows(api, path, key, session).then((rows) => live && setState({ id, rows }));
    return () => {
      live = false;
    };
  }, [api, path, key, session, id]);
  return state && state.id === id ? optionsOf(state.rows, language) : undefined;
}
