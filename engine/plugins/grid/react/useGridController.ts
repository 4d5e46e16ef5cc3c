/**
 * The grid's state and commands, no markup: the rows (controlled through onChange, or kept
 * here), the view (filters, fuzzy search, sort -> row indices), paging, the active cell and
 * range, row selection, editing, undo, clipboard and cell validation. Grid.tsx draws it.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { CHECK_VALUES, plainText, typeOf } from '../model/columns.ts';
import { parseClipboard, serializeClipboard } from '../model/clipboard.ts';
import {
  clampPage,
  DEFAULT_PAGE_SIZE,
  NO_PAGING_SIZE,
  pageCount,
  pageRange,
  pageSizeFor,
  ROW_HEIGHT,
} from '../model/paging.ts';
import { SEARCH_KEYS } from '../model/search.ts';
import { UndoStack, type CellChange } from '../model/undo.ts';
import { validateCell, validateRow } from '../model/validate.ts';
import { computeView } from '../model/view.ts';
import type { CellValue, GridColumn, GridRow } from '../model/types.ts';
import { useGridColumns } from './useGridColumns.ts';
import { useGridSearch } from './useGridSearch.ts';

import type { Editing, GridController, GridOptions, Position, RangeBox } from './grid-controller-types.ts';

export type { Editing, GridController, GridOptions, Position, RangeBox } from './grid-controller-types.ts';

export function useGridController(options: GridOptions): GridController {
  const { columns, onChange, rowValidators, lang } = options;
  const paging = options.paging !== false;
  const columnsModel = useGridColumns(columns, {
    initialSort: options.initialView?.sort,
    leadWidth: options.leadWidth,
  });
  const { laid, sort } = columnsModel;

  // Rows: follow the prop, keep edits until the parent hands new rows.
  const [rows, setRowsState] = useState<readonly GridRow[]>(options.rows);
  const seenProp = useRef(options.rows);
  if (seenProp.current !== options.rows) {
    seenProp.current = options.rows;
    setRowsState(options.rows);
  }
  const rowsRef = useRef(rows);
  rowsRef.current = rows;

  const [filters, setFilters] = useState<Record<string, string>>(() => ({ ...options.initialView?.filters }));
  const [search, setSearch] = useState(options.initialView?.search ?? '');
  const searchKeys = options.searchKeys ?? SEARCH_KEYS;
  const { viewSearch, warm: warmSearch, cool: coolSearch } = useGridSearch(rows, searchKeys, search);
  const view = useMemo(
    () => computeView(rows, columns, { filters, search: viewSearch.text, sort }, lang, viewSearch.found),
    [rows, columns, filters, viewSearch, sort, lang],
  );

  const pageSize = paging
    ? (options.pageSize ?? (options.height ? pageSizeFor(options.height) : DEFAULT_PAGE_SIZE))
    : NO_PAGING_SIZE;
  const [pageState, setPageState] = useState(0);
  const page = clampPage(pageState, view.length, pageSize);
  const pages = pageCount(view.length, pageSize);
  const shown = pageRange(page, view.length, pageSize);

  const [active, setActive] = useState<Position | null>(null);
  const [anchor, setAnchor] = useState<Position | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const undoStack = useRef(new UndoStack());
  const [undoSize, setUndoSize] = useState(0);

  // A new filter, search or sort starts at the first page, with nothing active.
  useEffect(() => {
    setPageState(0);
    setActive(null);
    setAnchor(null);
    setEditing(null);
  }, [filters, search, sort]);

  // The view's state goes out (to the address) after it changed; the first run reports the
  // initial state, which the receiver finds equal to what it already has.
  const reported = useRef(options.onViewChange);
  reported.current = options.onViewChange;
  useEffect(() => {
    reported.current?.({ filters, search, sort });
  }, [filters, search, sort]);

  const range = useMemo<RangeBox | null>(() => {
    if (!active) return null;
    const from = anchor ?? active;
    return {
      top: Math.min(from.r, active.r),
      bottom: Math.max(from.r, active.r),
      left: Math.min(from.c, active.c),
      right: Math.max(from.c, active.c),
    };
  }, [active, anchor]);

  /** Applies cell changes as one action: values validated, invalid input kept as typed. */
  const apply = useCallback(
    (edits: { row: number; column: GridColumn; raw: unknown }[], record = true, direct = false) => {
      const current = rowsRef.current;
      const next = current.slice();
      const copied = new Set<number>();
      const changes: CellChange[] = [];
      for (const { row, column, raw } of edits) {
        const base = next[row];
        if (!base || (column.readonly && !direct)) continue;
        const result = direct ? { value: raw as CellValue } : validateCell(column, raw, base);
        // An invalid entry stays in the cell as typed, marked with its message, to be fixed.
        const value = (
          'value' in result ? result.value : typeof raw === 'string' ? raw : String(raw ?? '')
        ) as CellValue;
        const before = (base[column.name] ?? null) as CellValue;
        if (Object.is(before, value)) continue;
        if (!copied.has(row)) {
          next[row] = { ...base };
          copied.add(row);
        }
        next[row]![column.name] = value;
        changes.push({ row, column: column.name, before, after: value });
      }
      if (!changes.length) return;
      if (record) {
        undoStack.current.push(changes);
        setUndoSize(undoStack.current.size);
      }
      rowsRef.current = next;
      setRowsState(next);
      onChange?.(next, changes);
    },
    [onChange],
  );

  const byName = useMemo(() => new Map(columns.map((c) => [c.name, c])), [columns]);

  const undo = useCallback(() => {
    const reversed = undoStack.current.pop();
    setUndoSize(undoStack.current.size);
    if (!reversed) return;
    apply(
      reversed.flatMap((c) => {
        const column = byName.get(c.column);
        return column ? [{ row: c.row, column, raw: c.after }] : [];
      }),
      false,
      true,
    );
  }, [apply, byName]);

  const moveTo = useCallback(
    (pos: Position, extend = false) => {
      const r = Math.max(0, Math.min(view.length - 1, pos.r));
      const c = Math.max(0, Math.min(laid.length - 1, pos.c));
      if (view.length === 0 || laid.length === 0) return;
      if (extend) setAnchor((a) => a ?? active ?? { r, c });
      else setAnchor(null);
      setActive({ r, c });
      if (paging && (r < shown[0] || r >= shown[1])) setPageState(Math.floor(r / pageSize));
    },
    [view.length, laid.length, active, paging, shown, pageSize],
  );

  const startEdit = useCallback(
    (text?: string) => {
      if (!active) return;
      const column = laid[active.c]?.column;
      const row = rowsRef.current[view[active.r]!];
      if (!column || column.readonly || !row) return;
      setEditing({ ...active, text: text ?? plainText(column, row[column.name], lang) });
    },
    [active, laid, view, lang],
  );

  /** The data rows an edit of the active cell goes to: every selected row when it is one. */
  const targets = useCallback(
    (r: number): number[] => {
      const index = view[r];
      if (index === undefined) return [];
      return selected.has(index) ? [...selected] : [index];
    },
    [view, selected],
  );

  const commitEdit = useCallback((): boolean => {
    if (!editing) return false;
    const column = laid[editing.c]?.column;
    if (column) apply(targets(editing.r).map((row) => ({ row, column, raw: editing.text })));
    setEditing(null);
    return true;
  }, [editing, laid, apply, targets]);

  const toggleCheck = useCallback(
    (pos: Position) => {
      const column = laid[pos.c]?.column;
      const values = column ? CHECK_VALUES[typeOf(column)] : undefined;
      const row = rowsRef.current[view[pos.r]!];
      if (!column || !values || column.readonly || !row) return;
      const next = row[column.name] === values[0] ? values[1] : values[0];
      apply(targets(pos.r).map((index) => ({ row: index, column, raw: next })));
    },
    [laid, view, apply, targets],
  );

  const copyText = useCallback((): string => {
    if (!range) return '';
    const cells: string[][] = [];
    for (let r = range.top; r <= range.bottom; r++) {
      const row = rowsRef.current[view[r]!];
      if (!row) continue;
      const line: string[] = [];
      for (let c = range.left; c <= range.right; c++) {
        const column = laid[c]!.column;
        line.push(plainText(column, row[column.name], lang));
      }
      cells.push(line);
    }
    return serializeClipboard(cells);
  }, [range, view, laid, lang]);

  const paste = useCallback(
    (text: string) => {
      if (!active || !range) return;
      const cells = parseClipboard(text);
      if (!cells.length) return;
      const edits: { row: number; column: GridColumn; raw: unknown }[] = [];
      const single = cells.length === 1 && cells[0]!.length === 1;
      if (single && range.top === range.bottom && range.left === range.right) {
        // One value into one cell: like an edit, it goes to every selected row when the row is one.
        const column = laid[range.left]?.column;
        if (column) apply(targets(range.top).map((row) => ({ row, column, raw: cells[0]![0] })));
        return;
      }
      // One value over a selected range fills the range; otherwise the block starts at the top-left.
      const height = single ? range.bottom - range.top + 1 : cells.length;
      const width = single ? range.right - range.left + 1 : Math.max(...cells.map((l) => l.length));
      for (let i = 0; i < height; i++) {
        const index = view[range.top + i];
        if (index === undefined) break;
        for (let j = 0; j < width; j++) {
          const column = laid[range.left + j]?.column;
          const raw = single ? cells[0]![0] : cells[i]?.[j];
          if (!column || raw === undefined) continue;
          edits.push({ row: index, column, raw });
        }
      }
      apply(edits);
    },
    [active, range, view, laid, apply, targets],
  );

  const clearRange = useCallback(() => {
    if (!range) return;
    const edits: { row: number; column: GridColumn; raw: unknown }[] = [];
    for (let r = range.top; r <= range.bottom; r++) {
      for (const index of range.top === range.bottom ? targets(r) : [view[r]!]) {
        for (let c = range.left; c <= range.right; c++) edits.push({ row: index, column: laid[c]!.column, raw: '' });
      }
    }
    apply(edits);
  }, [range, view, laid, apply, targets]);

  const toggleRow = useCallback((index: number) => {
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });
  }, []);

  const [shownFrom, shownTo] = shown;
  const selectShown = useCallback(
    (on: boolean) => setSelected(on ? new Set(view.slice(shownFrom, shownTo)) : new Set()),
    [view, shownFrom, shownTo],
  );

  // A cell's and a row's reasons are worked out each time a row is drawn, not kept per row: a
  // row is drawn again only when something about it changed, the check is a few microseconds a
  // cell, and a cache per row object kept about 190 bytes for every row ever scrolled past (19 MB
  // after scrolling through 100,000 rows), which made every later garbage collection longer.
  const cellError = useCallback((column: GridColumn, row: GridRow) => {
    const result = validateCell(column, row[column.name], row);
    return 'error' in result ? result.error : null;
  }, []);
  const rowError = useCallback(
    (row: GridRow) => (rowValidators?.length ? validateRow(row, rowValidators) : null),
    [rowValidators],
  );

  const setAllRows = useCallback(
    (next: GridRow[]) => {
      undoStack.current.clear();
      setUndoSize(0);
      rowsRef.current = next;
      setRowsState(next);
      setSelected(new Set());
      onChange?.(next, []);
    },
    [onChange],
  );

  const setFilter = useCallback((name: string, text: string) => setFilters((f) => ({ ...f, [name]: text })), []);
  const clearFilters = useCallback(() => {
    setFilters({});
    setSearch('');
  }, []);
  const setPage = useCallback(
    (p: number) => setPageState(clampPage(p, view.length, pageSize)),
    [view.length, pageSize],
  );
  const setEditText = useCallback((text: string) => setEditing((e) => (e ? { ...e, text } : e)), []);
  const cancelEdit = useCallback(() => setEditing(null), []);

  return {
    ...columnsModel,
    rows,
    view,
    filters,
    setFilter,
    clearFilters,
    search,
    setSearch,
    warmSearch,
    coolSearch,
    paging,
    page,
    pages,
    pageSize,
    setPage,
    shown,
    active,
    range,
    moveTo,
    editing,
    startEdit,
    setEditText,
    cancelEdit,
    commitEdit,
    selected,
    toggleRow,
    selectShown,
    undo,
    canUndo: undoSize > 0,
    copyText,
    paste,
    clearRange,
    toggleCheck,
    cellError,
    rowError,
    setAllRows,
  };
}

export { ROW_HEIGHT };
