/**
 * One body row: the lead cell (row selection, open link) and the cells as plain elements.
 * Memoised on primitive props, so scrolling or moving the active cell redraws only the rows
 * whose state changed.
 */
import { memo, type CSSProperties, type ReactNode } from 'react';
import type { LocalizedText } from '../../../core/text.ts';
import { CHECK_VALUES, dateKind, formatCell, isCheck, isNumeric, typeOf } from '../model/columns.ts';
import { CELL_SHORTEN, isShortened, shorten } from '../model/format.ts';
import { gridText } from '../model/messages.ts';
import type { GridColumn, GridRow } from '../model/types.ts';
import { CellEditor } from './CellEditor.tsx';
import { CELL_SPACE } from './styles.ts';
import { textFits } from './text-fit.ts';
import type { LaidColumn } from './useGridColumns.ts';

export interface RowContext {
  laid: readonly LaidColumn[];
  lang: string;
  /** The cells' font (CSS shorthand), to tell which texts fit their column (text-fit.ts). */
  font: string;
  leadWidth: number;
  cellError(column: GridColumn, row: GridRow): LocalizedText | null;
  rowError(row: GridRow): { column?: string; error: LocalizedText } | null;
  renderCell?: (column: GridColumn, value: unknown, row: GridRow) => ReactNode | undefined;
  rowHref?: (row: GridRow) => string | undefined;
  /** The row's action buttons in the lead cell. */
  rowActions?: (row: GridRow) => ReactNode;
  toggleRow(index: number): void;
  rtl: boolean;
  /** The active cell's element id (aria-activedescendant), unique per grid. */
  activeId: string;
  /** Accessible name of a row's selection box. */
  selectLabel: string;
  /** Accessible name of a row's open-in-a-new-tab link (in the grid's language). */
  openLabel: string;
  rows: readonly GridRow[];
  editor: {
    setText(text: string): void;
    commit(move: 'down' | 'next' | 'prev' | 'none'): void;
    cancel(): void;
  };
}

interface Props {
  ctx: RowContext;
  row: GridRow;
  /** Index in the data rows. */
  index: number;
  /** Position in the view. */
  r: number;
  /** The row's place in the rows' block, px (the CSS top of the absolutely placed row). */
  top: number;
  /** The row's full width (rows are laid out on their own: CSS containment). */
  width: number;
  /**
   * The scrolling (not sticky) columns drawn, [left, right] by column position: those in sight.
   * The others are not in the DOM; a gap as wide as those before `left` keeps the drawn ones in place.
   */
  left: number;
  right: number;
  picked: boolean;
  activeC: number;
  rangeLeft: number;
  rangeRight: number;
  editText: string | null;
}

function checkGlyph(column: GridColumn, value: unknown): string {
  const values = CHECK_VALUES[typeOf(column)]!;
  if (value === values[0]) return '☑';
  if (value === values[1]) return '☐';
  return String(value ?? '');
}

/** What a column's cells share: worked out once per column layout, not per cell and frame. */
interface CellPlan {
  column: GridColumn;
  name: string;
  check: boolean;
  /** Most characters shown before the text is shortened. */
  max: number;
  /** Numbers and dates: always left to right (class rg-ltr); other text: rg-text. */
  ltr: boolean;
  /** The cell's class without the per-row state (range, active, error). */
  cls: string;
  /** In the row's sticky block (with the lead cell) rather than after it. */
  sticky: boolean;
  /** Offset from the row's start edge, px. */
  start: number;
  /** Width left for the text, px (the column's, less the cell's padding and border). */
  room: number;
  style: CSSProperties;
  checkOn?: string;
}

const plans = new WeakMap<readonly LaidColumn[], { rtl: boolean; cells: CellPlan[] }>();

/** The cells' plans, kept per column layout (the same array while the columns do not change). */
function planCells(laid: readonly LaidColumn[], rtl: boolean): CellPlan[] {
  const known = plans.get(laid);
  if (known && known.rtl === rtl) return known.cells;
  const made = laid.map(({ column, width, stickyAt, start }): CellPlan => {
    const check = isCheck(column);
    // Long text is shortened; numbers and dates are shown whole (the column is sized for them).
    const texty = !isNumeric(column) && !dateKind(column);
    const max = column.shorten === false || (!texty && !column.words) ? Infinity : (column.shorten ?? CELL_SHORTEN);
    const ltr = !texty && !column.words;
    let cls = 'rg-cell';
    if (stickyAt !== undefined) cls += ' rg-sticky';
    if (check) cls += ' rg-check';
    else {
      if (isNumeric(column) && typeOf(column) === 'number' && !column.words) cls += ' rg-num';
      cls += ltr ? ' rg-ltr' : ' rg-text';
    }
    if (column.readonly) cls += ' rg-readonly';
    // The text's paragraph takes its own direction (unicode-bidi: plaintext), which would also
    // move 'text-align: start/end'; so the cell is aligned by the grid's direction with a
    // physical side, inline (the right-to-left Emotion cache flips physical sides in CSS).
    const atEnd = cls.includes(' rg-num');
    const style: CSSProperties = { width, textAlign: check ? undefined : atEnd === rtl ? 'left' : 'right' };
    return {
      column,
      name: column.name,
      check,
      max,
      ltr,
      cls,
      sticky: stickyAt !== undefined,
      start,
      room: width - CELL_SPACE,
      style,
      checkOn: check ? CHECK_VALUES[typeOf(column)]![0] : undefined,
    };
  });
  plans.set(laid, { rtl, cells: made });
  return made;
}

export const GridRowView = memo(function GridRowView({
  ctx,
  row,
  index,
  r,
  top,
  width,
  left,
  right,
  picked,
  activeC,
  rangeLeft,
  rangeRight,
  editText,
}: Props) {
  const { laid, lang } = ctx;
  const cells = planCells(laid, ctx.rtl);
  const rowProblem = ctx.rowError(row);
  const href = ctx.rowHref?.(row);
  const leadTitle = rowProblem && !rowProblem.column ? gridText(rowProblem.error, lang) : undefined;
  const cell = (plan: CellPlan, c: number) => {
    const { column, check } = plan;
    const value = row[plan.name];
    const error = ctx.cellError(column, row) ?? (rowProblem?.column === plan.name ? rowProblem.error : null);
    const full = check ? '' : error && typeof value === 'string' ? value : formatCell(column, value, lang);
    const custom = ctx.renderCell?.(column, value, row);
    const editing = c === activeC && editText !== null;
    let cls = plan.cls;
    // Custom content keeps the row's direction; the bidi classes are for the grid's own text.
    if (custom !== undefined && !editing && !check) cls = cls.replace(plan.ltr ? ' rg-ltr' : ' rg-text', '');
    if (c >= rangeLeft && c <= rangeRight) cls += ' rg-range';
    if (c === activeC) cls += ' rg-active';
    if (error) cls += ' rg-error';
    const title = error ? gridText(error, lang) : full && isShortened(full, plan.max) ? full : undefined;
    // The grid's own text (not an editor or custom content) that fits its column is not clipped.
    const text = editing || custom !== undefined ? null : check ? checkGlyph(column, value) : shorten(full, plan.max);
    if (text !== null && textFits(text, plan.room, ctx.font)) cls += ' rg-fit';
    return (
      <div
        key={plan.name}
        className={cls}
        role="gridcell"
        id={c === activeC ? ctx.activeId : undefined}
        aria-readonly={column.readonly || undefined}
        aria-invalid={error ? true : undefined}
        aria-checked={check ? value === plan.checkOn : undefined}
        aria-colindex={c + 2}
        data-c={c}
        title={title}
        style={plan.style}
      >
        {editing ? (
          <CellEditor column={column} text={editText} rows={ctx.rows} lang={lang} editor={ctx.editor} />
        ) : custom !== undefined ? (
          custom
        ) : (
          // Every cell's text is isolated from the row's direction, on the cell itself (no
          // element per text; styles.ts): the text takes the direction of its first strong
          // letter (unicode-bidi: plaintext, as dir="auto"), so in a right-to-left grid a Latin
          // name keeps its trailing '.' and its ellipsis at its own end, and '-250' its sign.
          // Numbers and dates (rg-ltr) are left-to-right cells (styles.ts), whatever they hold.
          // Check columns show their glyph.
          text
        )}
      </div>
    );
  };
  // The scrolling columns drawn: those in sight, and the active cell's (its editor keeps its
  // place while the grid is scrolled sideways).
  let n = 0;
  while (n < cells.length && cells[n]!.sticky) n++;
  let first = left;
  let last = right;
  if (activeC >= n) {
    first = Math.min(first, activeC);
    last = Math.max(last, activeC);
  }
  const scrolling: ReactNode[] = [];
  for (let c = first; c <= last && c < cells.length; c++) scrolling.push(cell(cells[c]!, c));
  const gap = n < cells.length && first < cells.length ? cells[first]!.start - cells[n]!.start : 0;
  return (
    <div
      className={picked ? 'rg-row rg-brow rg-picked' : 'rg-row rg-brow'}
      role="row"
      aria-rowindex={r + 3}
      aria-selected={picked}
      // The row's view position, once per row (a cell has its column, data-c): one attribute to
      // rewrite per recycled row in a scroll frame instead of one per cell.
      data-r={r}
      style={{ top, width }}
    >
      {/* The lead cell and the sticky columns stick as one block: one sticky layer per row, not one per cell. */}
      <div className="rg-stick">
        <div
          className={leadTitle ? 'rg-cell rg-lead rg-error' : 'rg-cell rg-lead'}
          style={{ width: ctx.leadWidth }}
          title={leadTitle}
          role="gridcell"
          aria-colindex={1}
        >
          {/* A glyph, not an <input>: a controlled input per drawn row costs React value tracking on every scroll frame. */}
          <span
            className="rg-pick"
            role="checkbox"
            aria-checked={picked}
            aria-label={ctx.selectLabel}
            tabIndex={-1}
            onClick={() => ctx.toggleRow(index)}
          >
            {picked ? '☑' : '☐'}
          </span>
          {href && (
            <a
              className="rg-open"
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              tabIndex={-1}
              aria-label={ctx.openLabel}
              title={ctx.openLabel}
            >
              ↗
            </a>
          )}
          {ctx.rowActions?.(row)}
        </div>
        {cells.slice(0, n).map((plan, c) => cell(plan, c))}
      </div>
      {gap > 0 && <div className="rg-gap" role="presentation" style={{ width: gap }} />}
      {scrolling}
    </div>
  );
});
