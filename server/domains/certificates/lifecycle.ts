/**
 * The request's lifecycle, read from the status table `certificate_request_status` (screens/
 * services) through the shared reader (server/resources/status-steps.ts): which steps a user may
 * take from a status, with the edge's own permission. Nothing
 * here names a permission; the few statuses with a meaning of their own (the note, the
 * timestamps, printing, the mails) are named by key.
 */
import type { Manifest, StatusTable } from '../../../generator/manifest-types.ts';
import type { RequestUser } from '../../auth/user.ts';
import {
  actionsOf,
  statusIdOf,
  statusKeyOf,
  stepsLeaving,
  stepsOpenTo,
  type StatusStep,
} from '../../resources/status-steps.ts';

export const STATUS_TABLE = 'certificate_request_status';
export const KIND_TABLE = 'certificate_kind';

/** Steps whose target needs a reason the student reads (return, reject). */
export const NOTE_REQUIRED = new Set(['incomplete', 'rejected']);
/** Statuses from which the certificate exists: it may be printed and it verifies. */
export const ISSUED = new Set([
  'approved',
  'prepared',
  'dean_signed',
  'ready_to_deliver',
  'delivered',
  'delivered_manual',
  'delivered_mail',
]);
export const DELIVERED = new Set(['delivered', 'delivered_manual', 'delivered_mail']);
/** The student is mailed when the request reaches one of these. */
export const MAILED = new Set(['incomplete', 'rejected', 'ready_to_deliver']);
/** The timestamp column a status sets (the first time only for submitted_at and approved_at). */
export const STAMPS: Record<string, string> = {
  in_review: 'submitted_at',
  approved: 'approved_at',
  dean_signed: 'signed_at',
  ready_to_deliver: 'ready_at',
  delivered: 'delivered_at',
  delivered_manual: 'delivered_at',
  delivered_mail: 'delivered_at',
};

export type Step = StatusStep;

export function statusTable(m: Manifest): StatusTable {
  const table = m.statusTables[STATUS_TABLE];
  if (!table) throw new Error(`status table ${STATUS_TABLE} is missing`);
  return table;
}

export const statusId = (m: Manifest, key: string): number => statusIdOf(statusTable(m), key);
export const statusKey = (m: Manifest, id: unknown): string | undefined => statusKeyOf(statusTable(m), id);
/** Every step (edge with an action) leaving the status, whoever may take it. */
export const stepsFrom = (m: Manifest, fromId: unknown): Step[] => stepsLeaving(statusTable(m), fromId);
/** The steps this user may take from the status (the edge's permission held, or none named). */
export const allowedSteps = (m: Manifest, user: RequestUser, fromId: unknown): Step[] =>
  stepsOpenTo(statusTable(m), user, fromId);
/** Every action name of the table (the staff page's buttons). */
export const allActions = (m: Manifest): string[] => actionsOf(statusTable(m));
