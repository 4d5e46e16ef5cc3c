/**
 * The rows in sight, and in each row the columns in sight. Rows are all ROW_HEIGHT high and
 * columns have fixed widths, so the window is worked out from the scroll offsets alone (no
 * measuring virtualizer: it would build a measurement per row, 100,000 of them, on the first
 * render and after each filter or sort). The window lives here, so a scroll frame redraws this
 * component (and only the rows entering the window), never the toolbar, header, footer or pager.
 * Columns out of sight are not drawn either (20 columns in a 1440 px window: 12 drawn), so a
 * row entering the window costs its visible cells' style, layout and paint, not all of them.
 */
import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { ROW_HEIGHT } from '../model/paging.ts';
import { GridRowView, type RowContext } from './GridRowView.tsx';
import type { LaidColumn } from './useGridColumns.ts';
import type { Editing, Position, RangeBox } from './useGridController.ts';

/**
 * Rows drawn behind the rows in sight (on the side the grid was scrolled from). One: turning
 * back redraws in the scroll event anyway, and every row drawn is paint, layers and composite
 * work in every frame.
 */
const BEHIND = 1;
/**
 * Rows drawn ahead of the rows in sight, in the direction of scrolling. A scroll frame then finds
 * the rows it shows already drawn, and the window catches up in a task after the frame (see the
 * scroll listener) instead of in the frame itself: 11 rows is a frame of very fast scrolling
 * (240 px, the benchmark's 14,400 px a second) with the part row at either end, which a window
 * placed after one frame needs to hold the next.
 */
const AHEAD = 11;
/**
 * Room drawn beyond the window's sides, px (the columns there are drawn too): the compositor
 * scrolls sideways before the main thread draws the columns coming in.
 */
const OVERSCAN_X = 80;

interface Props {
  ctx: RowContext;
  view: readonly number[];
  /** View positions [start, end) on this page. */
  from: number;
  to: number;
  /** Height above the rows inside the scrolling element (the header rows). */
  offset: number;
  /** Height below the rows inside the scrolling element (the summary row), px. */
  tail: number;
  width: number;
  viewportHeight: number;
  selected: ReadonlySet<number>;
  active: Position | null;
  range: RangeBox | null;
  editing: Editing | null;
  emptyText: string;
}

/** What is drawn: rows [top, bottom] of the body and the scrolling columns [left, right]. */
interface Win {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** Where the grid is scrolled to and how it was last scrolled. */
interface Scrolled {
  y: number;
  /** The distance scrolled from the start edge (positive in both directions of text). */
  x: number;
  /** The scroller's inner width; 0: no layout (as in a DOM without one), every column is drawn. */
  width: number;
  /** 1: last scrolled down (or not yet), -1: up. The rows ahead are drawn on that side. */
  dir: 1 | -1;
}

/** The first column that scrolls (the sticky ones come first). */
function firstScrolling(laid: readonly LaidColumn[]): number {
  let n = 0;
  while (n < laid.length && laid[n]!.stickyAt !== undefined) n++;
  return n;
}

/** The scrolling columns [left, right] drawn at a sideways scroll, with `room` px beyond each side. */
function columnsAt(x: number, width: number, laid: readonly LaidColumn[], room: number): [number, number] {
  const n = firstScrolling(laid);
  let left = n;
  let right = laid.length - 1;
  if (width > 0 && n < laid.length) {
    // The lead cell and the sticky columns cover the row's start: a column under them is out of sight.
    const from = x + stuckEnd(laid, n) - room;
    const to = x + width + room;
    while (left < laid.length - 1 && laid[left]!.start + laid[left]!.width <= from) left++;
    right = left;
    while (right < laid.length - 1 && laid[right + 1]!.start < to) right++;
  }
  return [left, right];
}

/** The rows and columns in sight at a scroll position, nothing beyond. */
function sightAt(at: Scrolled, height: number, count: number, offset: number, laid: readonly LaidColumn[]): Win {
  const top = Math.max(0, Math.floor((at.y - offset) / ROW_HEIGHT));
  const bottom = Math.min(count - 1, Math.ceil((at.y + height - offset) / ROW_HEIGHT) - 1);
  const [left, right] = columnsAt(at.x, at.width, laid, 0);
  return { top, bottom, left, right };
}

/** The window drawn at a scroll position: the rows in sight, BEHIND rows behind and AHEAD ahead. */
function windowAt(
  at: Scrolled,
  height: number,
  count: number,
  offset: number,
  laid: readonly LaidColumn[],
  full: boolean,
): Win {
  const sight = sightAt(at, height, count, offset, laid);
  const [left, right] = columnsAt(at.x, at.width, laid, OVERSCAN_X);
  // The first draw at the top draws the rows in sight only; the rows beyond come when the grid
  // settles (below), before any scroll can need them.
  if (!full && sight.top <= BEHIND) {
    const below = at.y > 0 || !SETTLES ? AHEAD : 0;
    return { top: 0, bottom: Math.min(count - 1, sight.bottom + below), left, right };
  }
  // Otherwise always the same number of rows (the most a window of this height ever needs): every
  // slot stays drawn and a scroll frame only rewrites rows. A window one row shorter here and
  // there left a slot empty, so a whole row was removed and another created nearly every frame.
  const rows = windowRows(height, offset);
  let top: number;
  if (at.dir > 0) top = sight.top - BEHIND;
  else top = sight.bottom + BEHIND - rows + 1;
  top = Math.max(0, Math.min(top, count - rows));
  return { top, bottom: Math.min(count - 1, top + rows - 1), left, right };
}

/** Whether a window holds every row and column in sight. */
const holds = (win: Win, sight: Win) =>
  sight.top >= win.top && sight.bottom <= win.bottom && sight.left >= win.left && sight.right <= win.right;

/**
 * In a browser the window takes its full size once the page is idle after the first draw (an idle
 * callback); in a DOM without layout (tests) the first draw has its rows ahead at once.
 */
const SETTLES =
  typeof window !== 'undefined' && typeof requestIdleCallback !== 'undefined' && typeof ResizeObserver !== 'undefined';

/** The most rows a window of this height draws (its rows in sight, part rows, those behind and ahead). */
function windowRows(height: number, offset: number): number {
  return Math.ceil((height - offset) / ROW_HEIGHT) + BEHIND + AHEAD + 1;
}

/** Where the sticky block (lead cell and sticky columns) ends, px from the row's start edge. */
function stuckEnd(laid: readonly LaidColumn[], n: number): number {
  return n > 0 ? laid[n - 1]!.start + laid[n - 1]!.width : (laid[0]?.start ?? 0);
}

/** The window's width when the resize observer will tell the scroller's; else 0 (measure first). */
function guessedWidth(): number {
  return typeof ResizeObserver === 'undefined' || typeof window === 'undefined' ? 0 : window.innerWidth;
}

const sameWin = (a: Win, b: Win) =>
  a.top === b.top && a.bottom === b.bottom && a.left === b.left && a.right === b.right;

export const GridBody = memo(function GridBody(props: Props) {
  const { ctx, view, from, to, offset, active, range, editing, selected } = props;
  // The scrolling element is the grid's `.rg-scroll`, found from this body's own element once it
  // is in the document (its ref is attached before this component's layout effects run). Handing
  // it down from the grid as state would draw the whole grid a second time on mount.
  const self = useRef<HTMLDivElement | null>(null);
  const scroller = useRef<HTMLElement | null>(null);
  const { laid } = ctx;
  const count = to - from;
  // The scroll position and the scroller's inner width as last seen by the scroll listener
  // (width 0: no layout, every column is drawn). The window follows from them and the props.
  // In a browser the first draw takes the window's width as the scroller's (it is never wider
  // on a page that does not scroll sideways, so every column in sight is drawn) and the true
  // width comes from the resize observer after the first layout, which redraws only if the
  // window of columns changed. Measuring at mount instead would force a layout of the whole
  // page before the rows exist, and lay it out again with them: about 15 ms of a first render.
  // Without a resize observer (a DOM without layout) nothing is drawn before the measure.
  const pos = useRef<Scrolled & { measured: boolean }>(null!);
  if (!pos.current) {
    const width = guessedWidth();
    pos.current = { y: 0, x: 0, width, dir: 1, measured: width > 0 };
  }
  // After the first paint, when the page is idle, the window takes its full number of rows at the
  // top as well (a few more below the fold): the first scroll frame then rewrites rows instead of
  // creating them (it was often the one frame over 20 ms of a scroll). Not on the first draw, which
  // only draws what is in sight. Only in a browser (a DOM without layout has no idle time to use).
  const [full, setFull] = useState(false);
  useEffect(() => {
    if (!SETTLES) return;
    const handle = requestIdleCallback(() => setFull(true), { timeout: 1000 });
    return () => cancelIdleCallback(handle);
  }, []);
  const win = windowAt(pos.current, props.viewportHeight, count, offset, laid, full);
  // The first draw leaves every cell clipped (no font: nothing measured, text-fit.ts): measuring
  // its texts would lengthen the first render. The rows take the font when the grid settles, and
  // a scroll rewrites them anyway.
  const rowCtx = useMemo(() => (full ? ctx : { ...ctx, font: '' }), [ctx, full]);
  // The latest window and figures for the listener, which is attached once per element.
  const measured = pos.current.measured;
  const latest = useRef({ win, measured, count, offset, laid, full, height: props.viewportHeight });
  latest.current = { win, measured, count, offset, laid, full, height: props.viewportHeight };
  const [, redraw] = useState(0);

  useLayoutEffect(() => {
    const scrollEl = self.current?.closest<HTMLElement>('.rg-scroll') ?? null;
    scroller.current = scrollEl;
    if (!scrollEl) return;
    const update = (sync: boolean) => {
      const y = scrollEl.scrollTop;
      const dir = y > pos.current.y ? 1 : y < pos.current.y ? -1 : pos.current.dir;
      pos.current = { ...pos.current, y, x: Math.abs(scrollEl.scrollLeft), dir };
      const l = latest.current;
      const next = windowAt(pos.current, l.height, l.count, l.offset, l.laid, l.full);
      if (sameWin(next, l.win) && l.measured) return;
      l.measured = true;
      l.win = next;
      if (sync) flushSync(() => redraw((n) => n + 1));
      else redraw((n) => n + 1);
    };
    // A scroll whose rows and columns in sight are all drawn already (the rows ahead) changes
    // nothing in its frame: the window catches up in a task of its own after the frame is drawn
    // (a message, the next task, which also lays the rows out), so the frame's work is only
    // style, paint and composite. The drawn rows must also hold the sight one more step on at
    // the same speed: a scroll set from script in a frame's animation callback (and so drawn in
    // that frame) is only heard in the next frame's scroll event, after the window's task. Any
    // other scroll (from rest, a jump, a drag of the scroll bar) redraws in its event, in the
    // frame it is drawn in, not a frame later: the rows it brings in would otherwise show as a
    // blank band; and the window is placed again after that frame too.
    let pending = false;
    let seen = pos.current.y;
    const later = typeof MessageChannel === 'undefined' ? undefined : new MessageChannel();
    if (later) {
      later.port1.onmessage = () => {
        pending = false;
        update(true);
        // Lay the new rows out now, in this task between frames, rather than at the start of the
        // next frame (its scroll listener reads the offsets, which would lay them out there).
        void scrollEl.scrollTop;
      };
    }
    const onScroll = () => {
      const l = latest.current;
      const at: Scrolled = {
        y: scrollEl.scrollTop,
        x: Math.abs(scrollEl.scrollLeft),
        width: pos.current.width,
        dir: pos.current.dir,
      };
      const next: Scrolled = { ...at, y: 2 * at.y - seen };
      seen = at.y;
      const held = (where: Scrolled) => holds(l.win, sightAt(where, l.height, l.count, l.offset, l.laid));
      if (!later) return update(true);
      // Redrawn now if this frame or the next could show rows not drawn; in any case the window
      // is placed again after the frame, where the scroll is then (a script may have moved it).
      if (!l.measured || !held(at) || !held(next)) update(true);
      if (!pending) {
        pending = true;
        later.port2.postMessage(null);
      }
    };
    const measure = () => {
      pos.current.width = scrollEl.clientWidth;
      pos.current.measured = true;
      update(false);
    };
    if (!pos.current.measured) measure();
    scrollEl.addEventListener('scroll', onScroll, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(scrollEl);
    return () => {
      scrollEl.removeEventListener('scroll', onScroll);
      observer?.disconnect();
      later?.port1.close();
    };
  }, []);

  // Keep the active cell in sight: its row below the header and above the summary row, its
  // column beside the sticky block. Worked out from the layout: the cell may not be drawn yet.
  useEffect(() => {
    const el = scroller.current;
    if (!el || !active || active.r < from || active.r >= to) return;
    const rowTop = offset + (active.r - from) * ROW_HEIGHT;
    const height = el.clientHeight || props.viewportHeight;
    if (rowTop < el.scrollTop + offset) el.scrollTop = rowTop - offset;
    else if (rowTop + ROW_HEIGHT > el.scrollTop + height - props.tail)
      el.scrollTop = rowTop + ROW_HEIGHT - height + props.tail;
    const column = laid[active.c];
    if (!column || column.stickyAt !== undefined || !el.clientWidth) return;
    const stuck = stuckEnd(laid, firstScrolling(laid));
    const x = Math.abs(el.scrollLeft);
    const sign = ctx.rtl ? -1 : 1;
    if (column.start < x + stuck) el.scrollLeft = sign * (column.start - stuck);
    else if (column.start + column.width > x + el.clientWidth)
      el.scrollLeft = sign * (column.start + column.width - el.clientWidth);
    // And the grid itself in the page's sight.
    el.querySelector<HTMLElement>(`[data-r="${active.r}"] [data-c="${active.c}"]`)?.scrollIntoView?.({
      block: 'nearest',
      inline: 'nearest',
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active?.r, active?.c, from]);

  // Rows are keyed by slot (row position modulo the most rows ever drawn at once), not by row:
  // a row leaving the window hands its DOM to the row entering it, so a scroll frame rewrites
  // the text of a few existing cells instead of removing and creating whole rows. Consecutive
  // positions modulo `slots` never collide while no more than `slots` rows are drawn. Sized from
  // the start for a window in mid-list (it only grows): a change of size renames every slot and
  // redraws every row, which is what the first scroll frame would otherwise pay.
  const slots = useRef(windowRows(props.viewportHeight, offset));
  const drawn = measured && count > 0 ? Math.max(0, win.bottom - win.top + 1) : 0;
  if (drawn > slots.current) slots.current = drawn;
  const mod = slots.current;
  // Drawn in slot order, not view order: the rows are placed by `top`, and a DOM order that
  // stays the same lets React update the recycled rows in place. In view order the slots
  // rotate as the window moves, and React would move those rows in the DOM, which costs their
  // whole style and layout again.
  const items: number[] = [];
  if (drawn > 0) {
    const zero = win.top + ((mod - (win.top % mod)) % mod); // the row in slot 0, if drawn
    const split = zero <= win.bottom ? zero : win.top;
    for (let i = split; i <= win.bottom; i++) items.push(i);
    for (let i = win.top; i < split; i++) items.push(i);
  }

  return (
    <div
      ref={self}
      role="rowgroup"
      style={{ position: 'relative', contain: 'layout paint', height: count ? count * ROW_HEIGHT : ROW_HEIGHT * 2 }}
    >
      {count === 0 && (
        <div className="rg-empty" role="row">
          <span role="gridcell">{props.emptyText}</span>
        </div>
      )}
      {items.map((i) => {
        const r = from + i;
        const index = view[r]!;
        const inRange = range && r >= range.top && r <= range.bottom;
        return (
          <GridRowView
            key={i % mod}
            ctx={rowCtx}
            row={ctx.rows[index]!}
            index={index}
            r={r}
            top={i * ROW_HEIGHT}
            width={props.width}
            left={win.left}
            right={win.right}
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
