/**
 * server/documents/xlsx.ts, read back with SheetJS: typed cells (numbers, real dates, booleans),
 * right-to-left sheets, Arabic headers, values that do not fit their type kept as text, sheet
 * names Excel accepts, and 10,000+ rows quickly.
 */
import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { writeXlsx } from '../../server/documents/xlsx.ts';

const read = (buffer: Buffer) => XLSX.read(buffer, { cellDates: true });

describe('documents: xlsx', () => {
  it('writes numbers, dates, date-times and booleans as typed cells under Arabic headers, right to left', () => {
    const at = new Date(2026, 8, 1, 14, 30); // server local time
    const buffer = writeXlsx({
      rtl: true,
      sheets: [
        {
          name: 'التسجيلات',
          columns: [
            { header: 'الاسم' },
            { header: 'المعدل', type: 'number', format: '0.00' },
            { header: 'تاريخ الميلاد', type: 'date' },
            { header: 'وقت القرار', type: 'datetime' },
            { header: 'نشط', type: 'boolean' },
          ],
          rows: [
            ['محمد أحمد', 3.456, '2005-03-14', at, true],
            ['منى', '2.5', null, undefined, false],
          ],
        },
      ],
    });
    const wb = read(buffer);
    expect(wb.SheetNames).toEqual(['التسجيلات']);
    expect(wb.Workbook?.Views?.[0]?.RTL).toBeTruthy();
    const ws = wb.Sheets['التسجيلات']!;
    expect(XLSX.utils.sheet_to_json<unknown[]>(ws, { header: 1 })[0]).toEqual([
      'الاسم',
      'المعدل',
      'تاريخ الميلاد',
      'وقت القرار',
      'نشط',
    ]);
    expect(ws.A2).toMatchObject({ t: 's', v: 'محمد أحمد' });
    expect(ws.B2).toMatchObject({ t: 'n', v: 3.456, w: '3.46' });
    expect(ws.B3).toMatchObject({ t: 'n', v: 2.5 }); // numeric text becomes a number
    expect(ws.C2).toMatchObject({ t: 'd', w: '2005-03-14' });
    expect((ws.C2!.v as Date).toISOString()).toBe('2005-03-14T00:00:00.000Z');
    expect(ws.D2).toMatchObject({ t: 'd', w: '2026-09-01 14:30' });
    expect(ws.E2).toMatchObject({ t: 'b', v: true });
    expect(ws.E3).toMatchObject({ t: 'b', v: false });
    expect(ws.C3).toBeUndefined(); // null: empty cell
    expect(ws['!autofilter']?.ref).toBe('A1:E3');
  });

  it('left to right unless asked; a value that does not fit its type is kept as text', () => {
    const wb = read(
      writeXlsx({
        sheets: [
          {
            name: 'Data',
            columns: [
              { header: 'N', type: 'number' },
              { header: 'D', type: 'date' },
            ],
            rows: [['n/a', 'soon']],
          },
        ],
      }),
    );
    expect(wb.Workbook?.Views?.[0]?.RTL ?? false).toBeFalsy();
    expect(wb.Sheets.Data!.A2).toMatchObject({ t: 's', v: 'n/a' });
    expect(wb.Sheets.Data!.B2).toMatchObject({ t: 's', v: 'soon' });
  });

  it('sheet names: at most 31 characters, no []:*?/\\, unique', () => {
    const wb = read(
      writeXlsx({
        sheets: [
          { name: 'Payments [2026/27]: all * ? of them and more text', columns: [{ header: 'a' }], rows: [] },
          { name: 'Payments [2026/27]: all * ? of them and more text', columns: [{ header: 'a' }], rows: [] },
        ],
      }),
    );
    expect(wb.SheetNames).toHaveLength(2);
    for (const name of wb.SheetNames) {
      expect(name.length).toBeLessThanOrEqual(31);
      expect(name).not.toMatch(/[[\]:*?/\\]/);
    }
    expect(new Set(wb.SheetNames).size).toBe(2);
  });

  it('an empty export still has its header row', () => {
    const wb = read(
      writeXlsx({ sheets: [{ name: 'S', columns: [{ header: 'Code' }, { header: 'Name' }], rows: [] }] }),
    );
    expect(XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets.S!, { header: 1 })).toEqual([['Code', 'Name']]);
  });

  it('20,000 rows by 10 columns in well under the time a user waits', () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => [
      i,
      `طالب ${i}`,
      `S${i}`,
      2 + (i % 20) / 10,
      '2026-09-01',
      new Date(),
      i % 2 === 0,
      'CS',
      'Registered',
      3,
    ]);
    const columns = [
      { header: 'ID', type: 'number' as const },
      { header: 'Name' },
      { header: 'Code' },
      { header: 'GPA', type: 'number' as const },
      { header: 'Date', type: 'date' as const },
      { header: 'At', type: 'datetime' as const },
      { header: 'Active', type: 'boolean' as const },
      { header: 'Dept' },
      { header: 'State' },
      { header: 'Hours', type: 'number' as const },
    ];
    const started = performance.now();
    const buffer = writeXlsx({ sheets: [{ name: 'Big', columns, rows }] });
    const ms = performance.now() - started;
    const data = XLSX.utils.sheet_to_json<unknown[]>(read(buffer).Sheets.Big!, { header: 1 });
    expect(data).toHaveLength(20_001);
    expect(data[20_000]![1]).toBe('طالب 19999');
    expect(ms).toBeLessThan(10_000); // about 0.5 s on a quiet machine
  });
});
