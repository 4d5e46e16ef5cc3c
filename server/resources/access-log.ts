/**
 * recordAccess(): one row in `access_logs` per successful write, for every domain (generic
 * resources, sign-in, admission...). It writes only the columns the access_logs entity
 * declares, and does nothing when the manifest has no such entity, so a small installation
 * without audit still runs. Call it with the write's transaction so the log and the change
 * commit or roll back together.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Manifest } from '../../generator/manifest-types.ts';
import type { RequestUser } from '../auth/user.ts';
import { jsonValue } from '../db/json.ts';

export const ACCESS_LOGS_ENTITY = 'access_logs';

export interface AccessRecord {
  user: Pick<RequestUser, 'id'> | null;
  /** What happened: create, update, delete, restore, login, logout, export... */
  action: string;
  /** The resource or domain acted on (entity name, 'auth', ...). */
  resource: string;
  recordId?: number | string | null;
  ip?: string | null;
  /** Free detail, when the entity declares a `details` json field. */
  details?: unknown;
}

export async function recordAccess(
  db: Kysely<any> | Transaction<any>,
  manifest: Manifest,
  record: AccessRecord,
): Promise<void> {
  const entity = manifest.entities[ACCESS_LOGS_ENTITY];
  if (!entity) return;
  const candidates: Record<string, unknown> = {
    user_id: record.user?.id ?? null,
    action: record.action,
    resource: record.resource,
    record_id: record.recordId ?? null,
    ip: record.ip ?? null,
    details: record.details === undefined ? null : jsonValue(record.details),
    // When the entity keeps no timestamps it may declare its own time column.
    at: entity.timestamps ? undefined : new Date(),
  };
  const values = Object.fromEntries(Object.entries(candidates).filter(([k, v]) => v !== undefined && entity.fields[k]));
  // A log row must never fail the write it records: cut texts to their declared length.
  for (const [name, value] of Object.entries(values)) {
    const max = entity.fields[name]?.maxLength;
    if (typeof value === 'string' && max && value.length > max) values[name] = value.slice(0, max);
  }
  if (values.record_id !== null && values.record_id !== undefined) {
    const type = entity.fields.record_id!.type;
    const id = Number(values.record_id);
    values.record_id =
      type === 'string' || type === 'text' ? String(values.record_id) : Number.isSafeInteger(id) ? id : null;
  }
  await db.insertInto(entity.table).values(values).execute();
}
