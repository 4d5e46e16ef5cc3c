/**
 * The grid's import and export in the browser (admission-and-grid sections 5
 * and 8). No server call: the file is read and written on the user's machine.
 *
 *   prepareImport()  (when the file dialog opens)
 *   importSpreadsheet(file, columns, lang) -> { rows, errors, columns }
 *   exportRows(rows, columns, 'xlsx' | 'csv', fileName, lang)
 *
 * The file is read in a Web Worker (sheet.worker.ts: an .xlsx by xlsx-sheet.ts, other files by
 * SheetJS) and its table comes back by columns (sheet-columns.ts); matching and validation run
 * on the page with the real columns, because column and row validators are functions a worker
 * cannot receive.
 */
import { localize } from '../../../core/text.ts';
import { GRID_MESSAGES, type GridColumn, type GridRow } from '../model/index.ts';
import { importTable, type ImportError, type ImportOptions, type ImportResult } from './import-table.ts';
import { IO_MESSAGES } from './messages.ts';
import { cloneableColumn, handleRequest, type WorkerRequest, type WorkerResponse } from './protocol.ts';
import { importExtension, MIME_TYPES, type ExportFormat } from './table.ts';

export type { ImportError, ImportResult, ImportOptions } from './import-table.ts';
export type { ExportFormat } from './table.ts';
export { IMPORT_EXTENSIONS } from './table.ts';
export { IO_MESSAGES } from './messages.ts';

/** The file input's accept list. */
export const IMPORT_ACCEPT = '.xlsx,.xls,.xlsm,.csv';

type Pending = { resolve: (r: WorkerResponse) => void };
let worker: Worker | null | undefined;
const pending = new Map<number, Pending>();
let nextId = 1;

function startWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker =
      typeof Worker === 'undefined'
        ? null
        : new Worker(new URL('./sheet.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    worker = null; // e.g. a test DOM without workers: the same code runs on the page
  }
  if (worker) {
    worker.onmessage = (event: MessageEvent<WorkerResponse>) => {
      pending.get(event.data.id)?.resolve(event.data);
      pending.delete(event.data.id);
    };
    worker.onerror = () => {
      // A worker that failed to load: answer what waits, and work on the page from now on.
      for (const [id, p] of pending) p.resolve({ id, kind: 'failed', message: 'worker error' });
      pending.clear();
      worker?.terminate();
      worker = null;
    };
  }
  return worker;
}

/**
 * Starts the worker (it loads SheetJS, about 0.2 s) while the user is still choosing a file:
 * the toolbar calls it when its Import button opens the file dialog.
 */
export function prepareImport(): void {
  startWorker();
}

/** The worker's job done on the page (no Worker available); SheetJS loads only then. */
async function onPage(request: WorkerRequest): Promise<WorkerResponse> {
  const [{ readSheetAsync }, { buildExport }] = await Promise.all([import('./read.ts'), import('./export-table.ts')]);
  return handleRequest(request, { readSheet: readSheetAsync, buildExport });
}

type Request = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

function run(request: Request, transfer: Transferable[] = []): Promise<WorkerResponse> {
  const id = nextId++;
  const full = { ...request, id } as WorkerRequest;
  const target = startWorker();
  if (!target) return onPage(full);
  return new Promise((resolve) => {
    pending.set(id, { resolve });
    target.postMessage(full, transfer);
  });
}

const fatal = (
  message: typeof GRID_MESSAGES.noRecordRead | typeof IO_MESSAGES.unsupportedFile,
  lang: string,
): ImportResult => ({
  rows: [],
  columns: [],
  errors: [{ message, text: localize(message, lang), fatal: true } satisfies ImportError],
});

/** Reads a spreadsheet's first sheet into rows for the columns; problems come back as errors. */
export async function importSpreadsheet(
  file: File,
  columns: readonly GridColumn[],
  lang: string,
  options: ImportOptions = {},
): Promise<ImportResult> {
  const ext = importExtension(file.name);
  if (!ext) return fatal(IO_MESSAGES.unsupportedFile, lang);
  const data = await file.arrayBuffer();
  const response = await run({ kind: 'read', data, ext }, [data]);
  // An unreadable file (damaged, or not the kind its name says) has no record to read.
  if (response.kind !== 'read') return fatal(GRID_MESSAGES.noRecordRead, lang);
  return importTable(response.table, columns, lang, options);
}

/** The file name with the format's extension (added or corrected). */
export function exportFileName(fileName: string, format: ExportFormat): string {
  const base = fileName.trim().replace(/\.(xlsx|xls|xlsm|csv)$/i, '') || 'export';
  return `${base}.${format}`;
}

/** Writes the rows (the grid's filtered rows) to an .xlsx or .csv file and downloads it. */
export async function exportRows(
  rows: readonly GridRow[],
  columns: readonly GridColumn[],
  format: ExportFormat,
  fileName: string,
  lang = 'en',
): Promise<void> {
  const response = await run({ kind: 'export', rows, columns: columns.map(cloneableColumn), format, lang });
  if (response.kind !== 'export')
    throw new Error(`export failed: ${response.kind === 'failed' ? response.message : response.kind}`);
  const blob = new Blob([response.bytes as BlobPart], { type: MIME_TYPES[format] });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = exportFileName(fileName, format);
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Let the download start before the address goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
