/**
 * The student's side: place an excuse, change it while it is pending, delete it while nothing is
 * paid. Every write is one transaction: the excuse, its fee invoice (finance's createInvoice,
 * billing `service_fees`), its history row and its access-log row commit together; a document
 * written for a transaction that fails is removed by the caller (plugin.ts `written`).
 */
import { sql, type Kysely } from 'kysely';
import type { Manifest } from '../../../generator/manifest-types.ts';
import type { RequestUser } from '../../auth/user.ts';
import { HttpError, ValidationError } from '../../http/errors.ts';
import { recordAccess } from '../../resources/access-log.ts';
import { createInvoice } from '../finance/ledger.ts';
import { cancelUnpaidInvoice } from '../finance/ledger-cancel.ts';
import { studentFacts } from '../certificates/store.ts';
import { readDocument, storeDocument } from './document.ts';
import { NOT_PAID, statusId, statusKey, typeKey } from './lifecycle.ts';
import { currentTerm, readExcuse } from './rules.ts';
import {
  EXCUSES,
  excuseFee,
  findExcuse,
  recordEvent,
  referenceOf,
  storedDocument,
  tableOf,
  type ExcuseRow,
} from './store.ts';

type Db = Kysely<any>;
type Body = Record<string, unknown>;

/** What a write did besides the row: files written (removed if it rolls back) and replaced (removed once it commits). */
export interface Op {
  trx: Db;
  m: Manifest;
  user: RequestUser;
  ip: string | null;
  uploadsDir: string;
  written: Array<{ id: number; stored: string }>;
  replaced: Array<{ id: number; stored: string }>;
}

function ownStudent(user: RequestUser): number {
  if (typeof user.student_id !== 'number') throw new HttpError(403, 'excuse_students_only');
  return user.student_id;
}

/** POST /excuses: a new pending excuse of the current term, with its fee invoice when the university sets one. */
export async function createExcuse(op: Op, body: Body): Promise<{ excuse: ExcuseRow; payment_id: number | null }> {
  const { trx, m, user } = op;
  const studentId = ownStudent(user);
  const student = await studentFacts(trx, m, studentId);
  if (!student) throw new HttpError(403, 'excuse_students_only');
  const term = await currentTerm(trx, m);
  const input = await readExcuse(trx, m, studentId, term, body);
  const file = await readDocument(body.document);
  if (!file && typeKey(m, input.type_id) === 'exam')
    throw ValidationError.single('document', { key: 'excuse_document_required' });
  const fee = await excuseFee(trx, m);
  const pending = statusId(m, 'pending');
  const inserted = await trx
    .insertInto(tableOf(m, EXCUSES))
    .values({
      student_id: studentId,
      student_code: student.code,
      student_name: student.name,
      student_name_local: student.name_local,
      term_id: term.id,
      ...input,
      status_id: pending,
      fee,
      payment_status_id: NOT_PAID,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(inserted.id);
  const code = referenceOf(id);
  let paymentId: number | null = null;
  if (fee > 0) {
    const invoice = await createInvoice(trx, {
      student_id: studentId,
      billing: 'service_fees',
      amount: fee,
      description: `Absence excuse fee (${code})`,
      created_by: user.id,
    });
    paymentId = invoice.id;
  }
  const values: Record<string, unknown> = { code, payment_id: paymentId };
  if (file) {
    const stored = await storeDocument(op.uploadsDir, id, file);
    op.written.push({ id, stored });
    Object.assign(values, {
      document_name: file.name,
      document_size: file.bytes.length,
      document_stored: stored,
      document_mime: file.mime,
    });
  }
  await trx.updateTable(tableOf(m, EXCUSES)).set(values).where('id', '=', id).execute();
  await recordEvent(trx, m, { excuseId: id, fromId: null, toId: pending, action: 'submit', userId: user.id });
  await recordAccess(trx, m, {
    user,
    action: 'create',
    resource: EXCUSES,
    recordId: id,
    ip: op.ip,
    details: { code, fee, payment_id: paymentId },
  });
  return { excuse: (await findExcuse(trx, m, null, id))!, payment_id: paymentId };
}

/** The student's own pending excuse, locked; 404 for anyone else's, 409 once decided or cancelled. */
async function ownPending(
  op: Op,
  id: number,
  refusal: 'excuse_edit_pending_only' | 'excuse_cancel_pending_only',
): Promise<ExcuseRow> {
  const row = await findExcuse(op.trx, op.m, op.user, id, true);
  if (!row || row.student_id !== op.user.student_id) throw new HttpError(404, 'excuse_not_found');
  if (statusKey(op.m, row.status_id) !== 'pending') throw new HttpError(409, refusal);
  return row;
}

/** POST /excuses/{id}: the student's changes while pending; a new document replaces the old one, none keeps it. */
export async function updateExcuse(op: Op, id: number, body: Body): Promise<ExcuseRow> {
  const { trx, m, user } = op;
  const row = await ownPending(op, id, 'excuse_edit_pending_only');
  // the excuse stays in the term it was placed in
  const term = await currentTerm(trx, m);
  if (term.id !== Number(row.term_id)) throw new HttpError(409, 'excuse_edit_pending_only');
  const input = await readExcuse(trx, m, row.student_id, term, body);
  const file = await readDocument(body.document);
  const old = await storedDocument(trx, m, id);
  if (!file && !old.stored && typeKey(m, input.type_id) === 'exam')
    throw ValidationError.single('document', { key: 'excuse_document_required' });
  const values: Record<string, unknown> = { ...input, updated_at: sql`now()` };
  if (file) {
    const stored = await storeDocument(op.uploadsDir, id, file);
    op.written.push({ id, stored });
    if (old.stored) op.replaced.push({ id, stored: old.stored });
    Object.assign(values, {
      document_name: file.name,
      document_size: file.bytes.length,
      document_stored: stored,
      document_mime: file.mime,
    });
  }
  await trx.updateTable(tableOf(m, EXCUSES)).set(values).where('id', '=', id).execute();
  await recordEvent(trx, m, {
    excuseId: id,
    fromId: row.status_id,
    toId: row.status_id,
    action: 'edit',
    userId: user.id,
  });
  await recordAccess(trx, m, {
    user,
    action: 'update',
    resource: EXCUSES,
    recordId: id,
    ip: op.ip,
    details: { ...input, document: file ? file.name : undefined },
  });
  return (await findExcuse(trx, m, null, id))!;
}

/**
 * DELETE /excuses/{id}: a pending excuse with nothing paid (payment_status_id 0) is deleted (soft),
 * with its unpaid invoice; a paid one is cancelled through the status table instead (409 here).
 */
export async function deleteExcuse(op: Op, id: number): Promise<void> {
  const { trx, m, user } = op;
  const row = await ownPending(op, id, 'excuse_cancel_pending_only');
  if (Number(row.payment_status_id) !== NOT_PAID) throw new HttpError(409, 'excuse_paid_cancel_instead');
  // The excuse lets go of its invoice, then the invoice goes: one paid meanwhile refuses and rolls it all back.
  await trx
    .updateTable(tableOf(m, EXCUSES))
    .set({ deleted_at: sql`now()`, payment_id: null, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
  if (row.payment_id != null) await cancelUnpaidInvoice(trx, Number(row.payment_id));
  await recordAccess(trx, m, {
    user,
    action: 'delete',
    resource: EXCUSES,
    recordId: id,
    ip: op.ip,
    details: { payment_id: row.payment_id },
  });
}
