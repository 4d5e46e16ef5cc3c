/**
 * Moving a recheck along grade_recheck_status: the edge and its permission come from the status
 * table (lifecycle.ts); the office acts only once the fee is paid; the owner-only step
 * (cancel_request) is the request's student's. "Grade changed" writes the new mark to the
 * registration in the same transaction as the request, its history row (old and new mark) and
 * two access-log rows (the request's step and the registration's mark).
 *
 * The office's correction is not the instructor's grade entry: the grades domain refuses marks
 * once the offering's control status is published or certified (grades/store.ts controlOpen),
 * and that is exactly when a recheck is possible. A recheck's "grade changed" is the decision of
 * the office holding manage_grades_recheck, made after publication by design, so controlOpen is
 * not consulted here (docs/decisions.md, Grade rechecks).
 */
import { sql, type Kysely } from 'kysely';
import type { Manifest } from '../../../generator/manifest-types.ts';
import type { RequestUser } from '../../auth/user.ts';
import { HttpError, ValidationError } from '../../http/errors.ts';
import { recordAccess } from '../../resources/access-log.ts';
import { stepsLeaving } from '../../resources/status-steps.ts';
import { onStudentFeePaid } from '../finance/fee-paid.ts';
import { checkMark, markRules } from '../grades/marks.ts';
import {
  CHANGE_GRADE,
  DECIDED,
  NOTE_REQUIRED,
  OPEN,
  OWNER_STEPS,
  openSteps,
  paymentStatusId,
  statusTable,
} from './lifecycle.ts';
import {
  findRecheck,
  lockRegistration,
  recordEvent,
  RECHECKS,
  tableOf,
  writeRegistrationGrade,
  type RecheckRow,
} from './store.ts';

type Db = Kysely<any>;
const NOTE_MAX = 1000;

export interface Moved {
  request: RecheckRow;
  from: string;
  to: string;
  note: string | null;
}
export interface StepInput {
  action?: unknown;
  status_id?: unknown;
  note?: unknown;
  new_grade?: unknown;
}

/** One step of the status table on request `id`, if this user may take it now. */
export async function moveRecheck(
  trx: Db,
  m: Manifest,
  user: RequestUser,
  id: number,
  input: StepInput,
  ip: string | null,
): Promise<Moved> {
  const row = await findRecheck(trx, m, user, id, true);
  if (!row) throw new HttpError(404, 'grade_recheck_not_found');
  const table = statusTable(m);
  // the action's name, or the status it leads to (a decision form may send status_id)
  const toId =
    input.status_id === undefined || input.status_id === null || input.status_id === ''
      ? undefined
      : Number(input.status_id);
  if ((typeof input.action !== 'string' || !input.action) && !Number.isInteger(toId))
    throw ValidationError.single('action', { key: 'grade_recheck_action_unknown' });
  const step = stepsLeaving(table, row.status_id)
    .filter((s) => s.action !== 'delete') // the unpaid request's delete is its own call (DELETE /grades-recheck/{id})
    .find((s) => (typeof input.action === 'string' && input.action ? s.action === input.action : s.toId === toId));
  if (!step) throw new HttpError(409, 'grade_recheck_action_refused');
  if (!openSteps(m, user, row).some((s) => s.action === step.action)) {
    const paid = Number(row.payment_status_id) === paymentStatusId(m, 'paid');
    const owner = user.student_id === Number(row.student_id);
    if (!paid && OWNER_STEPS.has(step.action) && owner) throw new HttpError(409, 'grade_recheck_cancel_paid_only');
    if (!paid && !OWNER_STEPS.has(step.action)) throw new HttpError(409, 'grade_recheck_not_paid');
    throw new HttpError(403, 'grade_recheck_action_permission');
  }
  const note = typeof input.note === 'string' ? input.note.trim() : '';
  if (NOTE_REQUIRED.has(step.action) && !note)
    throw ValidationError.single('note', { key: 'grade_recheck_note_required' });
  if (note.length > NOTE_MAX) throw ValidationError.single('note', { key: 'grade_recheck_note_long' });

  const values: Record<string, unknown> = { status_id: step.toId, updated_at: sql`now()` };
  let marks: { old: number | null; new: number } | undefined;
  if (step.action === CHANGE_GRADE) {
    const registration = await lockRegistration(trx, m, Number(row.registration_id));
    if (!registration) throw new HttpError(409, 'grade_recheck_registration_gone');
    const raw = input.new_grade;
    if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
      throw ValidationError.single('new_grade', { key: 'grade_recheck_new_grade_required' });
    }
    // the instructor grid's own check: a number from 0, 2 decimals, not above the maximum
    const checked = checkMark(raw, registration.max_mark, markRules(m));
    if ('error' in checked) throw ValidationError.single('new_grade', checked.error);
    if (checked.value === registration.grade)
      throw ValidationError.single('new_grade', { key: 'grade_recheck_same_grade' });
    marks = { old: registration.grade, new: checked.value! };
    await writeRegistrationGrade(trx, m, Number(row.registration_id), marks.new);
    values.new_grade = marks.new;
  }
  if (!OPEN.has(step.to)) values.open_key = null;
  if (DECIDED.has(step.to)) Object.assign(values, { decided_at: sql`now()`, decided_by: user.id });
  if (note && !OWNER_STEPS.has(step.action)) values.staff_note = note;
  await trx.updateTable(tableOf(m, RECHECKS)).set(values).where('id', '=', id).execute();
  await recordEvent(trx, m, {
    requestId: id,
    fromId: Number(row.status_id),
    toId: step.toId,
    action: step.action,
    note: note || null,
    oldGrade: marks?.old ?? null,
    newGrade: marks?.new ?? null,
    userId: user.id,
  });
  await recordAccess(trx, m, {
    user,
    action: step.action,
    resource: RECHECKS,
    recordId: id,
    ip,
    details: {
      from: step.from,
      to: step.to,
      ...(note ? { note } : {}),
      ...(marks ? { registration_id: row.registration_id, old_grade: marks.old, new_grade: marks.new } : {}),
    },
  });
  if (marks) {
    // The registration's own row in the access log: its mark was changed by a recheck (old and new in the details).
    await recordAccess(trx, m, {
      user,
      action: 'grade_recheck',
      resource: 'registrations',
      recordId: Number(row.registration_id),
      ip,
      details: { recheck_id: id, code: row.code, old_grade: marks.old, new_grade: marks.new },
    });
  }
  return { request: (await findRecheck(trx, m, null, id))!, from: step.from, to: step.to, note: note || null };
}

/**
 * Registers once per process: when a recheck fee invoice is fully paid (wallet, card, cashier), its
 * request is marked paid in the paying transaction and reaches the office (history action `pay`).
 */
export function listenForPaidFees(manifest: Manifest): void {
  onStudentFeePaid('grade-rechecks', 'grade_recheck_fees', manifest, async (trx, m, invoice) => {
    if (!m.entities[RECHECKS]) return;
    const row = (await trx
      .selectFrom(tableOf(m, RECHECKS))
      .selectAll()
      .where('payment_id', '=', invoice.id)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst()) as RecheckRow | undefined;
    const paid = paymentStatusId(m, 'paid');
    if (!row || Number(row.payment_status_id) === paid) return;
    await trx
      .updateTable(tableOf(m, RECHECKS))
      .set({ payment_status_id: paid, paid_at: sql`now()`, updated_at: sql`now()` })
      .where('id', '=', row.id)
      .execute();
    await recordEvent(trx, m, {
      requestId: row.id,
      fromId: Number(row.status_id),
      toId: Number(row.status_id),
      action: 'pay',
      userId: null,
    });
    await recordAccess(trx, m, {
      user: null,
      action: 'pay',
      resource: RECHECKS,
      recordId: row.id,
      details: { payment_id: invoice.id },
    });
  });
}
