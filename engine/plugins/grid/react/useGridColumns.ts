/**
 * The grid's column model on TanStack Table: visibility (invisible columns), sizes, pinning
 * (sticky columns at the logical start, so they stay on the left in English and on the right in
 * Arabic) and the sorting state. Rows are not handed to TanStack: its row model costs about
 * 230 ms for 100,000 rows, over the 100 ms first-render goal, so filtering, search and sorting
 * run on index arrays in model/view.ts, driven by the sorting state kept here.
 */
import { useCallback, useMemo, useState } from 'react';
import {
  columnPinningFeature,
  columnSizingFeature,
  columnVisibilityFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type SortingState,
} from '@tanstack/react-table';
import { isCheck, isNumeric, typeOf } from '../model/columns.ts';
import type { SortState } from '../model/sort.ts';
import type { GridColumn, GridRow } from '../model/types.ts';

const features = tableFeatures({
  columnVisibilityFeature,
  columnSizingFeature,
  columnPinningFeature,
  rowSortingFeature,
});
const NO_DATA: GridRow[] = [];

/** Default widths by type, in px. */
export function columnWidth(column: GridColumn): number {
  if (column.width) return column.width;
  if (isCheck(column)) return 72;
  const type = typeOf(column);
  if (type === 'date' || type === 'datetick') return 110;
  if (type.startsWith('datetime')) return 160;
  if (isNumeric(column)) return 110;
  return 150;
}

export interface LaidColumn {
  column: GridColumn;
  width: number;
  /** Offset from the start edge when sticky (px, after the row-select column). */
  stickyAt?: number;
  /** Offset from the start edge of the row, for scrolling a cell into view. */
  start: number;
}

export interface GridColumnsModel {
  /** The shown columns in order, sticky ones first. */
  laid: LaidColumn[];
  totalWidth: number;
  sort: SortState | null;
  /** A header click: ascending, descending, then no sort. */
  toggleSort(name: string): void;
}

/** Width of the row-select column at the start of every row. */
export const SELECT_WIDTH = 36;

export interface GridColumnsOptions {
  /** The sort to start with (a grid screen restores it from the address). */
  initialSort?: SortState | null;
  /** Width of the lead column (row select, link, row actions); default SELECT_WIDTH. */
  leadWidth?: number;
}

export function useGridColumns(columns: readonly GridColumn[], options: GridColumnsOptions = {}): GridColumnsModel {
  const lead = options.leadWidth ?? SELECT_WIDTH;
  const [sorting, setSorting] = useState<SortingState>(() =>
    options.initialSort && columns.some((c) => c.name === options.initialSort!.column)
      ? [{ id: options.initialSort.column, desc: options.initialSort.direction === 'desc' }]
      : [],
  );
  const defs = useMemo(
    // Ascending first for every type (TanStack would start numbers descending).
    () =>
      columns.map((c) => ({
        id: c.name,
        accessorKey: c.name,
        size: columnWidth(c),
        minSize: 40,
        maxSize: 2000,
        sortDescFirst: false,
      })),
    [columns],
  );
  const visibility = useMemo(() => Object.fromEntries(columns.map((c) => [c.name, !c.invisible])), [columns]);
  const pinning = useMemo(
    () => ({ start: columns.filter((c) => c.sticky && !c.invisible).map((c) => c.name), end: [] }),
    [columns],
  );
  const table = useTable({
    features,
    columns: defs as never,
    data: NO_DATA,
    manualSorting: true,
    enableMultiSort: false,
    state: { sorting, columnVisibility: visibility, columnPinning: pinning },
    onSortingChange: setSorting,
  });

  const byName = useMemo(() => new Map(columns.map((c) => [c.name, c])), [columns]);
  const leaves = table.getVisibleLeafColumns();
  const layout = leaves
    .map((leaf) => `${leaf.id}:${leaf.getSize()}:${leaf.getIsPinned() === 'start' ? leaf.getStart('start') : ''}`)
    .join('|');
  // Keyed by what the layout is made of, so it stays the same array while nothing changes
  // (the drawn rows compare it to skip redrawing).
  const laid = useMemo(() => {
    let start = lead;
    return leaves.map((leaf) => {
      const width = leaf.getSize();
      const item: LaidColumn = {
        column: byName.get(leaf.id)!,
        width,
        start,
        stickyAt: leaf.getIsPinned() === 'start' ? lead + leaf.getStart('start') : undefined,
      };
      start += width;
      return item;
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [layout, byName, lead]);

  const first = sorting[0];
  const sort = useMemo<SortState | null>(
    () => (first ? { column: first.id, direction: first.desc ? 'desc' : 'asc' } : null),
    [first],
  );
  const toggleSort = useCallback((name: string) => table.getColumn(name)?.toggleSorting(), [table]);
  return {
    laid,
    totalWidth: laid.reduce((sum, c) => sum + c.width, lead),
    sort,
    toggleSort,
  };
}
