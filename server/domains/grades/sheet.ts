/**
 * The spreadsheet of POST /offerings/import-student-grades/{id}/{lang}: one .xlsx, .xls, .xlsm or
 * .csv file, told by its content (file-type's magic bytes must agree with the name; a CSV must be
 * text), its first sheet read with SheetJS (the grid's own reader, engine/plugins/grid/io/read.ts,
 * so the server reads a file as the grid in the browser does), the header matched like the grid's
 * import: a column's name or its label in any language, case and spaces ignored.
 */
import { fileTypeFromBuffer } from 'file-type';
import type { Manifest } from '../../../generator/manifest-types.ts';
import { headerKey } from '../../../engine/plugins/grid/io/import-table.ts';
import {
  importExtension,
  isSheetDate,
  type SheetCell,
  type SheetTable,
} from '../../../engine/plugins/grid/io/table.ts';
import { readSheetOffThread } from '../../documents/sheet-reader.ts';
import { InflateLimitError } from '../../documents/zip-limits.ts';
import { HttpError } from '../../http/errors.ts';

/** The largest file accepted: a class list with marks is a few kilobytes; 5 MB leaves room for formatting. */
export const IMPORT_MAX_MB = 5;
export const IMPORT_MAX_BYTES = IMPORT_MAX_MB * 1024 * 1024;

/** What each file kind's content must be, as file-type names it (a CSV has no signature). */
const CONTENT: Record<string, readonly (string | undefined)[]> = {
  xlsx: ['xlsx'],
  xlsm: ['xlsm', 'xlsx'],
  xls: ['cfb'],
  csv: [undefined],
};

function isText(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * The first sheet of the file, or 422 grades_file_not_spreadsheet; 422 grades_file_unpacks_too_large
 * when it unpacks past `maxInflatedBytes`. Read in a worker thread (server/documents/sheet-reader.ts).
 */
export async function readSpreadsheet(fileName: string, bytes: Buffer, maxInflatedBytes: number): Promise<SheetTable> {
  const kind = importExtension(fileName);
  const refuse = () => new HttpError(422, 'grades_file_not_spreadsheet');
  if (!kind) throw refuse();
  const detected = (await fileTypeFromBuffer(bytes))?.ext;
  if (!CONTENT[kind]!.includes(detected) || (kind === 'csv' && !isText(bytes))) throw refuse();
  try {
    return await readSheetOffThread(
      new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      kind,
      maxInflatedBytes,
    );
  } catch (error) {
    if (error instanceof InflateLimitError)
      throw new HttpError(422, 'grades_file_unpacks_too_large', { limit: Math.round(maxInflatedBytes / 2 ** 20) });
    throw refuse();
  }
}

export interface SheetColumnKeys {
  code: Set<string>;
  grade: Set<string>;
}

/** The headers the student code and the mark answer to: the field's name and its labels (students.code, registrations.grade). */
export function columnKeys(m: Manifest): SheetColumnKeys {
  const keys = (entity: string, field: string) => {
    const label = m.entities[entity]?.fields[field]?.label;
    const texts = [
      field,
      ...(label && typeof label === 'object' ? Object.values(label) : typeof label === 'string' ? [label] : []),
    ];
    return new Set(texts.filter((t): t is string => typeof t === 'string' && t.length > 0).map(headerKey));
  };
  return { code: keys('students', 'code'), grade: keys('registrations', 'grade') };
}

/** Index of the first header among `keys`, or -1. */
export function headerIndex(table: SheetTable, keys: Set<string>): number {
  return table.header.findIndex((h) => h !== '' && keys.has(headerKey(h)));
}

/** A cell as the mark check takes it: numbers stay numbers, text stays text, a date is no number. */
export function cellValue(cell: SheetCell | undefined): unknown {
  if (cell === null || cell === undefined) return null;
  if (isSheetDate(cell)) return cell.date;
  if (typeof cell === 'boolean') return String(cell);
  return cell;
}

/** A student code cell as text (a code typed as a number in a spreadsheet comes back a number). */
export function codeText(cell: SheetCell | undefined): string {
  const value = cellValue(cell);
  return value === null ? '' : String(value).trim();
}
