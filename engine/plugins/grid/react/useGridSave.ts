/**
 * A grid screen's saving, headless: keeps the rows the grid reports (onChange), works out the
 * changed rows against the loaded ones (save-model.ts), sends them, puts a 422's messages on their
 * cells, and after a save asks the rows again. `discard` hands the grid a fresh copy of the loaded
 * rows. Leaving with unsaved changes is LeaveGuard.tsx's (drawn only on a screen that saves: it
 * needs the portal's data router).
 */
import { useCallback, useMemo, useState } from 'react';
import type { GridSave } from '../../../../generator/manifest-types.ts';
import { ApiError } from '../../../core/api/api-error.ts';
import { errorMessageOrFallback } from '../../../core/api/errors.ts';
import { useApi } from '../../../react/data/ApiProvider.tsx';
import { useConfirm } from '../../../react/popup/confirm.ts';
import { fillPath } from '../../../react/renderers/actions.ts';
import { useToast } from '../../../react/toasts/useToast.ts';
import type { GridColumn, GridRow } from '../model/types.ts';
import { cellErrorsFrom, pendingChanges, saveBody, type CellErrors, type PendingRow } from './save-model.ts';
import { saveText } from './save-texts.ts';

export interface GridSaveState {
  /** The rows to hand the grid (a new array after a discard). */
  rows: readonly GridRow[];
  onChange: (rows: GridRow[]) => void;
  count: number;
  invalid: number;
  unmatched: number;
  saving: boolean;
  cellErrors: CellErrors;
  /** A message about the whole request (a refusal not tied to a row). */
  notice: string | null;
  save: () => Promise<void>;
  discard: () => Promise<void>;
}

const NO_ERRORS: CellErrors = new Map();

export function useGridSave(
  save: GridSave | undefined,
  loaded: readonly GridRow[],
  columns: readonly GridColumn[],
  params: Readonly<Record<string, string | undefined>>,
  lang: string,
  reload: () => void,
): GridSaveState {
  const api = useApi();
  const toast = useToast();
  const confirm = useConfirm();
  // Each piece of state remembers the loaded rows it was made for: new rows from the server
  // (the first load, the reload after a save) start everything again, with no effect to wait for.
  type Of<T> = { of: readonly GridRow[]; value: T };
  const fresh = <T>(state: Of<T> | null, fallback: T): T => (state && state.of === loaded ? state.value : fallback);
  const [shown, setShown] = useState<Of<readonly GridRow[]> | null>(null);
  const [edited, setEdited] = useState<Of<readonly GridRow[]> | null>(null);
  const [errors, setErrors] = useState<Of<CellErrors> | null>(null);
  const [said, setSaid] = useState<Of<string | null> | null>(null);
  const rows = fresh(shown, loaded);
  const current = fresh(edited, loaded);
  const cellErrors = fresh(errors, NO_ERRORS);
  const notice = fresh(said, null);
  const [saving, setSaving] = useState(false);
  const setCellErrors = useCallback((value: CellErrors) => setErrors({ of: loaded, value }), [loaded]);
  const setNotice = useCallback((value: string | null) => setSaid({ of: loaded, value }), [loaded]);

  const pending = useMemo(
    () =>
      save ? pendingChanges(loaded, current, save, columns) : { rows: [] as PendingRow[], invalid: 0, unmatched: 0 },
    [save, loaded, current, columns],
  );
  const count = pending.rows.length;
  const onChange = useCallback((next: GridRow[]) => setEdited({ of: loaded, value: next }), [loaded]);

  const discard = useCallback(async () => {
    if (count && !(await confirm(saveText(lang, 'discardAsk', { n: count })))) return;
    // A copy, so the grid sees new rows and drops its edits and undo history.
    const copy = loaded.slice();
    setShown({ of: loaded, value: copy });
    setEdited({ of: loaded, value: copy });
    setCellErrors(NO_ERRORS);
    setNotice(null);
  }, [count, confirm, lang, loaded, setCellErrors, setNotice]);

  const doSave = useCallback(async () => {
    if (!save || saving) return;
    if (!count) return void toast.success(saveText(lang, 'noChanges'));
    if (pending.invalid) return void toast.error(saveText(lang, 'fixFirst', { n: pending.invalid }));
    const sent = pending.rows;
    setSaving(true);
    setNotice(null);
    try {
      const answer = await api.request<{ message?: string }>(
        save.method ?? 'PUT',
        fillPath(save.path, params),
        saveBody(save, sent),
        { toast: false },
      );
      toast.success(answer?.message || saveText(lang, 'saved'));
      setCellErrors(NO_ERRORS);
      reload();
    } catch (error) {
      const data = error instanceof ApiError ? error.data : undefined;
      const { cells, other } =
        error instanceof ApiError && error.status === 422
          ? cellErrorsFrom((data as { errors?: unknown } | undefined)?.errors, sent, save)
          : { cells: NO_ERRORS, other: [] as string[] };
      setCellErrors(cells);
      if (cells.size) {
        toast.error(saveText(lang, 'refused', { n: cells.size }));
        if (other.length) setNotice(other.join(' '));
      } else {
        const text = other[0] ?? errorMessageOrFallback(data, lang);
        setNotice(text);
        toast.error(text);
      }
    } finally {
      setSaving(false);
    }
  }, [save, saving, count, pending, api, params, toast, lang, reload, setCellErrors, setNotice]);

  return {
    rows,
    onChange,
    count,
    invalid: pending.invalid,
    unmatched: pending.unmatched,
    saving,
    cellErrors,
    notice,
    save: doSave,
    discard,
  };
}
