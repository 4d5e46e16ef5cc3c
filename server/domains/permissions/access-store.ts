/** Writes to `user_access`, each in the caller's transaction with its access-log entry. */
import type { Manifest } from '../../../generator/manifest-types.ts';
import { requireEntity, type Db } from '../auth/tables.ts';
import type { AccessEntry } from './breakdown.ts';

function table(manifest: Manifest) {
  const entity = requireEntity(manifest, 'user_access');
  return { name: entity.table, allowed: !!entity.fields.allowed };
}

/** Removes the user's access rows: all of them, or only those naming `permissions`. */
export async function removeAccess(
  trx: Db,
  manifest: Manifest,
  userId: number,
  permissions?: string[],
): Promise<number> {
  if (permissions && permissions.length === 0) return 0;
  let query = trx.deleteFrom(table(manifest).name).where('user_id', '=', userId);
  if (permissions) query = query.where('permission', 'in', permissions);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function insertAccess(trx: Db, manifest: Manifest, userId: number, entries: AccessEntry[]): Promise<void> {
  if (!entries.length) return;
  const t = table(manifest);
  const rows = entries.filter((e) => t.allowed || e.allowed);
  if (!rows.length) return;
  await trx
    .insertInto(t.name)
    .values(
      rows.map((e) => ({
        user_id: userId,
        permission: e.permission,
        ...(t.allowed ? { allowed: e.allowed } : {}),
      })),
    )
    .execute();
}
