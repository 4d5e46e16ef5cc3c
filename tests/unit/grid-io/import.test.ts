/**
 * importTable's rules: header matching (name, English or Arabic label), every spec message of
 * the import (admission-and-grid section 8) in English and Arabic, readonly and key columns,
 * dates written by spreadsheets, folding many row messages into a column message.
 */
import { describe, expect, it } from 'vitest';
import { importTable, ROW_MESSAGES_PER_COLUMN } from '../../../engine/plugins/grid/io/import-table.ts';
import type { SheetCell, SheetTable } from '../../../engine/plugins/grid/io/table.ts';
import { importExtension } from '../../../engine/plugins/grid/io/table.ts';
import type { GridColumn } from '../../../engine/plugins/grid/model/types.ts';

const table = (header: string[], ...rows: SheetCell[][]): SheetTable => ({
  header,
  rows,
  sheetRows: rows.map((_, i) => i + 2),
});

const COLUMNS: GridColumn[] = [
  { name: 'id', label: { en: 'Id', ar: 'المعرف' }, keyField: true, readonly: true },
  {
    name: 'name',
    label: { en: 'Name', ar: 'الاسم' },
    mandatory: true,
    mandatoryMessage: { en: 'Name is required', ar: 'الاسم مطلوب' },
  },
  { name: 'gpa', label: { en: 'GPA', ar: 'المعدل' }, type: 'number' },
  { name: 'hours', label: 'Hours', type: 'number', readonly: true },
  { name: 'code', label: { en: 'Code', ar: 'الكود' }, lengthLimit: 4 },
  { name: 'born', label: { en: 'Born', ar: 'الميلاد' }, type: 'date' },
  { name: 'seen', label: 'Seen', type: 'datetimetick' },
  { name: 'ok', label: 'OK', type: 'checkTF' },
  {
    name: 'kind',
    label: 'Kind',
    type: 'select',
    options: [
      { value: 'u', label: { en: 'Undergraduate', ar: 'جامعي' } },
      { value: 'p', label: { en: 'Postgraduate', ar: 'دراسات عليا' } },
    ],
  },
];

const texts = (result: ReturnType<typeof importTable>) => result.errors.map((e) => e.text);

describe('importTable: header matching', () => {
  it('matches by name, English label or Arabic label, ignoring case and extra spaces', () => {
    const result = importTable(table(['ID', '  الاسم ', 'gpa', 'Unknown'], [7, 'Mona', '3.5', 'x']), COLUMNS, 'en');
    expect(result.columns).toEqual(['id', 'name', 'gpa']);
    expect(result.rows).toEqual([{ id: '7', name: 'Mona', gpa: 3.5 }]);
    expect(result.errors).toEqual([]);
  });

  it('takes the first of two headers naming the same column', () => {
    const result = importTable(table(['Id', 'Name', 'name'], [1, 'first', 'second']), COLUMNS, 'en');
    expect(result.rows).toEqual([{ id: '1', name: 'first' }]);
  });
});

describe('importTable: the spec messages', () => {
  it("'No matched column name' when no header names a column", () => {
    const en = importTable(table(['a', 'b'], [1, 2]), COLUMNS, 'en');
    expect(texts(en)).toEqual(['No matched column name']);
    expect(en.rows).toEqual([]);
    expect(en.errors[0]!.fatal).toBe(true);
    expect(texts(importTable(table(['a'], [1]), COLUMNS, 'ar'))).toEqual(['لا يوجد اسم عمود مطابق']);
  });

  it("'Missing key column' when a key column is absent", () => {
    const en = importTable(table(['Name'], ['Mona']), COLUMNS, 'en');
    expect(texts(en)).toEqual(['Missing key column']);
    expect(en.errors[0]).toMatchObject({ column: 'id', fatal: true });
    expect(texts(importTable(table(['Name'], ['Mona']), COLUMNS, 'ar'))).toEqual(['عمود المفتاح مفقود']);
  });

  it("'No record is read' when no row holds a value", () => {
    expect(texts(importTable(table(['Id', 'Name']), COLUMNS, 'en'))).toEqual(['No record is read']);
    expect(texts(importTable(table(['Id', 'Name']), COLUMNS, 'ar'))).toEqual(['لم تتم قراءة أي سجل']);
  });

  it("'Readonly column detected' for a readonly column that is not a key; its values are not taken", () => {
    const result = importTable(table(['Id', 'Name', 'Hours'], [1, 'Mona', 99]), COLUMNS, 'en');
    expect(result.errors).toEqual([
      {
        message: { en: 'Readonly column detected', ar: 'تم اكتشاف عمود للقراءة فقط' },
        text: 'Readonly column detected',
        column: 'hours',
        warning: true,
      },
    ]);
    expect(result.rows).toEqual([{ id: '1', name: 'Mona' }]);
  });

  it("'Row {n} has validation error for column {name}: {reason}' with the rule's own reason", () => {
    const result = importTable(
      table(
        ['Id', 'Name', 'GPA', 'Code', 'OK', 'Kind'],
        [1, 'Mona', 'x1', 'AB', 'T', 'Postgraduate'],
        [2, '', 3, 'ABCDE', 'maybe', 'Other'],
      ),
      COLUMNS,
      'en',
    );
    expect(texts(result)).toEqual([
      'Row 1 has validation error for column GPA: Invalid input value',
      'Row 2 has validation error for column Name: Name is required',
      'Row 2 has validation error for column Code: At most 4 characters',
      'Row 2 has validation error for column OK: Invalid input value',
      'Row 2 has validation error for column Kind: Invalid input value',
    ]);
    // Refused cells keep what the sheet said, so the user sees and fixes them in the grid.
    expect(result.rows).toEqual([
      { id: '1', name: 'Mona', gpa: 'x1', code: 'AB', ok: 'T', kind: 'p' },
      { id: '2', name: '', gpa: 3, code: 'ABCDE', ok: 'maybe', kind: 'Other' },
    ]);
    const ar = importTable(table(['المعرف', 'الاسم'], [1, '']), COLUMNS, 'ar');
    expect(texts(ar)).toEqual(['الصف 1 به خطأ في التحقق للعمود الاسم: الاسم مطلوب']);
    expect(ar.errors[0]!.message.en).toBe('Row 1 has validation error for column Name: Name is required');
  });

  it("'Column {name} has validation error: {reason}' for a repeated key value", () => {
    const result = importTable(table(['Id', 'Name'], [1, 'a'], [1, 'b'], [2, 'c']), COLUMNS, 'en');
    expect(texts(result)).toEqual(['Column Id has validation error: Duplicate value 1']);
    expect(texts(importTable(table(['Id', 'Name'], [1, 'a'], [1, 'b']), COLUMNS, 'ar'))).toEqual([
      'العمود المعرف به خطأ في التحقق: قيمة مكررة 1',
    ]);
  });

  it('folds more than ROW_MESSAGES_PER_COLUMN failures of one column into one column message', () => {
    const many = Array.from({ length: ROW_MESSAGES_PER_COLUMN + 1 }, (_, i): SheetCell[] => [i, 'n', 'bad']);
    expect(texts(importTable(table(['Id', 'Name', 'GPA'], ...many), COLUMNS, 'en'))).toEqual([
      `Column GPA has validation error: Invalid input value (${ROW_MESSAGES_PER_COLUMN + 1} rows)`,
    ]);
    const exactly = many.slice(1);
    expect(texts(importTable(table(['Id', 'Name', 'GPA'], ...exactly), COLUMNS, 'en'))).toHaveLength(
      ROW_MESSAGES_PER_COLUMN,
    );
  });

  it('an empty key cell is refused even when the key column is not mandatory', () => {
    expect(texts(importTable(table(['Id', 'Name'], [null, 'a']), COLUMNS, 'en'))).toEqual([
      'Row 1 has validation error for column Id: Please fill this field',
    ]);
  });

  it('runs row validators and names the column they blame', () => {
    const result = importTable(table(['Id', 'Name', 'GPA'], [1, 'a', 4]), COLUMNS, 'en', {
      rowValidators: [
        (row) => (row.gpa === 4 ? { column: 'gpa', reason: { en: 'Too perfect', ar: 'مثالي جدًا' } } : null),
      ],
    });
    expect(texts(result)).toEqual(['Row 1 has validation error for column GPA: Too perfect']);
  });
});

describe('importTable: dates as spreadsheets write them', () => {
  it('a date cell fits the column kind when the dropped parts are zero', () => {
    const result = importTable(
      table(
        ['Id', 'Born', 'Seen'],
        [1, { date: '2004-03-15 00:00:00' }, { date: '2024-09-01 09:30:00' }],
        [2, '2004-03-16 00:00', '2024-09-01 09:30:00'],
      ),
      COLUMNS,
      'en',
    );
    expect(result.errors).toEqual([]);
    expect(result.rows).toEqual([
      { id: '1', born: '2004-03-15', seen: Date.UTC(2024, 8, 1, 9, 30) },
      { id: '2', born: '2004-03-16', seen: Date.UTC(2024, 8, 1, 9, 30) },
    ]);
  });

  it('a time of day in a date column is refused rather than dropped', () => {
    const result = importTable(table(['Id', 'Born'], [1, { date: '2004-03-15 10:00:00' }]), COLUMNS, 'en');
    expect(texts(result)).toEqual(['Row 1 has validation error for column Born: Invalid input value']);
    expect(result.rows[0]!.born).toBe('2004-03-15 10:00:00');
  });

  it('a number in a text date column is refused; a tick column takes milliseconds', () => {
    const result = importTable(table(['Id', 'Born', 'Seen'], [1, 38061, 1725183000000]), COLUMNS, 'en');
    expect(texts(result)).toEqual(['Row 1 has validation error for column Born: Invalid input value']);
    expect(result.rows[0]!.seen).toBe(1725183000000);
  });
});

describe('importExtension', () => {
  it('accepts .xlsx, .xls, .xlsm and .csv in any case, nothing else', () => {
    expect(['a.xlsx', 'b.XLS', 'c.xlsm', 'd.Csv'].map(importExtension)).toEqual(['xlsx', 'xls', 'xlsm', 'csv']);
    expect(['a.ods', 'b.txt', 'xlsx', 'c.xlsx.pdf'].map(importExtension)).toEqual([null, null, null, null]);
  });
});
