/**
 * The request's lifecycle, read from the status table `certificate_request_status` (screens/
 * services): which steps a user may take from a status, with the edge's own permission. Nothing
 * here names a permission; the few statuses with a meaning of their own (the note, the
 * timestamps, printing, the mails) are named by key.
 */
import type { Manifest, StatusTable } from '../../../generator/manifest-types.ts';
import { can } from '../../../engine/core/permissions.ts';
import type { RequestUser } from '../../auth/user.ts';

export const STATUS_TABLE = 'certificate_request_status';
export const KIND_TABLE = 'certificate_kind';

/** Steps whose target needs a reason the student reads (return, reject). */
export const NOTE_REQUIRED = new Set(['incomplete', 'rejected']);
/** Statuses from which the certificate exists: it may be printed and it verifies. */
export const ISSUED = new Set(['approved', 'prepared', 'dean_signed', 'ready_to_deliver', 'delivered', 'delivered_manual', 'delivered_mail']);
export const DELIVERED = new Set(['delivered', 'delivered_manual', 'delivered_mail']);
/** The student is mailed when the request reaches one of these. */
export const MAILED = new Set(['incomplete', 'rejected', 'ready_to_deliver']);
/** The timestamp column a status sets (the first time only for submitted_at and approved_at). */
export const STAMPS: Record<string, string> = {
  in_review: 'submitted_at', approved: 'approved_at', dean_signed: 'signed_at', ready_to_deliver: 'ready_at',
  delivered: 'delivered_at', delivered_manual: 'delivered_at', delivered_mail: 'delivered_at',
};

export interface Step { action: string; from: string; to: string; toId: number; permission?: string }

export function statusTable(m: Manifest): StatusTable {
  const table = m.statusTables[STATUS_TABLE];
  if (!table) throw new Error(`status table ${STATUS_TABLE} is missing`);
  return table;
}

export function statusId(m: Manifest, key: string): number {
  const status = statusTable(m).statuses.find((s) => s.key === key);
  if (!status) throw new Error(`status ${key} is not in ${STATUS_TABLE}`);
  return status.id;
}

export function statusKey(m: Manifest, id: unknown): string | undefined {
  return statusTable(m).statuses.find((s) => s.id === Number(id))?.key;
}

/** Every step (edge with an action) leaving the status, whoever may take it. */
export function stepsFrom(m: Manifest, fromId: unknown): Step[] {
  const from = statusKey(m, fromId);
  if (!from) return [];
  return (statusTable(m).transitions ?? [])
    .filter((t) => t.action && (t.from.includes('*') || t.from.includes(from)))
    .map((t) => ({ action: t.action!, from, to: t.to, toId: statusId(m, t.to), permission: t.permission }));
}

/** The steps this user may take from the status (the edge's permission held, or none named). */
export function allowedSteps(m: Manifest, user: RequestUser, fromId: unknown): Step[] {
  return stepsFrom(m, fromId).filter((s) => !s.permission || can(user, s.permission));
}

/** Every action name of the table (the staff page's buttons). */
export function allActions(m: Manifest): string[] {
  return [...new Set((statusTable(m).transitions ?? []).flatMap((t) => (t.action ? [t.action] : [])))];
}
