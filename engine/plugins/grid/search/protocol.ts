/**
 * The search worker's messages (search.worker.ts) and what it does with them, kept apart from
 * the worker's global scope so Node tests run the same code.
 */
import { columnSearcher, type FuzzySearcher } from '../model/search.ts';

/**
 * The rows' searched values, packed: every key's values one after another in one string, and
 * where each ends (`ends[k * rows + i]` for key k, row i). Copying 300,000 small strings to the
 * worker (100,000 rows, three keys) took the page about 50 ms; one string and a transferred
 * buffer take a few.
 */
export interface PackedColumns {
  text: string;
  ends: Int32Array;
}

export type SearchRequest =
  /** The rows' searched values (sent once; the index is built at once). */
  { type: 'index'; keys: string[]; packed: PackedColumns } | { type: 'search'; id: number; query: string };

/**
 * The matching rows' positions in the rows the worker was sent, best first, and their scores,
 * which order them (transferable buffers). The page merges the answers of the workers that
 * each hold a part of the rows by the scores (merge-ranked.ts).
 */
export interface SearchResponse {
  id: number;
  indices: Int32Array;
  scores: Float64Array;
}

/** The worker's state: its searcher, once indexed. */
export interface SearchState {
  searcher: FuzzySearcher | null;
}

/** Packs key columns (model/search.ts `keyColumns`) for the worker. */
export function packColumns(columns: readonly (readonly string[])[]): PackedColumns {
  const rows = columns[0]?.length ?? 0;
  const ends = new Int32Array(columns.length * rows);
  let at = 0;
  columns.forEach((column, k) => {
    for (let i = 0; i < rows; i++) ends[k * rows + i] = at += column[i]!.length;
  });
  return { text: columns.map((column) => column.join('')).join(''), ends };
}

/** The key columns back from their packed form. */
export function unpackColumns(packed: PackedColumns, keyCount: number): string[][] {
  const rows = keyCount ? packed.ends.length / keyCount : 0;
  const columns: string[][] = [];
  let from = 0;
  for (let k = 0; k < keyCount; k++) {
    const column = new Array<string>(rows);
    for (let i = 0; i < rows; i++) {
      const to = packed.ends[k * rows + i]!;
      column[i] = packed.text.slice(from, to);
      from = to;
    }
    columns.push(column);
  }
  return columns;
}

/** Handles one request: indexes, or answers a search (an empty answer before any index). */
export function handleSearchRequest(state: SearchState, request: SearchRequest): SearchResponse | null {
  if (request.type === 'index') {
    state.searcher = columnSearcher(request.keys, unpackColumns(request.packed, request.keys.length));
    state.searcher.warm();
    return null;
  }
  const found = state.searcher?.ranked(request.query) ?? { indices: new Int32Array(0), scores: new Float64Array(0) };
  return { id: request.id, ...found };
}
