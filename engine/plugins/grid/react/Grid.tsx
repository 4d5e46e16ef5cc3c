/**
 * The spreadsheet grid (admission-and-grid sections 3, 5, 8, 9): column types,
 * editing like a spreadsheet, filters, fuzzy search, sorting, summaries, paging or virtual
 * scrolling, import and export. Use it directly with {columns, rows, onChange} or through the
 * `grid#Grid` plugin screen. State and commands: useGridController; this file draws them and
 * maps keys, mouse, wheel and clipboard events onto them.
 */
import { useCallback, useEffect, useId, useMemo, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useTheme } from '@mui/material/styles';
import { direction } from '../../../core/rtl.ts';
import { isCheck } from '../model/columns.ts';
import { acceptsKey } from '../model/keys.ts';
import { GRID_MESSAGES, gridText } from '../model/messages.ts';
import { DEFAULT_GRID_HEIGHT, ROW_HEIGHT, showScrollTop, wheelStep } from '../model/paging.ts';
import type { CellChange } from '../model/undo.ts';
import type { GridColumn, GridRow, RowValidator } from '../model/types.ts';
import { GridFooter } from './GridFooter.tsx';
import { GridHeader } from './GridHeader.tsx';
import { GridPager } from './GridPager.tsx';
import { GridBody } from './GridBody.tsx';
import type { RowContext } from './GridRowView.tsx';
import { GridToolbar } from './GridToolbar.tsx';
import { GridRoot } from './GridRoot.tsx';
import { cellFont } from './styles.ts';
import type { GridViewState } from './grid-url.ts';
import { gridUi } from './texts.ts';
import { SELECT_WIDTH } from './useGridColumns.ts';
import { useGridController, type Position } from './useGridController.ts';

export interface GridProps {
  columns: readonly GridColumn[];
  rows: readonly GridRow[];
  onChange?: (rows: GridRow[], changes: readonly CellChange[]) => void;
  /** Interface language; default English. Arabic lays the grid out right to left. */
  lang?: string;
  /** false: no pages, every row (up to 999999) in one virtually scrolled body. */
  paging?: boolean;
  /** Rows per page (default 20, or fitted to `height`). */
  pageSize?: number;
  /** Height of the rows area in px. With paging off it defaults to DEFAULT_GRID_HEIGHT (480). */
  height?: number;
  rowValidators?: readonly RowValidator[];
  /** Row fields the fuzzy search looks at (default name, name_local, code). */
  searchKeys?: readonly string[];
  /** Draw a cell differently (a status badge); undefined keeps the grid's own text. */
  renderCell?: (column: GridColumn, value: unknown, row: GridRow) => ReactNode | undefined;
  /** An address per row, opened in a new tab from the row's link. */
  rowHref?: (row: GridRow) => string | undefined;
  /** Import and Export buttons (default true) and the exported file's name. */
  importExport?: boolean;
  exportName?: string;
  /** Accessible name of the grid. */
  label?: string;
  /** Column filters, search and sort to start with (a grid screen restores them from the address). */
  initialView?: Partial<GridViewState>;
  /** Told the column filters, search and sort after each change. */
  onViewChange?: (view: GridViewState) => void;
  /** Buttons drawn in each row's lead cell (edit, delete, restore), `width` px more room for them. */
  rowActions?: { width: number; render(row: GridRow): ReactNode };
  /** Drawn at the end of the toolbar (a screen's page actions). */
  toolbarExtra?: ReactNode;
}

const HEADER_ROWS = 2;
/** Room for a row's open link in the lead column, px. */
const LINK_WIDTH = 10;

/**
 * Whether every row shown (view positions [from, to)) is selected, for the header's select-all
 * box. Read in place on every render of the grid (every key press): no copy of the view, which
 * on 100,000 rows was 400 KB of garbage a render, and no look-up at all while fewer rows are
 * selected than shown.
 */
function allShownPicked(view: readonly number[], from: number, to: number, selected: ReadonlySet<number>): boolean {
  if (to <= from || selected.size < to - from) return false;
  for (let r = from; r < to; r++) if (!selected.has(view[r]!)) return false;
  return true;
}

export function Grid(props: GridProps) {
  const lang = props.lang ?? 'en';
  const dir = direction(lang);
  // The lead column holds the selection box, the row's link (when rows have one) and row actions.
  const leadWidth = SELECT_WIDTH + (props.rowHref ? LINK_WIDTH : 0) + (props.rowActions?.width ?? 0);
  const grid = useGridController({ ...props, lang, leadWidth });
  const { laid, view, shown, active, range, editing } = grid;
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const activeId = `${useId()}-active`;
  const shownCount = shown[1] - shown[0];
  const hasFooter = laid.some((l) => l.column.summary);
  // An empty grid keeps two rows' room for its 'No record' line.
  const bodyHeight = grid.paging
    ? Math.max(1, props.height ?? Math.max(2, shownCount) * ROW_HEIGHT)
    : (props.height ?? DEFAULT_GRID_HEIGHT);
  const viewportHeight = bodyHeight + ROW_HEIGHT * (HEADER_ROWS + (hasFooter ? 1 : 0));

  const focusGrid = useCallback(() => scrollRef.current?.focus({ preventScroll: true }), []);

  // Paging turns go back to the top of the body.
  useEffect(() => {
    if (grid.paging && scrollRef.current) scrollRef.current.scrollTop = 0;
  }, [grid.page, grid.paging]);

  // The pager's scroll-to-top button is shown through its own state (GridPager registers its
  // setter here): crossing the threshold while scrolling redraws the pager, not the whole grid.
  const showTop = useRef<((on: boolean) => void) | null>(null);
  const wheel = useRef(0);

  // The row context must stay the same object while scrolling, or every drawn row redraws each
  // frame: the editor's commands go through a ref to the latest controller.
  const latest = useRef(grid);
  latest.current = grid;
  const dims = useRef({ cols: laid.length, rows: view.length });
  dims.current = { cols: laid.length, rows: view.length };

  const editor = useMemo<RowContext['editor']>(
    () => ({
      setText: (text) => latest.current.setEditText(text),
      commit: (move) => {
        const g = latest.current;
        const at = g.editing;
        g.commitEdit();
        if (at && move !== 'none') {
          if (move === 'down') g.moveTo({ r: at.r + 1, c: at.c });
          else g.moveTo(step(at, move === 'next' ? 1 : -1, dims.current.cols, dims.current.rows));
        }
        if (move !== 'none') focusGrid();
      },
      cancel: () => {
        latest.current.cancelEdit();
        focusGrid();
      },
    }),
    [focusGrid],
  );

  const theme = useTheme();
  const font = cellFont(theme);
  const ctx = useMemo<RowContext>(
    () => ({
      laid,
      lang,
      font,
      leadWidth,
      cellError: grid.cellError,
      rowError: grid.rowError,
      renderCell: props.renderCell,
      rowHref: props.rowHref,
      rowActions: props.rowActions?.render,
      toggleRow: grid.toggleRow,
      selectLabel: gridUi(lang, 'selectRow'),
      openLabel: gridUi(lang, 'openRow'),
      rtl: dir === 'rtl',
      activeId,
      rows: grid.rows,
      editor,
    }),
    [
      laid,
      lang,
      font,
      dir,
      activeId,
      leadWidth,
      grid.cellError,
      grid.rowError,
      props.renderCell,
      props.rowHref,
      props.rowActions?.render,
      grid.toggleRow,
      grid.rows,
      editor,
    ],
  );

  const pageRows = Math.max(1, Math.floor(bodyHeight / ROW_HEIGHT));
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (editing) return;
    const pos = active ?? { r: shown[0], c: 0 };
    const rtl = dir === 'rtl';
    const shift = event.shiftKey;
    const ctrl = event.ctrlKey || event.metaKey;
    const go = (next: Position, extend = false) => {
      event.preventDefault();
      // The first move only picks the first cell in sight.
      grid.moveTo(active ? next : pos, extend);
    };
    switch (event.key) {
      case 'ArrowDown':
        return go({ r: pos.r + 1, c: pos.c }, shift);
      case 'ArrowUp':
        return go({ r: pos.r - 1, c: pos.c }, shift);
      case 'ArrowRight':
        return go({ r: pos.r, c: pos.c + (rtl ? -1 : 1) }, shift);
      case 'ArrowLeft':
        return go({ r: pos.r, c: pos.c + (rtl ? 1 : -1) }, shift);
      case 'Tab':
        if (!active) return; // Tab into and out of the grid as usual until a cell is chosen
        return go(step(pos, shift ? -1 : 1, laid.length, view.length));
      case 'Home':
        return go({ r: ctrl ? 0 : pos.r, c: 0 });
      case 'End':
        return go({ r: ctrl ? view.length - 1 : pos.r, c: laid.length - 1 });
      case 'PageDown':
        if (grid.paging) {
          event.preventDefault();
          return grid.moveTo({ r: Math.min(view.length - 1, pos.r + grid.pageSize), c: pos.c });
        }
        return go({ r: pos.r + pageRows, c: pos.c });
      case 'PageUp':
        if (grid.paging) {
          event.preventDefault();
          return grid.moveTo({ r: Math.max(0, pos.r - grid.pageSize), c: pos.c });
        }
        return go({ r: pos.r - pageRows, c: pos.c });
      case 'Enter':
      case 'F2':
        if (!active) return go(pos);
        event.preventDefault();
        if (isCheck(laid[pos.c]!.column)) return grid.toggleCheck(pos);
        return grid.startEdit();
      case 'Escape':
        if (range && (range.top !== range.bottom || range.left !== range.right)) go(pos);
        return;
      case 'Delete':
      case 'Backspace':
        event.preventDefault();
        return grid.clearRange();
      case ' ':
        if (!active) return;
        event.preventDefault();
        if (shift) {
          const index = view[pos.r];
          if (index !== undefined) grid.toggleRow(index);
          return;
        }
        if (isCheck(laid[pos.c]!.column)) return grid.toggleCheck(pos);
        return grid.startEdit(' ');
      default:
        break;
    }
    if (ctrl && event.key.toLowerCase() === 'z') {
      event.preventDefault();
      return grid.undo();
    }
    if (!active || ctrl || event.altKey || Array.from(event.key).length !== 1) return;
    const column = laid[pos.c]!.column;
    if (column.readonly) return;
    event.preventDefault();
    if (!acceptsKey(column, event.key)) return;
    // A check column takes its one character at once; other columns start editing with it.
    if (isCheck(column)) grid.paste(event.key);
    else grid.startEdit(event.key);
  };

  const cellAt = (target: EventTarget | null): Position | null => {
    const el = (target as HTMLElement | null)?.closest?.('[data-c]') as HTMLElement | null;
    const row = el?.closest<HTMLElement>('[data-r]');
    if (!el || !row) return null;
    return { r: Number(row.dataset.r), c: Number(el.dataset.c) };
  };

  // Wheel paging: a native, non-passive listener, so a wheel turn that changes the page does
  // not also scroll the page around the grid.
  const paging = grid.paging && grid.pages > 1;
  useEffect(() => {
    const scrollEl = scrollRef.current;
    if (!scrollEl || !paging) return;
    const onWheel = (event: globalThis.WheelEvent) => {
      const el = scrollEl;
      // Turn pages only when the body itself cannot scroll further that way.
      const atEdge = event.deltaY > 0 ? el.scrollTop + el.clientHeight >= el.scrollHeight - 1 : el.scrollTop <= 0;
      if (!atEdge || event.deltaY === 0) return;
      event.preventDefault();
      const { gathered, step: turn } = wheelStep(wheel.current, event.deltaY);
      wheel.current = gathered;
      const g = latest.current;
      if (turn) g.setPage(g.page + turn);
    };
    scrollEl.addEventListener('wheel', onWheel, { passive: false });
    return () => scrollEl.removeEventListener('wheel', onWheel);
  }, [paging]);

  const {
    search,
    setSearch,
    warmSearch,
    coolSearch,
    canUndo,
    undo,
    clearFilters,
    rows: allRows,
    setAllRows,
    selected,
  } = grid;
  const toolbar = useMemo(
    () => ({
      search,
      setSearch,
      warmSearch,
      coolSearch,
      canUndo,
      undo,
      clearFilters,
      rows: allRows,
      view,
      setAllRows,
      selectedCount: selected.size,
    }),
    [search, setSearch, warmSearch, coolSearch, canUndo, undo, clearFilters, allRows, view, setAllRows, selected.size],
  );
  const toTop = useCallback(() => scrollRef.current?.scrollTo({ top: 0 }), []);

  const emptyText = gridText(GRID_MESSAGES.noRecord, lang);
  const allPicked = allShownPicked(view, shown[0], shown[1], grid.selected);

  return (
    <GridRoot dir={dir} lang={lang}>
      <GridToolbar
        grid={toolbar}
        lang={lang}
        columns={props.columns}
        importExport={props.importExport !== false}
        exportName={props.exportName}
        extra={props.toolbarExtra}
      />
      <div
        ref={scrollRef}
        className="rg-scroll"
        role="grid"
        aria-label={props.label}
        aria-rowcount={view.length + 2}
        aria-colcount={laid.length + 1}
        aria-multiselectable
        aria-activedescendant={active ? activeId : undefined}
        tabIndex={0}
        style={{ height: viewportHeight, maxHeight: viewportHeight }}
        onKeyDown={onKeyDown}
        onScroll={(e) => showTop.current?.(showScrollTop(e.currentTarget.scrollTop))}
        onMouseDown={(e) => {
          if ((e.target as HTMLElement).closest('input, button, a, .rg-editor, .rg-pick')) return;
          const pos = cellAt(e.target);
          if (!pos) return;
          if (editing) grid.commitEdit();
          const wasActive = active?.r === pos.r && active.c === pos.c;
          grid.moveTo(pos, e.shiftKey);
          focusGrid();
          e.preventDefault();
          if (wasActive && isCheck(laid[pos.c]!.column)) grid.toggleCheck(pos);
        }}
        onDoubleClick={(e) => {
          const pos = cellAt(e.target);
          if (pos && !isCheck(laid[pos.c]!.column)) grid.startEdit();
        }}
        onCopy={(e) => {
          if (editing || !range) return;
          e.preventDefault();
          e.clipboardData.setData('text/plain', grid.copyText());
        }}
        onCut={(e) => {
          if (editing || !range) return;
          e.preventDefault();
          e.clipboardData.setData('text/plain', grid.copyText());
          grid.clearRange();
        }}
        onPaste={(e) => {
          if (editing || !active) return;
          e.preventDefault();
          grid.paste(e.clipboardData.getData('text/plain'));
        }}
      >
        <div style={{ width: grid.totalWidth, minWidth: '100%' }}>
          <GridHeader
            laid={laid}
            leadWidth={leadWidth}
            lang={lang}
            sort={grid.sort}
            filters={grid.filters}
            rows={grid.rows}
            allPicked={allPicked}
            onPickAll={grid.selectShown}
            onSort={grid.toggleSort}
            onFilter={grid.setFilter}
          />
          <GridBody
            ctx={ctx}
            view={view}
            from={shown[0]}
            to={shown[1]}
            offset={ROW_HEIGHT * HEADER_ROWS}
            tail={hasFooter ? ROW_HEIGHT : 0}
            width={grid.totalWidth}
            viewportHeight={viewportHeight}
            selected={grid.selected}
            active={active}
            range={range}
            editing={editing}
            emptyText={emptyText}
          />
          {hasFooter && <GridFooter laid={laid} leadWidth={leadWidth} rows={grid.rows} view={view} lang={lang} />}
        </div>
      </div>
      <GridPager
        paging={grid.paging}
        page={grid.page}
        pages={grid.pages}
        setPage={grid.setPage}
        shownCount={view.length}
        total={grid.rows.length}
        lang={lang}
        showTop={showTop}
        onTop={toTop}
      />
    </GridRoot>
  );
}

/** The next or previous cell in reading order, wrapping to the next or previous row. */
function step(pos: Position, by: 1 | -1, cols: number, rows: number): Position {
  let { r, c } = pos;
  c += by;
  if (c >= cols) {
    c = 0;
    r = Math.min(rows - 1, r + 1);
  } else if (c < 0) {
    c = cols - 1;
    r = Math.max(0, r - 1);
  }
  return { r, c };
}
