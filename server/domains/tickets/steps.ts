/**
 * Moving a ticket along ticket_status (POST /tickets/{id}/status/{action}): the edge and its
 * permission come from the status table (lifecycle.ts); the owner's edges (close, reopen) are
 * the owner's only. Each step is one transaction with its conversation row and access-log row.
 * `applyStep` is also the status change a reply carries (conversation.ts).
 */
import { sql } from 'kysely';
import { HttpError, ValidationError } from '../../http/errors.ts';
import { recordAccess } from '../../resources/access-log.ts';
import type { StatusStep } from '../../resources/status-steps.ts';
import type { OpContext } from './context.ts';
import { findStep, mayTake } from './lifecycle.ts';
import { findTicket, recordReply, tableOf, TICKETS, type TicketRow } from './store.ts';

/** The timestamp a status sets. */
const STAMPS: Record<string, string> = { resolved: 'resolved_at', closed: 'closed_at' };

/** The step of `wanted` from the ticket's status, checked: 409 when no edge leaves it, 403 without its permission. */
export function checkedStep(ctx: OpContext, ticket: TicketRow, wanted: { action?: string; toId?: number }): StatusStep {
  const step = findStep(ctx.m, ticket, wanted);
  if (!step) throw new HttpError(409, 'ticket_action_refused');
  if (!mayTake(ctx.user, ticket, step)) throw new HttpError(403, 'ticket_action_permission');
  return step;
}

/** Writes the step's status, stamps and the assignment (a staff step takes an unassigned ticket). */
export async function applyStep(ctx: OpContext, ticket: TicketRow, step: StatusStep, staff: boolean): Promise<void> {
  const values: Record<string, unknown> = { status_id: step.toId, updated_at: sql`now()` };
  const stamp = STAMPS[step.to];
  if (stamp) values[stamp] = sql`now()`;
  await ctx.trx.updateTable(tableOf(ctx.m, TICKETS)).set(values).where('id', '=', ticket.id).execute();
  if (staff) await takeTicket(ctx, ticket);
}

/** The first staff member who acts on a ticket becomes the one handling it. */
export async function takeTicket(ctx: OpContext, ticket: TicketRow): Promise<void> {
  if (ticket.assigned_to != null) return;
  await ctx.trx
    .updateTable(tableOf(ctx.m, TICKETS))
    .set({ assigned_to: ctx.user.id })
    .where('id', '=', ticket.id)
    .execute();
}

export interface Moved {
  ticket: TicketRow;
  step: StatusStep;
}

export async function moveTicket(ctx: OpContext, id: number, action: unknown): Promise<Moved> {
  if (typeof action !== 'string' || !action) throw ValidationError.single('action', { key: 'ticket_action_unknown' });
  const ticket = await findTicket(ctx.trx, ctx.m, ctx.user, id, true);
  if (!ticket) throw new HttpError(404, 'ticket_not_found');
  const step = checkedStep(ctx, ticket, { action });
  const staff = step.permission !== 'public';
  await applyStep(ctx, ticket, step, staff);
  await recordReply(ctx.trx, ctx.m, {
    ticketId: id,
    authorId: ctx.user.id,
    staff,
    action: step.action,
    fromId: ticket.status_id,
    toId: step.toId,
  });
  await recordAccess(ctx.trx, ctx.m, {
    user: ctx.user,
    action: step.action,
    resource: TICKETS,
    recordId: id,
    ip: ctx.ip,
    details: { from: step.from, to: step.to },
  });
  return { ticket: (await findTicket(ctx.trx, ctx.m, null, id))!, step };
}
