/**
 * Reading an uploaded spreadsheet on the server: never on the event loop, never past the
 * inflated-size limit (SPREADSHEET_MAX_INFLATED_MB). The declared size is checked here first,
 * in microseconds, so the common bomb is refused at once; the parse (and the check of the sizes
 * a lying archive hides) runs in a worker thread with its own heap ceiling and a time limit.
 */
import { Worker } from 'node:worker_threads';
import type { ImportExtension, SheetTable } from '../../engine/plugins/grid/io/table.ts';
import { assertDeclaredWithin, InflateLimitError } from './zip-limits.ts';

/** A parse that takes longer than this is abandoned (a legitimate 50,000-row sheet takes about 2 s). */
const PARSE_TIMEOUT_MS = 30_000;
const BOOT = new URL('./sheet-worker-boot.mjs', import.meta.url);

export class SheetUnreadableError extends Error {}

/** The first sheet; throws InflateLimitError (too large unpacked) or SheetUnreadableError. */
export async function readSheetOffThread(
  bytes: Uint8Array,
  kind: ImportExtension,
  limitBytes: number,
): Promise<SheetTable> {
  if (kind === 'xlsx' || kind === 'xlsm') assertDeclaredWithin(bytes, limitBytes);
  const worker = new Worker(BOOT, {
    workerData: { bytes, kind, limitBytes },
    // Room for the limit's worth of XML and SheetJS's cells, not for the server's whole heap.
    resourceLimits: { maxOldGenerationSizeMb: Math.max(256, Math.ceil((limitBytes * 6) / 2 ** 20)) },
  });
  try {
    return await new Promise<SheetTable>((resolve, reject) => {
      const timer = setTimeout(() => reject(new SheetUnreadableError('timed out')), PARSE_TIMEOUT_MS);
      worker.once('message', (answer: { ok: boolean; table?: SheetTable; tooLarge?: boolean }) => {
        clearTimeout(timer);
        if (answer.ok) resolve(answer.table!);
        else reject(answer.tooLarge ? new InflateLimitError(limitBytes) : new SheetUnreadableError());
      });
      worker.once('error', (error) => {
        clearTimeout(timer);
        // Out of its heap ceiling counts as too large; anything else as unreadable.
        reject(
          (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new InflateLimitError(limitBytes)
            : new SheetUnreadableError(error.message),
        );
      });
      worker.once('exit', (code) => {
        clearTimeout(timer);
        reject(new SheetUnreadableError(`worker exited with ${code}`));
      });
    });
  } finally {
    void worker.terminate();
  }
}
