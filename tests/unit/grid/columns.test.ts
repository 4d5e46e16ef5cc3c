/** Every column type's parse and format (admission-and-grid sections 3, 5 and 9). */
import { describe, expect, it } from 'vitest';
import {
  editText,
  formatCell,
  GRID_MESSAGES,
  parseCell,
  plainText,
  shorten,
  withThousands,
  type CellResult,
  type GridColumn,
} from '../../../engine/plugins/grid/model/index.ts';

const col = (type: GridColumn['type'], extra: Partial<GridColumn> = {}): GridColumn => ({ name: 'x', type, ...extra });
const invalid: CellResult = { error: GRID_MESSAGES.invalidInput };
const ms = (iso: string) => Date.parse(iso);

describe('string', () => {
  it('keeps text as written, numbers as text, empty as ""', () => {
    expect(parseCell(col('string'), ' Ahmed ')).toEqual({ value: ' Ahmed ' });
    expect(parseCell(col('string'), 42)).toEqual({ value: '42' });
    expect(parseCell(col('string'), '')).toEqual({ value: '' });
    expect(parseCell(col(undefined), null)).toEqual({ value: '' });
    expect(formatCell(col('string'), 'نص عربي')).toBe('نص عربي');
  });
});

describe('number', () => {
  const n = col('number');
  it('parses digits, a dot and a minus; separators and Arabic digits are read', () => {
    expect(parseCell(n, '1234.5')).toEqual({ value: 1234.5 });
    expect(parseCell(n, '-12')).toEqual({ value: -12 });
    expect(parseCell(n, '.5')).toEqual({ value: 0.5 });
    expect(parseCell(n, '1,234,567')).toEqual({ value: 1234567 });
    expect(parseCell(n, '١٢٣')).toEqual({ value: 123 });
    expect(parseCell(n, 7)).toEqual({ value: 7 });
    expect(parseCell(n, '')).toEqual({ value: null });
  });
  it('refuses anything else with "Invalid input value"', () => {
    for (const bad of ['12a', '1-2', '--1', '1.2.3', 'abc', Number.NaN, Infinity, true])
      expect(parseCell(n, bad)).toEqual(invalid);
  });
  it('shows thousands separators; edits and copies without them', () => {
    expect(formatCell(n, 1234567.25)).toBe('1,234,567.25');
    expect(formatCell(n, -1000)).toBe('-1,000');
    expect(formatCell(n, 999)).toBe('999');
    expect(editText(n, 1234567.25)).toBe('1234567.25');
    expect(plainText(n, 1234567)).toBe('1234567');
    expect(withThousands('1234')).toBe('1,234');
  });
  it('spells the number when the column asks for words', () => {
    expect(formatCell(col('number', { words: 'en' }), 21)).toBe('twenty-one');
    expect(formatCell(col('number', { words: true }), 3, 'ar')).toBe('ثلاثة');
    expect(plainText(col('number', { words: true }), 21)).toBe('21');
  });
});

describe('date, datetime, datetimesec', () => {
  it('date must match YYYY-MM-DD strictly and be a real day', () => {
    expect(parseCell(col('date'), '2024-02-29')).toEqual({ value: '2024-02-29' });
    for (const bad of ['2023-02-29', '2024-2-9', '24-02-09', '2024/02/09', '2024-13-01', '2024-02-09 10:00', 5]) {
      expect(parseCell(col('date'), bad), String(bad)).toEqual(invalid);
    }
    expect(parseCell(col('date'), '')).toEqual({ value: null });
    expect(formatCell(col('date'), '2024-02-29')).toBe('2024-02-29');
  });
  it('datetime is YYYY-MM-DD HH:mm (an ISO T is accepted and shown as a space)', () => {
    expect(parseCell(col('datetime'), '2024-09-01 08:30')).toEqual({ value: '2024-09-01 08:30' });
    expect(parseCell(col('datetime'), '2024-09-01T08:30')).toEqual({ value: '2024-09-01 08:30' });
    for (const bad of ['2024-09-01', '2024-09-01 24:00', '2024-09-01 8:30', '2024-09-01 08:30:00'])
      expect(parseCell(col('datetime'), bad), bad).toEqual(invalid);
  });
  it('datetimesec is YYYY-MM-DD HH:mm:ss', () => {
    expect(parseCell(col('datetimesec'), '2024-09-01 08:30:59')).toEqual({ value: '2024-09-01 08:30:59' });
    for (const bad of ['2024-09-01 08:30', '2024-09-01 08:30:60'])
      expect(parseCell(col('datetimesec'), bad), bad).toEqual(invalid);
  });
  it('a Date object (from a sheet) becomes the format', () => {
    expect(parseCell(col('date'), new Date(ms('2024-05-06T00:00:00Z')))).toEqual({ value: '2024-05-06' });
  });
});

describe('tick columns hold milliseconds, shown in UTC', () => {
  it('datetick', () => {
    const c = col('datetick');
    expect(parseCell(c, '2024-05-06')).toEqual({ value: ms('2024-05-06T00:00:00Z') });
    expect(parseCell(c, ms('2024-05-06T00:00:00Z'))).toEqual({ value: ms('2024-05-06T00:00:00Z') });
    expect(parseCell(c, '1714953600000')).toEqual({ value: 1714953600000 });
    expect(formatCell(c, ms('2024-05-06T13:00:00Z'))).toBe('2024-05-06');
    expect(parseCell(c, '2024-05-32')).toEqual(invalid);
  });
  it('datetimetick', () => {
    const c = col('datetimetick');
    expect(parseCell(c, '2024-05-06 13:45')).toEqual({ value: ms('2024-05-06T13:45:00Z') });
    expect(formatCell(c, ms('2024-05-06T13:45:10Z'))).toBe('2024-05-06 13:45');
    expect(parseCell(c, '2024-05-06')).toEqual(invalid);
  });
  it('datetimesectick', () => {
    const c = col('datetimesectick');
    expect(parseCell(c, '2024-05-06 13:45:10')).toEqual({ value: ms('2024-05-06T13:45:10Z') });
    expect(formatCell(c, ms('2024-05-06T13:45:10Z'))).toBe('2024-05-06 13:45:10');
    expect(plainText(c, ms('2024-05-06T13:45:10Z'))).toBe('2024-05-06 13:45:10');
  });
});

describe('check columns take one character', () => {
  it.each([
    ['check10', '1', '0', 'Y'],
    ['checkYN', 'Y', 'N', '1'],
    ['checkTF', 'T', 'F', 'Y'],
  ] as const)('%s: %s / %s', (type, on, off, wrong) => {
    const c = col(type);
    expect(parseCell(c, on)).toEqual({ value: on });
    expect(parseCell(c, off.toLowerCase())).toEqual({ value: off });
    expect(parseCell(c, true)).toEqual({ value: on });
    expect(parseCell(c, false)).toEqual({ value: off });
    expect(parseCell(c, 1)).toEqual({ value: on });
    expect(parseCell(c, wrong)).toEqual(invalid);
    expect(parseCell(c, on + on)).toEqual(invalid);
    expect(formatCell(c, on)).toBe(on);
  });
});

describe('map and select columns', () => {
  const map = col('map', { options: { M: { en: 'Male', ar: 'ذكر' }, F: { en: 'Female', ar: 'أنثى' } } });
  const select = col('select', { options: ['Cairo', 'Giza'] });
  it('take a value or a label (any language, any case) and hold the value', () => {
    expect(parseCell(map, 'M')).toEqual({ value: 'M' });
    expect(parseCell(map, 'female')).toEqual({ value: 'F' });
    expect(parseCell(map, 'ذكر')).toEqual({ value: 'M' });
    expect(parseCell(map, 'X')).toEqual(invalid);
    expect(parseCell(select, 'Giza')).toEqual({ value: 'Giza' });
    expect(parseCell(select, 'Alex')).toEqual(invalid);
  });
  it('show the label in the language', () => {
    expect(formatCell(map, 'F')).toBe('Female');
    expect(formatCell(map, 'F', 'ar')).toBe('أنثى');
    expect(editText(map, 'M', 'ar')).toBe('ذكر');
    expect(formatCell(select, 'Cairo')).toBe('Cairo');
  });
  it('also read GridOption lists', () => {
    const c = col('map', { options: [{ value: '1', label: 'Active' }] });
    expect(parseCell(c, 'active')).toEqual({ value: '1' });
    expect(formatCell(c, '1')).toBe('Active');
  });
});

describe('shortening', () => {
  it('cuts to 18 (or 15) characters plus an ellipsis', () => {
    expect(shorten('abcdefghijklmnopqrstuvwxyz')).toBe('abcdefghijklmnopqr…');
    expect(shorten('abcdefghijklmnopqrstuvwxyz', 15)).toBe('abcdefghijklmno…');
    expect(shorten('short')).toBe('short');
    expect(shorten('x'.repeat(18))).toBe('x'.repeat(18));
  });
});
