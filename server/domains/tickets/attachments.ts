/**
 * A reply's attachment: one pdf, jpg or png file of at most 5 MB, sent as the form's file widget
 * sends it (a data URL `data:<type>;name=<file name>;base64,<content>` in the JSON body). Like the
 * admission files (server/domains/admission/files.ts), the type is told by the content (magic
 * bytes, `file-type`) and must agree with the name's extension: a renamed .exe is refused. Files
 * live in DATA_DIR/uploads/tickets/<ticket id>/ under random names, outside anything served; they
 * are read back only through GET /tickets/attachments/{id} (the ticket's owner and staff).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { safeFileName } from '../../../engine/core/safe-file-name.ts';
import { isPolyglotBuffer } from '../../files/content.ts';
import { ValidationError } from '../../http/errors.ts';

export const MAX_ATTACHMENT_MB = 5;
export const MAX_ATTACHMENT_BYTES = MAX_ATTACHMENT_MB * 1024 * 1024;
export const ACCEPTED = ['pdf', 'jpg', 'png'];
/** The JSON body may carry one base64 file (4/3 of its size) and the texts. */
export const BODY_LIMIT = Math.ceil((MAX_ATTACHMENT_BYTES * 4) / 3) + 64 * 1024;

const SAME: Record<string, string> = { jpeg: 'jpg', jpe: 'jpg' };
const canonical = (ext: string) => SAME[ext.toLowerCase()] ?? ext.toLowerCase();

export interface Attachment {
  name: string;
  ext: string;
  mime: string;
  bytes: Buffer;
}

/** The checked file of `value` (undefined when none was sent), or 422 on `field`. */
export async function readAttachment(value: unknown, field = 'attachment'): Promise<Attachment | undefined> {
  if (value === undefined || value === null || value === '') return undefined;
  const match = typeof value === 'string' ? /^data:([^;,]*)((?:;[^;,]*)*?);base64,(.*)$/s.exec(value) : null;
  if (!match) throw ValidationError.single(field, { key: 'ticket_attachment_invalid' });
  const nameParam = /;name=([^;,]*)/.exec(match[2] ?? '')?.[1];
  let name = 'file';
  try {
    if (nameParam) name = decodeURIComponent(nameParam);
  } catch {
    /* a broken name: the default */
  }
  name = safeFileName(name, 'file');
  // base64 length tells the size before anything is decoded
  const base64 = match[3]!.replace(/\s/g, '');
  if (Math.floor((base64.length * 3) / 4) > MAX_ATTACHMENT_BYTES + 2)
    throw ValidationError.single(field, { key: 'ticket_attachment_too_large', params: { limit: MAX_ATTACHMENT_MB } });
  const bytes = Buffer.from(base64, 'base64');
  if (!bytes.length) throw ValidationError.single(field, { key: 'ticket_attachment_invalid' });
  if (bytes.length > MAX_ATTACHMENT_BYTES)
    throw ValidationError.single(field, { key: 'ticket_attachment_too_large', params: { limit: MAX_ATTACHMENT_MB } });
  const ext = canonical(path.extname(name).slice(1));
  if (!ACCEPTED.includes(ext))
    throw ValidationError.single(field, { key: 'ticket_attachment_type', params: { types: ACCEPTED.join(', ') } });
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || canonical(detected.ext) !== ext)
    throw ValidationError.single(field, { key: 'ticket_attachment_content' });
  if (isPolyglotBuffer(bytes, detected)) throw ValidationError.single(field, { key: 'upload_polyglot' });
  return { name, ext, mime: detected.mime, bytes };
}

export const ticketDir = (uploadsDir: string, ticketId: number) => path.join(uploadsDir, 'tickets', String(ticketId));

/** Writes the file under a random name; returns that name. The caller removes it if its transaction fails. */
export async function storeAttachment(uploadsDir: string, ticketId: number, file: Attachment): Promise<string> {
  const dir = ticketDir(uploadsDir, ticketId);
  await mkdir(dir, { recursive: true });
  const stored = `${randomBytes(16).toString('hex')}.${file.ext}`;
  await writeFile(path.join(dir, stored), file.bytes, { flag: 'wx' });
  return stored;
}

export async function removeAttachment(uploadsDir: string, ticketId: number, stored: string): Promise<void> {
  await rm(path.join(ticketDir(uploadsDir, ticketId), path.basename(stored)), { force: true });
}

export const attachmentPath = (uploadsDir: string, ticketId: number, stored: string) =>
  path.join(ticketDir(uploadsDir, ticketId), path.basename(stored));
