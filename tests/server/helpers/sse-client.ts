/**
 * A server-sent events client over fetch for tests and the bench: sends the bearer token and
 * Last-Event-ID (which EventSource cannot), records every event with the time it arrived.
 */
export interface SseEvent {
  event: string;
  id: number | null;
  data: any;
  at: number;
}

export interface SseClient {
  events: SseEvent[];
  /** Resolves when an event matching `test` has arrived (also one that already has). */
  waitFor(test: (e: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  close(): void;
  /** The id of the last event that carried one. */
  lastId(): number | null;
}

export async function openSse(url: string, token: string, lastEventId?: number | null): Promise<SseClient> {
  const abort = new AbortController();
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'text/event-stream' };
  if (lastEventId != null) headers['last-event-id'] = String(lastEventId);
  const response = await fetch(url, { headers, signal: abort.signal });
  if (response.status !== 200 || !response.body) throw new Error(`stream answered ${response.status}`);
  const events: SseEvent[] = [];
  const waiters: Array<{ test: (e: SseEvent) => boolean; resolve: (e: SseEvent) => void }> = [];
  let last: number | null = lastEventId ?? null;

  const dispatch = (block: string) => {
    let event = 'message';
    let id: number | null = null;
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      const at = line.indexOf(':');
      const field = at < 0 ? line : line.slice(0, at);
      const value = at < 0 ? '' : line.slice(at + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'id') id = Number(value);
      else if (field === 'data') data.push(value);
    }
    if (!data.length) return;
    const e: SseEvent = { event, id, data: JSON.parse(data.join('\n')), at: performance.now() };
    if (id !== null) last = id;
    events.push(e);
    for (const w of waiters.splice(0)) {
      if (w.test(e)) w.resolve(e);
      else waiters.push(w);
    }
  };

  void (async () => {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          dispatch(buffer.slice(0, cut));
          buffer = buffer.slice(cut + 2);
        }
      }
    } catch {
      // aborted by close()
    }
  })();

  return {
    events,
    lastId: () => last,
    close: () => abort.abort(),
    waitFor(test, timeoutMs = 5000) {
      const found = events.find(test);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no such event in time')), timeoutMs);
        waiters.push({
          test,
          resolve: (e) => {
            clearTimeout(timer);
            resolve(e);
          },
        });
      });
    },
  };
}
