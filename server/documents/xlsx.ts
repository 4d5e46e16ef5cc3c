/**
 * Writing .xlsx on the server with SheetJS. Cells are typed, so a spreadsheet program sorts
 * and sums them: numbers are numbers, dates are real dates (Excel serials with a date format),
 * booleans are booleans. Right-to-left sheets for Arabic (the sheet view's rightToLeft).
 *
 * The worksheet object is built directly rather than through aoa_to_sheet: no per-cell type
 * guessing, and 10,000 rows by 15 columns take well under a second.
 */
import * as XLSX from 'xlsx';

export type SheetCellType = 'string' | 'number' | 'date' | 'datetime' | 'boolean';

export interface SheetColumn {
  header: string;
  /** 'string' when absent. A value that does not fit its type is written as text. */
  type?: SheetCellType;
  /** Width in characters; from the header and the first rows when absent. */
  width?: number;
  /** Number format (Excel codes), e.g. '#,##0.00'; dates default to yyyy-mm-dd (hh:mm). */
  format?: string;
}

export interface SheetSpec {
  /** At most 31 characters; characters Excel refuses are replaced. */
  name: string;
  columns: SheetColumn[];
  /** Values in column order. null, undefined and '' leave the cell empty. */
  rows: unknown[][];
}

export interface WorkbookSpec {
  sheets: SheetSpec[];
  /** Right to left (Arabic): column A on the right. */
  rtl?: boolean;
}

const DATE_FORMAT = 'yyyy-mm-dd';
const DATETIME_FORMAT = 'yyyy-mm-dd hh:mm';
const MS_PER_DAY = 86_400_000;
const EXCEL_EPOCH_OFFSET = 25_569; // days from 1899-12-30 (Excel's day 0) to 1970-01-01

export function writeXlsx(spec: WorkbookSpec): Buffer {
  const workbook = XLSX.utils.book_new();
  const used = new Set<string>();
  for (const sheet of spec.sheets)
    XLSX.utils.book_append_sheet(workbook, worksheet(sheet), uniqueName(sheet.name, used));
  workbook.Workbook = { ...(workbook.Workbook ?? {}), Views: [{ RTL: !!spec.rtl }] };
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

function worksheet(sheet: SheetSpec): XLSX.WorkSheet {
  const ws: XLSX.WorkSheet = {};
  const letters = sheet.columns.map((_, c) => XLSX.utils.encode_col(c));
  sheet.columns.forEach((column, c) => {
    ws[`${letters[c]}1`] = { t: 's', v: column.header };
  });
  for (let r = 0; r < sheet.rows.length; r++) {
    const row = sheet.rows[r]!;
    const line = r + 2;
    for (let c = 0; c < sheet.columns.length; c++) {
      const cell = toCell(row[c], sheet.columns[c]!);
      if (cell) ws[`${letters[c]}${line}`] = cell;
    }
  }
  const lastCol = Math.max(sheet.columns.length - 1, 0);
  const lastRow = sheet.rows.length; // 0-based index of the last row (the header is row 0)
  ws['!ref'] = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: lastRow, c: lastCol } });
  if (sheet.columns.length)
    ws['!autofilter'] = { ref: XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: lastRow, c: lastCol } }) };
  ws['!cols'] = sheet.columns.map((column, c) => ({ wch: column.width ?? guessWidth(column, sheet.rows, c) }));
  return ws;
}

function toCell(value: unknown, column: SheetColumn): XLSX.CellObject | null {
  if (value === null || value === undefined || value === '') return null;
  switch (column.type ?? 'string') {
    case 'number': {
      const n = typeof value === 'number' ? value : Number(value);
      if (typeof value !== 'boolean' && Number.isFinite(n))
        return column.format ? { t: 'n', v: n, z: column.format } : { t: 'n', v: n };
      break;
    }
    case 'date': {
      const serial = dateSerial(value);
      if (serial !== null) return { t: 'n', v: serial, z: column.format ?? DATE_FORMAT };
      break;
    }
    case 'datetime': {
      const serial = dateTimeSerial(value);
      if (serial !== null) return { t: 'n', v: serial, z: column.format ?? DATETIME_FORMAT };
      break;
    }
    case 'boolean':
      if (typeof value === 'boolean') return { t: 'b', v: value };
      break;
    case 'string':
      break;
  }
  return { t: 's', v: value instanceof Date ? value.toISOString() : String(value) };
}

/** 'YYYY-MM-DD' (how the database returns a date) or a Date: whole days, no time zone shift. */
function dateSerial(value: unknown): number | null {
  if (typeof value === 'string') {
    const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
    if (!m) return null;
    return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / MS_PER_DAY + EXCEL_EPOCH_OFFSET;
  }
  if (value instanceof Date && !Number.isNaN(value.getTime())) return Math.floor(dateTimeSerial(value)!);
  return null;
}

/** A moment, written as the server's local wall-clock time (a spreadsheet has no time zones). */
function dateTimeSerial(value: unknown): number | null {
  const date = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) return null;
  const wall = Date.UTC(
    date.getFullYear(),
    date.getMonth(),
    date.getDate(),
    date.getHours(),
    date.getMinutes(),
    date.getSeconds(),
    date.getMilliseconds(),
  );
  return wall / MS_PER_DAY + EXCEL_EPOCH_OFFSET;
}

function guessWidth(column: SheetColumn, rows: unknown[][], c: number): number {
  if (column.type === 'date') return Math.max(12, column.header.length + 2);
  if (column.type === 'datetime') return Math.max(17, column.header.length + 2);
  let longest = column.header.length;
  for (let r = 0; r < Math.min(rows.length, 200); r++) {
    const v = rows[r]![c];
    if (v !== null && v !== undefined) longest = Math.max(longest, String(v).length);
  }
  return Math.min(Math.max(longest + 2, 8), 60);
}

function uniqueName(name: string, used: Set<string>): string {
  const base = (name.replace(/[[\]:*?/\\]/g, ' ').trim() || 'Sheet').slice(0, 31);
  let candidate = base;
  for (let i = 2; used.has(candidate.toLowerCase()); i++)
    candidate = `${base.slice(0, 31 - String(i).length - 1)} ${i}`;
  used.add(candidate.toLowerCase());
  return candidate;
}
