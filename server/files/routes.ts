/**
 * The uploads store's API, under /api/sis:
 *   POST /uploads/{resource}/{field}   one file (multipart/form-data), for a record's file field;
 *                                      201 with its reference {id, name, mime, size}, which the
 *                                      record's save then names in the field.
 *   GET  /uploads/{id}                 the file: a picture inline (thumbnails), anything else as
 *                                      a download. Read with the access of its record (the
 *                                      entity's read permission and row scope); a file not yet
 *                                      saved with a record, by its uploader only. Anything else
 *                                      is 404, as if the file did not exist.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Manifest } from '../../generator/manifest-types.ts';
import { isPictureType } from '../../engine/core/file-types.ts';
import { HttpError } from '../http/errors.ts';
import { requireAccess } from '../resources/access.ts';
import { exposedEntity } from '../resources/entity-info.ts';
import { getRow, type ResourceContext } from '../resources/operations.ts';
import { parseId } from '../resources/routes.ts';
import { EntityValidator } from '../resources/validation.ts';
import { recordAccess } from '../resources/access-log.ts';
import { fileFields, fileRef, recordFilesDir, storedPath, UPLOADS_TABLE, type UploadRow } from './record-files.ts';
import { receiveFile } from './receive.ts';

export interface FileRoutesOptions {
  db: Kysely<any>;
  manifest: Manifest;
  uploadsDir: string;
}

/** The largest file any field accepts: multipart's own limit (each field's is checked as the file streams). */
function largestLimit(manifest: Manifest): number {
  let max = 1;
  for (const entity of Object.values(manifest.entities))
    for (const field of fileFields(entity)) max = Math.max(max, field.files?.maxBytes ?? 0);
  return max;
}

export async function fileRoutes(app: FastifyInstance, { db, manifest, uploadsDir }: FileRoutesOptions) {
  await app.register(multipart, { limits: { fileSize: largestLimit(manifest) + 1, files: 1, fields: 0, parts: 1 } });
  const validator = new EntityValidator(manifest);

  app.post<{ Params: { resource: string; field: string } }>('/uploads/:resource/:field', async (request, reply) => {
    const entity = exposedEntity(manifest, request.params.resource);
    if (!entity) throw new HttpError(404, 'unknown_resource', { resource: request.params.resource });
    requireAccess(request.user, entity, 'write');
    const field = fileFields(entity).find((f) => f.name === request.params.field && !f.readOnly);
    if (!field?.files) throw new HttpError(404, 'upload_field_unknown', { field: request.params.field });
    if (!request.isMultipart()) throw new HttpError(415, 'upload_not_multipart');
    const part = await request.file({ limits: { fileSize: field.files.maxBytes + 1, files: 1 } });
    if (!part || !part.filename) throw new HttpError(422, 'upload_missing');
    const file = await receiveFile(part, {
      dir: recordFilesDir(uploadsDir, entity.name),
      maxBytes: field.files.maxBytes,
      accept: field.files.accept,
      field: field.name,
    });
    const row = (await db
      .insertInto(UPLOADS_TABLE)
      .values({
        resource: entity.name,
        field: field.name,
        name: file.name,
        stored_name: file.storedName,
        mime: file.mime,
        size: file.size,
        sha256: file.sha256,
        owner_id: request.user.id,
      })
      .returningAll()
      .executeTakeFirstOrThrow()) as UploadRow;
    reply.status(201);
    return { data: fileRef(row) };
  });

  app.get<{ Params: { id: string } }>('/uploads/:id', async (request, reply) => {
    const id = parseId(request.params.id)!;
    const row = (await db.selectFrom(UPLOADS_TABLE).selectAll().where('id', '=', id).executeTakeFirst()) as
      UploadRow | undefined;
    const entity = row && exposedEntity(manifest, row.resource);
    if (!row || !entity) throw new HttpError(404, 'upload_not_found');
    if (row.record_id === null) {
      if (request.user.id === null || Number(row.owner_id) !== request.user.id)
        throw new HttpError(404, 'upload_not_found');
    } else {
      const ctx: ResourceContext = { db, manifest, validator, user: request.user, ip: request.ip ?? null };
      // The record's own read rule and row scope decide; a record out of reach hides its files.
      const record = await getRow(ctx, entity, Number(row.record_id)).catch((error: unknown) => {
        if (error instanceof HttpError && error.statusCode === 404) throw new HttpError(404, 'upload_not_found');
        throw error;
      });
      const listed =
        Array.isArray(record[row.field]) &&
        (record[row.field] as Array<{ id: number }>).some((f) => Number(f.id) === id);
      if (!listed) throw new HttpError(404, 'upload_not_found');
      await recordAccess(db, manifest, {
        user: request.user,
        action: 'download',
        resource: entity.name,
        recordId: Number(row.record_id),
        ip: request.ip ?? null,
        details: { field: row.field, file: id },
      });
    }
    const file = storedPath(uploadsDir, row);
    const info = await stat(file).catch(() => null);
    if (!info) throw new HttpError(404, 'upload_not_found');
    const picture = isPictureType(row.mime);
    return reply
      .header('content-type', row.mime)
      .header('content-length', String(info.size))
      .header(
        'content-disposition',
        `${picture ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(row.name)}`,
      )
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, no-store')
      .send(createReadStream(file));
  });
}
