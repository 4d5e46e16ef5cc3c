/**
 * The live chat stream (GET /api/sis/chats/stream, server-sent events) read with fetch, which,
 * unlike EventSource, sends the bearer token. It reconnects by itself after a pause and sends the
 * last message id it saw (Last-Event-ID), so the server replays what was missed meanwhile.
 */
import type { ChatMessage } from './chat-model.ts';

export type StreamEvent =
  | { type: 'message'; message: ChatMessage }
  | { type: 'read'; chat_id: number; user_id: number; last_read_id: number }
  | { type: 'chat'; chat_id: number; closed: boolean }
  | { type: 'resync' }
  | { type: 'ready' };

export interface StreamOptions {
  url: string;
  getToken: () => string | undefined;
  onEvent: (event: StreamEvent) => void;
  /** Pause before reconnecting (ms). */
  retryMs?: number;
  fetchImpl?: typeof fetch;
}

/** Splits a buffer into complete event blocks; answers the blocks and what remains. */
export function splitBlocks(buffer: string): { blocks: string[]; rest: string } {
  const parts = buffer.replace(/\r\n/g, '\n').split('\n\n');
  const rest = parts.pop() ?? '';
  return { blocks: parts, rest };
}

/** One event block to its name, id and data (null for a comment-only block). */
export function parseBlock(block: string): { event: string; id: number | null; data: string } | null {
  let event = 'message';
  let id: number | null = null;
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (!line || line.startsWith(':')) continue;
    const at = line.indexOf(':');
    const field = at < 0 ? line : line.slice(0, at);
    const value = at < 0 ? '' : line.slice(at + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'id' && /^[0-9]+$/.test(value)) id = Number(value);
    else if (field === 'data') data.push(value);
  }
  return data.length ? { event, id, data: data.join('\n') } : null;
}

function toEvent(parsed: { event: string; data: string }): StreamEvent | null {
  const data = JSON.parse(parsed.data) as Record<string, unknown>;
  switch (parsed.event) {
    case 'message':
      return { type: 'message', message: data as unknown as ChatMessage };
    case 'read':
      return { type: 'read', ...(data as { chat_id: number; user_id: number; last_read_id: number }) };
    case 'chat':
      return { type: 'chat', ...(data as { chat_id: number; closed: boolean }) };
    case 'resync':
    case 'ready':
      return { type: parsed.event };
    default:
      return null;
  }
}

/** Opens the stream; answers a function that stops it. */
export function openChatStream(options: StreamOptions): () => void {
  const doFetch = options.fetchImpl ?? fetch;
  let stopped = false;
  let lastId: number | null = null;
  let abort: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const connect = async () => {
    abort = new AbortController();
    const token = options.getToken();
    const headers: Record<string, string> = { accept: 'text/event-stream' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (lastId !== null) headers['last-event-id'] = String(lastId);
    try {
      const response = await doFetch(options.url, { headers, signal: abort.signal, cache: 'no-store' });
      if (!response.ok || !response.body) throw new Error(`stream ${response.status}`);
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const { blocks, rest } = splitBlocks(buffer + value);
        buffer = rest;
        for (const block of blocks) {
          const parsed = parseBlock(block);
          if (!parsed) continue;
          if (parsed.id !== null) lastId = Math.max(lastId ?? 0, parsed.id);
          const event = toEvent(parsed);
          if (event) options.onEvent(event);
        }
      }
    } catch {
      // dropped or refused: try again below
    }
    if (!stopped) timer = setTimeout(() => void connect(), options.retryMs ?? 2000);
  };
  void connect();

  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    abort?.abort();
  };
}
