/**
 * A SheetTable as it crosses from the worker to the page. Copying between threads costs per
 * object, so the table goes by columns, not rows (20 arrays instead of 50,000), dates as texts
 * flagged in a byte array instead of objects, and a column of few distinct texts as indexes
 * into its values (a Uint32Array moves without a copy; each text is copied once, and the page
 * holds one string per value instead of one per cell).
 */
import { isSheetDate, type SheetCell, type SheetDate, type SheetTable } from './table.ts';

type Plain = Exclude<SheetCell, SheetDate>;

/** A column's cells in `sheetRows` order: the values, or codes into a list of them. */
export type SheetColumn = Plain[] | { values: Plain[]; codes: Uint32Array };

export interface SheetColumns {
  header: string[];
  columns: SheetColumn[];
  /** Per sheet column, 1 where the cell is a date (its text is the value); null when none is. */
  dates: (Uint8Array | null)[];
  sheetRows: number[];
}

/** A column of texts is coded when it has at most this share of distinct values. */
const CODED_SHARE = 1 / 4;

function column(table: SheetTable, c: number): { cells: SheetColumn; dates: Uint8Array | null } {
  const count = table.rows.length;
  const plain: Plain[] = new Array(count);
  let dates: Uint8Array | null = null;
  const codes = new Uint32Array(count);
  const seen = new Map<Plain, number>();
  let coded = true;
  for (let r = 0; r < count; r++) {
    const cell = table.rows[r]![c] ?? null;
    let value: Plain;
    if (isSheetDate(cell)) {
      dates ??= new Uint8Array(count);
      dates[r] = 1;
      value = cell.date;
    } else value = cell;
    plain[r] = value;
    if (!coded) continue;
    // Only texts are coded: a number is copied as cheaply as a code.
    if (typeof value !== 'string' && value !== null) {
      coded = false;
      continue;
    }
    let code = seen.get(value);
    if (code === undefined) {
      seen.set(value, (code = seen.size));
      coded = seen.size <= count * CODED_SHARE;
    }
    codes[r] = code;
  }
  return { cells: coded && count > 0 ? { values: [...seen.keys()], codes } : plain, dates };
}

/** The table by columns, for the trip to the page. */
export function toColumns(table: SheetTable): SheetColumns {
  const columns: SheetColumn[] = [];
  const dates: SheetColumns['dates'] = [];
  for (let c = 0; c < table.header.length; c++) {
    const one = column(table, c);
    columns.push(one.cells);
    dates.push(one.dates);
  }
  return { header: table.header, columns, dates, sheetRows: table.sheetRows };
}

/** The buffers that move to the page instead of being copied. */
export function columnBuffers(table: SheetColumns): ArrayBuffer[] {
  const out: ArrayBuffer[] = [];
  for (const cells of table.columns) if (!Array.isArray(cells)) out.push(cells.codes.buffer as ArrayBuffer);
  for (const flags of table.dates) if (flags) out.push(flags.buffer as ArrayBuffer);
  return out;
}

/** The cell at a record (0 = first row under the header) and sheet column. */
export function columnCell(table: SheetColumns, r: number, c: number): SheetCell {
  const cells = table.columns[c];
  if (!cells) return null;
  const value = (Array.isArray(cells) ? cells[r] : cells.values[cells.codes[r]!]) ?? null;
  return table.dates[c]?.[r] === 1 ? { date: value as string } : value;
}
