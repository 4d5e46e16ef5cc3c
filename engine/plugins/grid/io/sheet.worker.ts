/**
 * The spreadsheet worker: reads an imported file's first sheet and writes exports with
 * SheetJS off the page's thread, so a 50,000-row file does not freeze the grid. A thin
 * wrapper: the work is protocol.ts's handleRequest (tested in Node).
 */
import { buildExport } from './export-table.ts';
import { handleRequest, type WorkerRequest } from './protocol.ts';
import { readSheet } from './read.ts';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
  postMessage(message: unknown, transfer?: Transferable[]): void;
};

scope.onmessage = (event) => {
  const response = handleRequest(event.data, { readSheet, buildExport });
  scope.postMessage(response, response.kind === 'export' ? [response.bytes.buffer as ArrayBuffer] : []);
};
