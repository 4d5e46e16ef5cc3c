/**
 * The grid controller's contract: the options a grid is made with, positions, the editing and
 * range boxes, and the state and commands useGridController.ts returns (Grid.tsx draws them).
 */
import type { LocalizedText } from '../../../core/text.ts';
import type { CellChange } from '../model/undo.ts';
import type { GridColumn, GridRow, RowValidator } from '../model/types.ts';
import type { GridViewState } from './grid-url.ts';
import type { GridColumnsModel } from './useGridColumns.ts';

export interface GridOptions {
  columns: readonly GridColumn[];
  rows: readonly GridRow[];
  /** Called with the new rows after every edit, paste, undo or import. */
  onChange?: (rows: GridRow[], changes: readonly CellChange[]) => void;
  rowValidators?: readonly RowValidator[];
  /** false: every row on one virtually scrolled page (up to 999999). */
  paging?: boolean;
  /** Rows per page; default 20, or fitted to `height` at 24 px a row. */
  pageSize?: number;
  /** Height of the grid's body in px (the page size follows it when paging). */
  height?: number;
  searchKeys?: readonly string[];
  lang: string;
  /** Column filters, search and sort to start with (a grid screen keeps them in the address). */
  initialView?: Partial<GridViewState>;
  /** Told the column filters, search and sort whenever one changes. */
  onViewChange?: (view: GridViewState) => void;
  /** Width of the lead column (row select, link, row actions). */
  leadWidth?: number;
}

export interface Position {
  /** Position in the view (after filter and sort). */
  r: number;
  /** Index in the laid-out columns. */
  c: number;
}

export interface Editing extends Position {
  text: string;
}

export interface RangeBox {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

export interface GridController extends GridColumnsModel {
  rows: readonly GridRow[];
  view: readonly number[];
  filters: Readonly<Record<string, string>>;
  setFilter(name: string, text: string): void;
  clearFilters(): void;
  search: string;
  setSearch(text: string): void;
  /** Builds the fuzzy index ahead of the first search. */
  warmSearch(): void;
  /** The search box was left: drops the fuzzy index if the search is empty. */
  coolSearch(): void;
  paging: boolean;
  page: number;
  pages: number;
  pageSize: number;
  setPage(page: number): void;
  /** View positions [start, end) shown (one page, or all when paging is off). */
  shown: [number, number];
  active: Position | null;
  range: RangeBox | null;
  moveTo(pos: Position, extend?: boolean): void;
  editing: Editing | null;
  startEdit(text?: string): void;
  setEditText(text: string): void;
  cancelEdit(): void;
  commitEdit(): boolean;
  selected: ReadonlySet<number>;
  toggleRow(dataIndex: number): void;
  selectShown(on: boolean): void;
  undo(): void;
  canUndo: boolean;
  copyText(): string;
  paste(text: string): void;
  clearRange(): void;
  toggleCheck(pos: Position): void;
  cellError(column: GridColumn, row: GridRow): LocalizedText | null;
  rowError(row: GridRow): { column?: string; error: LocalizedText } | null;
  /** Replace or merge rows (an import): one undoable action. */
  setAllRows(rows: GridRow[]): void;
}
