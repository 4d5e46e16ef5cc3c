/**
 * A ticket's lifecycle, read from the status table `ticket_status` (screens/services): the steps
 * leave a status along its edges, each with the edge's permission. An edge whose permission is
 * `public` is the owner's (reply, close, reopen): holding `public` is not enough, the ticket must
 * be the caller's. Any other permission (manage_tickets) is a staff step.
 */
import type { Manifest, StatusTable } from '../../../generator/manifest-types.ts';
import { can } from '../../../engine/core/permissions.ts';
import type { RequestUser } from '../../auth/user.ts';
import { statusIdOf, statusKeyOf, stepsLeaving, type StatusStep } from '../../resources/status-steps.ts';

export const STATUS_TABLE = 'ticket_status';
export const TYPE_TABLE = 'ticket_type';
export const STAFF = 'manage_tickets';
/** The permission that marks an edge as the owner's. */
const OWNER_EDGE = 'public';
/** Statuses in which the conversation is over until the owner reopens it. */
export const FINISHED = new Set(['resolved', 'closed']);

export function statusTable(m: Manifest): StatusTable {
  const table = m.statusTables[STATUS_TABLE];
  if (!table) throw new Error(`status table ${STATUS_TABLE} is missing`);
  return table;
}

export const statusKey = (m: Manifest, id: unknown) => statusKeyOf(statusTable(m), id);
export const statusId = (m: Manifest, key: string) => statusIdOf(statusTable(m), key);

export const isOwner = (user: RequestUser, ticket: { owner_id: unknown }) =>
  user.id !== null && Number(ticket.owner_id) === user.id;

/** May this user take this step on this ticket: the owner's edges for the owner only, the others by permission. */
export function mayTake(user: RequestUser, ticket: { owner_id: unknown }, step: StatusStep): boolean {
  if (step.permission === OWNER_EDGE) return isOwner(user, ticket);
  return !step.permission || can(user, step.permission);
}

/** The steps the user may take on the ticket now. */
export function stepsFor(
  m: Manifest,
  user: RequestUser,
  ticket: { owner_id: unknown; status_id: unknown },
): StatusStep[] {
  return stepsLeaving(statusTable(m), ticket.status_id).filter((s) => mayTake(user, ticket, s));
}

/** The step of `action` (or towards status `toId`) leaving the ticket's status, whoever may take it. */
export function findStep(
  m: Manifest,
  ticket: { status_id: unknown },
  wanted: { action?: string; toId?: number },
): StatusStep | undefined {
  return stepsLeaving(statusTable(m), ticket.status_id).find((s) =>
    wanted.action !== undefined ? s.action === wanted.action : s.toId === wanted.toId,
  );
}
