/**
 * The table's shape for the trip from the worker (io/sheet-columns.ts): by columns, dates
 * flagged, a column of few distinct texts coded; every cell reads back as it was.
 */
import { describe, expect, it } from 'vitest';
import { columnBuffers, columnCell, toColumns } from '../../../engine/plugins/grid/io/sheet-columns.ts';
import type { SheetCell, SheetTable } from '../../../engine/plugins/grid/io/table.ts';

const rows: SheetCell[][] = Array.from({ length: 40 }, (_, i) => [
  `code ${i}`,
  i % 3 === 0 ? 'Cairo' : i % 3 === 1 ? 'Giza' : null,
  i % 2 ? { date: '2024-09-01 00:00:00' } : '2024-09-01 00:00:00',
  i % 4 === 0 ? 1 : i % 4 === 1 ? '1' : i % 4 === 2 ? true : null,
  i / 3,
]);
const table: SheetTable = {
  header: ['Code', 'City', 'Day', 'Flag', 'Share'],
  rows,
  sheetRows: rows.map((_, i) => i + 2),
};

describe('toColumns', () => {
  it('gives back every cell, a date as a date and its text as a text', () => {
    const columns = toColumns(table);
    for (let r = 0; r < rows.length; r++)
      for (let c = 0; c < 5; c++) expect(columnCell(columns, r, c)).toEqual(rows[r]![c]);
    expect(columnCell(columns, 0, 9)).toBeNull();
    expect(columns.header).toEqual(table.header);
    expect(columns.sheetRows).toEqual(table.sheetRows);
  });

  it('codes the columns of few distinct texts (not numbers: they copy as cheaply), and moves the buffers', () => {
    const columns = toColumns(table);
    expect(columns.columns.map((c) => !Array.isArray(c))).toEqual([false, true, true, false, false]);
    expect(columns.dates.map(Boolean)).toEqual([false, false, true, false, false]);
    expect(columnBuffers(columns)).toHaveLength(3);
    const moved = structuredClone(columns, { transfer: columnBuffers(columns) });
    for (let c = 0; c < 5; c++)
      expect(Array.from({ length: rows.length }, (_, r) => columnCell(moved, r, c))).toEqual(rows.map((row) => row[c]));
  });

  it('an empty table has empty columns', () => {
    const columns = toColumns({ header: ['A'], rows: [], sheetRows: [] });
    expect(columns.columns).toEqual([[]]);
  });
});
