/**
 * The grid's fuzzy search in workers (search.worker.ts). On the page, a Fuse.js search of
 * 100,000 rows takes 100 to 300 ms a query, and a search box searches at every key press: the
 * page stood still for each one, keys and scrolling included, however the result was deferred.
 * In a worker it does not hold the page, and its index (20 MB on 100,000 rows) is not in the
 * page's heap, which the page's collector marks while the grid scrolls (model/search.ts).
 *
 * Many rows are split between workers, one a core (at most MOST_PARTS, each with at least
 * ROWS_PER_PART rows): each indexes and searches its part at the same time as the others, and
 * their answers merge into the one a single search gives (merge-ranked.ts). On two cores a query
 * over 100,000 rows is answered in about half the time (docs/decisions.md, Grid, "Fuzzy search
 * in parts").
 *
 * The workers are sent the searched keys' values once (`keyColumns`, packed into one string:
 * protocol.ts), when the search box gets the focus or at the first search, and build their
 * indexes then. While a search runs, only the latest query waits: one typed over it is dropped
 * unanswered (its promise gives null). `release` ends the workers, indexes and all. Without
 * workers (a DOM without them, Node) there are none: the grid searches on the page
 * (createBackgroundSearcher gives null), as it does once a worker has failed to load.
 */
import { createFuzzySearcher, keyColumns, type FuzzySearcher } from '../model/search.ts';
import type { GridRow } from '../model/types.ts';
import { mergeRanked } from './merge-ranked.ts';
import { packColumns, type SearchRequest, type SearchResponse } from './protocol.ts';

/** Rows a worker takes at least: on fewer, starting another worker costs more than it saves. */
export const ROWS_PER_PART = 25_000;
/** Workers one search uses at most. */
export const MOST_PARTS = 4;

/** How many workers search `count` rows on a machine with `cores` cores. */
export function searchParts(
  count: number,
  cores: number = typeof navigator === 'undefined' ? 1 : navigator.hardwareConcurrency || 1,
): number {
  return Math.max(1, Math.min(MOST_PARTS, cores, Math.floor(count / ROWS_PER_PART)));
}

export interface BackgroundSearcher {
  /** Starts the workers and their indexes ahead of the first search. */
  warm(): void;
  /**
   * The rows matching the query (positions in the rows, best first), or null when a later query
   * replaced this one before it was searched.
   */
  find(query: string): Promise<number[] | null>;
  /** Ends the workers and their indexes; the next `warm` or `find` starts them again. */
  release(): void;
}

interface Job {
  query: string;
  resolve: (found: number[] | null) => void;
}

export function createBackgroundSearcher(
  rows: readonly GridRow[],
  keys: readonly string[],
  parts = searchParts(rows.length),
): BackgroundSearcher | null {
  if (typeof Worker === 'undefined') return null;
  // Part p is the rows from bounds[p] to bounds[p + 1].
  const bounds = Array.from({ length: parts + 1 }, (_, p) => Math.round((p * rows.length) / parts));
  let workers: Worker[] | null = null;
  // After a worker failed to load (a page that forbids workers), the search runs on the page.
  let onPage: FuzzySearcher | null = null;
  let nextId = 0;
  let running: (Job & { id: number; answers: (SearchResponse | undefined)[]; left: number }) | null = null;
  let waiting: Job | null = null;

  const send = (job: Job) => {
    running = { ...job, id: ++nextId, answers: new Array(parts), left: parts };
    for (const worker of workers!)
      worker.postMessage({ type: 'search', id: running.id, query: job.query } satisfies SearchRequest);
  };
  const stop = () => {
    for (const worker of workers ?? []) worker.terminate();
    workers = null;
  };
  const fail = () => {
    // Every worker may report its failure; the first one moves the search to the page.
    if (onPage) return;
    stop();
    const searcher = (onPage = createFuzzySearcher(rows, keys));
    // The latest query waiting is answered on the page; the one it replaced, not at all.
    const latest = waiting ?? running;
    const replaced = waiting ? running : null;
    running = waiting = null;
    replaced?.resolve(null);
    latest?.resolve(searcher.search(latest.query));
  };
  const answered = (part: number, response: SearchResponse) => {
    if (!running || response.id !== running.id || running.answers[part]) return;
    running.answers[part] = response;
    if (--running.left > 0) return;
    const done = running;
    running = null;
    done.resolve(
      mergeRanked(
        done.answers.map((answer, p) => ({ offset: bounds[p]!, indices: answer!.indices, scores: answer!.scores })),
      ),
    );
    if (waiting) {
      const next = waiting;
      waiting = null;
      send(next);
    }
  };
  const start = (): Worker[] | null => {
    if (workers || onPage) return workers;
    workers = [];
    try {
      for (let p = 0; p < parts; p++)
        workers.push(new Worker(new URL('./search.worker.ts', import.meta.url), { type: 'module' }));
    } catch {
      fail();
      return null;
    }
    workers.forEach((worker, p) => {
      worker.onmessage = (event: MessageEvent<SearchResponse>) => answered(p, event.data);
      worker.onerror = fail;
      const packed = packColumns(keyColumns(rows.slice(bounds[p], bounds[p + 1]), keys));
      worker.postMessage({ type: 'index', keys: [...keys], packed } satisfies SearchRequest, [packed.ends.buffer]);
    });
    return workers;
  };

  return {
    warm() {
      if (onPage) onPage.warm();
      else start();
    },
    find(query) {
      if (!start()) return Promise.resolve(onPage!.search(query));
      return new Promise((resolve) => {
        if (!running) return send({ query, resolve });
        waiting?.resolve(null);
        waiting = { query, resolve };
      });
    },
    release() {
      onPage?.release();
      if (!workers) return;
      stop();
      const lost = [running, waiting];
      running = waiting = null;
      for (const job of lost) job?.resolve(null);
    },
  };
}
