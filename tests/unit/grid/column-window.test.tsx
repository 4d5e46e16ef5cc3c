// @vitest-environment jsdom
/**
 * The body draws only the columns in sight (plus the sticky ones and the active cell's), each
 * cell carrying its aria-colindex, with a gap keeping the drawn ones under their headers; with
 * no layout (width 0) it draws every column.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Grid } from '../../../engine/plugins/grid/react/Grid.tsx';
import type { GridColumn, GridRow } from '../../../engine/plugins/grid/model/types.ts';
import { fakeGridLayout } from './fake-layout.ts';

afterEach(cleanup);

// Widths: lead 36, then code 150 (sticky), name 150, gpa 110, born 110, active 72; so the
// scrolling columns start at 186 (name), 336 (gpa), 446 (born) and 556 (active).
const columns: GridColumn[] = [
  { name: 'code', label: 'Code', keyField: true, sticky: true, readonly: true },
  { name: 'name', label: 'Name' },
  { name: 'gpa', label: 'GPA', type: 'number' },
  { name: 'born', label: 'Born', type: 'date' },
  { name: 'active', label: 'Active', type: 'checkYN' },
];
const rows: GridRow[] = [
  { code: 'S1', name: 'Ahmed', gpa: 3.5, born: '2001-01-01', active: 'Y' },
  { code: 'S2', name: 'Mona', gpa: 3.9, born: '2000-05-05', active: 'N' },
];

let width = 0;
fakeGridLayout(() => width);

const drawn = (grid: HTMLElement, r: number) =>
  [...grid.querySelectorAll<HTMLElement>(`[data-r="${r}"] [role="gridcell"][data-c]`)].map((c) => Number(c.dataset.c));

describe('columns in sight', () => {
  it('without layout every column is drawn, each cell with its aria-colindex', () => {
    width = 0;
    render(<Grid columns={columns} rows={rows} importExport={false} />);
    const grid = screen.getByRole('grid');
    expect(grid.getAttribute('aria-colcount')).toBe('6');
    expect(drawn(grid, 0)).toEqual([0, 1, 2, 3, 4]);
    const row = grid.querySelector('.rg-row[aria-rowindex="3"]')!;
    expect([...row.querySelectorAll('[role="gridcell"]')].map((c) => c.getAttribute('aria-colindex'))).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
    ]);
    expect(grid.querySelector('.rg-gap')).toBeNull();
    // The header keeps every column, with the same indices.
    expect([...grid.querySelectorAll('[role="columnheader"]')].map((c) => c.getAttribute('aria-colindex'))).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
    ]);
  });

  it('a narrow grid draws the sticky column and the columns in sight; the active cell is drawn wherever it is', () => {
    width = 300;
    render(<Grid columns={columns} rows={rows} importExport={false} />);
    const grid = screen.getByRole('grid');
    // In sight: 0-300 px, and 80 px beyond: name (186) and gpa (336), not born (446) nor active (556).
    expect(drawn(grid, 0)).toEqual([0, 1, 2]);
    expect(drawn(grid, 1)).toEqual([0, 1, 2]);
    act(() => grid.focus());
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    fireEvent.keyDown(grid, { key: 'End' });
    const active = grid.querySelector<HTMLElement>('.rg-active')!;
    expect([
      active.closest<HTMLElement>('[data-r]')!.dataset.r,
      active.dataset.c,
      active.getAttribute('aria-colindex'),
    ]).toEqual(['0', '4', '6']);
    // Its row draws the columns up to it; the other rows only those in sight.
    expect(drawn(grid, 0)).toEqual([0, 1, 2, 3, 4]);
    expect(drawn(grid, 1)).toEqual([0, 1, 2]);
    // Editing a cell out of sight: its editor is in its cell.
    fireEvent.keyDown(grid, { key: 'ArrowLeft' });
    fireEvent.keyDown(grid, { key: 'Enter' });
    expect(grid.querySelector<HTMLElement>('.rg-active')!.dataset.c).toBe('3');
    expect(grid.querySelector('.rg-active .rg-editor')).toBeTruthy();
  });

  it('scrolled sideways, the columns before the window are a gap as wide as they are', () => {
    width = 300;
    render(<Grid columns={columns} rows={rows} importExport={false} />);
    const grid = screen.getByRole('grid');
    act(() => {
      grid.scrollLeft = 300;
      grid.dispatchEvent(new Event('scroll'));
    });
    // In sight: 300-600 px past the sticky block's 186 px, and 80 px beyond: gpa, born, active.
    expect(drawn(grid, 0)).toEqual([0, 2, 3, 4]);
    expect((grid.querySelector('.rg-gap') as HTMLElement).style.width).toBe('150px');
  });
});
