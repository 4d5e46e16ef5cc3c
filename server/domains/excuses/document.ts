/**
 * The excuse's supporting document (a medical report): one pdf, jpg or png file of at most
 * MAX_DOCUMENT_MB, sent as the form's file widget sends it (a data URL
 * `data:<type>;name=<file name>;base64,<content>` in the JSON body). As for admission's files
 * (server/domains/admission/files.ts), the type is told by the content (magic bytes, `file-type`)
 * and must agree with the name's extension: a renamed .exe is refused. Files live in
 * DATA_DIR/uploads/excuses/<excuse id>/ under random names, outside anything served; they are
 * read back only through GET /excuses/document/{id} (the owner and staff with access_excuses).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { safeFileName } from '../../../engine/core/safe-file-name.ts';
import { isPolyglotBuffer } from '../../files/content.ts';
import { ValidationError } from '../../http/errors.ts';
import type { MessageKey, MessageParams } from '../../http/messages.ts';

export const MAX_DOCUMENT_MB = 5;
export const MAX_DOCUMENT_BYTES = MAX_DOCUMENT_MB * 1024 * 1024;
export const ACCEPTED = ['pdf', 'jpg', 'png'];
/** The JSON body carries one base64 file (4/3 of its size) and the texts. */
export const BODY_LIMIT = Math.ceil((MAX_DOCUMENT_BYTES * 4) / 3) + 64 * 1024;

const SAME: Record<string, string> = { jpeg: 'jpg', jpe: 'jpg' };
const canonical = (ext: string) => SAME[ext.toLowerCase()] ?? ext.toLowerCase();

export interface DocumentFile {
  name: string;
  ext: string;
  mime: string;
  bytes: Buffer;
}

/** The checked file of `value` (undefined when none was sent), or 422 on `document`. */
export async function readDocument(value: unknown): Promise<DocumentFile | undefined> {
  if (value === undefined || value === null || value === '') return undefined;
  const refuse = (key: MessageKey, params?: MessageParams) => ValidationError.single('document', { key, params });
  const match = typeof value === 'string' ? /^data:([^;,]*)((?:;[^;,]*)*?);base64,(.*)$/s.exec(value) : null;
  if (!match) throw refuse('excuse_document_invalid');
  let name = 'document';
  try {
    const param = /;name=([^;,]*)/.exec(match[2] ?? '')?.[1];
    if (param) name = decodeURIComponent(param);
  } catch {
    /* a broken name: the default */
  }
  name = safeFileName(name, 'document');
  const base64 = match[3]!.replace(/\s/g, '');
  // the length tells the size before anything is decoded
  if (Math.floor((base64.length * 3) / 4) > MAX_DOCUMENT_BYTES + 2)
    throw refuse('excuse_document_too_large', { limit: MAX_DOCUMENT_MB });
  const bytes = Buffer.from(base64, 'base64');
  if (!bytes.length) throw refuse('excuse_document_invalid');
  if (bytes.length > MAX_DOCUMENT_BYTES) throw refuse('excuse_document_too_large', { limit: MAX_DOCUMENT_MB });
  const ext = canonical(path.extname(name).slice(1));
  if (!ACCEPTED.includes(ext)) throw refuse('excuse_document_type', { types: ACCEPTED.join(', ') });
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || canonical(detected.ext) !== ext) throw refuse('excuse_document_content');
  if (isPolyglotBuffer(bytes, detected)) throw refuse('upload_polyglot');
  return { name, ext, mime: detected.mime, bytes };
}

export const documentPath = (uploadsDir: string, excuseId: number, stored: string) =>
  path.join(uploadsDir, 'excuses', String(excuseId), path.basename(stored));

/** Writes the file under a random name and returns that name; the caller removes it if its transaction fails. */
export async function storeDocument(uploadsDir: string, excuseId: number, file: DocumentFile): Promise<string> {
  const dir = path.join(uploadsDir, 'excuses', String(excuseId));
  await mkdir(dir, { recursive: true });
  const stored = `${randomBytes(16).toString('hex')}.${file.ext}`;
  await writeFile(path.join(dir, stored), file.bytes, { flag: 'wx' });
  return stored;
}

export async function removeDocument(
  uploadsDir: string,
  excuseId: number,
  stored: string | null | undefined,
): Promise<void> {
  if (stored) await rm(documentPath(uploadsDir, excuseId, stored), { force: true });
}
