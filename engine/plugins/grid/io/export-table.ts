/**
 * Grid rows into a spreadsheet file (.xlsx or .csv) that the importer reads back to the very
 * same rows. Pure: the worker runs it, and so do the Node tests.
 *
 * - Headers are the column labels in the grid's language (the importer matches any language
 *   or the name), visible columns only, in grid order.
 * - .xlsx: numbers are number cells; date, datetime and tick columns are real dates (a date
 *   serial with a yyyy-mm-dd format), so Excel and LibreOffice sort and filter them as dates;
 *   everything else is a text cell, so a code such as 007 keeps its zeros. The sheet is
 *   right-to-left when the grid is in Arabic.
 * - .csv: UTF-8 with a byte order mark (Excel then reads Arabic correctly), CRLF line ends,
 *   numbers without thousands separators, dates in the column's own format.
 * - A cell still holding a refused text (an imported value not yet fixed) is written as that
 *   text, so nothing the user sees is lost.
 */
import { isRtl } from '../../../core/rtl.ts';
import * as XLSX from 'xlsx';
import { gridText, parseCell, plainText, type GridColumn, type GridRow } from '../model/index.ts';
import { dateKind, isTick, typeOf } from '../model/columns.ts';
import { parseDateText, type DateKind } from '../model/dates.ts';
import type { ExportFormat } from './table.ts';

const DAY_MS = 86_400_000;
/** Days from Excel's 1899-12-30 epoch to 1970-01-01. */
const EPOCH_DAYS = 25_569;

const DATE_FORMATS: Record<DateKind, string> = {
  date: 'yyyy-mm-dd',
  datetime: 'yyyy-mm-dd hh:mm',
  datetimesec: 'yyyy-mm-dd hh:mm:ss',
};

/** The columns an export writes: the visible ones, in grid order. */
export const exportColumns = (columns: readonly GridColumn[]): GridColumn[] => columns.filter((c) => !c.invisible);

const headerOf = (column: GridColumn, lang: string) => gridText(column.label, lang) || column.name;

/** A valid stored value of the column, or undefined when the cell holds an unparsed text. */
function stored(column: GridColumn, value: unknown): unknown {
  if (value === null || value === undefined || value === '') return null;
  const parsed = parseCell(column, value);
  return 'error' in parsed ? undefined : parsed.value;
}

function xlsxCell(column: GridColumn, value: unknown, lang: string): XLSX.CellObject | undefined {
  const v = stored(column, value);
  if (v === null) return undefined;
  if (v === undefined) return { t: 's', v: String(value) };
  const kind = dateKind(column);
  if (kind) {
    const ms = isTick(column) ? (v as number) : parseDateText(v as string, kind);
    if (ms !== null) return { t: 'n', v: ms / DAY_MS + EPOCH_DAYS, z: DATE_FORMATS[kind] };
  }
  if (typeOf(column) === 'number' && typeof v === 'number') return { t: 'n', v };
  return { t: 's', v: plainText(column, v, lang) };
}

function csvText(column: GridColumn, value: unknown, lang: string): string {
  const v = stored(column, value);
  if (v === null) return '';
  return v === undefined ? String(value) : plainText(column, v, lang);
}

const csvField = (text: string) => (/[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** The file's bytes: an .xlsx workbook or a UTF-8 .csv text with a byte order mark. */
export function buildExport(
  rows: readonly GridRow[],
  allColumns: readonly GridColumn[],
  format: ExportFormat,
  lang: string,
): Uint8Array {
  const columns = exportColumns(allColumns);
  if (format === 'csv') {
    const lines = [columns.map((c) => csvField(headerOf(c, lang))).join(',')];
    for (const row of rows) lines.push(columns.map((c) => csvField(csvText(c, row[c.name], lang))).join(','));
    return new TextEncoder().encode(`\uFEFF${lines.join('\r\n')}\r\n`);
  }
  const data: (XLSX.CellObject | undefined)[][] = [columns.map((c) => ({ t: 's', v: headerOf(c, lang) }))];
  for (const row of rows) data.push(columns.map((c) => xlsxCell(c, row[c.name], lang)));
  const sheet: XLSX.WorkSheet = {
    '!data': data as XLSX.CellObject[][],
    '!ref': XLSX.utils.encode_range({
      s: { r: 0, c: 0 },
      e: { r: Math.max(rows.length, 0), c: Math.max(columns.length - 1, 0) },
    }),
    // Widths in characters, from the grid's pixels (about 7 px a character).
    '!cols': columns.map((c) => ({ wch: Math.max(8, Math.round((c.width ?? 120) / 7)) })),
  };
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, sheet, 'Sheet1');
  if (isRtl(lang)) workbook.Workbook = { ...workbook.Workbook, Views: [{ RTL: true }] };
  const out = XLSX.write(workbook, {
    bookType: 'xlsx',
    type: 'array',
    compression: true,
    dense: true,
  } as XLSX.WritingOptions) as ArrayBuffer;
  return new Uint8Array(out);
}
