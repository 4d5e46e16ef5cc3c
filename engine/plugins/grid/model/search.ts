/**
 * Fuzzy search (admission-and-grid section 5): Fuse.js over name, name_local and code at
 * threshold 0.3. The index is built once per rows array and reused for every query while a
 * search is under way, and dropped when it ends (`release`): it is about 200 bytes and eight
 * objects a row (20 MB on 100,000 rows), which the browser's collector would otherwise mark again
 * in every major collection. While the grid scrolls, those collections run its helper threads on
 * both cores of a small machine and the page misses frames (docs/decisions.md, Grid, "What a
 * dropped frame waits for").
 */
import Fuse from 'fuse.js';
import type { GridRow } from './types.ts';

export const SEARCH_KEYS = ['name', 'name_local', 'code'] as const;
export const SEARCH_THRESHOLD = 0.3;

export interface FuzzySearcher {
  /** Indices (into the rows given) of the rows matching the query, best match first. */
  search(query: string): number[];
  /** Builds the index ahead of the first search (the search box calls it on focus). */
  warm(): void;
  /** Drops the index (the search ended); the next search or `warm` builds it again. */
  release(): void;
}

export function createFuzzySearcher(rows: readonly GridRow[], keys: readonly string[] = SEARCH_KEYS): FuzzySearcher {
  let fuse: Fuse<GridRow> | null = null;
  // Built on first use: a grid nobody searches pays nothing.
  const index = () =>
    (fuse ??= new Fuse(rows as GridRow[], {
        keys: [...keys],
        threshold: SEARCH_THRESHOLD,
        // Values are read as text so numeric codes are searchable too.
        getFn: (row, path) => {
          const key = Array.isArray(path) ? path.join('.') : path;
          const value = row[key];
          return value === null || value === undefined ? '' : String(value);
        },
      }));
  return {
    search(query) {
      const q = query.trim();
      if (!q) return rows.map((_, i) => i);
      return index().search(q).map((result) => result.refIndex);
    },
    warm() {
      index();
    },
    release() {
      fuse = null;
    },
  };
}
