/**
 * Fuzzy search (admission-and-grid section 5): Fuse.js over name, name_local and code at
 * threshold 0.3. The index is built once per rows array and reused for every query while a
 * search is under way, and dropped when it ends (`release`): it is about 200 bytes and eight
 * objects a row (20 MB on 100,000 rows), which the browser's collector would otherwise mark again
 * in every major collection. While the grid scrolls, those collections run its helper threads on
 * both cores of a small machine and the page misses frames (docs/decisions.md, Grid, "What a
 * dropped frame waits for").
 *
 * In a browser the grid searches in a worker (../search/background-search.ts), which builds its
 * index from the key columns alone (`keyColumns`, `columnSearcher`); this module is also the
 * search where there is no worker.
 */
import Fuse from 'fuse.js';
import type { GridRow } from './types.ts';

export const SEARCH_KEYS = ['name', 'name_local', 'code'] as const;
export const SEARCH_THRESHOLD = 0.3;

/**
 * A search's answer with each match's Fuse.js score (0 is a perfect match), best first: typed
 * arrays, which a worker hands to the page as they are (transferred, not copied).
 */
export interface Ranked {
  indices: Int32Array;
  scores: Float64Array;
}

export interface FuzzySearcher {
  /** Indices (into the rows given) of the rows matching the query, best match first. */
  search(query: string): number[];
  /**
   * The same answer with the scores it is ordered by (best first, then the lower index), so that
   * answers over parts of the rows merge into the answer over all of them (search/merge-ranked.ts).
   */
  ranked(query: string): Ranked;
  /** Builds the index ahead of the first search (the search box calls it on focus). */
  warm(): void;
  /** Drops the index (the search ended); the next search or `warm` builds it again. */
  release(): void;
}

/** A searched value as text (numeric codes are searchable too); empty for no value. */
const searchText = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/**
 * The searcher over `count` records, record i's value for a key read by `value(i, key)`. Fuse
 * indexes the record numbers themselves, so its results' `refIndex` is the record's position.
 */
function fuzzySearcher(
  count: number,
  keys: readonly string[],
  value: (i: number, key: string) => string,
): FuzzySearcher {
  let fuse: Fuse<number> | null = null;
  // Built on first use: a grid nobody searches pays nothing.
  const index = () =>
    (fuse ??= new Fuse(
      Array.from({ length: count }, (_, i) => i),
      {
        keys: [...keys],
        threshold: SEARCH_THRESHOLD,
        // A score depends on its record alone (its values' matches and lengths), never on the
        // other records: parts searched apart compare by it (`ranked`).
        includeScore: true,
        getFn: (i, path) => value(i, Array.isArray(path) ? path.join('.') : path),
      },
    ));
  const all = () => Array.from({ length: count }, (_, i) => i);
  return {
    search(query) {
      const q = query.trim();
      if (!q) return all();
      return index()
        .search(q)
        .map((result) => result.refIndex);
    },
    ranked(query) {
      const q = query.trim();
      if (!q) return { indices: Int32Array.from(all()), scores: new Float64Array(count) };
      const results = index().search(q);
      const indices = new Int32Array(results.length);
      const scores = new Float64Array(results.length);
      results.forEach((result, i) => {
        indices[i] = result.refIndex;
        scores[i] = result.score ?? 0;
      });
      return { indices, scores };
    },
    warm() {
      index();
    },
    release() {
      fuse = null;
    },
  };
}

export function createFuzzySearcher(rows: readonly GridRow[], keys: readonly string[] = SEARCH_KEYS): FuzzySearcher {
  return fuzzySearcher(rows.length, keys, (i, key) => searchText(rows[i]![key]));
}

/** The searched keys' values of every row, as text, one array per key (what a worker is sent). */
export function keyColumns(rows: readonly GridRow[], keys: readonly string[]): string[][] {
  return keys.map((key) => {
    const column = new Array<string>(rows.length);
    for (let i = 0; i < rows.length; i++) column[i] = searchText(rows[i]![key]);
    return column;
  });
}

/** The searcher over key columns (`keyColumns`): the same results as over the rows themselves. */
export function columnSearcher(keys: readonly string[], columns: readonly (readonly string[])[]): FuzzySearcher {
  const at = new Map(keys.map((key, k) => [key, columns[k]!]));
  return fuzzySearcher(columns[0]?.length ?? 0, keys, (i, key) => at.get(key)?.[i] ?? '');
}
