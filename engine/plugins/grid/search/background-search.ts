/**
 * The grid's fuzzy search in a worker (search.worker.ts). On the page, a Fuse.js search of
 * 100,000 rows takes 100 to 300 ms a query, and a search box searches at every key press: the
 * page stood still for each one, keys and scrolling included, however the result was deferred.
 * In the worker it takes the same time without holding the page, and its index (20 MB on
 * 100,000 rows) is not in the page's heap, which the page's collector marks while the grid
 * scrolls (model/search.ts).
 *
 * The worker is sent the searched keys' values once (`keyColumns`, packed into one string:
 * protocol.ts), when the search box gets the focus or at the first search, and builds its index
 * then. While a search runs, only the latest
 * query waits: one typed over it is dropped unanswered (its promise gives null). `release`
 * ends the worker, index and all. Without workers (a DOM without them, Node) there is none:
 * the grid searches on the page (createBackgroundSearcher gives null).
 */
import { createFuzzySearcher, keyColumns, type FuzzySearcher } from '../model/search.ts';
import type { GridRow } from '../model/types.ts';
import { packColumns, type SearchRequest, type SearchResponse } from './protocol.ts';

export interface BackgroundSearcher {
  /** Starts the worker and its index ahead of the first search. */
  warm(): void;
  /**
   * The rows matching the query (positions in the rows, best first), or null when a later query
   * replaced this one before it was searched.
   */
  find(query: string): Promise<number[] | null>;
  /** Ends the worker and its index; the next `warm` or `find` starts them again. */
  release(): void;
}

export function createBackgroundSearcher(rows: readonly GridRow[], keys: readonly string[]): BackgroundSearcher | null {
  if (typeof Worker === 'undefined') return null;
  let worker: Worker | null = null;
  // After a worker failed to load (a page that forbids workers), the search runs on the page.
  let onPage: FuzzySearcher | null = null;
  let nextId = 0;
  let running: { id: number; query: string; resolve: (found: number[] | null) => void } | null = null;
  let waiting: { query: string; resolve: (found: number[] | null) => void } | null = null;

  const post = (request: SearchRequest) => worker!.postMessage(request);
  const send = (query: string, resolve: (found: number[] | null) => void) => {
    running = { id: ++nextId, query, resolve };
    post({ type: 'search', id: running.id, query });
  };
  const fail = () => {
    worker?.terminate();
    worker = null;
    const searcher = (onPage = createFuzzySearcher(rows, keys));
    // The latest query waiting is answered on the page; the one it replaced, not at all.
    const latest = waiting ?? running;
    const replaced = waiting ? running : null;
    running = waiting = null;
    replaced?.resolve(null);
    latest?.resolve(searcher.search(latest.query));
  };
  const start = (): Worker | null => {
    if (worker || onPage) return worker;
    try {
      worker = new Worker(new URL('./search.worker.ts', import.meta.url), { type: 'module' });
    } catch {
      fail();
      return null;
    }
    worker.onmessage = (event: MessageEvent<SearchResponse>) => {
      if (!running || event.data.id !== running.id) return;
      const done = running;
      running = null;
      done.resolve(Array.from(event.data.indices));
      if (waiting) {
        const next = waiting;
        waiting = null;
        send(next.query, next.resolve);
      }
    };
    worker.onerror = fail;
    const packed = packColumns(keyColumns(rows, keys));
    worker.postMessage({ type: 'index', keys: [...keys], packed } satisfies SearchRequest, [packed.ends.buffer]);
    return worker;
  };

  return {
    warm() {
      if (onPage) onPage.warm();
      else start();
    },
    find(query) {
      if (!start()) return Promise.resolve(onPage!.search(query));
      return new Promise((resolve) => {
        if (!running) return send(query, resolve);
        waiting?.resolve(null);
        waiting = { query, resolve };
      });
    },
    release() {
      onPage?.release();
      if (!worker) return;
      worker.terminate();
      worker = null;
      const lost = [running, waiting];
      running = waiting = null;
      for (const job of lost) job?.resolve(null);
    },
  };
}
