/**
 * The recheck's lifecycle, read from the status table `grade_recheck_status` (screens/services)
 * with the shared step reader (server/resources/status-steps.ts): which steps leave a status and
 * which of them a user's permissions open. Nothing here names a permission; the statuses and
 * steps with a meaning of their own (owner-only steps, the note, the mark, the mails) are named by key.
 */
import type { Manifest, StatusTable } from '../../../generator/manifest-types.ts';
import type { RequestUser } from '../../auth/user.ts';
import { statusIdOf, statusKeyOf, stepsOpenTo, type StatusStep } from '../../resources/status-steps.ts';

export const STATUS_TABLE = 'grade_recheck_status';
export const PAYMENT_TABLE = 'grade_recheck_payment_status';

/** The request's own steps: only its student takes them (staff holding the same permission do not). */
export const OWNER_STEPS = new Set(['delete', 'cancel_request']);
/** Steps that need a note the student reads. */
export const NOTE_REQUIRED = new Set(['reject']);
/** The step that writes the new mark. */
export const CHANGE_GRADE = 'change_grade';
/** While open, the request holds its open_key (one open recheck per student and course). */
export const OPEN = new Set(['submitted', 'in_review', 'cancel_requested']);
/** Outcomes the student is mailed about. */
export const MAILED = new Set(['grade_changed', 'no_change', 'rejected', 'cancelled']);
/** Outcomes that stamp decided_at / decided_by. */
export const DECIDED = new Set(['grade_changed', 'no_change', 'rejected', 'cancelled']);

export function statusTable(m: Manifest): StatusTable {
  const table = m.statusTables[STATUS_TABLE];
  if (!table) throw new Error(`status table ${STATUS_TABLE} is missing`);
  return table;
}

export const statusId = (m: Manifest, key: string): number => statusIdOf(statusTable(m), key);
export const statusKey = (m: Manifest, id: unknown): string | undefined => statusKeyOf(statusTable(m), id);

/** payment_status_id by key: unpaid (0) and paid (1), from grade_recheck_payment_status. */
export function paymentStatusId(m: Manifest, key: 'unpaid' | 'paid'): number {
  const table = m.statusTables[PAYMENT_TABLE];
  if (!table) throw new Error(`status table ${PAYMENT_TABLE} is missing`);
  return statusIdOf(table, key);
}

/**
 * The steps this user may take on this request now: the edge's permission held; the owner-only
 * steps for the request's own student only; staff steps only once the fee is paid (an unpaid
 * request is not with the office yet), and the owner's `delete` only while unpaid.
 */
export function openSteps(
  m: Manifest,
  user: RequestUser,
  row: { status_id: unknown; student_id: unknown; payment_status_id: unknown },
): StatusStep[] {
  const paid = Number(row.payment_status_id) === paymentStatusId(m, 'paid');
  const owner = typeof user.student_id === 'number' && user.student_id === Number(row.student_id);
  return stepsOpenTo(statusTable(m), user, row.status_id).filter((s) => {
    if (s.action === 'delete') return owner && !paid;
    if (OWNER_STEPS.has(s.action)) return owner && paid;
    return paid;
  });
}
