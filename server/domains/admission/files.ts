/**
 * The applicant's files (admission-and-grid section 5): one per file field of the form, 30 MB
 * at most, its type told by its content (magic bytes, `file-type`) and required to agree with
 * the name's extension and the field's accepted types, so an .exe renamed .pdf is refused.
 * Files live in DATA_DIR/uploads/applicants/<id>/ under random names, outside anything served
 * statically; they are read back only through the API (the applicant's secret, or staff).
 */
import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { mimeOfExtension } from '../../../engine/core/file-types.ts';
import { receiveFile } from '../../files/receive.ts';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { FormField } from '../../../generator/manifest-types.ts';
import { jsonValue } from '../../db/json.ts';
import { HttpError, ValidationError } from '../../http/errors.ts';
import { recordAccess } from '../../resources/access-log.ts';
import { APPLICANTS_TABLE, authorize, doneTabs, findApplicant, requireEditable } from './applicants.ts';
import type { AdmissionContext } from './application.ts';
import { admissionWizard, applicantTabs, fileFields } from './tabs.ts';

export const DOCUMENTS_TABLE = 'applicant_documents';
/** admission-and-grid section 9: 30 MB per file in the admission forms. */
export const MAX_FILE_MB = 30;
export const MAX_FILE_BYTES = MAX_FILE_MB * 1024 * 1024;

type Db = Kysely<any> | Transaction<any>;

export interface DocumentRow {
  id: number;
  applicant_id: number;
  field: string;
  short_name: string;
  stored_name: string;
  mime: string | null;
  extension: string | null;
  size: number;
  sha256: string | null;
  updated_at: Date | null;
}

/** Spellings of one type, as accept lists and file names write them. */
const SAME: Record<string, string> = { jpeg: 'jpg', jpe: 'jpg', tiff: 'tif' };
const canonical = (ext: string) => SAME[ext.toLowerCase()] ?? ext.toLowerCase();

/** The value a form's file field keeps: what the browser shows as the file name. */
export function fileReference(doc: Pick<DocumentRow, 'field' | 'short_name'>): string {
  return `files/${doc.field}/${doc.short_name}`;
}

export function documentAnswer(doc: DocumentRow) {
  return {
    id: Number(doc.id),
    field: doc.field,
    short_name: doc.short_name,
    size: Number(doc.size),
    url: `/api/admission/${doc.applicant_id}/files/${doc.field}`,
    updated_at: doc.updated_at,
  };
}

export async function listDocuments(db: Db, applicantId: number): Promise<DocumentRow[]> {
  return (await db
    .selectFrom(DOCUMENTS_TABLE)
    .selectAll()
    .where('applicant_id', '=', applicantId)
    .orderBy('id')
    .execute()) as DocumentRow[];
}

/** Field name -> the reference of its stored file. */
export async function storedFiles(db: Db, applicantId: number): Promise<Map<string, string>> {
  return new Map((await listDocuments(db, applicantId)).map((d) => [d.field, fileReference(d)]));
}

/**
 * Drops the stored files of `fields` (a tab saved with a choice that no longer asks for them:
 * card payment instead of a manual receipt, an Egyptian's passport copy): the documents' rows
 * in the caller's transaction; `removeStoredFiles` deletes the files once it has committed.
 */
export async function dropDocuments(db: Db, applicantId: number, fields: readonly string[]): Promise<DocumentRow[]> {
  if (!fields.length) return [];
  const docs = (await db
    .selectFrom(DOCUMENTS_TABLE)
    .selectAll()
    .where('applicant_id', '=', applicantId)
    .where('field', 'in', [...fields])
    .execute()) as DocumentRow[];
  if (docs.length)
    await db
      .deleteFrom(DOCUMENTS_TABLE)
      .where(
        'id',
        'in',
        docs.map((d) => d.id),
      )
      .execute();
  return docs;
}

export async function removeStoredFiles(uploadsDir: string, docs: readonly DocumentRow[]): Promise<void> {
  for (const doc of docs)
    await rm(path.join(uploadsDir, 'applicants', String(doc.applicant_id), path.basename(doc.stored_name)), {
      force: true,
    });
}

function fieldOf(
  ctx: AdmissionContext,
  applicant: Parameters<typeof applicantTabs>[1],
  name: string,
): { tab: string; field: FormField } {
  const wizard = admissionWizard(ctx.manifest);
  const found = fileFields(ctx.manifest, wizard, applicantTabs(wizard, applicant)).get(name);
  if (!found) throw new HttpError(404, 'file_field_unknown', { field: name });
  return found;
}

function acceptedOf(field: FormField): string[] {
  return [...new Set((field.upload?.accept ?? ['pdf', 'jpg', 'png']).map((a) => canonical(a.replace(/^\./, ''))))];
}

export async function uploadFile(ctx: AdmissionContext, request: FastifyRequest, rawId: unknown, fieldName: string) {
  const { applicant } = await authorize(ctx.db, ctx.manifest, request, rawId);
  requireEditable(ctx.manifest, applicant);
  const { tab, field } = fieldOf(ctx, applicant, fieldName);
  if (!request.isMultipart()) throw new HttpError(415, 'file_not_multipart');
  const part = await request.file({ limits: { fileSize: MAX_FILE_BYTES + 1, files: 1 } });
  if (!part || !part.filename) throw ValidationError.single(fieldName, { key: 'file_missing' });

  const dir = path.join(ctx.uploadsDir, 'applicants', String(applicant.id));
  const accepted = acceptedOf(field);
  // The one receiver of the uploads store: size, content by magic bytes, name, polyglots.
  const file = await receiveFile(part, {
    dir,
    maxBytes: MAX_FILE_BYTES,
    accept: [...new Set(accepted.map(mimeOfExtension).filter((m): m is string => !!m))],
    field: fieldName,
    limitText: MAX_FILE_MB,
    typesText: accepted.join(', '),
    messages: {
      tooLarge: 'file_too_large',
      type: 'file_type_not_accepted',
      content: 'file_content_mismatch',
      missing: 'file_missing',
    },
  });
  const storedName = file.storedName;
  try {
    const { doc, replaced } = await ctx.db.transaction().execute(async (trx) => {
      // The status may have changed while the file arrived: check again, under the row lock.
      const locked = await findApplicant(trx, applicant.id, true);
      if (!locked) throw new HttpError(403, 'applicant_secret_invalid');
      requireEditable(ctx.manifest, locked);
      const old = (await trx
        .selectFrom(DOCUMENTS_TABLE)
        .selectAll()
        .where('applicant_id', '=', applicant.id)
        .where('field', '=', fieldName)
        .executeTakeFirst()) as DocumentRow | undefined;
      const values = {
        short_name: file.name,
        stored_name: storedName,
        mime: file.mime,
        extension: canonical(file.ext),
        size: file.size,
        sha256: file.sha256,
      };
      const row = old
        ? await trx
            .updateTable(DOCUMENTS_TABLE)
            .set({ ...values, updated_at: sql`now()` })
            .where('id', '=', old.id)
            .returningAll()
            .executeTakeFirstOrThrow()
        : await trx
            .insertInto(DOCUMENTS_TABLE)
            .values({ applicant_id: applicant.id, field: fieldName, ...values })
            .returningAll()
            .executeTakeFirstOrThrow();
      await recordAccess(trx, ctx.manifest, {
        user: null,
        action: old ? 'replace_file' : 'upload_file',
        resource: APPLICANTS_TABLE,
        recordId: applicant.id,
        ip: request.ip,
        details: { field: fieldName, tab },
      });
      return { doc: row as DocumentRow, replaced: old };
    });
    if (replaced) await rm(path.join(dir, path.basename(replaced.stored_name)), { force: true });
    return { data: { field: fieldName, value: fileReference(doc), document: documentAnswer(doc) } };
  } catch (error) {
    // The application could no longer take it (its status changed meanwhile): the file goes.
    await rm(path.join(dir, storedName), { force: true });
    throw error;
  }
}

export async function deleteFile(ctx: AdmissionContext, request: FastifyRequest, rawId: unknown, fieldName: string) {
  const removed = await ctx.db.transaction().execute(async (trx) => {
    const { applicant } = await authorize(trx, ctx.manifest, request, rawId, { lock: true });
    requireEditable(ctx.manifest, applicant);
    const { tab } = fieldOf(ctx, applicant, fieldName);
    const doc = (await trx
      .selectFrom(DOCUMENTS_TABLE)
      .selectAll()
      .where('applicant_id', '=', applicant.id)
      .where('field', '=', fieldName)
      .executeTakeFirst()) as DocumentRow | undefined;
    if (!doc) throw new HttpError(404, 'file_not_found');
    await trx.deleteFrom(DOCUMENTS_TABLE).where('id', '=', doc.id).execute();
    // The tab held this file when it was completed: it must be completed again.
    const completed = doneTabs(applicant).filter((t) => t !== tab);
    await trx
      .updateTable(APPLICANTS_TABLE)
      .set({ completed_tabs: jsonValue(completed), updated_at: sql`now()` })
      .where('id', '=', applicant.id)
      .execute();
    await recordAccess(trx, ctx.manifest, {
      user: null,
      action: 'delete_file',
      resource: APPLICANTS_TABLE,
      recordId: applicant.id,
      ip: request.ip,
      details: { field: fieldName },
    });
    return { doc, completed };
  });
  await removeStoredFiles(ctx.uploadsDir, [removed.doc]);
  return { data: { field: fieldName }, completed_tabs: removed.completed };
}

export async function downloadFile(
  ctx: AdmissionContext,
  request: FastifyRequest,
  reply: FastifyReply,
  rawId: unknown,
  fieldName: string,
) {
  const { applicant } = await authorize(ctx.db, ctx.manifest, request, rawId, { staffMayRead: true });
  const doc = (await ctx.db
    .selectFrom(DOCUMENTS_TABLE)
    .selectAll()
    .where('applicant_id', '=', applicant.id)
    .where('field', '=', fieldName)
    .executeTakeFirst()) as DocumentRow | undefined;
  if (!doc) throw new HttpError(404, 'file_not_found');
  const file = path.join(ctx.uploadsDir, 'applicants', String(applicant.id), path.basename(doc.stored_name));
  const info = await stat(file).catch(() => null);
  if (!info) throw new HttpError(404, 'file_not_found');
  return reply
    .header('content-type', doc.mime ?? 'application/octet-stream')
    .header('content-length', String(info.size))
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(doc.short_name)}`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(createReadStream(file));
}

export async function listFiles(ctx: AdmissionContext, request: FastifyRequest, rawId: unknown) {
  const { applicant } = await authorize(ctx.db, ctx.manifest, request, rawId, { staffMayRead: true });
  return { data: (await listDocuments(ctx.db, applicant.id)).map(documentAnswer) };
}
