/**
 * Opening a ticket (POST /tickets/new): type, subject and description are required (portal-core
 * section 5), an attachment is optional. The ticket, its first conversation row (the attachment,
 * if any) and the access-log row are written in one transaction.
 */
import { sql } from 'kysely';
import type { Manifest } from '../../../generator/manifest-types.ts';
import { addFieldError, HttpError, ValidationError, type FieldErrors } from '../../http/errors.ts';
import { recordAccess } from '../../resources/access-log.ts';
import { readAttachment, storeAttachment, type Attachment } from './attachments.ts';
import { textOf, type Body, type OpContext } from './context.ts';
import { statusId, TYPE_TABLE } from './lifecycle.ts';
import { findTicket, recordReply, tableOf, ticketCode, TICKETS, type TicketRow } from './store.ts';

export const SUBJECT_MAX = 200;
export const TEXT_MAX = 5000;

export interface TicketInput {
  type_id: number;
  subject: string;
  description: string;
  attachment?: Attachment;
}

const intOf = (value: unknown): number | undefined => {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^\d{1,9}$/.test(value.trim())) return Number(value);
  return undefined;
};

/** The ticket's values, or 422 with every field's message at once. */
export async function readTicket(m: Manifest, body: Body): Promise<TicketInput> {
  const errors: FieldErrors = {};
  const type = intOf(body.type_id);
  if (type === undefined || !m.statusTables[TYPE_TABLE]?.statuses.some((s) => s.id === type)) {
    const rule = m.rules.ticket_type_required?.message;
    addFieldError(errors, 'type_id', rule ? { text: rule } : { key: 'ticket_type_invalid' });
  }
  const subject = textOf(body.subject);
  if (!subject) addFieldError(errors, 'subject', { key: 'ticket_subject_required' });
  else if (subject.length > SUBJECT_MAX) addFieldError(errors, 'subject', { key: 'ticket_subject_long' });
  const description = textOf(body.description);
  if (!description) addFieldError(errors, 'description', { key: 'ticket_description_required' });
  else if (description.length > TEXT_MAX) addFieldError(errors, 'description', { key: 'ticket_text_long' });
  let attachment: Attachment | undefined;
  try {
    attachment = await readAttachment(body.attachment);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    for (const [field, messages] of Object.entries(error.fields))
      messages.forEach((msg) => addFieldError(errors, field, msg));
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return { type_id: type!, subject, description, attachment };
}

export async function openTicket(ctx: OpContext, input: TicketInput): Promise<TicketRow> {
  const { trx, m, user } = ctx;
  if (user.id === null) throw new HttpError(401, 'unauthenticated');
  const open = statusId(m, 'open');
  const inserted = await trx
    .insertInto(tableOf(m, TICKETS))
    .values({
      owner_id: user.id,
      type_id: input.type_id,
      subject: input.subject,
      description: input.description,
      status_id: open,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(inserted.id);
  const code = ticketCode(id);
  await trx
    .updateTable(tableOf(m, TICKETS))
    .set({ code, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
  let file = null;
  if (input.attachment) {
    const stored = await storeAttachment(ctx.uploadsDir, id, input.attachment);
    ctx.written.push({ ticketId: id, stored });
    file = { name: input.attachment.name, stored, mime: input.attachment.mime, size: input.attachment.bytes.length };
  }
  // The opening row of the conversation: the status it starts in, and the attachment if any.
  await recordReply(trx, m, { ticketId: id, authorId: user.id, staff: false, action: 'open', toId: open, file });
  await recordAccess(trx, m, {
    user,
    action: 'create',
    resource: TICKETS,
    recordId: id,
    ip: ctx.ip,
    details: { code, type_id: input.type_id, attachment: !!file },
  });
  return (await findTicket(trx, m, null, id))!;
}
