/**
 * The tickets domain: any signed-in user opens support tickets and follows them; staff
 * (manage_tickets) answer, ask for details and resolve them; the owner closes and reopens. Calls
 * in ./README.md; the lifecycle (status table edges) in ./lifecycle.ts; opening in ./open.ts,
 * replies in ./conversation.ts, steps in ./steps.ts, files in ./attachments.ts.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Manifest } from '../../../generator/manifest-types.ts';
import { can } from '../../../engine/core/permissions.ts';
import { HttpError } from '../../http/errors.ts';
import { requestLanguage } from '../../http/language.ts';
import { translate } from '../../http/messages.ts';
import { createMailer, mailConfigFrom, type Mailer } from '../../mail/mailer.ts';
import { recordAccess } from '../../resources/access-log.ts';
import { getDetails, listRows } from '../../resources/operations.ts';
import { actionsOf } from '../../resources/status-steps.ts';
import { EntityValidator } from '../../resources/validation.ts';
import type { DomainOptions } from '../index.ts';
import { attachmentPath, BODY_LIMIT, MAX_ATTACHMENT_BYTES, removeAttachment } from './attachments.ts';
import type { Body, OpContext } from './context.ts';
import { readReply, replyToTicket } from './conversation.ts';
import { FINISHED, isOwner, STAFF, statusKey, statusTable, stepsFor } from './lifecycle.ts';
import { ticketMail } from './mail.ts';
import { openTicket, readTicket } from './open.ts';
import { moveTicket } from './steps.ts';
import { conversationOf, findTicket, ownerContact, REPLIES, tableOf, TICKETS, type TicketRow } from './store.ts';
import { bodyObject, recordId, requireSignedIn } from '../auth/guards.ts';

interface Ctx {
  db: Kysely<any>;
  manifest: Manifest;
  mailer: Mailer;
  uploadsDir: string;
  validator: EntityValidator;
}

const bodyOf = (request: FastifyRequest): Body => bodyObject(request);
const idOf = (request: FastifyRequest, name = 'id'): number => recordId(request, 'ticket_not_found', name);
function signedIn(request: FastifyRequest): void {
  requireSignedIn(request);
}

/** Runs a write in one transaction; a file it stored is removed again when the transaction fails. */
async function write<T>(ctx: Ctx, request: FastifyRequest, run: (op: OpContext) => Promise<T>): Promise<T> {
  const written: OpContext['written'] = [];
  try {
    return await ctx.db
      .transaction()
      .execute((trx) =>
        run({ trx, m: ctx.manifest, user: request.user, ip: request.ip ?? null, uploadsDir: ctx.uploadsDir, written }),
      );
  } catch (error) {
    for (const file of written) await removeAttachment(ctx.uploadsDir, file.ticketId, file.stored);
    throw error;
  }
}

/** The ticket with its conversation and, for this user, what they may do now (`can_<action>`, `can_write`). */
async function details(ctx: Ctx, request: FastifyRequest, id: number) {
  const m = ctx.manifest;
  const lang = requestLanguage(request);
  const base = await getDetails(
    { db: ctx.db, manifest: m, validator: ctx.validator, user: request.user, ip: request.ip ?? null },
    m.entities[TICKETS]!,
    id,
  );
  const row = base.data as TicketRow;
  const steps = stepsFor(m, request.user, row);
  const flags = Object.fromEntries(
    actionsOf(statusTable(m)).map((a) => [`can_${a}`, steps.some((s) => s.action === a)]),
  );
  const owner = isOwner(request.user, row);
  const side = (staff: boolean) => translate({ key: staff ? 'ticket_side_staff' : 'ticket_side_owner' }, lang);
  const conversation = await conversationOf(ctx.db, m, id, lang);
  return {
    ...base,
    data: {
      ...row,
      ...flags,
      is_owner: owner,
      // write in the conversation: the owner, or staff on someone else's ticket, until resolved or closed
      can_write: !FINISHED.has(statusKey(m, row.status_id) ?? '') && (owner || can(request.user, STAFF)),
      // drawn by the detail screens as a table (a detail column with table:), oldest first
      conversation: conversation.map((r) => ({ ...r, side: side(r.staff) })),
    },
  };
}

async function mailOwner(ctx: Ctx, ticket: TicketRow, message: string | null): Promise<void> {
  const contact = await ownerContact(ctx.db, ctx.manifest, Number(ticket.owner_id));
  const status = statusTable(ctx.manifest).statuses.find((s) => s.id === Number(ticket.status_id));
  if (!contact?.email || !status) return;
  await ctx.mailer.send(ticketMail(contact.email, ticket.code, ticket.subject, status, message));
}

function routes(app: FastifyInstance, ctx: Ctx): void {
  const { db, manifest: m } = ctx;
  const entity = m.entities[TICKETS]!;

  // The generic API reads and lists tickets; every write goes through the calls below.
  const refuse = async () => {
    throw new HttpError(405, 'method_not_allowed');
  };
  app.put(`/${TICKETS}`, refuse);
  app.put(`/${TICKETS}/:id`, refuse);
  app.delete(`/${TICKETS}/:id`, refuse);
  app.post(`/${TICKETS}/restore/:id`, refuse);

  // The caller's own tickets (the /my-tickets list): the generic list, narrowed to owner_id = me
  // also for staff, whose row scope would show every ticket.
  app.post('/tickets/mine', async (request) => {
    signedIn(request);
    const body = bodyOf(request);
    const filters =
      body.filters && typeof body.filters === 'object' && !Array.isArray(body.filters) ? body.filters : {};
    return listRows({ db, manifest: m, validator: ctx.validator, user: request.user, ip: request.ip ?? null }, entity, {
      ...body,
      filters: { ...filters, owner_id: request.user.id },
    });
  });

  app.post(
    '/tickets/new',
    { bodyLimit: BODY_LIMIT, config: { fileLimit: MAX_ATTACHMENT_BYTES } },
    async (request, reply) => {
      signedIn(request);
      const input = await readTicket(m, bodyOf(request)); // field errors before anything is written
      const ticket = await write(ctx, request, (op) => openTicket(op, input));
      return reply.code(201).send({ data: ticket });
    },
  );

  app.get('/tickets/details/:id', async (request) => {
    signedIn(request);
    return details(ctx, request, idOf(request));
  });

  app.post(
    '/tickets/:id/reply',
    { bodyLimit: BODY_LIMIT, config: { fileLimit: MAX_ATTACHMENT_BYTES } },
    async (request) => {
      signedIn(request);
      const id = idOf(request);
      const input = await readReply(bodyOf(request));
      const done = await write(ctx, request, (op) => replyToTicket(op, id, bodyOf(request), input));
      if (done.staff)
        await mailOwner(ctx, done.ticket, done.message).catch((error: unknown) =>
          request.log.warn({ error }, 'ticket mail not sent'),
        );
      return { data: done.ticket };
    },
  );

  // One step of the status table: the action in the address (the screens' buttons) or the body.
  const move = async (request: FastifyRequest, action: unknown) => {
    signedIn(request);
    const id = idOf(request);
    const moved = await write(ctx, request, (op) => moveTicket(op, id, action ?? bodyOf(request).action));
    if (moved.step.to === 'resolved')
      await mailOwner(ctx, moved.ticket, null).catch((error: unknown) =>
        request.log.warn({ error }, 'ticket mail not sent'),
      );
    return { data: moved.ticket };
  };
  app.post('/tickets/:id/status', async (request) => move(request, undefined));
  app.post('/tickets/:id/status/:action', async (request) =>
    move(request, (request.params as Record<string, string>).action),
  );

  // A reply's file: for the ticket's owner and staff (access_tickets), as the row scope says.
  app.get('/tickets/attachments/:id', async (request, reply) => {
    signedIn(request);
    const replyId = idOf(request);
    const row = await db
      .selectFrom(tableOf(m, REPLIES))
      .select(['ticket_id', 'file_name', 'stored_name', 'mime'])
      .where('id', '=', replyId)
      .executeTakeFirst();
    if (!row?.stored_name) throw new HttpError(404, 'ticket_attachment_not_found');
    const ticket = await findTicket(db, m, request.user, Number(row.ticket_id));
    if (!ticket) throw new HttpError(404, 'ticket_attachment_not_found');
    const file = attachmentPath(ctx.uploadsDir, ticket.id, String(row.stored_name));
    const info = await stat(file).catch(() => null);
    if (!info) throw new HttpError(404, 'ticket_attachment_not_found');
    await recordAccess(db, m, {
      user: request.user,
      action: 'download',
      resource: TICKETS,
      recordId: ticket.id,
      ip: request.ip ?? null,
      details: { reply_id: replyId },
    });
    return reply
      .header('content-type', row.mime ?? 'application/octet-stream')
      .header('content-length', String(info.size))
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(String(row.file_name))}`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(createReadStream(file));
  });
}

export const ticketsDomain: FastifyPluginAsync<DomainOptions> = async (app, { db, manifest, config }) => {
  if (!manifest.entities[TICKETS] || !manifest.entities[REPLIES] || !manifest.statusTables.ticket_status) return;
  const mailer = createMailer(mailConfigFrom(config));
  app.addHook('onClose', async () => mailer.close());
  routes(app, { db, manifest, mailer, uploadsDir: config.uploadsDir, validator: new EntityValidator(manifest) });
};
