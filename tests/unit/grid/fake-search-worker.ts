/**
 * A stand-in for the search worker (engine/plugins/grid/search/search.worker.ts) where there are
 * no workers: it runs the worker's own protocol on a later task, as a real worker answers, and
 * records what it was sent. Set as the global Worker with vi.stubGlobal.
 */
import {
  handleSearchRequest,
  type SearchRequest,
  type SearchState,
} from '../../../engine/plugins/grid/search/protocol.ts';

/** A stand-in Worker: runs the worker's protocol on a later task; counts what it was sent. */
export class FakeWorker {
  static made: FakeWorker[] = [];
  static failNext = false;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  sent: SearchRequest[] = [];
  terminated = false;
  /** Set on a worker made: its next message fails it (as a worker whose script breaks). */
  failing = false;
  private state: SearchState = { searcher: null };
  constructor(readonly url: URL) {
    FakeWorker.made.push(this);
  }
  postMessage(request: SearchRequest) {
    this.sent.push(request);
    setTimeout(() => {
      if (this.terminated) return;
      if (FakeWorker.failNext || this.failing) return this.onerror?.(new Event('error'));
      const response = handleSearchRequest(this.state, structuredClone(request));
      if (response) this.onmessage?.({ data: response });
    }, 0);
  }
  terminate() {
    this.terminated = true;
  }
}
