/**
 * The chat domain: one-to-one and group conversations between the people a user may reach
 * (./reach.ts), read receipts, unread counts, moderation and retention, and live delivery over
 * server-sent events fanned out through PostgreSQL LISTEN/NOTIFY (./hub.ts, ./stream.ts). Calls
 * in ./README.md; what each does in ./operations.ts; the SQL in ./store.ts.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors.ts';
import { bodyObject, recordId, requirePermission, requireSignedIn } from '../auth/guards.ts';
import type { DomainOptions } from '../index.ts';
import { ChatHub, listenPostgres } from './hub.ts';
import {
  chatViews,
  MODERATE,
  myChats,
  readable,
  readUpTo,
  sendMessage,
  setOpen,
  startChat,
  type Caller,
  type Ctx,
} from './operations.ts';
import { contactsOf } from './reach.ts';
import { sweep, SWEEP_EVERY_MS } from './retention.ts';
import { allChats, CHATS, latestMessageId, MEMBERS, MESSAGES, messagesPage, PAGE_LIMIT } from './store.ts';
import { openStream } from './stream.ts';

/** Students and staff with an account of their own; applicants and guests have no conversations. */
function caller(request: FastifyRequest): Caller {
  const user = requireSignedIn(request);
  if (user.type !== 3 && user.type !== 4) throw new HttpError(403, 'chat_signed_in_only');
  return user;
}

const chatId = (request: FastifyRequest) => recordId(request, 'chat_not_found');

/** A query cursor: absent, or a whole number (400 otherwise, in the user's language). */
function cursor(value: unknown, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (value === undefined || value === '') return undefined;
  const text = String(value);
  if (!/^[0-9]{1,15}$/.test(text) || Number(text) > max) throw new HttpError(400, 'chat_bad_cursor');
  return Number(text);
}

function routes(app: FastifyInstance, ctx: Ctx): void {
  app.get('/chats/mine', async (request) => ({ data: await myChats(ctx, caller(request)) }));

  app.get('/chats/contacts', async (request) => ({
    data: await contactsOf(ctx.db, ctx.manifest, caller(request)),
  }));

  app.post('/chats/start', async (request, reply) => {
    const user = caller(request);
    const started = await startChat(ctx, user, bodyObject(request), request.ip ?? null);
    const [view] = await chatViews(ctx, user, [(await readable(ctx, user, started.id)).chat]);
    return reply.code(started.created ? 201 : 200).send({ data: view });
  });

  // Every conversation, for moderators (the /chats screen), latest activity first.
  app.get('/chats/all', async (request) => {
    const user = requirePermission(request, MODERATE) as Caller;
    const q = (request.query ?? {}) as Record<string, unknown>;
    const page = cursor(q.page) || 1;
    const perPage = Math.min(cursor(q.perPage) || 10, 100);
    const { rows, count } = await allChats(ctx.db, ctx.manifest, page, perPage);
    return { data: await chatViews(ctx, user, rows), meta: { count } };
  });

  app.get('/chats/stream', async (request, reply) => {
    const user = caller(request);
    const latest = await latestMessageId(ctx.db, ctx.manifest);
    openStream(ctx.hub, request, reply, user.id, latest);
  });

  app.get('/chats/:id', async (request) => {
    const user = caller(request);
    const { chat } = await readable(ctx, user, chatId(request));
    const [view] = await chatViews(ctx, user, [chat]);
    return { data: view };
  });

  // History, oldest first: ?before={id} pages back, ?after={id} asks for what was missed.
  app.get('/chats/:id/messages', async (request) => {
    const user = caller(request);
    const id = chatId(request);
    await readable(ctx, user, id);
    const q = (request.query ?? {}) as Record<string, unknown>;
    const limit = Math.max(1, Math.min(cursor(q.limit) ?? 30, PAGE_LIMIT));
    const page = await messagesPage(ctx.db, ctx.manifest, id, {
      before: cursor(q.before),
      after: cursor(q.after),
      limit,
    });
    return {
      data: page.rows.map((r) => ({ ...r, id: Number(r.id), chat_id: Number(r.chat_id) })),
      has_more: page.has_more,
    };
  });

  app.post('/chats/:id/messages', async (request, reply) => {
    const message = await sendMessage(ctx, caller(request), chatId(request), bodyObject(request));
    return reply.code(201).send({ data: message });
  });

  app.post('/chats/:id/read', async (request) => ({
    data: await readUpTo(ctx, caller(request), chatId(request), bodyObject(request)),
  }));

  app.post('/chats/:id/close', async (request) => ({
    data: await setOpen(ctx, caller(request), chatId(request), false, request.ip ?? null),
  }));
  app.post('/chats/:id/reopen', async (request) => ({
    data: await setOpen(ctx, caller(request), chatId(request), true, request.ip ?? null),
  }));
}

export const chatDomain: FastifyPluginAsync<DomainOptions> = async (app, { db, manifest, config }) => {
  if (![CHATS, MEMBERS, MESSAGES].every((name) => manifest.entities[name])) return;
  const hub = new ChatHub(db, manifest);
  if (config.databaseUrl)
    hub.useTransport(
      await listenPostgres(hub, db, config.databaseUrl, (error) => app.log.warn({ error }, 'chat LISTEN connection')),
    );
  const runSweep = () =>
    sweep(db, manifest).catch((error: unknown) => app.log.warn({ error }, 'chat retention sweep failed'));
  void runSweep();
  const timer = setInterval(runSweep, SWEEP_EVERY_MS);
  timer.unref();
  app.decorate('chatHub', hub);
  // open streams would hold the server's close until their clients leave
  app.addHook('preClose', async () => hub.endAll());
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await hub.close();
  });
  routes(app, { db, manifest, hub });
};

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's live chat streams (the chat domain's scope only). */
    chatHub?: ChatHub;
  }
}
