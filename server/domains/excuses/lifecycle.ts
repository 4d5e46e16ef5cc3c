/**
 * The excuse's lifecycle, read from the status table `excuse_status` (screens/services): the
 * steps leaving a status and those a user's permissions open (server/resources/status-steps.ts).
 * Nothing here names a permission; the statuses with a meaning of their own are named by key.
 */
import type { Manifest, StatusTable } from '../../../generator/manifest-types.ts';
import { statusIdOf, statusKeyOf } from '../../resources/status-steps.ts';

export const STATUS_TABLE = 'excuse_status';
export const TYPE_TABLE = 'excuse_type';
export const PAYMENT_TABLE = 'excuse_payment_status';

/** Steps whose target needs a reason the student reads. */
export const NOTE_REQUIRED = new Set(['rejected']);
/** The decisions: stamped (decided_at, decided_by) and mailed to the student. */
export const DECISIONS = new Set(['approved', 'rejected']);
/** excuse_payment_status ids (portal-core: 0 = nothing paid, the excuse is deleted on cancel). */
export const NOT_PAID = 0;
export const PAID = 1;

export function statusTable(m: Manifest): StatusTable {
  const table = m.statusTables[STATUS_TABLE];
  if (!table) throw new Error(`status table ${STATUS_TABLE} is missing`);
  return table;
}
export const statusId = (m: Manifest, key: string) => statusIdOf(statusTable(m), key);
export const statusKey = (m: Manifest, id: unknown) => statusKeyOf(statusTable(m), id);
export const typeKey = (m: Manifest, id: unknown) =>
  m.statusTables[TYPE_TABLE] ? statusKeyOf(m.statusTables[TYPE_TABLE]!, id) : undefined;
