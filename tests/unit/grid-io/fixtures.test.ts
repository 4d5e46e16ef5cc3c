/**
 * The LibreOffice fixtures (tests/fixtures/grid, made from one CSV by `libreoffice --headless
 * --convert-to`) read through the same code the import worker runs: every format gives the
 * same rows, Arabic text included, and the same three row messages for the invalid cells.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importTable } from '../../../engine/plugins/grid/io/import-table.ts';
import { readSheet } from '../../../engine/plugins/grid/io/read.ts';
import { importExtension } from '../../../engine/plugins/grid/io/table.ts';
import { FIXTURE_COLUMNS, FIXTURE_INVALID, FIXTURE_ROWS } from '../../fixtures/grid/columns.ts';

const DIR = path.resolve(import.meta.dirname, '../../fixtures/grid');
const load = (file: string) => readSheet(fs.readFileSync(path.join(DIR, file)), importExtension(file)!);

describe.each(['students.xlsx', 'students.xls', 'students.xlsm', 'students.csv'])('LibreOffice fixture %s', (file) => {
  it('reads the first sheet with its header as written', () => {
    const table = load(file);
    expect(table.header).toEqual([
      'Code',
      'Name',
      'الاسم بالعربية',
      'birth_date',
      'GPA',
      'Fees',
      'enrolled_at',
      'Active',
      'fees_paid',
    ]);
    expect(table.rows).toHaveLength(10);
  });

  it('gives the fixture rows, dates and Arabic unchanged, invalid cells as written', () => {
    const result = importTable(load(file), FIXTURE_COLUMNS, 'en');
    expect(result.rows).toEqual(FIXTURE_ROWS);
    expect(result.columns).toEqual(FIXTURE_COLUMNS.map((c) => c.name));
  });

  it('reports each invalid cell with the spec message, in English and Arabic', () => {
    const en = importTable(load(file), FIXTURE_COLUMNS, 'en');
    expect(en.errors.map((e) => e.text)).toEqual([
      'Row 4 has validation error for column Birth date: Invalid input value',
      'Row 5 has validation error for column GPA: Invalid input value',
      'Row 6 has validation error for column Active: Invalid input value',
    ]);
    expect(en.errors.map((e) => ({ row: e.row, column: e.column }))).toEqual(
      FIXTURE_INVALID.map(({ row, column }) => ({ row, column })),
    );
    const ar = importTable(load(file), FIXTURE_COLUMNS, 'ar');
    expect(ar.errors.map((e) => e.text)).toEqual([
      'الصف 4 به خطأ في التحقق للعمود تاريخ الميلاد: قيمة الإدخال غير صالحة',
      'الصف 5 به خطأ في التحقق للعمود المعدل التراكمي: قيمة الإدخال غير صالحة',
      'الصف 6 به خطأ في التحقق للعمود نشط: قيمة الإدخال غير صالحة',
    ]);
    // Each error carries both languages, whatever the import's language.
    expect(ar.errors[0]!.message.en).toBe(en.errors[0]!.text);
  });
});
