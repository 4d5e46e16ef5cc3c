/**
 * Replies (POST /tickets/{id}/reply {message, attachment?, status_id? | action?}). The owner's
 * reply on an awaiting_reply ticket takes the table's `reply` edge back to in_progress; on an
 * open or in_progress ticket it only adds to the conversation. A staff reply (manage_tickets)
 * takes an open ticket into in_progress (the `assign` edge) unless it names where the ticket
 * goes: `status_id` (the staff form's choice) or `action` (`ask`: awaiting_reply, `resolve`), a
 * step checked against the table like any other. Nobody writes on a resolved or closed ticket
 * until its owner reopens it. Reply, step, file and access log commit together.
 */
import { sql } from 'kysely';
import { can } from '../../../engine/core/permissions.ts';
import { HttpError, ValidationError } from '../../http/errors.ts';
import { recordAccess } from '../../resources/access-log.ts';
import type { StatusStep } from '../../resources/status-steps.ts';
import { readAttachment, storeAttachment } from './attachments.ts';
import { textOf, type Body, type OpContext } from './context.ts';
import { FINISHED, findStep, isOwner, STAFF, statusKey } from './lifecycle.ts';
import { TEXT_MAX } from './open.ts';
import { applyStep, checkedStep, takeTicket } from './steps.ts';
import { findTicket, recordReply, tableOf, TICKETS, type TicketRow } from './store.ts';

export interface Replied {
  ticket: TicketRow;
  staff: boolean;
  step: StatusStep | null;
  message: string;
}

/** The reply's text and file, checked before anything is locked. */
export async function readReply(body: Body) {
  const message = textOf(body.message);
  if (!message) throw ValidationError.single('message', { key: 'ticket_message_required' });
  if (message.length > TEXT_MAX) throw ValidationError.single('message', { key: 'ticket_text_long' });
  return { message, attachment: await readAttachment(body.attachment) };
}

/** Where a staff reply sends the ticket: the step asked for, else `assign` out of open, else nowhere. */
function staffStep(ctx: OpContext, ticket: TicketRow, body: Body): StatusStep | null {
  const toId =
    body.status_id === undefined || body.status_id === null || body.status_id === ''
      ? undefined
      : Number(body.status_id);
  const action = typeof body.action === 'string' && body.action ? body.action : undefined;
  if (toId !== undefined && !Number.isInteger(toId))
    throw ValidationError.single('status_id', { key: 'ticket_action_unknown' });
  if (toId === Number(ticket.status_id) && action === undefined) return null;
  if (toId !== undefined || action !== undefined)
    return checkedStep(ctx, ticket, action !== undefined ? { action } : { toId });
  return statusKey(ctx.m, ticket.status_id) === 'open' ? checkedStep(ctx, ticket, { action: 'assign' }) : null;
}

export async function replyToTicket(
  ctx: OpContext,
  id: number,
  body: Body,
  input: Awaited<ReturnType<typeof readReply>>,
): Promise<Replied> {
  const ticket = await findTicket(ctx.trx, ctx.m, ctx.user, id, true);
  if (!ticket) throw new HttpError(404, 'ticket_not_found');
  const owner = isOwner(ctx.user, ticket);
  // Staff answering someone else's ticket; the owner (staff or not) answers as the owner.
  const staff = !owner && can(ctx.user, STAFF);
  if (!owner && !staff) throw new HttpError(403, 'ticket_reply_forbidden');
  if (FINISHED.has(statusKey(ctx.m, ticket.status_id) ?? '')) throw new HttpError(409, 'ticket_finished');
  let step: StatusStep | null;
  if (staff) step = staffStep(ctx, ticket, body);
  else {
    const back =
      statusKey(ctx.m, ticket.status_id) === 'awaiting_reply'
        ? findStep(ctx.m, ticket, { action: 'reply' })
        : undefined;
    step = back ? checkedStep(ctx, ticket, { action: back.action }) : null;
  }
  if (step) await applyStep(ctx, ticket, step, staff);
  else if (staff) await takeTicket(ctx, ticket);
  let file = null;
  if (input.attachment) {
    const stored = await storeAttachment(ctx.uploadsDir, id, input.attachment);
    ctx.written.push({ ticketId: id, stored });
    file = { name: input.attachment.name, stored, mime: input.attachment.mime, size: input.attachment.bytes.length };
  }
  await recordReply(ctx.trx, ctx.m, {
    ticketId: id,
    authorId: ctx.user.id,
    staff,
    message: input.message,
    action: step?.action ?? 'reply',
    fromId: step ? ticket.status_id : null,
    toId: step ? step.toId : null,
    file,
  });
  await ctx.trx
    .updateTable(tableOf(ctx.m, TICKETS))
    .set({ last_reply_at: sql`now()`, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
  await recordAccess(ctx.trx, ctx.m, {
    user: ctx.user,
    action: 'reply',
    resource: TICKETS,
    recordId: id,
    ip: ctx.ip,
    details: { staff, attachment: !!file, ...(step ? { from: step.from, to: step.to } : {}) },
  });
  return { ticket: (await findTicket(ctx.trx, ctx.m, null, id))!, staff, step, message: input.message };
}
