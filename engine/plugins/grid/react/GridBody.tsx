/**
 * The rows in sight. The virtualizer lives here, so a scroll frame redraws this component
 * (and only the rows entering the window), never the toolbar, header, footer or pager.
 */
import { memo, useEffect } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ROW_HEIGHT } from '../model/paging.ts';
import { GridRowView, type RowContext } from './GridRowView.tsx';
import type { Editing, Position, RangeBox } from './useGridController.ts';

/** Rows drawn beyond the window on each side. */
const OVERSCAN = 8;

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

  return (
    <div role="rowgroup" style={{ position: 'relative', height: count ? virtualizer.getTotalSize() : ROW_HEIGHT * 2 }}>
      {count === 0 && (
        <div className="rg-empty" role="row">
          <span role="gridcell">{props.emptyText}</span>
        </div>
      )}
      {virtualizer.getVirtualItems().map((item) => {
        const r = from + item.index;
        const index = view[r]!;
        const inRange = range && r >= range.top && r <= range.bottom;
        return (
          <GridRowView
            key={index}
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
