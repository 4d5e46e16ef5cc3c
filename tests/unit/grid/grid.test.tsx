// @vitest-environment jsdom
/**
 * The Grid component in a DOM: keyboard navigation (arrows, Tab / Shift-Tab, PageUp /
 * PageDown, Enter edits, Escape cancels), keystroke rules, validation shown on the cell,
 * paste and copy of ranges, undo, setting a cell in every selected row, filters, paging,
 * summaries, the empty grid, and right-to-left arrows.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Grid, type GridProps } from '../../../engine/plugins/grid/react/Grid.tsx';
import type { GridColumn, GridRow } from '../../../engine/plugins/grid/model/types.ts';
import { fakeGridLayout } from './fake-layout.ts';

afterEach(cleanup);
fakeGridLayout();

const columns: GridColumn[] = [
  { name: 'code', label: { en: 'Code', ar: 'الرمز' }, keyField: true, sticky: true, readonly: true },
  {
    name: 'name',
    label: { en: 'Name', ar: 'الاسم' },
    mandatory: true,
    mandatoryMessage: { en: 'Name is required', ar: 'الاسم مطلوب' },
  },
  { name: 'gpa', label: 'GPA', type: 'number', summary: 'sum' },
  { name: 'born', label: 'Born', type: 'date' },
  { name: 'active', label: 'Active', type: 'checkYN' },
];

const rows = (): GridRow[] => [
  { code: 'S1', name: 'Ahmed', gpa: 3.5, born: '2001-01-01', active: 'Y' },
  { code: 'S2', name: 'Mona', gpa: 3.9, born: '2000-05-05', active: 'N' },
  { code: 'S3', name: 'Omar', gpa: 2, born: '2002-02-02', active: 'Y' },
];

function setup(props: Partial<GridProps> = {}) {
  const onChange = vi.fn();
  const utils = render(
    <Grid columns={columns} rows={props.rows ?? rows()} onChange={onChange} importExport={false} {...props} />,
  );
  const grid = screen.getByRole('grid');
  const cell = (r: number, c: number) => grid.querySelector(`[data-r="${r}"] [data-c="${c}"]`) as HTMLElement;
  const key = (k: string, init: Partial<KeyboardEventInit> = {}) =>
    fireEvent.keyDown(document.activeElement ?? grid, { key: k, ...init });
  const active = () => grid.querySelector('.rg-active') as HTMLElement | null;
  const at = () => {
    const el = active();
    return el ? [Number(el.closest<HTMLElement>('[data-r]')!.dataset.r), Number(el.dataset.c)] : null;
  };
  act(() => grid.focus());
  return {
    ...utils,
    grid,
    cell,
    key,
    at,
    active,
    onChange,
    lastRows: () => onChange.mock.calls.at(-1)?.[0] as GridRow[],
  };
}

describe('display', () => {
  it('shows labels, formatted cells, check glyphs and the summary row', async () => {
    const { grid, cell } = setup({
      rows: [...rows(), { code: 'S4', name: 'Long name of a student here', gpa: 1234.5, born: '', active: 'N' }],
    });
    expect(within(grid).getByText('Name')).toBeTruthy();
    expect(cell(3, 2).textContent).toBe('1,234.5');
    expect(cell(3, 1).textContent).toBe('Long name of a stu…');
    expect(cell(3, 1).title).toBe('Long name of a student here');
    expect(cell(0, 4).textContent).toBe('☑');
    expect(cell(1, 4).textContent).toBe('☐');
    await waitFor(() => expect(grid.querySelector('[data-summary="sum"]')!.textContent).toBe('Σ1,243.9'));
  });
  it('an empty grid says No record, in Arabic too, right to left', () => {
    setup({ rows: [] });
    expect(screen.getByText('No record')).toBeTruthy();
    cleanup();
    const { container } = render(<Grid columns={columns} rows={[]} lang="ar" importExport={false} />);
    expect(screen.getByText('لا توجد سجلات')).toBeTruthy();
    expect(container.querySelector('.rg-root')!.getAttribute('dir')).toBe('rtl');
    expect(screen.getByText('الاسم')).toBeTruthy();
  });
});

describe('bidi in a right-to-left grid', () => {
  it('isolates every cell: Latin text and numbers keep their order and the ellipsis its end', () => {
    const cols: GridColumn[] = [
      { name: 'name', label: 'Name' },
      { name: 'note', label: 'Note' },
      { name: 'amount', label: 'Amount', type: 'number' },
      { name: 'born', label: 'Born', type: 'date' },
    ];
    const data: GridRow[] = [
      { name: 'Omar Khaled, Jr.', note: 'عمر خالد', amount: -250, born: '2001-01-02' },
      { name: 'Abdallah Abdelrahman Mohamed', note: '-250', amount: 1234.5, born: '' },
    ];
    render(<Grid columns={cols} rows={data} lang="ar" importExport={false} />);
    const grid = screen.getByRole('grid');
    const text = (r: number, c: number) => grid.querySelector(`[data-r="${r}"] [data-c="${c}"]`) as HTMLElement;
    // Text cells: isolated on the cell itself (rg-text: unicode-bidi plaintext, as dir="auto"):
    // the first strong letter decides, so a Latin name reads left to right with its '.' and its
    // ellipsis after it, Arabic right to left. No element per text.
    expect(text(0, 0).textContent).toBe('Omar Khaled, Jr.');
    expect(text(0, 0).classList.contains('rg-text')).toBe(true);
    expect(text(0, 0).querySelector('*')).toBeNull();
    expect(text(1, 0).textContent).toBe('Abdallah Abdelrahm…');
    expect(text(0, 1).textContent).toBe('عمر خالد');
    // '-250' in a text column: no strong letter, so the paragraph is left to right and the sign stays first.
    expect(text(1, 1).textContent).toBe('-250');
    expect(text(1, 1).classList.contains('rg-text')).toBe(true);
    // Numbers and dates: always left to right (rg-ltr), numbers aligned at the end of their cell.
    expect(text(0, 2).classList.contains('rg-ltr')).toBe(true);
    expect(text(0, 2).textContent).toBe('-250');
    expect(text(0, 2).classList.contains('rg-num')).toBe(true);
    expect(text(1, 2).classList.contains('rg-num')).toBe(true);
    expect(text(0, 3).classList.contains('rg-ltr')).toBe(true);
    expect(text(0, 3).classList.contains('rg-num')).toBe(false);
  });

  it('isolates cells in English too (an Arabic name in a left-to-right grid)', () => {
    render(
      <Grid
        columns={[{ name: 'name', label: 'Name' }]}
        rows={[{ name: 'عبد الله عبد الرحمن محمد أحمد' }]}
        importExport={false}
      />,
    );
    const cell = screen.getByRole('grid').querySelector('[data-r="0"] [data-c="0"].rg-text')!;
    expect(cell.textContent).toBe('عبد الله عبد الرحم…');
  });
});

describe('keyboard navigation', () => {
  it('arrows, Tab and Shift-Tab move the active cell; Tab wraps to the next row', () => {
    const { key, at } = setup();
    key('ArrowDown');
    expect(at()).toEqual([0, 0]);
    key('ArrowDown');
    expect(at()).toEqual([1, 0]);
    key('ArrowRight');
    expect(at()).toEqual([1, 1]);
    key('ArrowUp');
    key('ArrowUp');
    expect(at()).toEqual([0, 1]);
    key('End');
    expect(at()).toEqual([0, 4]);
    key('Tab');
    expect(at()).toEqual([1, 0]);
    key('Tab', { shiftKey: true });
    expect(at()).toEqual([0, 4]);
    key('ArrowLeft');
    expect(at()).toEqual([0, 3]);
  });
  it('in Arabic the left arrow goes to the next column', () => {
    const { key, at } = setup({ lang: 'ar' });
    key('Enter');
    expect(at()).toEqual([0, 0]);
    key('ArrowLeft');
    expect(at()).toEqual([0, 1]);
    key('ArrowRight');
    expect(at()).toEqual([0, 0]);
  });
  it('PageDown and PageUp turn pages', () => {
    const many = Array.from({ length: 45 }, (_, i) => ({
      code: `S${i}`,
      name: `n${i}`,
      gpa: i,
      born: '',
      active: 'Y',
    }));
    const { key, at } = setup({ rows: many });
    expect(screen.getByTestId('grid-page').textContent).toBe('Page 1 of 3');
    key('ArrowDown');
    key('PageDown');
    expect(at()).toEqual([20, 0]);
    expect(screen.getByTestId('grid-page').textContent).toBe('Page 2 of 3');
    key('PageDown');
    key('PageDown');
    expect(at()).toEqual([44, 0]);
    key('PageUp');
    expect(at()).toEqual([24, 0]);
  });
  it('the mouse wheel turns a page once 30 px have gathered', () => {
    const many = Array.from({ length: 45 }, (_, i) => ({ code: `S${i}`, name: `n${i}` }));
    const { grid } = setup({ rows: many });
    fireEvent.wheel(grid, { deltaY: 20 });
    expect(screen.getByTestId('grid-page').textContent).toBe('Page 1 of 3');
    fireEvent.wheel(grid, { deltaY: 15 });
    expect(screen.getByTestId('grid-page').textContent).toBe('Page 2 of 3');
    fireEvent.wheel(grid, { deltaY: -40 });
    expect(screen.getByTestId('grid-page').textContent).toBe('Page 1 of 3');
  });
  it('the page size follows the height at 24 px a row', () => {
    const many = Array.from({ length: 45 }, (_, i) => ({ code: `S${i}`, name: `n${i}` }));
    setup({ rows: many, height: 240 });
    expect(screen.getByTestId('grid-page').textContent).toBe('Page 1 of 5');
  });
});

describe('editing', () => {
  it('Enter edits, Enter commits and moves down; Escape cancels', () => {
    const { key, at, grid, onChange, lastRows } = setup();
    key('ArrowDown');
    key('ArrowRight');
    key('Enter');
    const input = grid.querySelector('input.rg-editor') as HTMLInputElement;
    expect(input.value).toBe('Ahmed');
    fireEvent.change(input, { target: { value: 'Ahmad' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(lastRows()[0]!.name).toBe('Ahmad');
    expect(at()).toEqual([1, 1]);
    key('Enter');
    const again = grid.querySelector('input.rg-editor') as HTMLInputElement;
    fireEvent.change(again, { target: { value: 'nobody' } });
    fireEvent.keyDown(again, { key: 'Escape' });
    expect(grid.querySelector('input.rg-editor')).toBeNull();
    expect(onChange).toHaveBeenCalledTimes(1);
  });
  it('typing starts editing; number columns take only digits, dot and minus', () => {
    const { key, grid, lastRows, cell } = setup();
    key('Enter');
    key('ArrowRight');
    key('ArrowRight');
    key('a');
    expect(grid.querySelector('input.rg-editor')).toBeNull();
    key('4');
    const input = grid.querySelector('input.rg-editor') as HTMLInputElement;
    expect(input.value).toBe('4');
    fireEvent.change(input, { target: { value: '4x.5' } });
    expect(input.value).toBe('4.5');
    fireEvent.keyDown(input, { key: 'Tab' });
    expect(lastRows()[0]!.gpa).toBe(4.5);
    expect(cell(0, 3).classList.contains('rg-active')).toBe(true);
  });
  it('readonly columns do not edit', () => {
    const { key, grid } = setup();
    key('Enter');
    key('Enter');
    expect(grid.querySelector('input.rg-editor')).toBeNull();
    key('x');
    expect(grid.querySelector('input.rg-editor')).toBeNull();
  });
  it("an invalid value stays in the cell, marked with the spec's message", () => {
    const { key, grid, cell, lastRows } = setup();
    key('Enter');
    key('End');
    key('ArrowLeft');
    key('Enter');
    const input = grid.querySelector('input.rg-editor') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '2001-13-01' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(lastRows()[0]!.born).toBe('2001-13-01');
    expect(cell(0, 3).getAttribute('aria-invalid')).toBe('true');
    expect(cell(0, 3).title).toBe('Invalid input value');
  });
  it('a mandatory column emptied shows its own message', () => {
    const { key, cell } = setup();
    key('Enter');
    key('ArrowRight');
    key('Delete');
    expect(cell(0, 1).title).toBe('Name is required');
  });
  it('check columns toggle with Space and take their one character', () => {
    const { key, lastRows } = setup();
    key('Enter');
    key('End');
    key(' ');
    expect(lastRows()[0]!.active).toBe('N');
    key('y');
    expect(lastRows()[0]!.active).toBe('Y');
    key('1');
    expect(lastRows()[0]!.active).toBe('Y');
  });
  it('Ctrl+Z undoes the last action', () => {
    const { key, grid, lastRows } = setup();
    key('Enter');
    key('ArrowRight');
    key('Z', {});
    const input = grid.querySelector('input.rg-editor') as HTMLInputElement;
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(lastRows()[0]!.name).toBe('Z');
    key('z', { ctrlKey: true });
    expect(lastRows()[0]!.name).toBe('Ahmed');
  });
  it('the select-all box is checked exactly when every shown row is selected', () => {
    const { grid } = setup();
    const all = screen.getByLabelText('Select all shown rows') as HTMLInputElement;
    const boxes = () => grid.querySelectorAll<HTMLElement>('.rg-brow [role="checkbox"]');
    expect(all.checked).toBe(false);
    fireEvent.click(all);
    expect(all.checked).toBe(true);
    expect([...boxes()].map((b) => b.getAttribute('aria-checked'))).toEqual(['true', 'true', 'true']);
    fireEvent.click(boxes()[1]!);
    expect(all.checked).toBe(false);
    fireEvent.click(boxes()[1]!);
    expect(all.checked).toBe(true);
    fireEvent.click(all);
    expect(all.checked).toBe(false);
    // Rows picked one by one, all of them: the box follows.
    for (const box of boxes()) fireEvent.click(box);
    expect(all.checked).toBe(true);
  });
  it('an edit sets the cell in every selected row', () => {
    const { key, grid, lastRows } = setup();
    const boxes = grid.querySelectorAll<HTMLElement>('.rg-brow [role="checkbox"]');
    fireEvent.click(boxes[0]!);
    fireEvent.click(boxes[2]!);
    expect(screen.getByText(/2 selected/)).toBeTruthy();
    act(() => grid.focus());
    key('Enter');
    key('ArrowRight');
    key('ArrowRight');
    key('Enter');
    const input = grid.querySelector('input.rg-editor') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '1' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(lastRows().map((r) => r.gpa)).toEqual([1, 3.9, 1]);
  });
});

describe('clipboard', () => {
  it('copies the selected range as tab-separated text', () => {
    const { key, grid } = setup();
    key('Enter');
    key('ArrowRight');
    key('ArrowDown', { shiftKey: true });
    key('ArrowRight', { shiftKey: true });
    const setData = vi.fn();
    fireEvent.copy(grid, { clipboardData: { setData } });
    expect(setData).toHaveBeenCalledWith('text/plain', 'Ahmed\t3.5\nMona\t3.9');
  });
  it('pastes a block from the active cell, validating every cell', () => {
    const { key, grid, lastRows, cell } = setup();
    key('Enter');
    key('ArrowRight');
    fireEvent.paste(grid, { clipboardData: { getData: () => 'Ali\t1,500\nSara\tbad\n' } });
    const out = lastRows();
    expect(out[0]).toMatchObject({ name: 'Ali', gpa: 1500 });
    expect(out[1]).toMatchObject({ name: 'Sara', gpa: 'bad' });
    expect(cell(1, 2).title).toBe('Invalid input value');
    key('z', { ctrlKey: true });
    expect(lastRows()[1]).toMatchObject({ name: 'Mona', gpa: 3.9 });
  });
  it('one value pasted over a range fills it', () => {
    const { key, grid, lastRows } = setup();
    key('Enter');
    key('ArrowRight');
    key('ArrowDown', { shiftKey: true });
    key('ArrowDown', { shiftKey: true });
    fireEvent.paste(grid, { clipboardData: { getData: () => 'Same' } });
    expect(lastRows().map((r) => r.name)).toEqual(['Same', 'Same', 'Same']);
  });
});

describe('paging off', () => {
  it('draws only the rows in sight of 5000 and keeps the keyboard working', () => {
    const many = Array.from({ length: 5000 }, (_, i) => ({ code: `S${i}`, name: `n${i}`, gpa: i }));
    const { grid, key, at } = setup({ rows: many, paging: false, height: 240 });
    const drawn = grid.querySelectorAll('.rg-row[aria-selected]').length;
    expect(drawn).toBeGreaterThan(5);
    expect(drawn).toBeLessThan(60);
    expect(screen.queryByTestId('grid-page')).toBeNull();
    key('ArrowDown');
    key('PageDown');
    expect(at()).toEqual([10, 0]);
  });

  it('shows the scroll-to-top button after 250 px, and it scrolls back up', () => {
    const many = Array.from({ length: 500 }, (_, i) => ({ code: `S${i}`, name: `n${i}`, gpa: i }));
    const { grid } = setup({ rows: many, paging: false, height: 240 });
    const scrollTo = vi.fn();
    grid.scrollTo = scrollTo as never;
    const scroll = (y: number) =>
      act(() => {
        grid.scrollTop = y;
        fireEvent.scroll(grid);
      });
    scroll(200);
    expect(screen.queryByRole('button', { name: '↑ Back to top' })).toBeNull();
    scroll(300);
    fireEvent.click(screen.getByRole('button', { name: '↑ Back to top' }));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
    scroll(0);
    expect(screen.queryByRole('button', { name: '↑ Back to top' })).toBeNull();
  });
});

describe('filters, search and sort', () => {
  it('a filter expression narrows the rows and the summary follows', async () => {
    const { grid } = setup();
    fireEvent.change(screen.getByLabelText('Filter GPA'), { target: { value: '>=3' } });
    expect(screen.getByTestId('grid-count').textContent).toBe('2 of 3 rows');
    await waitFor(() => expect(grid.querySelector('[data-summary="sum"]')!.textContent).toBe('Σ7.4'));
    fireEvent.change(screen.getByLabelText('Filter Name'), { target: { value: '~^m' } });
    expect(screen.getByTestId('grid-count').textContent).toBe('1 of 3 rows');
    fireEvent.change(screen.getByLabelText('Filter Name'), { target: { value: '~(' } });
    expect(screen.getByLabelText('Filter Name').getAttribute('aria-invalid')).toBe('true');
  });
  it('the value list filters on one value', () => {
    setup();
    fireEvent.click(screen.getByLabelText('Values of the column: Name'));
    fireEvent.click(screen.getByRole('option', { name: /Omar/ }));
    expect(screen.getByTestId('grid-count').textContent).toBe('1 of 3 rows');
    expect((screen.getByLabelText('Filter Name') as HTMLInputElement).value).toBe('=Omar');
  });
  it('clicking a header sorts ascending, then descending', () => {
    const { cell } = setup();
    fireEvent.click(screen.getByRole('columnheader', { name: /GPA/ }));
    expect(cell(0, 2).textContent).toBe('2');
    fireEvent.click(screen.getByRole('columnheader', { name: /GPA/ }));
    expect(cell(0, 2).textContent).toBe('3.9');
  });
  it('the search box finds by name fuzzily', () => {
    setup();
    fireEvent.change(screen.getByLabelText('Search name or code'), { target: { value: 'Muna' } });
    expect(screen.getByTestId('grid-count').textContent).toBe('1 of 3 rows');
  });
});
