/**
 * The files of records' file fields (`type: file`), kept in the `uploads` table and under
 * DATA_DIR/uploads/records/<resource>/. A file is uploaded first (a pending row: no record,
 * only its uploader may see or use it), then named by its id in the record's field when the
 * record is saved. These functions run inside the record's own transaction; the bytes of
 * files dropped are removed from disk only after that transaction has committed.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Transaction } from 'kysely';
import type { Entity, EntityField } from '../../generator/manifest-types.ts';
import type { StoredFileRef } from '../../engine/core/file-types.ts';
import { ValidationError } from '../http/errors.ts';

export const UPLOADS_TABLE = 'uploads';

export interface UploadRow {
  id: number;
  resource: string;
  record_id: number | null;
  field: string;
  name: string;
  stored_name: string;
  mime: string;
  size: number;
  owner_id: number | null;
}

export const recordFilesDir = (uploadsDir: string, resource: string) =>
  path.join(uploadsDir, 'records', path.basename(resource));

export const storedPath = (uploadsDir: string, row: Pick<UploadRow, 'resource' | 'stored_name'>) =>
  path.join(recordFilesDir(uploadsDir, row.resource), path.basename(row.stored_name));

export function fileFields(entity: Entity): EntityField[] {
  return Object.values(entity.fields).filter((f) => f.type === 'file' && !f.serverOnly);
}

export const fileRef = (row: UploadRow): StoredFileRef => ({
  id: Number(row.id),
  name: row.name,
  mime: row.mime,
  size: Number(row.size),
});

/**
 * Replaces each file field's sent value (a list of `{id}`) by the checked references: every id
 * must be a file this user uploaded for this resource and field and not yet saved with a
 * record, or one the record already holds in that field. Returns the ids to attach once the
 * record has its id.
 */
export async function resolveFileValues(
  trx: Transaction<any>,
  entity: Entity,
  values: Record<string, unknown>,
  recordId: number | null,
  userId: number | null,
): Promise<number[]> {
  const attach: number[] = [];
  for (const field of fileFields(entity)) {
    const sent = values[field.name];
    if (sent === undefined || sent === null) continue;
    const ids = [...new Set((sent as Array<{ id: number }>).map((f) => Number(f.id)))];
    if (ids.length > (field.files?.maxFiles ?? 1))
      throw ValidationError.single(field.name, { key: 'upload_too_many', params: { max: field.files?.maxFiles ?? 1 } });
    const rows = ids.length
      ? ((await trx
          .selectFrom(UPLOADS_TABLE)
          .selectAll()
          .where('id', 'in', ids)
          .where('resource', '=', entity.name)
          .where('field', '=', field.name)
          .forUpdate()
          .execute()) as UploadRow[])
      : [];
    const usable = (row: UploadRow) =>
      row.record_id === null
        ? userId !== null && Number(row.owner_id) === userId
        : recordId !== null && Number(row.record_id) === recordId;
    const byId = new Map(rows.filter(usable).map((r) => [Number(r.id), r]));
    if (ids.some((id) => !byId.has(id))) throw ValidationError.single(field.name, { key: 'upload_not_yours' });
    values[field.name] = ids.length ? ids.map((id) => fileRef(byId.get(id)!)) : null;
    for (const row of byId.values()) if (row.record_id === null) attach.push(Number(row.id));
  }
  return attach;
}

/**
 * After the record's write: the new files point at it, and the files its fields no longer
 * list are dropped (returned, for removal from disk after the commit).
 */
export async function settleRecordFiles(
  trx: Transaction<any>,
  entity: Entity,
  recordId: number,
  values: Record<string, unknown>,
  attach: number[],
): Promise<UploadRow[]> {
  if (attach.length)
    await trx.updateTable(UPLOADS_TABLE).set({ record_id: recordId }).where('id', 'in', attach).execute();
  const dropped: UploadRow[] = [];
  for (const field of fileFields(entity)) {
    if (!Object.hasOwn(values, field.name)) continue;
    const keep = ((values[field.name] as StoredFileRef[] | null) ?? []).map((f) => f.id);
    let query = trx
      .deleteFrom(UPLOADS_TABLE)
      .where('resource', '=', entity.name)
      .where('record_id', '=', recordId)
      .where('field', '=', field.name);
    if (keep.length) query = query.where('id', 'not in', keep);
    dropped.push(...((await query.returningAll().execute()) as UploadRow[]));
  }
  return dropped;
}

/** A record deleted for good: its files' rows go in its transaction (returned for removal from disk). */
export async function dropRecordFiles(trx: Transaction<any>, entity: Entity, recordId: number): Promise<UploadRow[]> {
  if (!fileFields(entity).length) return [];
  return (await trx
    .deleteFrom(UPLOADS_TABLE)
    .where('resource', '=', entity.name)
    .where('record_id', '=', recordId)
    .returningAll()
    .execute()) as UploadRow[];
}

/** Removes the bytes of rows already deleted (after their transaction committed). */
export async function removeStoredFiles(uploadsDir: string | undefined, rows: readonly UploadRow[]): Promise<void> {
  if (!uploadsDir) return;
  for (const row of rows) await rm(storedPath(uploadsDir, row), { force: true });
}
