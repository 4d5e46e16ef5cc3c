/**
 * Where a user's permissions come from (POST /roles/user/{id}): the roles they hold (with the
 * permissions each role gives), direct grants, and per-user access grants and removals.
 */
import type { LocalText, Manifest } from '../../../generator/manifest-types.ts';
import { DELETED_AT, findEntity, type Db } from '../auth/tables.ts';

export interface AccessEntry {
  permission: string;
  allowed: boolean;
}

export interface PermissionBreakdown {
  roles: Array<{ name: string; label: LocalText | null; permissions: string[] }>;
  direct_permissions: string[];
  role_permissions: string[];
  /** Permissions added for this user alone. */
  user_access_permissions: string[];
  /** Permissions taken away from this user alone (allowed: false). */
  user_access_denied: string[];
  /** The result: (role + direct + access) minus denied. */
  permissions: string[];
}

/** The role names the user holds (user_roles), live rows only. */
async function userRoles(db: Db, manifest: Manifest, userId: number): Promise<string[]> {
  const entity = findEntity(manifest, 'user_roles');
  if (!entity) return [];
  let query = db.selectFrom(entity.table).select('role').where('user_id', '=', userId).orderBy('id');
  if (entity.softDelete) query = query.where(DELETED_AT, 'is', null);
  return [...new Set((await query.execute()).map((r) => String(r.role)))];
}

/** The permissions granted to the user directly (user_permissions), live rows only. */
async function directPermissions(db: Db, manifest: Manifest, userId: number): Promise<string[]> {
  const entity = findEntity(manifest, 'user_permissions');
  if (!entity) return [];
  let query = db.selectFrom(entity.table).select('permission').where('user_id', '=', userId).orderBy('id');
  if (entity.softDelete) query = query.where(DELETED_AT, 'is', null);
  return [...new Set((await query.execute()).map((r) => String(r.permission)))];
}

export async function readAccess(db: Db, manifest: Manifest, userId: number): Promise<AccessEntry[]> {
  const entity = findEntity(manifest, 'user_access');
  if (!entity) return [];
  const withAllowed = !!entity.fields.allowed;
  let query = db
    .selectFrom(entity.table)
    .select(withAllowed ? ['permission', 'allowed'] : ['permission'])
    .where('user_id', '=', userId)
    .orderBy('permission');
  if (entity.softDelete) query = query.where(DELETED_AT, 'is', null);
  const rows: { permission: string; allowed?: boolean | null }[] = await query.execute();
  return rows.map((r) => ({ permission: String(r.permission), allowed: r.allowed !== false }));
}

export async function permissionBreakdown(db: Db, manifest: Manifest, userId: number): Promise<PermissionBreakdown> {
  const roleNames = await userRoles(db, manifest, userId);
  const direct = await directPermissions(db, manifest, userId);
  const access = await readAccess(db, manifest, userId);
  const roles = roleNames.map((name) => {
    const role = manifest.roles[name];
    return { name, label: role?.label ?? null, permissions: role?.permissions ?? [] };
  });
  const rolePermissions = [...new Set(roles.flatMap((r) => r.permissions))].sort();
  const added = access.filter((a) => a.allowed).map((a) => a.permission);
  const denied = access.filter((a) => !a.allowed).map((a) => a.permission);
  const effective = new Set([...rolePermissions, ...direct, ...added]);
  for (const p of denied) effective.delete(p);
  return {
    roles,
    direct_permissions: direct.sort(),
    role_permissions: rolePermissions,
    user_access_permissions: added,
    user_access_denied: denied,
    permissions: [...effective].sort(),
  };
}
