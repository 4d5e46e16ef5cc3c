/**
 * A spreadsheet file's first sheet as a plain table (admission-and-grid section 5: import
 * accepts .xlsx, .xls, .xlsm and .csv and reads the first sheet only). Pure and free of the
 * DOM: the import worker runs it, and so do the Node tests on the LibreOffice fixtures.
 * An .xlsx or .xlsm is read by xlsx-sheet.ts (a direct reading of the sheet's XML, about
 * four times faster than SheetJS's) unless it holds what that reader leaves to SheetJS.
 *
 * Cells keep what the file says, not how it shows them: numbers stay numbers, a number with a
 * date format becomes a SheetDate (its calendar parts, so no time zone can shift it), and a
 * CSV is read as text only, so "007" or "2024-09-01" reach the column's own parser untouched.
 */
import * as XLSX from 'xlsx';
import { isSheetDate, type ImportExtension, type SheetCell, type SheetDate, type SheetTable } from './table.ts';
import { readXlsxGrid, readXlsxGridAsync, type SheetGrid } from './xlsx-sheet.ts';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function dateCell(serial: number, date1904: boolean): SheetDate | null {
  const p = XLSX.SSF.parse_date_code(serial, { date1904 });
  if (!p) return null;
  return { date: `${pad(p.y, 4)}-${pad(p.m)}-${pad(p.d)} ${pad(p.H)}:${pad(p.M)}:${pad(p.S)}` };
}

function cellValue(cell: XLSX.CellObject | undefined, date1904: boolean): SheetCell {
  if (!cell || cell.t === 'z' || cell.v === undefined || cell.v === null) return null;
  switch (cell.t) {
    case 'n': {
      const v = cell.v as number;
      if (cell.z !== undefined && XLSX.SSF.is_date(cell.z)) return dateCell(v, date1904) ?? v;
      return v;
    }
    case 'b':
      return cell.v as boolean;
    case 'd':
      // Only when a reader gave a Date: take its calendar parts as written (UTC).
      return { date: (cell.v as Date).toISOString().slice(0, 19).replace('T', ' ') };
    case 'e':
      // An error cell ('#DIV/0!'): its shown text, which no column parses, so it is reported.
      return cell.w ?? '#ERROR';
    default:
      return String(cell.v);
  }
}

function decodeText(bytes: Uint8Array): string {
  // UTF-8 (what LibreOffice and our export write); a BOM is dropped by TextDecoder.
  return new TextDecoder('utf-8').decode(bytes);
}

/** A sheet's range as a table: the first row is the header; blank rows are left out. */
function tableOf(range: NonNullable<SheetGrid['range']>, line: (r: number, width: number) => SheetCell[]): SheetTable {
  const width = range.e.c - range.s.c + 1;
  const header = line(range.s.r, width).map((cell) =>
    cell === null ? '' : isSheetDate(cell) ? cell.date : String(cell).trim(),
  );
  const rows: SheetCell[][] = [];
  const sheetRows: number[] = [];
  for (let r = range.s.r + 1; r <= range.e.r; r++) {
    const cells = line(r, width);
    if (cells.every((cell) => cell === null || (typeof cell === 'string' && cell.trim() === ''))) continue;
    rows.push(cells);
    sheetRows.push(r + 1);
  }
  return { header, rows, sheetRows };
}

const empty = (): SheetTable => ({ header: [], rows: [], sheetRows: [] });

/** The table of the import's own .xlsx reader (xlsx-sheet.ts), or null to read with SheetJS. */
function fastTable(grid: SheetGrid | null): SheetTable | null {
  if (!grid) return null;
  if (!grid.range) return empty();
  const { s } = grid.range;
  return tableOf(grid.range, (r, width) => {
    const row = grid.rows[r];
    const out: SheetCell[] = new Array(width);
    for (let c = 0; c < width; c++) out[c] = row?.[s.c + c] ?? null;
    return out;
  });
}

const asBytes = (data: ArrayBuffer | Uint8Array) => (data instanceof Uint8Array ? data : new Uint8Array(data));
const isXlsx = (kind: ImportExtension) => kind === 'xlsx' || kind === 'xlsm';

/**
 * The first sheet of a spreadsheet file. Throws when the file cannot be read as its kind;
 * the importer turns that into 'No record is read'.
 */
export function readSheet(data: ArrayBuffer | Uint8Array, kind: ImportExtension): SheetTable {
  const bytes = asBytes(data);
  return (isXlsx(kind) && fastTable(readXlsxGrid(bytes))) || sheetJsTable(bytes, kind);
}

/** readSheet with an .xlsx inflated by the platform (DecompressionStream): the worker's. */
export async function readSheetAsync(data: ArrayBuffer | Uint8Array, kind: ImportExtension): Promise<SheetTable> {
  const bytes = asBytes(data);
  return (isXlsx(kind) && fastTable(await readXlsxGridAsync(bytes))) || sheetJsTable(bytes, kind);
}

/** The first sheet read with SheetJS: .xls, .csv, and the .xlsx files xlsx-sheet.ts leaves. */
export function sheetJsTable(bytes: Uint8Array, kind: ImportExtension): SheetTable {
  const options: XLSX.ParsingOptions = { dense: true, cellNF: true, cellHTML: false, cellText: false, sheets: 0 };
  const workbook =
    kind === 'csv'
      ? XLSX.read(decodeText(bytes), { ...options, type: 'string', raw: true })
      : XLSX.read(bytes, { ...options, type: 'array' });
  const first = workbook.SheetNames[0];
  const sheet = first === undefined ? undefined : workbook.Sheets[first];
  if (!sheet || !sheet['!ref']) return empty();
  const date1904 = Boolean(workbook.Workbook?.WBProps?.date1904);
  const range = XLSX.utils.decode_range(sheet['!ref']);
  const data2d = (sheet['!data'] ?? []) as (XLSX.CellObject[] | undefined)[];
  return tableOf(range, (r, width) => {
    const row = data2d[r];
    const out: SheetCell[] = new Array(width);
    for (let c = 0; c < width; c++) out[c] = cellValue(row?.[range.s.c + c], date1904);
    return out;
  });
}
