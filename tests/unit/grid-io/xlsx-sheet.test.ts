/**
 * The import's own .xlsx reader (io/xlsx-sheet.ts) against SheetJS's reader on the same files:
 * the LibreOffice fixtures, our export, and hand-written sheets with what other writers put in
 * (shared and inline strings, rich text with phonetic runs, escapes, booleans, formulas with and
 * without a cached value, date styles built in and custom, the 1904 system, rows and cells
 * without references, a blank row, no <dimension>). What it does not read falls back to SheetJS.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { buildExport } from '../../../engine/plugins/grid/io/export-table.ts';
import { readSheet, sheetJsTable } from '../../../engine/plugins/grid/io/read.ts';
import { readXlsxGrid, readXlsxGridAsync } from '../../../engine/plugins/grid/io/xlsx-sheet.ts';
import { dateCell, decimalAt } from '../../../engine/plugins/grid/io/xlsx-values.ts';
import { unzipNative } from '../../../engine/plugins/grid/io/zip.ts';
import { FIXTURE_COLUMNS, FIXTURE_ROWS } from '../../fixtures/grid/columns.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/grid');
const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';

/** A SheetJS-written workbook with its sheet, shared strings, styles and workbook parts replaced. */
function craft(parts: { sheet: string; strings?: string; styles?: string; date1904?: boolean }): Uint8Array {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['x']]), 'First');
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['second sheet']]), 'Second');
  const written = XLSX.write(book, { type: 'array', bookType: 'xlsx', bookSST: true }) as ArrayBuffer;
  const zip = XLSX.CFB.read(new Uint8Array(written), { type: 'array' });
  const put = (name: string, text: string) => XLSX.CFB.utils.cfb_add(zip, name, new TextEncoder().encode(text));
  put(
    '/xl/worksheets/sheet1.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet ${NS}>${parts.sheet}</worksheet>`,
  );
  put('/xl/sharedStrings.xml', `<?xml version="1.0"?><sst ${NS}>${parts.strings ?? ''}</sst>`);
  if (parts.styles) put('/xl/styles.xml', `<?xml version="1.0"?><styleSheet ${NS}>${parts.styles}</styleSheet>`);
  if (parts.date1904) {
    const entry = XLSX.CFB.find(zip, '/xl/workbook.xml');
    const text = new TextDecoder().decode(entry.content).replace(/<workbookPr[^>]*\/>/, '<workbookPr date1904="1"/>');
    put(
      '/xl/workbook.xml',
      text.includes('date1904') ? text : text.replace('<sheets>', '<workbookPr date1904="1"/><sheets>'),
    );
  }
  return new Uint8Array(XLSX.CFB.write(zip, { fileType: 'zip', type: 'array' }) as ArrayBuffer);
}

const STYLES =
  '<numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm"/></numFmts><cellXfs count="3"><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/></cellXfs>';

const STRINGS = [
  '<si><t>Code</t></si>',
  '<si><t>Active</t></si>',
  '<si><r><t>Mo</t></r><r><rPr><b/></rPr><t xml:space="preserve">na </t></r><rPh sb="0" eb="1"><t>phonetic</t></rPh></si>',
  '<si><t xml:space="preserve">   </t></si>',
  '<si><t>a&lt;b &amp; c_x0041_&#1605;</t></si>',
  '<si><t/></si>',
].join('');

const SHEET = [
  '<sheetData>',
  '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="inlineStr"><is><t>Name</t></is></c><c r="C1" t="str"><v>When</v></c><c r="D1" t="s"><v>1</v></c><c r="E1" t="str"><v>Day</v></c></row>',
  '<row r="2"><c r="A2"><v>1</v></c><c r="B2" t="s"><v>2</v></c><c r="C2" s="2"><v>45123.5</v></c><c r="D2" t="b"><v>1</v></c><c r="E2" s="1"><v>60</v></c></row>',
  '<row r="3" spans="1:5"><c r="A3" t="n"><v>-2.5e-3</v></c><c r="B3" t="inlineStr"><is><r><t>in</t></r><r><t xml:space="preserve">line</t></r></is></c><c r="C3"><f>1+1</f></c><c r="D3" t="b"><v>0</v></c><c r="E3" s="1"><f>TODAY()</f><v>45000</v></c></row>',
  '<row r="4"><c r="A4" t="s"><v>3</v></c><c r="B4" t="str"><v></v></c><c r="C4"/></row>',
  '<row r="5"><c r="A5" t="s"><v>4</v></c><c r="B5" t="s"><v>5</v></c><c r="C5" t="str"><v>line_x000D_\r\nbreak &quot;q&quot;</v></c></row>',
  '<row><c t="n"><v>7</v></c><c><v>8</v></c><c s="2"><v>0.9999999</v></c></row>',
  '<row r="9"><c r="C9" t="str"><v>after a gap</v></c></row>',
  '</sheetData>',
].join('');

describe('the .xlsx reader gives what SheetJS gives', () => {
  const files: [string, () => Uint8Array][] = [
    ['the LibreOffice .xlsx fixture', () => fs.readFileSync(path.join(FIXTURES, 'students.xlsx'))],
    ['the LibreOffice .xlsm fixture', () => fs.readFileSync(path.join(FIXTURES, 'students.xlsm'))],
    ['our English export', () => buildExport(FIXTURE_ROWS, FIXTURE_COLUMNS, 'xlsx', 'en')],
    ['our Arabic export', () => buildExport(FIXTURE_ROWS, FIXTURE_COLUMNS, 'xlsx', 'ar')],
    ['a hand-written sheet without <dimension>', () => craft({ sheet: SHEET, strings: STRINGS, styles: STYLES })],
    [
      'the same with a <dimension>',
      () => craft({ sheet: `<dimension ref="A1:E9"/>${SHEET}`, strings: STRINGS, styles: STYLES }),
    ],
    [
      'a <dimension> wider than the cells',
      () => craft({ sheet: `<dimension ref="B2:G12"/>${SHEET}`, strings: STRINGS, styles: STYLES }),
    ],
    ['the 1904 date system', () => craft({ sheet: SHEET, strings: STRINGS, styles: STYLES, date1904: true })],
    ['an empty sheet', () => craft({ sheet: '<sheetData/>' })],
  ];

  it.each(files)('%s', (_, file) => {
    const bytes = file();
    expect(readXlsxGrid(bytes)).not.toBeNull(); // read by our reader, not passed on to SheetJS
    expect(readSheet(bytes, 'xlsx')).toEqual(sheetJsTable(bytes, 'xlsx'));
  });

  it("the platform unzips what SheetJS unzips (the worker's way), to the same cells", async () => {
    for (const [, file] of files) {
      const bytes = file();
      const native = await unzipNative(bytes);
      expect(native).not.toBeNull();
      const zip = XLSX.CFB.read(bytes, { type: 'array' });
      for (const [name, content] of native!)
        if (!name.endsWith('/')) expect(content).toEqual(new Uint8Array(XLSX.CFB.find(zip, `/${name}`).content));
      expect(await readXlsxGridAsync(bytes)).toEqual(readXlsxGrid(bytes));
    }
    expect(await unzipNative(new Uint8Array([80, 75, 3, 4, 1, 2]))).toBeNull();
  });

  it('reads the hand-written sheet as written', () => {
    const table = readSheet(craft({ sheet: SHEET, strings: STRINGS, styles: STYLES }), 'xlsx');
    expect(table.header).toEqual(['Code', 'Name', 'When', 'Active', 'Day']);
    expect(table.sheetRows).toEqual([2, 3, 5, 6, 9]);
    expect(table.rows[0]).toEqual([1, 'Mona ', { date: '2023-07-16 12:00:00' }, true, { date: '1900-02-29 00:00:00' }]);
    expect(table.rows[1]).toEqual([-0.0025, 'inline', null, false, { date: '2023-03-15 00:00:00' }]);
    expect(table.rows[2]).toEqual(['a<b & cAم', '', 'line\r\nbreak "q"', null, null]);
  });

  it('keeps a text that reads like an XML escape, which SheetJS decodes twice in a t="str" cell', () => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Code'], ['a &amp; b']]), 'S');
    const bytes = new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
    expect(readSheet(bytes, 'xlsx').rows).toEqual([['a &amp; b']]);
    expect(sheetJsTable(bytes, 'xlsx').rows).toEqual([['a & b']]);
  });

  it('keeps the text of an error cell', () => {
    const bytes = craft({
      sheet:
        '<sheetData><row r="1"><c r="A1" t="str"><v>Code</v></c></row><row r="2"><c r="A2" t="e"><v>#DIV/0!</v></c></row></sheetData>',
    });
    expect(readSheet(bytes, 'xlsx').rows).toEqual([['#DIV/0!']]);
  });

  it('leaves to SheetJS what it does not read: a prefixed namespace, an ISO date cell, not a zip', () => {
    const prefixed = craft({ sheet: '' }).slice();
    const xml = `<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData><x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>Code</x:t></x:is></x:c></x:row></x:sheetData></x:worksheet>`;
    const zip = XLSX.CFB.read(prefixed, { type: 'array' });
    XLSX.CFB.utils.cfb_add(zip, '/xl/worksheets/sheet1.xml', new TextEncoder().encode(xml));
    const bytes = new Uint8Array(XLSX.CFB.write(zip, { fileType: 'zip', type: 'array' }) as ArrayBuffer);
    expect(readXlsxGrid(bytes)).toBeNull();
    expect(readSheet(bytes, 'xlsx')).toEqual(sheetJsTable(bytes, 'xlsx'));
    const iso = craft({
      sheet: '<sheetData><row r="1"><c r="A1" t="d"><v>2024-01-02T00:00:00Z</v></c></row></sheetData>',
    });
    expect(readXlsxGrid(iso)).toBeNull();
    expect(readXlsxGrid(fs.readFileSync(path.join(FIXTURES, 'students.xls')))).toBeNull();
  });

  it("turns date-formatted numbers into calendar parts exactly as SSF's parse_date_code does", () => {
    const pad = (n: number, w = 2) => String(n).padStart(w, '0');
    const ssf = (v: number, date1904: boolean) => {
      const p = XLSX.SSF.parse_date_code(v, { date1904 });
      return p ? { date: `${pad(p.y, 4)}-${pad(p.m)}-${pad(p.d)} ${pad(p.H)}:${pad(p.M)}:${pad(p.S)}` } : v;
    };
    const values = [
      0,
      1e-7,
      0.99999,
      0.9999999,
      1,
      59,
      59.99999999,
      60,
      61,
      45132.33263888889,
      2958465,
      2958465.5,
      -1,
      1 / 3,
      86399.5 / 86400,
    ];
    for (let i = 0; i < 2000; i++) values.push((i * 7919.123457) % 80000, Math.floor(i * 37.7) + (i % 1440) / 1440);
    for (const date1904 of [false, true]) {
      const ctx = { date1904, days: new Map<number, string>() };
      for (const v of values) expect(dateCell(v, ctx)).toEqual(ssf(v, date1904));
    }
  });

  it('reads plain decimals to the double parseFloat gives, and leaves the rest to it', () => {
    const texts = [
      '0',
      '-0',
      '007',
      '1.',
      '.5',
      '-2.5',
      '0.92',
      '45132.33263888889',
      '9007199254740991',
      '9007199254740993',
      '1e5',
      '1.2.3',
      '+5',
      ' 5',
      '-',
      '.',
      '',
    ];
    let seed = 7;
    const next = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let i = 0; i < 20000; i++) {
      const x = (next() - 0.5) * 10 ** Math.floor(next() * 12);
      texts.push(String(x), x.toFixed(Math.floor(next() * 8)), String(Math.round(x)));
    }
    for (const text of texts) {
      const n = decimalAt(`<v>${text}</v>`, 3, 3 + text.length);
      if (n !== undefined) expect(Object.is(n, parseFloat(text)), text).toBe(true);
    }
    expect(decimalAt('1e5', 0, 3)).toBeUndefined();
    expect(decimalAt('9007199254740993', 0, 16)).toBeUndefined();
  });
});
