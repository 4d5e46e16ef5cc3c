/**
 * Export then import gives the same rows: .xlsx and .csv, headers in English
 * and in Arabic, dates, tick columns, numbers, checks, choices, Arabic text, texts with commas,
 * quotes and line breaks, codes with leading zeros, and refused texts not yet fixed. Also: the
 * .xlsx holds real number and date cells, and LibreOffice reads our file as we wrote it.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { buildExport, exportColumns } from '../../../engine/plugins/grid/io/export-table.ts';
import { importTable } from '../../../engine/plugins/grid/io/import-table.ts';
import { exportFileName } from '../../../engine/plugins/grid/io/index.ts';
import { cloneableColumn, handleRequest } from '../../../engine/plugins/grid/io/protocol.ts';
import { readSheet, readSheetAsync } from '../../../engine/plugins/grid/io/read.ts';
import type { SheetColumns } from '../../../engine/plugins/grid/io/sheet-columns.ts';
import type { GridColumn, GridRow } from '../../../engine/plugins/grid/model/types.ts';
import { FIXTURE_COLUMNS, FIXTURE_ROWS } from '../../fixtures/grid/columns.ts';

const COLUMNS: GridColumn[] = [
  ...FIXTURE_COLUMNS,
  { name: 'seen', label: { en: 'Seen', ar: 'شوهد' }, type: 'datetimesectick' },
  { name: 'day', label: { en: 'Day', ar: 'اليوم' }, type: 'datetick' },
  { name: 'at', label: { en: 'At', ar: 'في' }, type: 'datetimesec' },
  { name: 'ok', label: 'OK', type: 'checkTF' },
  {
    name: 'kind',
    label: { en: 'Kind', ar: 'النوع' },
    type: 'map',
    options: { u: { en: 'Undergraduate', ar: 'جامعي' }, p: { en: 'Postgraduate', ar: 'دراسات عليا' } },
  },
  { name: 'hidden', label: 'Hidden', invisible: true },
];

const EXTRA: GridRow[] = [
  {
    seen: Date.UTC(2024, 0, 31, 23, 59, 59),
    day: Date.UTC(2024, 1, 29),
    at: '1999-12-31 23:59:58',
    ok: 'T',
    kind: 'p',
  },
  { seen: 0, day: Date.UTC(1900, 2, 1), at: '2000-02-29 00:00:01', ok: 'F', kind: 'u' },
  { seen: null, day: null, at: null, ok: null, kind: null },
];

const ROWS: GridRow[] = [
  ...FIXTURE_ROWS.map((row, i) => ({ ...row, ...EXTRA[i % EXTRA.length] })),
  {
    code: '007',
    name: 'Quote "q", comma, and\nline',
    name_local: 'نص عربي، مع فاصلة',
    birth_date: null,
    gpa: 0,
    fees: 999999999.99,
    enrolled_at: null,
    active: null,
    fees_paid: null,
    seen: null,
    day: null,
    at: null,
    ok: null,
    kind: null,
  },
  {
    code: '2025001',
    name: ' spaced ',
    name_local: '',
    birth_date: '1970-01-01',
    gpa: -0.5,
    fees: 1e-7,
    enrolled_at: '2024-12-31 23:59',
    active: 'N',
    fees_paid: '0',
    seen: null,
    day: null,
    at: null,
    ok: null,
    kind: null,
  },
];

/** What an import gives for an exported row: the visible columns; empty cells as the parser gives them. */
const expected = (rows: GridRow[]) =>
  rows.map((row) =>
    Object.fromEntries(
      exportColumns(COLUMNS).map((c) => [c.name, row[c.name] ?? ((c.type ?? 'string') === 'string' ? '' : null)]),
    ),
  );

describe.each([
  ['xlsx', 'en'],
  ['xlsx', 'ar'],
  ['csv', 'en'],
  ['csv', 'ar'],
] as const)('export to .%s with %s headers', (format, lang) => {
  it('re-imports to the same rows, invalid texts kept', () => {
    const bytes = buildExport(ROWS, COLUMNS, format, lang);
    const table = readSheet(bytes, format);
    const result = importTable(table, COLUMNS, lang);
    expect(result.rows).toEqual(expected(ROWS));
    // The fixture's three invalid cells are reported again, nothing else.
    expect(result.errors.map((e) => [e.row, e.column])).toEqual([
      [4, 'birth_date'],
      [5, 'gpa'],
      [6, 'active'],
    ]);
    expect(table.header[0]).toBe(lang === 'ar' ? 'الكود' : 'Code');
    expect(table.header).not.toContain('Hidden');
  });
});

describe('the .xlsx itself', () => {
  it('holds numbers as numbers, dates as dated numbers and codes as text; Arabic sheets run right to left', () => {
    const workbook = XLSX.read(buildExport(ROWS, COLUMNS, 'xlsx', 'ar'), { type: 'array', cellNF: true });
    const sheet = workbook.Sheets[workbook.SheetNames[0]!]!;
    expect(sheet.A2).toMatchObject({ t: 's', v: '2024001' });
    expect(sheet.E2).toMatchObject({ t: 'n', v: 3.45 });
    expect(sheet.D2).toMatchObject({ t: 'n', v: 38061, z: 'yyyy-mm-dd' });
    expect(sheet.G2!.z).toBe('yyyy-mm-dd hh:mm');
    expect(XLSX.SSF.format(sheet.G2!.z as string, sheet.G2!.v as number)).toBe('2024-09-01 09:30');
    expect(workbook.Workbook?.Views?.[0]?.RTL).toBe(true);
  });

  it('a .csv starts with a byte order mark and quotes what needs quoting', () => {
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(
      buildExport(ROWS.slice(-2), COLUMNS, 'csv', 'en'),
    );
    expect(text.startsWith('\uFEFFCode,Name,')).toBe(true);
    expect(text).toContain('007,"Quote ""q"", comma, and\nline",نص عربي، مع فاصلة,,0,999999999.99,');
    expect(text).toContain('2025001," spaced ",,1970-01-01,-0.5,0.0000001,2024-12-31 23:59,N,0');
  });
});

const libreoffice = ['/usr/bin/libreoffice', '/usr/bin/soffice'].find((p) => fs.existsSync(p));

describe('LibreOffice reads the export', () => {
  it.skipIf(!libreoffice)('converting our .xlsx to .csv with LibreOffice re-imports to the same rows', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rowaq-grid-io-'));
    try {
      fs.writeFileSync(path.join(dir, 'export.xlsx'), buildExport(ROWS, COLUMNS, 'xlsx', 'en'));
      const run = spawnSync(
        libreoffice!,
        [
          `-env:UserInstallation=file://${dir}/profile`,
          '--headless',
          '--convert-to',
          'csv:Text - txt - csv (StarCalc):44,34,76,1',
          '--outdir',
          dir,
          path.join(dir, 'export.xlsx'),
        ],
        { encoding: 'utf8', timeout: 60_000 },
      );
      expect(run.status, run.stderr).toBe(0);
      const result = importTable(readSheet(fs.readFileSync(path.join(dir, 'export.csv')), 'csv'), COLUMNS, 'en');
      expect(result.rows).toEqual(expected(ROWS));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the worker protocol', () => {
  it('reads and writes through handleRequest; a damaged file fails without throwing', async () => {
    const work = { readSheet: readSheetAsync, buildExport };
    const columns = COLUMNS.map(cloneableColumn);
    const written = await handleRequest(
      { id: 1, kind: 'export', rows: ROWS, columns, format: 'xlsx', lang: 'en' },
      work,
    );
    expect(written.kind).toBe('export');
    const bytes = (written as { bytes: Uint8Array }).bytes;
    const read = await handleRequest({ id: 2, kind: 'read', data: bytes.slice().buffer, ext: 'xlsx' }, work);
    expect(read).toMatchObject({ id: 2, kind: 'read' });
    // The table crosses by columns; the import reads it as it reads the rows.
    const table = (read as { table: SheetColumns }).table;
    expect(importTable(table, COLUMNS, 'en')).toEqual(importTable(readSheet(bytes, 'xlsx'), COLUMNS, 'en'));
    const broken = await handleRequest(
      { id: 3, kind: 'read', data: new Uint8Array([80, 75, 3, 4, 1, 2]).buffer, ext: 'xlsx' },
      work,
    );
    expect(broken).toMatchObject({ id: 3, kind: 'failed' });
  });

  it("the worker's reader (the platform inflates the zip) gives what readSheet gives", async () => {
    for (const lang of ['en', 'ar']) {
      const bytes = buildExport(ROWS, COLUMNS, 'xlsx', lang);
      expect(await readSheetAsync(bytes, 'xlsx')).toEqual(readSheet(bytes, 'xlsx'));
    }
    const csv = buildExport(ROWS, COLUMNS, 'csv', 'en');
    expect(await readSheetAsync(csv, 'csv')).toEqual(readSheet(csv, 'csv'));
  });

  it('cloneableColumn drops validator functions so a worker can receive the columns', () => {
    const column: GridColumn = { name: 'a', validate: () => null, label: { en: 'A', ar: 'أ' } };
    expect(cloneableColumn(column)).toEqual({ name: 'a', label: { en: 'A', ar: 'أ' } });
    expect(() => structuredClone(cloneableColumn(column))).not.toThrow();
  });

  it('exportFileName adds or corrects the extension', () => {
    expect(exportFileName('Students', 'xlsx')).toBe('Students.xlsx');
    expect(exportFileName('Students.xlsx', 'csv')).toBe('Students.csv');
    expect(exportFileName('  ', 'csv')).toBe('export.csv');
  });
});
