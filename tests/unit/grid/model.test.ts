/**
 * The rest of the grid model: summaries, keystroke rules, clipboard ranges, paging rules,
 * undo, sorting, fuzzy search, autocomplete and the import merge.
 */
import { describe, expect, it } from 'vitest';
import {
  acceptsKey,
  autocompleteValues,
  AUTOCOMPLETE_MAX,
  clampPage,
  computeView,
  createFuzzySearcher,
  DEFAULT_PAGE_SIZE,
  filterInput,
  formatSummary,
  mergeRows,
  NO_PAGING_SIZE,
  pageCount,
  pageRange,
  pageSizeFor,
  parseClipboard,
  ROW_HEIGHT,
  SCROLL_TOP_AFTER,
  SEARCH_THRESHOLD,
  serializeClipboard,
  showScrollTop,
  sortIndices,
  summarize,
  UndoStack,
  wheelStep,
  WHEEL_THRESHOLD,
  type GridColumn,
  type GridRow,
} from '../../../engine/plugins/grid/model/index.ts';

const fee: GridColumn = { name: 'fee', type: 'number' };
const name: GridColumn = { name: 'name' };
const day: GridColumn = { name: 'day', type: 'datetick' };

describe('summaries over the shown rows', () => {
  const rows: GridRow[] = [
    { fee: 1000, name: 'b' },
    { fee: 2500.5, name: 'a' },
    { fee: null, name: '' },
    { fee: -500, name: 'c' },
  ];
  it('sum, avg, max, min, count (empty cells left out)', () => {
    expect(summarize(fee, rows, 'sum')).toBe(3000.5);
    expect(summarize(fee, rows, 'avg')).toBeCloseTo(1000.1667, 4);
    expect(summarize(fee, rows, 'max')).toBe(2500.5);
    expect(summarize(fee, rows, 'min')).toBe(-500);
    expect(summarize(fee, rows, 'count')).toBe(3);
  });
  it('text columns: count, max and min by text; no sum or avg', () => {
    expect(summarize(name, rows, 'count')).toBe(3);
    expect(summarize(name, rows, 'max')).toBe('c');
    expect(summarize(name, rows, 'min')).toBe('a');
    expect(summarize(name, rows, 'sum')).toBeNull();
    expect(summarize(name, rows, 'avg')).toBeNull();
    expect(summarize(fee, [], 'avg')).toBeNull();
  });
  it('over the rows a view shows (their positions), the same as over those rows themselves', () => {
    const view = [3, 1];
    const shown = view.map((i) => rows[i]!);
    for (const kind of ['sum', 'avg', 'max', 'min', 'count'] as const) {
      expect(summarize(fee, rows, kind, 'en', view), kind).toBe(summarize(fee, shown, kind));
      expect(summarize(name, rows, kind, 'en', view), kind).toBe(summarize(name, shown, kind));
    }
    expect(summarize(fee, rows, 'sum', 'en', view)).toBe(2000.5);
    expect(summarize(fee, rows, 'count', 'en', [])).toBe(0);
  });
  it('format with separators, avg to 2 places, tick max as a date', () => {
    expect(formatSummary(fee, 'sum', 1234567.5)).toBe('1,234,567.5');
    expect(formatSummary(fee, 'avg', 1000.16666)).toBe('1,000.17');
    expect(formatSummary(fee, 'count', 12000)).toBe('12,000');
    expect(formatSummary(day, 'max', Date.UTC(2024, 1, 3))).toBe('2024-02-03');
    expect(formatSummary(fee, 'max', null)).toBe('');
  });
});

describe('keystroke rules', () => {
  it('number columns accept digits, dot and minus only', () => {
    for (const ch of '0123456789.-') expect(acceptsKey(fee, ch), ch).toBe(true);
    for (const ch of 'a+e, ') expect(acceptsKey(fee, ch), ch).toBe(false);
    expect(filterInput(fee, '12a.5-x')).toBe('12.5-');
  });
  it('check columns accept one character of their pair', () => {
    expect(acceptsKey({ name: 'c', type: 'check10' }, '1')).toBe(true);
    expect(acceptsKey({ name: 'c', type: 'check10' }, 'Y')).toBe(false);
    expect(acceptsKey({ name: 'c', type: 'checkYN' }, 'y')).toBe(true);
    expect(acceptsKey({ name: 'c', type: 'checkYN' }, 'T')).toBe(false);
    expect(acceptsKey({ name: 'c', type: 'checkTF' }, 'f')).toBe(true);
    expect(filterInput({ name: 'c', type: 'checkYN' }, 'yxn')).toBe('N');
    expect(filterInput({ name: 'c', type: 'checkTF' }, 'abc')).toBe('');
  });
  it('allowKeys limits any column', () => {
    const code: GridColumn = { name: 'code', allowKeys: '[A-Z0-9]' };
    expect(acceptsKey(code, 'A')).toBe(true);
    expect(acceptsKey(code, 'a')).toBe(false);
    expect(filterInput(code, 'Ab-12')).toBe('A12');
    expect(filterInput(name, 'anything goes')).toBe('anything goes');
  });
});

describe('clipboard ranges (tab-separated)', () => {
  it('parses rows and cells; a trailing newline adds no row', () => {
    expect(parseClipboard('a\tb\nc\td\n')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(parseClipboard('a\tb\r\nc\td')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(parseClipboard('one')).toEqual([['one']]);
    expect(parseClipboard('a\t\tc')).toEqual([['a', '', 'c']]);
    expect(parseClipboard('')).toEqual([]);
  });
  it('reads quoted cells holding tabs, newlines and quotes', () => {
    expect(parseClipboard('"line1\nline2"\t"say ""hi"""\nx\ty')).toEqual([
      ['line1\nline2', 'say "hi"'],
      ['x', 'y'],
    ]);
  });
  it('serialises and parses back unchanged', () => {
    const cells = [
      ['Ahmed', '3.5', 'منى'],
      ['a\tb', 'x"y', 'multi\nline'],
    ];
    expect(parseClipboard(serializeClipboard(cells))).toEqual(cells);
    expect(
      serializeClipboard([
        ['a', 'b'],
        ['c', 'd'],
      ]),
    ).toBe('a\tb\nc\td');
  });
});

describe('paging rules', () => {
  it('page size 20 by default, else from the height at 24 px a row', () => {
    expect(DEFAULT_PAGE_SIZE).toBe(20);
    expect(ROW_HEIGHT).toBe(24);
    expect(pageSizeFor()).toBe(20);
    expect(pageSizeFor(480)).toBe(20);
    expect(pageSizeFor(500)).toBe(20);
    expect(pageSizeFor(240)).toBe(10);
    expect(pageSizeFor(10)).toBe(1);
  });
  it('paging off shows up to 999999 rows', () => {
    expect(NO_PAGING_SIZE).toBe(999_999);
    expect(pageCount(999_999, NO_PAGING_SIZE)).toBe(1);
  });
  it('pages, ranges and clamping', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(41, 20)).toBe(3);
    expect(pageRange(2, 41, 20)).toEqual([40, 41]);
    expect(clampPage(9, 41, 20)).toBe(2);
    expect(clampPage(-1, 41, 20)).toBe(0);
  });
  it('the wheel turns a page after 30 px of movement', () => {
    expect(WHEEL_THRESHOLD).toBe(30);
    let state = wheelStep(0, 20);
    expect(state).toEqual({ gathered: 20, step: 0 });
    state = wheelStep(state.gathered, 10);
    expect(state).toEqual({ gathered: 0, step: 1 });
    expect(wheelStep(0, -30)).toEqual({ gathered: 0, step: -1 });
    expect(wheelStep(-10, 5)).toEqual({ gathered: -5, step: 0 });
  });
  it('the scroll-to-top button shows after 250 px', () => {
    expect(SCROLL_TOP_AFTER).toBe(250);
    expect(showScrollTop(250)).toBe(false);
    expect(showScrollTop(251)).toBe(true);
  });
});

describe('undo stack', () => {
  it('undoes whole actions, last first, reversing each change', () => {
    const stack = new UndoStack();
    stack.push([{ row: 0, column: 'a', before: 1, after: 2 }]);
    stack.push([
      { row: 1, column: 'a', before: 'x', after: 'y' },
      { row: 2, column: 'a', before: null, after: 'y' },
    ]);
    stack.push([]);
    expect(stack.size).toBe(2);
    expect(stack.pop()).toEqual([
      { row: 2, column: 'a', before: 'y', after: null },
      { row: 1, column: 'a', before: 'y', after: 'x' },
    ]);
    expect(stack.pop()).toEqual([{ row: 0, column: 'a', before: 2, after: 1 }]);
    expect(stack.pop()).toBeNull();
  });
  it('keeps at most its limit', () => {
    const stack = new UndoStack(2);
    for (let i = 0; i < 5; i++) stack.push([{ row: i, column: 'a', before: i, after: i + 1 }]);
    expect(stack.size).toBe(2);
  });
});

describe('sorting', () => {
  const rows: GridRow[] = [
    { fee: 10, name: 'b2' },
    { fee: null, name: 'a10' },
    { fee: 2, name: 'a2' },
    { fee: 10, name: 'B1' },
  ];
  const all = [0, 1, 2, 3];
  it('numbers numerically, empty last in both directions, stable', () => {
    expect(sortIndices(all, rows, fee, 'asc')).toEqual([2, 0, 3, 1]);
    expect(sortIndices(all, rows, fee, 'desc')).toEqual([0, 3, 2, 1]);
  });
  it('text by collation, numeric-aware, any case', () => {
    expect(sortIndices(all, rows, name, 'asc').map((i) => rows[i]!.name)).toEqual(['a2', 'a10', 'B1', 'b2']);
  });
  it('map columns by label', () => {
    const sex: GridColumn = { name: 's', type: 'map', options: { 1: 'Zulu', 2: 'Alpha' } };
    expect(sortIndices([0, 1], [{ s: '1' }, { s: '2' }], sex, 'asc')).toEqual([1, 0]);
  });
});

describe('fuzzy search over name, name_local and code', () => {
  const rows: GridRow[] = [
    { name: 'Ahmed Mahmoud', name_local: 'أحمد محمود', code: 'S1001' },
    { name: 'Mona Hassan', name_local: 'منى حسن', code: 'S1002' },
    { name: 'Omar Khaled', name_local: 'عمر خالد', code: 'S2001' },
  ];
  it('threshold 0.3', () => expect(SEARCH_THRESHOLD).toBe(0.3));
  it('finds a misspelt name, an Arabic name and a code', () => {
    const searcher = createFuzzySearcher(rows);
    expect(searcher.search('Ahmad')[0]).toBe(0);
    expect(searcher.search('منى')).toEqual([1]);
    expect(searcher.search('S2001')[0]).toBe(2);
    expect(searcher.search('zzzzqqq')).toEqual([]);
    expect(searcher.search('')).toEqual([0, 1, 2]);
  });
  it('combines with filters in the view', () => {
    const found = createFuzzySearcher(rows).search('Omar');
    expect(
      computeView(rows, [{ name: 'code' }], { filters: { code: 'S1*' }, search: 'Omar', sort: null }, 'en', found),
    ).toEqual([]);
    expect(
      computeView(rows, [{ name: 'code' }], { filters: { code: 'S2*' }, search: 'Omar', sort: null }, 'en', found),
    ).toEqual([2]);
    // Without the search's answer the search is not applied; an empty search ignores any answer.
    expect(computeView(rows, [], { filters: {}, search: 'Omar', sort: null })).toEqual([0, 1, 2]);
    expect(computeView(rows, [], { filters: {}, search: ' ', sort: null }, 'en', found)).toEqual([0, 1, 2]);
  });
});

describe('autocomplete', () => {
  it('offers distinct values starting with, then containing, the text; at most 50', () => {
    const rows = [{ name: 'Cairo' }, { name: 'Giza' }, { name: 'cairo' }, { name: 'New Cairo' }, { name: 'Cairo' }];
    expect(autocompleteValues(name, rows, 'cai')).toEqual(['Cairo', 'cairo', 'New Cairo']);
    const many = Array.from({ length: 80 }, (_, i) => ({ name: `v${i}` }));
    expect(AUTOCOMPLETE_MAX).toBe(50);
    expect(autocompleteValues(name, many, 'v')).toHaveLength(50);
  });
});

describe('import merge', () => {
  const key: GridColumn = { name: 'code', keyField: true };
  const ro: GridColumn = { name: 'gpa', type: 'number', readonly: true };
  const existing: GridRow[] = [{ code: 'A', name: 'Old', gpa: 3 }];
  it('updates the row with the same key (readonly columns kept) and adds the others', () => {
    const merged = mergeRows(
      existing,
      [
        { code: 'A', name: 'New', gpa: 1 },
        { code: 'B', name: 'Bee' },
      ],
      [key, name, ro],
    );
    expect(merged).toEqual([
      { code: 'A', name: 'New', gpa: 3 },
      { code: 'B', name: 'Bee' },
    ]);
  });
  it('without a key column adds every row', () => {
    expect(mergeRows(existing, [{ name: 'x' }], [name])).toHaveLength(2);
  });
});
