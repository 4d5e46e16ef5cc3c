/**
 * The search worker: holds the grid's Fuse.js index and answers its fuzzy searches off the
 * page's thread (background-search.ts says why). A thin wrapper around protocol.ts.
 */
import { handleSearchRequest, type SearchRequest, type SearchState } from './protocol.ts';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<SearchRequest>) => void) | null;
  postMessage(message: unknown, transfer?: Transferable[]): void;
};
const state: SearchState = { searcher: null };

scope.onmessage = (event) => {
  const response = handleSearchRequest(state, event.data);
  if (response) scope.postMessage(response, [response.indices.buffer, response.scores.buffer]);
};
