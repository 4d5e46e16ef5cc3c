/**
 * The spreadsheet worker: reads an imported file's first sheet and writes exports with
 * SheetJS off the page's thread, so a 50,000-row file does not freeze the grid. A thin
 * wrapper: the work is protocol.ts's handleRequest (tested in Node).
 */
import { buildExport } from './export-table.ts';
import { handleRequest, transferables, type WorkerRequest } from './protocol.ts';
import { readSheetAsync } from './read.ts';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
  postMessage(message: unknown, transfer?: Transferable[]): void;
};

scope.onmessage = async (event) => {
  const response = await handleRequest(event.data, { readSheet: readSheetAsync, buildExport });
  scope.postMessage(response, transferables(response));
};
