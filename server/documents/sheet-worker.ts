/**
 * Worker thread: checks a spreadsheet's real inflated size, then reads its first sheet with
 * SheetJS, off the server's event loop. One job per thread; the thread ends with it, so the
 * memory a large file took goes back to the system instead of staying in the server's heap.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { sheetJsTable } from '../../engine/plugins/grid/io/read.ts';
import type { ImportExtension } from '../../engine/plugins/grid/io/table.ts';
import { assertInflatesWithin, InflateLimitError } from './zip-limits.ts';

export interface SheetJob {
  bytes: Uint8Array;
  kind: ImportExtension;
  limitBytes: number;
}

const job = workerData as SheetJob;
try {
  if (job.kind === 'xlsx' || job.kind === 'xlsm') assertInflatesWithin(job.bytes, job.limitBytes);
  parentPort!.postMessage({ ok: true, table: sheetJsTable(job.bytes, job.kind) });
} catch (error) {
  parentPort!.postMessage({ ok: false, tooLarge: error instanceof InflateLimitError });
}
