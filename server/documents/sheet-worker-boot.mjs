// The spreadsheet worker's entry, plain JavaScript so a worker thread can start it whether the
// server runs under tsx, vitest or anything else: it teaches the thread TypeScript, then runs
// sheet-worker.ts.
import { register } from 'tsx/esm/api';

register();
await import('./sheet-worker.ts');
