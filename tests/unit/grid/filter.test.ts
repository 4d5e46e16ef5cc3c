/** Filters (admission-and-grid section 5): =, <>, >, >=, <, <=, wildcards * and ?, ~regex, value list. */
import { describe, expect, it } from 'vitest';
import {
  columnValueList,
  compileColumnFilter,
  computeView,
  isInvalidFilter,
  parseFilter,
  valueFilterText,
  VALUE_LIST_MAX,
  wildcardToRegExp,
  type GridColumn,
  type GridRow,
} from '../../../engine/plugins/grid/model/index.ts';

const name: GridColumn = { name: 'name' };
const gpa: GridColumn = { name: 'gpa', type: 'number' };
const born: GridColumn = { name: 'born', type: 'date' };
const seen: GridColumn = { name: 'seen', type: 'datetick' };
const sex: GridColumn = {
  name: 'sex',
  type: 'map',
  options: { M: { en: 'Male', ar: 'ذكر' }, F: { en: 'Female', ar: 'أنثى' } },
};

const rows: GridRow[] = [
  { name: 'Ahmed Ali', gpa: 3.2, born: '2001-05-01', seen: Date.UTC(2024, 0, 10), sex: 'M' },
  { name: 'Mona Hassan', gpa: 3.9, born: '2000-12-31', seen: Date.UTC(2024, 5, 1), sex: 'F' },
  { name: 'منى حسن', gpa: 2.5, born: '2002-01-15', seen: Date.UTC(2023, 11, 31), sex: 'F' },
  { name: 'Omar', gpa: null, born: '', seen: null, sex: 'M' },
  { name: 'ahmed', gpa: 1200, born: '1999-07-07', seen: Date.UTC(2024, 0, 10), sex: null },
];

/** Names of the rows a filter keeps. */
function keep(column: GridColumn, text: string, lang = 'en'): string[] {
  const test = compileColumnFilter(column, text, lang);
  return rows.filter((r) => (test ? test(r) : true)).map((r) => r.name as string);
}

describe('parseFilter', () => {
  it('reads the operator, the operand and wildcards', () => {
    expect(parseFilter('>= 3')).toEqual({ op: '>=', operand: '3' });
    expect(parseFilter('<>x')).toEqual({ op: '<>', operand: 'x' });
    expect(parseFilter('abc')).toEqual({ op: 'contains', operand: 'abc', pattern: undefined });
    expect(parseFilter('  ')).toBeNull();
    expect(parseFilter('~^a')).toMatchObject({ op: 'regex', operand: '^a' });
    expect(parseFilter('~(')).toEqual({ error: 'invalid' });
    expect(isInvalidFilter('~[')).toBe(true);
    expect(isInvalidFilter('~a+')).toBe(false);
  });
});

describe('no operator: contains, any case', () => {
  it('keeps rows containing the text', () => {
    expect(keep(name, 'ahmed')).toEqual(['Ahmed Ali', 'ahmed']);
    expect(keep(name, 'حسن')).toEqual(['منى حسن']);
    expect(keep(gpa, '3.')).toEqual(['Ahmed Ali', 'Mona Hassan']);
  });
  it('an empty filter keeps everything', () => {
    expect(compileColumnFilter(name, '')).toBeNull();
  });
});

describe('= and <>', () => {
  it('= is the whole text, any case', () => {
    expect(keep(name, '=ahmed')).toEqual(['ahmed']);
    expect(keep(name, '=Ahmed')).toEqual(['ahmed']);
    expect(keep(name, '= Omar')).toEqual(['Omar']);
  });
  it('= on a number column compares numbers (separators allowed)', () => {
    expect(keep(gpa, '=3.20')).toEqual(['Ahmed Ali']);
    expect(keep(gpa, '=1,200')).toEqual(['ahmed']);
  });
  it('= alone keeps empty cells; <> alone keeps filled ones', () => {
    expect(keep(gpa, '=')).toEqual(['Omar']);
    expect(keep(born, '<>')).toEqual(['Ahmed Ali', 'Mona Hassan', 'منى حسن', 'ahmed']);
  });
  it('<> is the opposite of =', () => {
    expect(keep(name, '<>ahmed')).toEqual(['Ahmed Ali', 'Mona Hassan', 'منى حسن', 'Omar']);
    expect(keep(gpa, '<>3.9')).toEqual(['Ahmed Ali', 'منى حسن', 'Omar', 'ahmed']);
  });
  it('map columns match the label', () => {
    expect(keep(sex, '=female')).toEqual(['Mona Hassan', 'منى حسن']);
    expect(keep(sex, '=أنثى', 'ar')).toEqual(['Mona Hassan', 'منى حسن']);
  });
});

describe('> >= < <=', () => {
  it('compare numbers numerically, leaving empty cells out', () => {
    expect(keep(gpa, '>3.2')).toEqual(['Mona Hassan', 'ahmed']);
    expect(keep(gpa, '>=3.2')).toEqual(['Ahmed Ali', 'Mona Hassan', 'ahmed']);
    expect(keep(gpa, '<3.2')).toEqual(['منى حسن']);
    expect(keep(gpa, '<=3.2')).toEqual(['Ahmed Ali', 'منى حسن']);
    expect(keep(gpa, '<-1')).toEqual([]);
  });
  it('compare dates as text (YYYY-MM-DD orders correctly)', () => {
    expect(keep(born, '>=2001-01-01')).toEqual(['Ahmed Ali', 'منى حسن']);
    expect(keep(born, '<2000-12-31')).toEqual(['ahmed']);
    expect(keep(born, '<=2000-12-31')).toEqual(['Mona Hassan', 'ahmed']);
  });
  it('compare a tick column with a date operand as a moment', () => {
    expect(keep(seen, '>=2024-01-10')).toEqual(['Ahmed Ali', 'Mona Hassan', 'ahmed']);
    expect(keep(seen, '<2024-01-01')).toEqual(['منى حسن']);
  });
  it('compare text by text', () => {
    expect(keep(name, '>n')).toEqual(['منى حسن', 'Omar']);
    expect(keep(name, '<b')).toEqual(['Ahmed Ali', 'ahmed']);
  });
});

describe('wildcards', () => {
  it('* is any run and ? one character, over the whole text', () => {
    expect(keep(name, 'a*')).toEqual(['Ahmed Ali', 'ahmed']);
    expect(keep(name, '*n')).toEqual(['Mona Hassan']);
    expect(keep(name, '*ن')).toEqual(['منى حسن']);
    expect(keep(name, 'منى*')).toEqual(['منى حسن']);
    expect(keep(name, '?mar')).toEqual(['Omar']);
    expect(keep(name, 'ahme?')).toEqual(['ahmed']);
    expect(keep(name, '*ass*')).toEqual(['Mona Hassan']);
    expect(keep(born, '2001-??-??')).toEqual(['Ahmed Ali']);
  });
  it('work with = and <>', () => {
    expect(keep(name, '=a*')).toEqual(['Ahmed Ali', 'ahmed']);
    expect(keep(name, '<>a*')).toEqual(['Mona Hassan', 'منى حسن', 'Omar']);
  });
  it('treat other characters literally', () => {
    expect(wildcardToRegExp('a.b*').test('axb')).toBe(false);
    expect(wildcardToRegExp('a.b*').test('a.bc')).toBe(true);
    expect(wildcardToRegExp('(x)?').test('(x)1')).toBe(true);
  });
});

describe('~ regular expressions', () => {
  it('match anywhere, any case', () => {
    expect(keep(name, '~^a')).toEqual(['Ahmed Ali', 'ahmed']);
    expect(keep(name, '~li$')).toEqual(['Ahmed Ali']);
    expect(keep(name, '~(omar|mona)')).toEqual(['Mona Hassan', 'Omar']);
    expect(keep(gpa, '~^\\d{4}$')).toEqual(['ahmed']);
    expect(keep(name, '~^\\p{Script=Arabic}')).toEqual(['منى حسن']);
  });
  it('an invalid expression filters nothing out and is reported', () => {
    expect(compileColumnFilter(name, '~(')).toBeNull();
    expect(keep(name, '~(')).toHaveLength(rows.length);
  });
});

describe('filters together with the view', () => {
  it('every column filter must hold', () => {
    const view = computeView(rows, [name, gpa], { filters: { name: 'a*', gpa: '>3' }, search: '', sort: null });
    expect(view.map((i) => rows[i]!.name)).toEqual(['Ahmed Ali', 'ahmed']);
  });
});

describe("a column's value list", () => {
  it('lists distinct texts with counts, sorted, shortened to 15 characters', () => {
    const list = columnValueList(sex, rows);
    expect(list.items.map((i) => [i.text, i.count])).toEqual([
      ['', 1],
      ['Female', 2],
      ['Male', 2],
    ]);
    const long = columnValueList(name, [{ name: 'A very long student name' }]);
    expect(long.items[0]!.shown).toBe('A very long stu…');
  });
  it(`shows at most ${VALUE_LIST_MAX} values`, () => {
    const many = Array.from({ length: 1500 }, (_, i) => ({ name: `n${i}` }));
    const list = columnValueList(name, many);
    expect(list.items).toHaveLength(1000);
    expect(list.truncated).toBe(true);
  });
  it('picking a value filters on exactly it', () => {
    expect(keep(name, valueFilterText('Omar'))).toEqual(['Omar']);
    expect(valueFilterText('')).toBe('=');
    const odd = [{ name: 'a*b' }, { name: 'axxb' }];
    const test = compileColumnFilter(name, valueFilterText('a*b'))!;
    expect(odd.filter(test).map((r) => r.name)).toEqual(['a*b']);
  });
});
