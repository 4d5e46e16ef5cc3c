/**
 * Live delivery: each server process keeps the streams of its own connected clients (by user) and
 * hears every change through a transport. On PostgreSQL the transport is LISTEN/NOTIFY on one
 * channel per schema, so a message written through one process reaches clients connected to any
 * other process on the same database. On embedded PGlite (one process by design) it is in-process.
 *
 * An event names its recipients (the conversation's members), so a process never queries to route
 * it; a message small enough for NOTIFY's 8000-byte payload travels whole, a larger one by id.
 */
import pg from 'pg';
import { sql } from 'kysely';
import type { Manifest } from '../../../generator/manifest-types.ts';
import { messagesByIds, messagesForUserAfter, type Db, type MessageRow } from './store.ts';

export interface WireMessage {
  id: number;
  chat_id: number;
  author_id: number | null;
  body: string;
  created_at: string;
}

export type ChatEvent =
  | { type: 'message'; to: number[]; chat_id: number; id: number; message?: WireMessage }
  | { type: 'read'; to: number[]; chat_id: number; user_id: number; last_read_id: number }
  | { type: 'chat'; to: number[]; chat_id: number; closed: boolean };

/** One connected stream of one user. */
export interface Listener {
  userId: number;
  /** `frame`: the message's server-sent event, written once per message for all its streams. */
  message(message: WireMessage, frame: string): void;
  other(event: Exclude<ChatEvent, { type: 'message' }>): void;
  /** The transport lost events (a dropped LISTEN connection): send what this stream may have missed. */
  resync(): void;
  /** The server is stopping: end the stream. */
  end(): void;
}

export interface Transport {
  publish(event: ChatEvent): Promise<void>;
  close(): Promise<void>;
}

/** NOTIFY payloads must stay under 8000 bytes; leave room for the envelope. */
const INLINE_LIMIT = 7000;

export const wireMessage = (row: MessageRow): WireMessage => ({
  id: Number(row.id),
  chat_id: Number(row.chat_id),
  author_id: row.author_id === null ? null : Number(row.author_id),
  body: row.body,
  created_at: new Date(row.created_at).toISOString(),
});

/** A message as a server-sent event: its id is the event id a reconnecting client sends back. */
export const messageFrame = (m: WireMessage) => `id: ${m.id}\nevent: message\ndata: ${JSON.stringify(m)}\n\n`;

export class ChatHub {
  private readonly listeners = new Map<number, Set<Listener>>();
  private transport: Transport;

  constructor(
    private readonly db: Db,
    private readonly manifest: Manifest,
  ) {
    this.transport = { publish: async (event) => this.deliver(event), close: async () => {} };
  }

  /** Hear events through PostgreSQL LISTEN/NOTIFY instead of in-process (see listenPostgres). */
  useTransport(transport: Transport): void {
    this.transport = transport;
  }

  get connected(): number {
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }

  subscribe(listener: Listener): () => void {
    let set = this.listeners.get(listener.userId);
    if (!set) this.listeners.set(listener.userId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (!set.size) this.listeners.delete(listener.userId);
    };
  }

  /** Announces a change to every process (call after the change is committed). */
  async publish(event: ChatEvent): Promise<void> {
    if (event.type === 'message' && event.message && JSON.stringify(event).length > INLINE_LIMIT)
      event = { ...event, message: undefined };
    await this.transport.publish(event);
  }

  /** Hands an event to this process's streams of its recipients. */
  async deliver(event: ChatEvent): Promise<void> {
    const targets = event.to.flatMap((id) => [...(this.listeners.get(id) ?? [])]);
    if (!targets.length) return;
    if (event.type !== 'message') {
      for (const l of targets) l.other(event);
      return;
    }
    const message = event.message ?? (await messagesByIds(this.db, this.manifest, [event.id])).map(wireMessage)[0];
    if (!message) return;
    const frame = messageFrame(message);
    for (const l of targets) l.message(message, frame);
  }

  resyncAll(): void {
    for (const set of this.listeners.values()) for (const l of set) l.resync();
  }

  /** Messages after `afterId` in the user's conversations, oldest first (a reconnecting stream's replay). */
  async missed(userId: number, afterId: number, limit: number): Promise<WireMessage[]> {
    return (await messagesForUserAfter(this.db, this.manifest, userId, afterId, limit)).map(wireMessage);
  }

  /** Ends every stream of this process (the server is stopping; clients reconnect elsewhere). */
  endAll(): void {
    for (const set of [...this.listeners.values()]) for (const l of [...set]) l.end();
  }

  async close(): Promise<void> {
    await this.transport.close();
  }
}

/** The NOTIFY channel of the database schema in use: tests and tenants in one database never hear each other. */
export async function channelOf(db: Db): Promise<string> {
  const { rows } = await sql<{ s: string }>`select current_schema() as s`.execute(db);
  const schema = String(rows[0]?.s ?? 'public')
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_');
  return `rowaq_chat_${schema}`.slice(0, 63);
}

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries) and NOTIFY
 * through the pool. A lost listening connection is opened again after a pause, and every stream
 * of this process is told to send what it may have missed meanwhile.
 */
export async function listenPostgres(
  hub: ChatHub,
  db: Db,
  url: string,
  onError: (e: Error) => void,
): Promise<Transport> {
  const channel = await channelOf(db);
  let client: pg.Client | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;

  const connect = async (again: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (n) => {
      if (n.channel !== channel || !n.payload) return;
      try {
        void hub.deliver(JSON.parse(n.payload) as ChatEvent).catch(onError);
      } catch (error) {
        onError(error as Error);
      }
    });
    const lost = (error?: Error) => {
      if (error) onError(error);
      if (closed || client !== next) return;
      client = null;
      timer = setTimeout(() => void connect(true).catch(lostAgain), 1000);
    };
    const lostAgain = (error: Error) => {
      onError(error);
      if (!closed) timer = setTimeout(() => void connect(true).catch(lostAgain), 1000);
    };
    next.on('error', lost);
    next.on('end', () => lost());
    await next.connect();
    await next.query(`listen "${channel}"`);
    client = next;
    if (again) hub.resyncAll();
  };
  await connect(false);

  return {
    async publish(event) {
      await sql`select pg_notify(${channel}, ${JSON.stringify(event)})`.execute(db);
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
