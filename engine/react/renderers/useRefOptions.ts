/**
 * Options of a referenced entity (`ref: faculties`): id -> name in the current language, for
 * filters and for showing a foreign key as a name. Loaded once per API client and entity
 * (POST /{ref}, first 100 rows).
 */
import { useEffect, useState } from 'react';
import type { ApiClient } from '../../core/api/client.ts';
import { useApi } from '../data/ApiProvider.tsx';
import { useLanguage } from '../i18n/hooks.ts';
import { normalizeListResponse, type Row } from './list/list-model.ts';

export interface Option {
  value: string;
  label: string;
}

const REF_PAGE = 100;
const loaded = new WeakMap<ApiClient, Map<string, Promise<Row[]>>>();

function loadRows(api: ApiClient, ref: string): Promise<Row[]> {
  let byRef = loaded.get(api);
  if (!byRef) loaded.set(api, (byRef = new Map()));
  let rows = byRef.get(ref);
  if (!rows) {
    rows = api.post(`/${ref}`, { perPage: REF_PAGE }, { toast: false }).then((body) => normalizeListResponse(body).rows, () => []);
    byRef.set(ref, rows);
  }
  return rows;
}

/** A row's display name: name_local in Arabic, else name, else code, else the id. */
export function rowLabel(row: Row, language: string): string {
  const name = language === 'ar' ? (row.name_local ?? row.name) : (row.name ?? row.name_local);
  return String(name ?? row.code ?? row.title ?? row.id ?? '');
}

export function useRefOptions(ref: string | undefined): Option[] | undefined {
  const api = useApi();
  const language = useLanguage();
  const [rows, setRows] = useState<Row[] | undefined>();
  useEffect(() => {
    if (!ref) return;
    let live = true;
    void loadRows(api, ref).then((r) => live && setRows(r));
    return () => {
      live = false;
    };
  }, [api, ref]);
  return rows?.map((r) => ({ value: String(r.id), label: rowLabel(r, language) }));
}

/** A foreign key drawn as the referenced row's name (the id while loading or when unknown). */
export function RefValue({ refName, value }: { refName: string; value: unknown }) {
  const options = useRefOptions(refName);
  if (value === null || value === undefined || value === '') return '—';
  return options?.find((o) => o.value === String(value))?.label ?? String(value);
}
