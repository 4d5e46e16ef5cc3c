/**
 * Moving an excuse along excuse_status: the edge and its permission come from the status table
 * (server/resources/status-steps.ts); rejecting needs a note the student reads; a decision waits
 * for the fee when there is one. Each move is one transaction with its history row and
 * access-log row. The fee's payment marks the excuse paid from finance's paying transaction.
 */
import { sql } from 'kysely';
import type { Manifest } from '../../../generator/manifest-types.ts';
import { HttpError, ValidationError } from '../../http/errors.ts';
import { recordAccess } from '../../resources/access-log.ts';
import { stepsLeaving, stepsOpenTo, type StatusStep } from '../../resources/status-steps.ts';
import { onStudentFeePaid } from '../finance/fee-paid.ts';
import { cancelUnpaidInvoice } from '../finance/ledger-cancel.ts';
import { DECISIONS, NOT_PAID, NOTE_REQUIRED, PAID, statusTable } from './lifecycle.ts';
import type { Op } from './request.ts';
import { EXCUSES, findExcuse, recordEvent, tableOf, type ExcuseRow } from './store.ts';

const NOTE_MAX = 1000;

export interface Moved {
  excuse: ExcuseRow;
  step: StatusStep;
  note: string | null;
}

/** Whether the excuse waits for its fee: a decision is taken once it is paid. */
export const feeDue = (row: ExcuseRow) => Number(row.fee) > 0 && Number(row.payment_status_id) !== PAID;

/** POST /excuses/update_status/{id} {action | status_id, note}: one step of the status table, if this user may take it. */
export async function moveExcuse(
  op: Op,
  id: number,
  action: unknown,
  toStatus: unknown,
  rawNote: unknown,
): Promise<Moved> {
  const { trx, m, user } = op;
  const row = await findExcuse(trx, m, user, id, true);
  if (!row) throw new HttpError(404, 'excuse_not_found');
  const table = statusTable(m);
  const toId = toStatus === undefined || toStatus === null || toStatus === '' ? undefined : Number(toStatus);
  if ((typeof action !== 'string' || !action) && !Number.isInteger(toId))
    throw ValidationError.single('action', { key: 'excuse_action_unknown' });
  const step = stepsLeaving(table, row.status_id).find((s) =>
    typeof action === 'string' && action ? s.action === action : s.toId === toId,
  );
  if (!step) throw new HttpError(409, 'excuse_action_refused');
  if (!stepsOpenTo(table, user, row.status_id).some((s) => s.action === step.action))
    throw new HttpError(403, 'excuse_action_permission');
  // the student's own step (cancel) is theirs alone, whatever else the caller may hold
  if (step.to === 'cancelled' && row.student_id !== user.student_id)
    throw new HttpError(403, 'excuse_action_permission');
  if (DECISIONS.has(step.to) && feeDue(row)) throw new HttpError(409, 'excuse_fee_unpaid');
  const note = typeof rawNote === 'string' ? rawNote.trim() : '';
  if (NOTE_REQUIRED.has(step.to) && !note) throw ValidationError.single('note', { key: 'excuse_note_required' });
  if (note.length > NOTE_MAX)
    throw ValidationError.single('note', { key: 'excuse_note_long', params: { max: NOTE_MAX } });

  const values: Record<string, unknown> = { status_id: step.toId, updated_at: sql`now()` };
  if (DECISIONS.has(step.to))
    Object.assign(values, { decided_at: sql`now()`, decided_by: user.id, staff_note: note || null });
  // a cancelled excuse owes nothing: its unpaid invoice goes with it (a paid fee stays paid)
  const dropInvoice = step.to === 'cancelled' && row.payment_id != null && Number(row.payment_status_id) === NOT_PAID;
  if (dropInvoice) values.payment_id = null;
  await trx.updateTable(tableOf(m, EXCUSES)).set(values).where('id', '=', id).execute();
  if (dropInvoice) await cancelUnpaidInvoice(trx, Number(row.payment_id));
  await recordEvent(trx, m, {
    excuseId: id,
    fromId: row.status_id,
    toId: step.toId,
    action: step.action,
    note: note || null,
    userId: user.id,
  });
  await recordAccess(trx, m, {
    user,
    action: step.action,
    resource: EXCUSES,
    recordId: id,
    ip: op.ip,
    details: { from: step.from, to: step.to, ...(note ? { note } : {}) },
  });
  return { excuse: (await findExcuse(trx, m, null, id))!, step, note: note || null };
}

/**
 * Registers once per process: when an excuse's fee invoice (service_fees) is fully paid, the
 * excuse is marked paid (payment_status_id 1) in the paying transaction, with a history row.
 */
export function listenForPaidFees(manifest: Manifest): void {
  onStudentFeePaid('excuses', 'service_fees', manifest, async (trx, m, invoice) => {
    if (!m.entities[EXCUSES]) return;
    const row = await trx
      .selectFrom(tableOf(m, EXCUSES))
      .select(['id', 'status_id', 'payment_status_id'])
      .where('payment_id', '=', invoice.id)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!row || Number(row.payment_status_id) === PAID) return;
    await trx
      .updateTable(tableOf(m, EXCUSES))
      .set({ payment_status_id: PAID, updated_at: sql`now()` })
      .where('id', '=', row.id)
      .execute();
    await recordEvent(trx, m, {
      excuseId: Number(row.id),
      fromId: Number(row.status_id),
      toId: Number(row.status_id),
      action: 'pay',
      userId: null,
    });
    await recordAccess(trx, m, {
      user: null,
      action: 'pay',
      resource: EXCUSES,
      recordId: Number(row.id),
      details: { payment_id: invoice.id },
    });
  });
}
