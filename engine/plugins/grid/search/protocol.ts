/**
 * The search worker's messages (search.worker.ts) and what it does with them, kept apart from
 * the worker's global scope so Node tests run the same code.
 */
import { columnSearcher, type FuzzySearcher } from '../model/search.ts';

export type SearchRequest =
  /** The rows' searched values, one array per key (sent once; the index is built at once). */
  | { type: 'index'; keys: string[]; columns: string[][] }
  | { type: 'search'; id: number; query: string };

/** The matching rows' positions, best first (a transferable buffer). */
export interface SearchResponse {
  id: number;
  indices: Int32Array;
}

/** The worker's state: its searcher, once indexed. */
export interface SearchState {
  searcher: FuzzySearcher | null;
}

/** Handles one request: indexes, or answers a search (an empty answer before any index). */
export function handleSearchRequest(state: SearchState, request: SearchRequest): SearchResponse | null {
  if (request.type === 'index') {
    state.searcher = columnSearcher(request.keys, request.columns);
    state.searcher.warm();
    return null;
  }
  return { id: request.id, indices: Int32Array.from(state.searcher?.search(request.query) ?? []) };
}
