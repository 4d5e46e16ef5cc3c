/**
 * The student's side: make a request (one kind, quantity, language, delivery), change it while
 * the office has returned it, cancel it while it is unpaid. Every write is one transaction: the
 * request, its fee invoice (finance's createInvoice) and its history row commit together.
 */
import { sql, type Kysely } from 'kysely';
import type { Manifest } from '../../../generator/manifest-types.ts';
import type { RequestUser } from '../../auth/user.ts';
import { addFieldError, HttpError, ValidationError, type FieldErrors } from '../../http/errors.ts';
import type { Message } from '../../http/messages.ts';
import { recordAccess } from '../../resources/access-log.ts';
import { createInvoice } from '../finance/ledger.ts';
import { cancelUnpaidInvoice } from '../finance/ledger-cancel.ts';
import { KIND_TABLE, statusId, statusKey } from './lifecycle.ts';
import {
  feeOf,
  findRequest,
  newVerificationCode,
  planHours,
  recordEvent,
  referenceOf,
  REQUESTS,
  studentFacts,
  tableOf,
  type RequestRow,
  type StudentFacts,
} from './store.ts';

type Db = Kysely<any>;
type Body = Record<string, unknown>;

export const MAX_QUANTITY = 5;
const ADDRESSED_TO_MAX = 200;
const MAIL_ADDRESS_MAX = 500;
/** student_status ids: 4 graduated (screens/student/student-status.status.yaml). */
const GRADUATED_KEY = 'graduated';

function ruleMessage(m: Manifest, rule: string, fallback: Message): Message {
  const text = m.rules[rule]?.message;
  return text ? { text } : fallback;
}

const intOf = (value: unknown): number | undefined => {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^-?\d{1,9}$/.test(value.trim())) return Number(value);
  return undefined;
};
const textOf = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

function statusIn(m: Manifest, table: string, value: unknown): number | undefined {
  const id = intOf(value);
  return id !== undefined && m.statusTables[table]?.statuses.some((s) => s.id === id) ? id : undefined;
}

export interface Choice {
  kind_id: number;
  quantity: number;
  language_id: number;
  delivery_id: number;
  addressed_to: string | null;
  mail_address: string | null;
}

/**
 * The request's values, or 422 with every field's message at once. `fixed` keeps the kind and
 * quantity of a paid request (the student's edit changes the rest only).
 */
export function readChoice(m: Manifest, body: Body, fixed?: Pick<Choice, 'kind_id' | 'quantity'>): Choice {
  const errors: FieldErrors = {};
  let kind: number | undefined;
  if (fixed) kind = fixed.kind_id;
  else if (Array.isArray(body.kind_id) && body.kind_id.length > 1) {
    addFieldError(errors, 'kind_id', ruleMessage(m, 'single_certificate', { key: 'certificate_action_unknown' }));
  } else {
    kind = statusIn(m, KIND_TABLE, Array.isArray(body.kind_id) ? body.kind_id[0] : body.kind_id);
    if (kind === undefined)
      addFieldError(
        errors,
        'kind_id',
        ruleMessage(m, 'certificate_type_required', { key: 'certificate_action_unknown' }),
      );
  }
  const quantity = fixed
    ? fixed.quantity
    : body.quantity === undefined || body.quantity === null || body.quantity === ''
      ? 1
      : intOf(body.quantity);
  if (quantity === undefined || quantity < 1 || quantity > MAX_QUANTITY)
    addFieldError(errors, 'quantity', { key: 'certificate_quantity_range' });
  const language =
    body.language_id === undefined || body.language_id === null
      ? 1
      : statusIn(m, 'certificate_language', body.language_id);
  if (language === undefined) addFieldError(errors, 'language_id', { key: 'certificate_language_invalid' });
  const delivery =
    body.delivery_id === undefined || body.delivery_id === null
      ? 1
      : statusIn(m, 'certificate_delivery', body.delivery_id);
  if (delivery === undefined) addFieldError(errors, 'delivery_id', { key: 'certificate_delivery_invalid' });

  const kindKey = m.statusTables[KIND_TABLE]?.statuses.find((s) => s.id === kind)?.key;
  const addressedTo = kindKey === 'to_whom_it_may_concern' ? textOf(body.addressed_to) : '';
  if (kindKey === 'to_whom_it_may_concern' && !addressedTo)
    addFieldError(errors, 'addressed_to', { key: 'certificate_addressed_to_required' });
  if (addressedTo.length > ADDRESSED_TO_MAX)
    addFieldError(errors, 'addressed_to', { key: 'certificate_addressed_to_long' });
  const byMail = m.statusTables.certificate_delivery?.statuses.find((s) => s.id === delivery)?.key === 'mail';
  const mailAddress = byMail ? textOf(body.mail_address) : '';
  if (byMail && !mailAddress) addFieldError(errors, 'mail_address', { key: 'certificate_mail_address_required' });
  if (mailAddress.length > MAIL_ADDRESS_MAX)
    addFieldError(errors, 'mail_address', { key: 'certificate_mail_address_long' });
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return {
    kind_id: kind!,
    quantity: quantity!,
    language_id: language!,
    delivery_id: delivery!,
    addressed_to: addressedTo || null,
    mail_address: mailAddress || null,
  };
}

/**
 * Graduation certificates: the graduation certificate for a graduate only (student status
 * `graduated`); the provisional one also for a student whose earned hours cover every credit hour
 * of the program's study plan (results out, graduation not yet recorded).
 */
export async function assertMayRequestKind(db: Db, m: Manifest, student: StudentFacts, kindId: number): Promise<void> {
  const kind = m.statusTables[KIND_TABLE]?.statuses.find((s) => s.id === kindId)?.key;
  const graduated =
    m.statusTables.student_status?.statuses.find((s) => s.id === student.status_id)?.key === GRADUATED_KEY;
  if (kind === 'graduation' && !graduated)
    throw ValidationError.single('kind_id', { key: 'certificate_graduation_only' });
  if (kind === 'temporary_graduation' && !graduated) {
    const hours = await planHours(db, m, student.program_id);
    if (!(hours > 0 && student.earned_hours >= hours))
      throw ValidationError.single('kind_id', { key: 'certificate_temporary_graduation_only' });
  }
}

export interface Created {
  request: RequestRow;
  payment_id: number | null;
}

/** POST /certificates/request: inside the caller's transaction (finance's idempotent()). */
export async function createRequest(
  trx: Db,
  m: Manifest,
  user: RequestUser,
  body: Body,
  ip: string | null,
): Promise<Created> {
  if (typeof user.student_id !== 'number') throw new HttpError(403, 'certificate_students_only');
  const choice = readChoice(m, body);
  const student = await studentFacts(trx, m, user.student_id);
  if (!student) throw new HttpError(403, 'certificate_students_only');
  await assertMayRequestKind(trx, m, student, choice.kind_id);
  const fee = Math.round((await feeOf(trx, m, choice.kind_id)) * choice.quantity * 100) / 100;
  const newId = statusId(m, 'new');
  // One unpaid request per student and kind: the unique open_key decides, also for two at once.
  const openKey = `${student.id}:${choice.kind_id}`;
  const clash = await trx
    .selectFrom(tableOf(m, REQUESTS))
    .select('id')
    .where('open_key', '=', openKey)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (clash) throw new HttpError(409, 'certificate_open_request');
  const inserted = await sql<{ id: number }>`insert into ${sql.table(tableOf(m, REQUESTS))}
      (student_id, student_code, student_name, student_name_local, kind_id, quantity, language_id, delivery_id, addressed_to, mail_address,
       status_id, fee, fee_paid, print_count, verification_code, open_key)
    values (${student.id}, ${student.code}, ${student.name}, ${student.name_local}, ${choice.kind_id}, ${choice.quantity}, ${choice.language_id},
       ${choice.delivery_id}, ${choice.addressed_to}, ${choice.mail_address}, ${newId}, ${fee}, ${fee === 0}, 0, ${newVerificationCode()},
       ${fee > 0 ? openKey : null})
    on conflict do nothing returning id`.execute(trx);
  const id = inserted.rows[0] ? Number(inserted.rows[0].id) : undefined;
  if (id === undefined) throw new HttpError(409, 'certificate_open_request');
  const code = referenceOf(id);
  let paymentId: number | null = null;
  if (fee > 0) {
    const kindName = m.statusTables[KIND_TABLE]!.statuses.find((s) => s.id === choice.kind_id)!.name;
    const invoice = await createInvoice(trx, {
      student_id: student.id,
      billing: 'certificate_fees',
      amount: fee,
      description: `${kindName} x ${choice.quantity} (${code})`,
      created_by: user.id,
    });
    paymentId = invoice.id;
  }
  await trx.updateTable(tableOf(m, REQUESTS)).set({ code, payment_id: paymentId }).where('id', '=', id).execute();
  await recordEvent(trx, m, { requestId: id, fromId: null, toId: newId, action: 'request', userId: user.id });
  if (fee === 0) await submitRequest(trx, m, id, user.id, 'submit');
  await recordAccess(trx, m, {
    user,
    action: 'create',
    resource: REQUESTS,
    recordId: id,
    ip,
    details: { code, fee, payment_id: paymentId },
  });
  const request = (await findRequest(trx, m, null, id))!;
  return { request, payment_id: paymentId };
}

/** new -> in_review (paid or free) and incomplete -> in_review (sent again): stamps and history. */
export async function submitRequest(
  trx: Db,
  m: Manifest,
  id: number,
  userId: number | null,
  action: string,
): Promise<void> {
  const row = await trx
    .selectFrom(tableOf(m, REQUESTS))
    .select(['status_id'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const to = statusId(m, 'in_review');
  await trx
    .updateTable(tableOf(m, REQUESTS))
    .set({
      status_id: to,
      open_key: null,
      submitted_at: sql`coalesce(submitted_at, now())`,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .execute();
  await recordEvent(trx, m, { requestId: id, fromId: Number(row.status_id), toId: to, action, userId });
}

/** PUT /certificates/request/{id}: the student's changes to a returned request, sent again for review. */
export async function resubmitRequest(
  trx: Db,
  m: Manifest,
  user: RequestUser,
  id: number,
  body: Body,
  ip: string | null,
): Promise<RequestRow> {
  const row = await findRequest(trx, m, user, id, true);
  if (!row || row.student_id !== user.student_id) throw new HttpError(404, 'certificate_not_found');
  if (statusKey(m, row.status_id) !== 'incomplete') throw new HttpError(409, 'certificate_edit_incomplete_only');
  const choice = readChoice(m, body, { kind_id: row.kind_id, quantity: row.quantity });
  await trx
    .updateTable(tableOf(m, REQUESTS))
    .set({
      language_id: choice.language_id,
      delivery_id: choice.delivery_id,
      addressed_to: choice.addressed_to,
      mail_address: choice.mail_address,
    })
    .where('id', '=', id)
    .execute();
  await submitRequest(trx, m, id, user.id, 'submit');
  await recordAccess(trx, m, {
    user,
    action: 'update',
    resource: REQUESTS,
    recordId: id,
    ip,
    details: { action: 'submit' },
  });
  return (await findRequest(trx, m, null, id))!;
}

/** DELETE /certificates/request/{id}: an unpaid request is cancelled (soft delete) and its invoice with it. */
export async function cancelRequest(
  trx: Db,
  m: Manifest,
  user: RequestUser,
  id: number,
  ip: string | null,
): Promise<void> {
  const row = await findRequest(trx, m, user, id, true);
  if (!row || row.student_id !== user.student_id) throw new HttpError(404, 'certificate_not_found');
  if (statusKey(m, row.status_id) !== 'new' || row.fee_paid) throw new HttpError(409, 'certificate_cancel_new_only');
  // The request lets go of its invoice, then the invoice goes: one paid meanwhile refuses and
  // rolls the whole cancel back.
  await trx
    .updateTable(tableOf(m, REQUESTS))
    .set({ deleted_at: sql`now()`, open_key: null, payment_id: null, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
  if (row.payment_id != null) await cancelUnpaidInvoice(trx, Number(row.payment_id));
  await recordAccess(trx, m, {
    user,
    action: 'delete',
    resource: REQUESTS,
    recordId: id,
    ip,
    details: { payment_id: row.payment_id },
  });
}
