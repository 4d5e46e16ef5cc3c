/**
 * The student's side: request a recheck of a course whose results are out (with its fee invoiced
 * through finance), delete it while the fee is unpaid. Asking to cancel a paid one is a step of the
 * status table (transitions.ts). Every write is one transaction: the request, its invoice, its
 * history row and its access-log row commit together.
 */
import { sql, type Kysely } from 'kysely';
import type { Manifest } from '../../../generator/manifest-types.ts';
import type { RequestUser } from '../../auth/user.ts';
import { addFieldError, HttpError, ValidationError, type FieldErrors } from '../../http/errors.ts';
import { recordAccess } from '../../resources/access-log.ts';
import { createInvoice } from '../finance/ledger.ts';
import { cancelUnpaidInvoice } from '../finance/ledger-cancel.ts';
import { studentFacts } from '../certificates/store.ts';
import { paymentStatusId, statusId, statusKey } from './lifecycle.ts';
import {
  findRecheck,
  openKeyOf,
  recheckableCourses,
  recheckFee,
  recordEvent,
  referenceOf,
  RECHECKS,
  tableOf,
  type RecheckRow,
} from './store.ts';

type Db = Kysely<any>;
type Body = Record<string, unknown>;
export const REASON_MAX = 1000;

const intOf = (value: unknown): number | undefined => {
  if (typeof value === 'number' && Number.isInteger(value) && value > 0) return value;
  if (typeof value === 'string' && /^\d{1,12}$/.test(value.trim()) && Number(value) > 0) return Number(value);
  return undefined;
};

export interface Choice {
  registration_id: number;
  reason: string;
}

/** The request's values, or 422 with every field's message at once. */
export function readChoice(body: Body): Choice {
  const errors: FieldErrors = {};
  const registration = intOf(body.registration_id);
  if (registration === undefined) addFieldError(errors, 'registration_id', { key: 'grade_recheck_course_required' });
  const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
  if (!reason) addFieldError(errors, 'reason', { key: 'grade_recheck_reason_required' });
  else if (reason.length > REASON_MAX) addFieldError(errors, 'reason', { key: 'grade_recheck_reason_long' });
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return { registration_id: registration!, reason };
}

export interface Created {
  request: RecheckRow;
  payment_id: number | null;
}

/** POST /grades-recheck/submit-grade-recheck: inside the caller's transaction (finance's idempotent()). */
export async function createRecheck(
  trx: Db,
  m: Manifest,
  user: RequestUser,
  body: Body,
  ip: string | null,
): Promise<Created> {
  if (typeof user.student_id !== 'number') throw new HttpError(403, 'grade_recheck_students_only');
  const choice = readChoice(body);
  const student = await studentFacts(trx, m, user.student_id);
  if (!student) throw new HttpError(403, 'grade_recheck_students_only');
  // The same query the course list is drawn from: published, current or last term, none open.
  const [course] = await recheckableCourses(trx, m, student.id, choice.registration_id, true);
  if (!course) throw ValidationError.single('registration_id', { key: 'grade_recheck_course_not_open' });
  const fee = await recheckFee(trx, m);
  const paid = fee === 0;
  const submitted = statusId(m, 'submitted');
  // One open recheck per student and course: the unique open_key decides, also for two at once.
  const inserted = await sql<{ id: number }>`insert into ${sql.table(tableOf(m, RECHECKS))}
      (student_id, student_code, student_name, student_name_local, registration_id, offering_id, course_id, term_id,
       course_code, course_name, course_name_local, term_name, term_name_local, old_grade, max_mark, reason,
       status_id, payment_status_id, fee, paid_at, open_key)
    values (${student.id}, ${student.code}, ${student.name}, ${student.name_local}, ${course.registration_id}, ${course.offering_id},
       ${course.course_id}, ${course.term_id}, ${course.course_code}, ${course.course_name}, ${course.course_name_local},
       ${course.term_name}, ${course.term_name_local}, ${course.grade}, ${course.max_mark}, ${choice.reason},
       ${submitted}, ${paymentStatusId(m, paid ? 'paid' : 'unpaid')}, ${fee}, ${paid ? sql`now()` : null}, ${openKeyOf(student.id, course.course_id)})
    on conflict do nothing returning id`.execute(trx);
  const id = inserted.rows[0] ? Number(inserted.rows[0].id) : undefined;
  if (id === undefined) throw new HttpError(409, 'grade_recheck_course_not_open');
  const code = referenceOf(id);
  let paymentId: number | null = null;
  if (!paid) {
    const invoice = await createInvoice(trx, {
      student_id: student.id,
      billing: 'grade_recheck_fees',
      amount: fee,
      term_id: course.term_id,
      description: `Grade recheck ${course.course_code} (${code})`,
      created_by: user.id,
    });
    paymentId = invoice.id;
  }
  await trx.updateTable(tableOf(m, RECHECKS)).set({ code, payment_id: paymentId }).where('id', '=', id).execute();
  await recordEvent(trx, m, {
    requestId: id,
    fromId: null,
    toId: submitted,
    action: 'request',
    oldGrade: course.grade,
    userId: user.id,
  });
  await recordAccess(trx, m, {
    user,
    action: 'create',
    resource: RECHECKS,
    recordId: id,
    ip,
    details: { code, registration_id: course.registration_id, grade: course.grade, fee, payment_id: paymentId },
  });
  return { request: (await findRecheck(trx, m, null, id))!, payment_id: paymentId };
}

/**
 * DELETE /grades-recheck/{id}: an unpaid request is cancelled by delete (portal-core section 4):
 * it becomes `cancelled` (history kept), is soft deleted, and its invoice is removed. A paid one:
 * 409, the student asks to cancel it instead.
 */
export async function deleteRecheck(
  trx: Db,
  m: Manifest,
  user: RequestUser,
  id: number,
  ip: string | null,
): Promise<void> {
  const row = await findRecheck(trx, m, user, id, true);
  if (!row || row.student_id !== user.student_id) throw new HttpError(404, 'grade_recheck_not_found');
  if (Number(row.payment_status_id) !== paymentStatusId(m, 'unpaid') || statusKey(m, row.status_id) !== 'submitted') {
    throw new HttpError(409, 'grade_recheck_delete_unpaid_only');
  }
  const cancelled = statusId(m, 'cancelled');
  // The request lets go of its invoice, then the invoice goes: one paid meanwhile refuses
  // (finance's cancelUnpaidInvoice) and rolls the whole delete back.
  await trx
    .updateTable(tableOf(m, RECHECKS))
    .set({
      status_id: cancelled,
      deleted_at: sql`now()`,
      open_key: null,
      payment_id: null,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .execute();
  if (row.payment_id != null) await cancelUnpaidInvoice(trx, Number(row.payment_id));
  await recordEvent(trx, m, {
    requestId: id,
    fromId: Number(row.status_id),
    toId: cancelled,
    action: 'delete',
    userId: user.id,
  });
  await recordAccess(trx, m, {
    user,
    action: 'delete',
    resource: RECHECKS,
    recordId: id,
    ip,
    details: { payment_id: row.payment_id },
  });
}
