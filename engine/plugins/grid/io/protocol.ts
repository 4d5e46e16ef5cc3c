/**
 * Messages between the page and the spreadsheet worker. Columns travel without their
 * validator functions (a worker cannot receive functions); the export does not need them.
 */
import type { GridColumn, GridRow } from '../model/types.ts';
import { columnBuffers, toColumns, type SheetColumns } from './sheet-columns.ts';
import type { ExportFormat, ImportExtension, SheetTable } from './table.ts';

export type WorkerRequest =
  | { id: number; kind: 'read'; data: ArrayBuffer; ext: ImportExtension }
  | { id: number; kind: 'export'; rows: readonly GridRow[]; columns: GridColumn[]; format: ExportFormat; lang: string };

export type WorkerResponse =
  | { id: number; kind: 'read'; table: SheetColumns }
  | { id: number; kind: 'export'; bytes: Uint8Array }
  | { id: number; kind: 'failed'; message: string };

/** A column a worker can receive: every function property left out. */
export function cloneableColumn(column: GridColumn): GridColumn {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(column)) if (typeof value !== 'function') out[key] = value;
  return out as unknown as GridColumn;
}

/** What a response's transfer list holds: its buffers move to the page instead of being copied. */
export function transferables(response: WorkerResponse): Transferable[] {
  if (response.kind === 'export') return [response.bytes.buffer as ArrayBuffer];
  if (response.kind === 'read') return columnBuffers(response.table);
  return [];
}

export interface SheetWork {
  /** read.ts's readSheetAsync (or its readSheet). */
  readSheet: (...args: Parameters<typeof import('./read.ts').readSheet>) => SheetTable | Promise<SheetTable>;
  buildExport: typeof import('./export-table.ts').buildExport;
}

/** What the worker does with a request; also run on the page where no worker can start. */
export async function handleRequest(request: WorkerRequest, work: SheetWork): Promise<WorkerResponse> {
  try {
    if (request.kind === 'read')
      return { id: request.id, kind: 'read', table: toColumns(await work.readSheet(request.data, request.ext)) };
    return {
      id: request.id,
      kind: 'export',
      bytes: work.buildExport(request.rows, request.columns, request.format, request.lang),
    };
  } catch (error) {
    return { id: request.id, kind: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
}
