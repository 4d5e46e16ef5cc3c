/**
 * The rows in sight. The virtualizer lives here, so a scroll frame redraws this component
 * (and only the rows entering the window), never the toolbar, header, footer or pager.
 */
import { memo, useEffect, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ROW_HEIGHT } from '../model/paging.ts';
import { GridRowView, type RowContext } from './GridRowView.tsx';
import type { Editing, Position, RangeBox } from './useGridController.ts';

/** Rows drawn beyond the window on each side. */
const OVERSCAN = 3;

interface Props {
  scrollEl: HTMLDivElement | null;
  ctx: RowContext;
  view: readonly number[];
  /** View positions [start, end) on this page. */
  from: number;
  to: number;
  /** Height above the rows inside the scrolling element (the header rows). */
  offset: number;
  width: number;
  viewportHeight: number;
  selected: ReadonlySet<number>;
  active: Position | null;
  range: RangeBox | null;
  editing: Editing | null;
  emptyText: string;
}

export const GridBody = memo(function GridBody(props: Props) {
  const { ctx, view, from, to, offset, active, range, editing, selected } = props;
  const count = to - from;
  // Rows are keyed by slot (virtual index modulo the most rows ever drawn at once), not by row:
  // a row leaving the window hands its DOM to the row entering it, so a scroll frame rewrites
  // the text of a few existing cells instead of removing and creating whole rows. Consecutive
  // indices modulo `slots` never collide while no more than `slots` rows are drawn. Sized from
  // the start for a window in mid-list (it only grows): a change of size renames every slot and
  // redraws every row, which is what the first scroll frame would otherwise pay.
  const slots = useRef(Math.ceil(props.viewportHeight / ROW_HEIGHT) + 2 * OVERSCAN + 1);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => props.scrollEl,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    scrollMargin: offset,
    initialRect: { width: props.width, height: props.viewportHeight },
  });

  // Keep the active row in sight (the cell's column: Grid scrolls it into view).
  useEffect(() => {
    if (!active || active.r < from || active.r >= to) return;
    virtualizer.scrollToIndex(active.r - from, { align: 'auto' });
    const el = props.scrollEl?.querySelector<HTMLElement>(`[data-r="${active.r}"][data-c="${active.c}"]`);
    el?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active?.r, active?.c, from]);

  const virtual = virtualizer.getVirtualItems();
  if (virtual.length > slots.current) slots.current = virtual.length;
  const mod = slots.current;
  // Drawn in slot order, not view order: the rows are placed by `top`, and a DOM order that
  // stays the same lets React update the recycled rows in place. In view order the slots
  // rotate as the window moves, and React would move those rows in the DOM, which costs their
  // whole style and layout again.
  const first = virtual.length ? mod - (virtual[0]!.index % mod) : 0;
  const items = first > 0 && first < virtual.length ? [...virtual.slice(first), ...virtual.slice(0, first)] : virtual;

  return (
    <div role="rowgroup" style={{ position: 'relative', contain: 'layout paint', height: count ? virtualizer.getTotalSize() : ROW_HEIGHT * 2 }}>
      {count === 0 && (
        <div className="rg-empty" role="row">
          <span role="gridcell">{props.emptyText}</span>
        </div>
      )}
      {items.map((item) => {
        const r = from + item.index;
        const index = view[r]!;
        const inRange = range && r >= range.top && r <= range.bottom;
        return (
          <GridRowView
            key={item.index % mod}
            ctx={ctx}
            row={ctx.rows[index]!}
            index={index}
            r={r}
            top={item.start - offset}
            width={props.width}
            picked={selected.has(index)}
            activeC={active?.r === r ? active.c : -1}
            rangeLeft={inRange ? range.left : -1}
            rangeRight={inRange ? range.right : -2}
            editText={editing && editing.r === r ? editing.text : null}
          />
        );
      })}
    </div>
  );
});
