/**
 * One body row: the lead cell (row selection, open link) and the cells as plain elements.
 * Memoised on primitive props, so scrolling or moving the active cell redraws only the rows
 * whose state changed.
 */
import { memo, type ReactNode } from 'react';
import type { LocalizedText } from '../../../core/text.ts';
import { CHECK_VALUES, dateKind, formatCell, isCheck, isNumeric, typeOf } from '../model/columns.ts';
import { CELL_SHORTEN, isShortened, shorten } from '../model/format.ts';
import { gridText } from '../model/messages.ts';
import type { GridColumn, GridRow } from '../model/types.ts';
import { CellEditor } from './CellEditor.tsx';
import type { LaidColumn } from './useGridColumns.ts';

export interface RowContext {
  laid: readonly LaidColumn[];
  lang: string;
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
  top: number;
  /** The row's full width (rows are laid out and painted on their own: CSS containment). */
  width: number;
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

export const GridRowView = memo(function GridRowView({ ctx, row, index, r, top, width, picked, activeC, rangeLeft, rangeRight, editText }: Props) {
  const { laid, lang } = ctx;
  const rowProblem = ctx.rowError(row);
  const href = ctx.rowHref?.(row);
  const leadTitle = rowProblem && !rowProblem.column ? gridText(rowProblem.error, lang) : undefined;
  return (
    <div
      className={picked ? 'rg-row rg-brow rg-picked' : 'rg-row rg-brow'}
      role="row"
      aria-rowindex={r + 3}
      aria-selected={picked}
      style={{ transform: `translateY(${top}px)`, width }}
    >
      <div
        className={leadTitle ? 'rg-cell rg-lead rg-error' : 'rg-cell rg-lead'}
        style={{ width: ctx.leadWidth }}
        title={leadTitle}
        role="gridcell"
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
          <a className="rg-open" href={href} target="_blank" rel="noopener noreferrer" tabIndex={-1} aria-label={ctx.openLabel} title={ctx.openLabel}>
            ↗
          </a>
        )}
        {ctx.rowActions?.(row)}
      </div>
      {laid.map(({ column, width, stickyAt }, c) => {
        const value = row[column.name];
        const error = ctx.cellError(column, row) ?? (rowProblem?.column === column.name ? rowProblem.error : null);
        const check = isCheck(column);
        const full = check ? '' : error && typeof value === 'string' ? value : formatCell(column, value, lang);
        // Long text is shortened; numbers and dates are shown whole (the column is sized for them).
        const texty = !isNumeric(column) && !dateKind(column);
        const max = column.shorten === false || (!texty && !column.words) ? Infinity : (column.shorten ?? CELL_SHORTEN);
        const custom = ctx.renderCell?.(column, value, row);
        let cls = 'rg-cell';
        if (stickyAt !== undefined) cls += ' rg-sticky';
        if (check) cls += ' rg-check';
        else if (isNumeric(column) && typeOf(column) === 'number' && !column.words) cls += ' rg-num';
        if (column.readonly) cls += ' rg-readonly';
        if (c >= rangeLeft && c <= rangeRight) cls += ' rg-range';
        if (c === activeC) cls += ' rg-active';
        if (error) cls += ' rg-error';
        const title = error ? gridText(error, lang) : full && isShortened(full, max) ? full : undefined;
        return (
          <div
            key={column.name}
            className={cls}
            role="gridcell"
            id={c === activeC ? ctx.activeId : undefined}
            aria-readonly={column.readonly || undefined}
            aria-invalid={error ? true : undefined}
            aria-checked={check ? value === CHECK_VALUES[typeOf(column)]![0] : undefined}
            data-r={r}
            data-c={c}
            title={title}
            style={{ width, insetInlineStart: stickyAt }}
          >
            {c === activeC && editText !== null ? (
              <CellEditor column={column} text={editText} rows={ctx.rows} lang={lang} editor={ctx.editor} />
            ) : custom !== undefined ? (
              custom
            ) : check ? (
              checkGlyph(column, value)
            ) : (
              // Every cell's text is isolated from the row's direction: in a right-to-left grid a
              // Latin name keeps its trailing '.' and its ellipsis at its own end, and '-250' its
              // sign. Numbers and dates are always left to right; text takes the direction of its
              // first strong letter (bdi = dir="auto"). The cell's class keeps the alignment.
              <bdi className="rg-text" dir={!texty && !column.words ? 'ltr' : undefined}>
                {shorten(full, max)}
              </bdi>
            )}
          </div>
        );
      })}
    </div>
  );
});
