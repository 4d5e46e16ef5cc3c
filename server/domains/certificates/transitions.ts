/**
 * Moving a request along certificate_request_status: the edge and its permission come from the
 * status table (lifecycle.ts); the note is required towards incomplete and rejected; each move
 * is one transaction with its history row and access log row. The fee's payment moves a new
 * request to in_review from finance's paying transaction (onInvoicePaid).
 */
import { sql, type Kysely } from 'kysely';
import type { Manifest } from '../../../generator/manifest-types.ts';
import type { RequestUser } from '../../auth/user.ts';
import { HttpError, ValidationError } from '../../http/errors.ts';
import { recordAccess } from '../../resources/access-log.ts';
import { onStudentFeePaid } from '../finance/fee-paid.ts';
import { allowedSteps, NOTE_REQUIRED, STAMPS, statusKey, stepsFrom } from './lifecycle.ts';
import { submitRequest } from './request.ts';
import { findRequest, recordEvent, REQUESTS, tableOf, type RequestRow } from './store.ts';

type Db = Kysely<any>;
const NOTE_MAX = 1000;

export interface Moved {
  request: RequestRow;
  from: string;
  to: string;
  note: string | null;
}

/** POST /certificates/status/{id} {action, note}: one step of the status table, if this user may take it. */
export async function moveRequest(
  trx: Db,
  m: Manifest,
  user: RequestUser,
  id: number,
  action: unknown,
  rawNote: unknown,
  ip: string | null,
): Promise<Moved> {
  const row = await findRequest(trx, m, user, id, true);
  if (!row) throw new HttpError(404, 'certificate_not_found');
  // the action's name, or the status it leads to (the decision form sends status_id)
  const toId =
    typeof action === 'object' && action !== null ? Number((action as { status_id?: unknown }).status_id) : undefined;
  if ((typeof action !== 'string' || !action) && !Number.isInteger(toId))
    throw ValidationError.single('action', { key: 'certificate_action_unknown' });
  const step = stepsFrom(m, row.status_id).find((s) => (toId === undefined ? s.action === action : s.toId === toId));
  if (!step) throw new HttpError(409, 'certificate_action_refused');
  if (!allowedSteps(m, user, row.status_id).some((s) => s.action === step.action))
    throw new HttpError(403, 'certificate_action_permission');
  // A request leaves `new` only once its fee is paid (finance moves it then).
  if (step.from === 'new' && !row.fee_paid) throw new HttpError(409, 'certificate_action_refused');
  const note = typeof rawNote === 'string' ? rawNote.trim() : '';
  if (NOTE_REQUIRED.has(step.to) && !note) throw ValidationError.single('note', { key: 'certificate_note_required' });
  if (note.length > NOTE_MAX) throw ValidationError.single('note', { key: 'certificate_note_long' });
  if (step.to === 'in_review') {
    // The student sends a returned request again: same bookkeeping as the first submission.
    await submitRequest(trx, m, id, user.id, step.action);
  } else {
    const values: Record<string, unknown> = { status_id: step.toId, updated_at: sql`now()` };
    const stamp = STAMPS[step.to];
    if (stamp) values[stamp] = stamp === 'approved_at' ? sql`coalesce(approved_at, now())` : sql`now()`;
    if (step.to === 'dean_signed') values.signed_by = user.id;
    if (note) values.staff_note = note;
    await trx.updateTable(tableOf(m, REQUESTS)).set(values).where('id', '=', id).execute();
    await recordEvent(trx, m, {
      requestId: id,
      fromId: row.status_id,
      toId: step.toId,
      action: step.action,
      note: note || null,
      userId: user.id,
    });
  }
  await recordAccess(trx, m, {
    user,
    action: step.action,
    resource: REQUESTS,
    recordId: id,
    ip,
    details: { from: step.from, to: step.to, ...(note ? { note } : {}) },
  });
  return { request: (await findRequest(trx, m, null, id))!, from: step.from, to: step.to, note: note || null };
}

/**
 * Registers once per process: when a certificate fee invoice is fully paid, its request (new)
 * is marked paid and moves to in_review in the paying transaction.
 */
export function listenForPaidFees(manifest: Manifest): void {
  onStudentFeePaid('certificates', 'certificate_fees', manifest, async (trx, m, invoice) => {
    if (!m.entities[REQUESTS]) return;
    const row = (await trx
      .selectFrom(tableOf(m, REQUESTS))
      .selectAll()
      .where('payment_id', '=', invoice.id)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst()) as RequestRow | undefined;
    if (!row || row.fee_paid) return;
    await trx.updateTable(tableOf(m, REQUESTS)).set({ fee_paid: true }).where('id', '=', row.id).execute();
    if (statusKey(m, row.status_id) === 'new') await submitRequest(trx, m, row.id, null, 'pay');
    await recordAccess(trx, m, {
      user: null,
      action: 'pay',
      resource: REQUESTS,
      recordId: row.id,
      details: { payment_id: invoice.id },
    });
  });
}
