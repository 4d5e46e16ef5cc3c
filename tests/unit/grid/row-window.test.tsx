// @vitest-environment jsdom
/**
 * The rows drawn while scrolling (GridBody): the rows in sight, 1 behind and 11 ahead in the
 * direction of scrolling. A scroll whose rows in sight, now and one more step on at the same
 * speed, are drawn changes nothing in its own event (the frame draws what is there) and the
 * window catches up in the next task; any other scroll redraws in its event, so no frame shows
 * a band without rows.
 *
 * Figures: height 240 (10 rows of 24 px) under the two header rows (48 px): the viewport is
 * 288 px and a window holds ceil(240 / 24) + 1 + 11 + 1 = 23 rows.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Grid } from '../../../engine/plugins/grid/react/Grid.tsx';
import type { GridColumn, GridRow } from '../../../engine/plugins/grid/model/types.ts';
import { fakeGridLayout } from './fake-layout.ts';

afterEach(cleanup);
fakeGridLayout();

const columns: GridColumn[] = [
  { name: 'code', label: 'Code', keyField: true },
  { name: 'name', label: 'Name' },
];
const rows: GridRow[] = Array.from({ length: 1000 }, (_, i) => ({ code: `S${i}`, name: `Student ${i}` }));

/** The first and last view positions drawn. */
function span(grid: HTMLElement): [number, number] {
  const drawn = [...grid.querySelectorAll<HTMLElement>('[data-r]')].map((row) => Number(row.dataset.r));
  return [Math.min(...drawn), Math.max(...drawn)];
}

const scroll = (grid: HTMLElement, y: number) =>
  act(() => {
    grid.scrollTop = y;
    fireEvent.scroll(grid);
  });

/** Lets the task the scroll listener posted run. */
const nextTasks = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 20)));

describe('rows drawn while scrolling', () => {
  it('draws the rows ahead; a scroll within them redraws after its event, a jump in it', async () => {
    render(<Grid columns={columns} rows={rows} paging={false} height={240} importExport={false} />);
    const grid = screen.getByRole('grid');
    // Rows 0-9 in sight, 11 ahead.
    expect(span(grid)).toEqual([0, 20]);

    // Two rows down (rows 0-11 in sight, and at the same speed next rows 2-13: all drawn): the
    // event changes nothing ...
    scroll(grid, 48);
    expect(span(grid)).toEqual([0, 20]);
    // ... and the next task moves the window: from the top, the rows in sight and 11 ahead.
    await nextTasks();
    expect(span(grid)).toEqual([0, 22]);
    expect(grid.querySelector('[data-r="22"]')?.textContent).toContain('Student 22');

    // Ten rows down (rows 10-21 in sight, drawn; but at this speed next rows 20-31, which are
    // not): redrawn in the scroll event, 1 behind row 10, 23 rows in all.
    scroll(grid, 288);
    expect(span(grid)).toEqual([9, 31]);
    expect(grid.querySelector('[data-r="31"]')?.textContent).toContain('Student 31');

    // A jump far down (rows 498-509 in sight, none drawn) redraws in the scroll event itself.
    scroll(grid, 12_000);
    expect(span(grid)).toEqual([497, 519]);
    expect(grid.querySelector('[data-r="509"]')?.textContent).toContain('Student 509');

    // Five rows up (rows 493-504 in sight; 493 is not drawn): redrawn at once, with the rows
    // ahead now above (1 behind row 504, 23 rows in all).
    scroll(grid, 11_880);
    expect(span(grid)).toEqual([483, 505]);
    // Two rows further up (rows 491-502 in sight, next 489-500) stay within the drawn rows:
    // nothing in the event; the next task moves the window up with them.
    scroll(grid, 11_832);
    expect(span(grid)).toEqual([483, 505]);
    await nextTasks();
    expect(span(grid)).toEqual([481, 503]);
  });

  it('keeps the same rows drawn (recycled) while the window moves', async () => {
    render(<Grid columns={columns} rows={rows} paging={false} height={240} importExport={false} />);
    const grid = screen.getByRole('grid');
    scroll(grid, 2_400);
    await nextTasks();
    const before = new Set(grid.querySelectorAll('[data-r]'));
    expect(before.size).toBe(23);
    scroll(grid, 2_448);
    await nextTasks();
    const after = new Set(grid.querySelectorAll('[data-r]'));
    expect(after.size).toBe(23);
    // The same 23 row elements, rewritten, not removed and made again.
    expect([...after].every((row) => before.has(row))).toBe(true);
  });
});
