/**
 * Facts about an entity the resource operations keep asking: which columns a client may see,
 * sort or filter by, and which fields it may write. Pure functions of the manifest.
 */
import type { Entity, EntityField, Manifest } from '../../generator/manifest-types.ts';
import { can } from '../../engine/core/permissions.ts';
import type { RequestUser } from '../auth/user.ts';

/** Columns every client may read besides the declared, non-server-only fields. */
export function systemColumns(entity: Entity): string[] {
  const cols = ['id'];
  if (entity.timestamps) cols.push('created_at', 'updated_at');
  if (entity.softDelete) cols.push('deleted_at');
  return cols;
}

/** May this user see the field: its own `access.read` (a personal phone number for staff only), if any. */
export function mayReadField(user: RequestUser, field: EntityField): boolean {
  return !field.access?.read || can(user, field.access.read);
}

/** May this user set the field: its own `access.write`, if any. */
export function mayWriteField(user: RequestUser, field: EntityField): boolean {
  return !field.access?.write || can(user, field.access.write);
}

/** The fields a client may see; with a user, only those whose field-level `read` the user holds. */
export function visibleFields(entity: Entity, user?: RequestUser): EntityField[] {
  return Object.values(entity.fields).filter((f) => !f.serverOnly && (!user || mayReadField(user, f)));
}

/**
 * The columns a response carries: never a serverOnly one (password hashes and the like), and,
 * given the caller, never a field their permissions do not open.
 */
export function visibleColumns(entity: Entity, user?: RequestUser): string[] {
  return [...systemColumns(entity), ...visibleFields(entity, user).map((f) => f.name)];
}

/** Fields a client may send: declared, not serverOnly, not readOnly. */
export function writableFields(entity: Entity): EntityField[] {
  return Object.values(entity.fields).filter((f) => !f.serverOnly && !f.readOnly);
}

/** Keys a client may send and that are silently dropped (echoes of what it read). */
export function ignoredKeys(entity: Entity): Set<string> {
  const keys = new Set(systemColumns(entity));
  for (const f of Object.values(entity.fields)) if (f.serverOnly || f.readOnly) keys.add(f.name);
  return keys;
}

/** The fields the search box searches; with a user, only those they may read (a search must not reveal a hidden value). */
export function searchableFields(entity: Entity, user?: RequestUser): EntityField[] {
  const names = new Set([
    ...entity.search,
    ...Object.values(entity.fields)
      .filter((f) => f.search)
      .map((f) => f.name),
  ]);
  return [...names]
    .map((n) => entity.fields[n])
    .filter((f): f is EntityField => !!f && !f.serverOnly && (!user || mayReadField(user, f)));
}

/** Exposed entities by resource name: the only ones the generic API serves. */
export function exposedEntity(manifest: Manifest, resource: string): Entity | undefined {
  const entity = Object.hasOwn(manifest.entities, resource) ? manifest.entities[resource] : undefined;
  return entity?.expose ? entity : undefined;
}

/** The label columns of an entity as a lookup option: id plus whichever of these it declares. */
export const LABEL_COLUMNS = ['name', 'name_local', 'code'] as const;

export function labelColumns(entity: Entity): string[] {
  return ['id', ...LABEL_COLUMNS.filter((c) => entity.fields[c] && !entity.fields[c]!.serverOnly)];
}

export function isNumericField(field: EntityField): boolean {
  return !!field.ref || !!field.status || ['integer', 'bigint', 'number', 'money'].includes(field.type);
}

export function isIntegerField(field: EntityField): boolean {
  return !!field.ref || !!field.status || field.type === 'integer' || field.type === 'bigint';
}
