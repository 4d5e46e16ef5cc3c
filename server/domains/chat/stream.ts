/**
 * GET /chats/stream: the user's live events as server-sent events. Each message is an event with
 * its id, so a client that reconnects sends `Last-Event-ID` (or `?last_event_id=`) and first gets
 * what it missed, then live events. Read receipts (`read`) and closing or opening a conversation
 * (`chat`) carry no id: a reconnecting client reloads the conversation it shows.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { messageFrame, type ChatEvent, type ChatHub, type Listener, type WireMessage } from './hub.ts';

/** Messages replayed at most on reconnect; beyond it the client is told to reload (`resync`). */
export const REPLAY_LIMIT = 500;
/**
 * Ids are taken when a message is written but seen in commit order, so a message with a lower id
 * may arrive just after a higher one. The replay starts this many ids early; clients drop ids
 * they hold already.
 */
export const REPLAY_OVERLAP = 20;
const HEARTBEAT_MS = 20_000;

function lastEventId(request: FastifyRequest): number | null {
  const header = request.headers['last-event-id'];
  const query = (request.query as Record<string, unknown> | undefined)?.last_event_id;
  const text = String((Array.isArray(header) ? header[0] : header) ?? query ?? '').trim();
  return /^[0-9]{1,15}$/.test(text) ? Number(text) : null;
}

export function openStream(
  hub: ChatHub,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  latest: number,
): void {
  const raw = reply.raw;
  reply.hijack();
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    // a proxy must pass events on as they come, not buffer them
    'x-accel-buffering': 'no',
  });
  raw.write('retry: 2000\n\n');

  // without a Last-Event-ID the stream starts now: a later resync replays from here, not from the beginning
  let last = lastEventId(request) ?? latest;
  let replaying = true;
  const queued: Array<[WireMessage, string]> = [];
  const sent = new Set<number>();
  let ended = false;

  const write = (text: string) => {
    if (!ended) raw.write(text);
  };
  const sendMessage = (m: WireMessage, frame = messageFrame(m)) => {
    if (sent.has(m.id)) return;
    sent.add(m.id);
    // the set only has to cover the overlap of a replay with live events
    if (sent.size > 2 * REPLAY_LIMIT) sent.delete(sent.values().next().value as number);
    last = Math.max(last, m.id);
    write(frame);
  };
  const replay = async (from: number) => {
    const missed = await hub.missed(userId, Math.max(0, from - REPLAY_OVERLAP), REPLAY_LIMIT + 1);
    if (missed.length > REPLAY_LIMIT) write('event: resync\ndata: {}\n\n');
    for (const m of missed.slice(0, REPLAY_LIMIT)) sendMessage(m);
  };

  const listener: Listener = {
    userId,
    message: (m, frame) => (replaying ? queued.push([m, frame]) : sendMessage(m, frame)),
    other: (event: Exclude<ChatEvent, { type: 'message' }>) => {
      const { to: _to, type, ...data } = event;
      write(`event: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    resync: () => void replay(last).catch((error: unknown) => request.log.warn({ error }, 'chat replay failed')),
    end: () => {
      end();
      raw.end();
    },
  };
  // Listen before replaying, so a message written meanwhile is queued rather than lost.
  const unsubscribe = hub.subscribe(listener);
  const heartbeat = setInterval(() => write(': ping\n\n'), HEARTBEAT_MS);
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    unsubscribe();
  };
  raw.on('close', end);
  raw.on('error', end);

  const start = lastEventId(request) === null ? Promise.resolve() : replay(last);
  start
    .catch((error: unknown) => request.log.warn({ error }, 'chat replay failed'))
    .finally(() => {
      replaying = false;
      for (const [m, frame] of queued.splice(0)) sendMessage(m, frame);
      write('event: ready\ndata: {}\n\n');
    });
}
