/**
 * The shapes the import passes between the worker and the page, and the file kinds the grid
 * reads and writes. No SheetJS here: the page's bundle imports this, the worker the reader.
 */

/** A date-formatted cell as 'YYYY-MM-DD HH:mm:ss' (seconds always written). */
export interface SheetDate {
  date: string;
}

export type SheetCell = string | number | boolean | SheetDate | null;

export interface SheetTable {
  /** The first row's texts (trimmed; '' where empty). */
  header: string[];
  /** The rows under the header, blank rows left out; each as long as the header. */
  rows: SheetCell[][];
  /** The sheet rows the entries of `rows` came from (1 = the header), for messages. */
  sheetRows: number[];
}

export const IMPORT_EXTENSIONS = ['xlsx', 'xls', 'xlsm', 'csv'] as const;
export type ImportExtension = (typeof IMPORT_EXTENSIONS)[number];

/** The file's import kind by its extension, or null when the grid does not import it. */
export function importExtension(fileName: string): ImportExtension | null {
  const ext = /\.([^.]+)$/.exec(fileName.trim())?.[1]?.toLowerCase();
  return (IMPORT_EXTENSIONS as readonly string[]).includes(ext ?? '') ? (ext as ImportExtension) : null;
}

export const isSheetDate = (cell: SheetCell): cell is SheetDate => typeof cell === 'object' && cell !== null;

export type ExportFormat = 'xlsx' | 'csv';

export const MIME_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv;charset=utf-8',
};
