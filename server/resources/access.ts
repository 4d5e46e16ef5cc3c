/**
 * Access as data (STYLE.md, Payload): an entity's access names a permission per action,
 * checked with the shared `can()`; its scope becomes a row filter that every verb applies.
 */
import { sql, type SelectQueryBuilder, type UpdateQueryBuilder, type DeleteQueryBuilder } from 'kysely';
import type { Entity } from '../../generator/manifest-types.ts';
import { can } from '../../engine/core/permissions.ts';
import type { RequestUser } from '../auth/user.ts';
import { HttpError } from '../http/errors.ts';

/** An operation of the entity's access; `write` stands for create-or-update where both are meant. */
export type AccessAction = 'read' | 'write' | 'create' | 'update' | 'delete';

/** Throws 401 for a Guest and 403 for a signed-in user lacking the entity's permission. */
export function requireAccess(user: RequestUser, entity: Entity, action: AccessAction): void {
  if (can(user, entity.access[action] ?? entity.access.write)) return;
  throw user.typeName === 'Guest' ? new HttpError(401, 'unauthenticated') : new HttpError(403, 'forbidden');
}

/**
 * The row filter for this user: null when no scope applies (no scope, or the user holds
 * `unless`); otherwise the column and the value it must equal, where a missing value (a
 * staff member with no student id, a Guest) matches no row at all.
 */
export type RowScope = null | { column: string; value: number | null };

export function rowScope(user: RequestUser, entity: Entity): RowScope {
  const scope = entity.scope;
  if (!scope) return null;
  if (scope.unless && can(user, scope.unless)) return null;
  const key = scope.equals.slice('user.'.length) as 'id' | 'student_id' | 'applicant_id' | 'faculty_id';
  const value = user[key];
  return { column: scope.field, value: typeof value === 'number' ? value : null };
}

type Filterable =
  SelectQueryBuilder<any, any, any> | UpdateQueryBuilder<any, any, any, any> | DeleteQueryBuilder<any, any, any>;

export function applyScope<Q extends Filterable>(query: Q, scope: RowScope, alias?: string): Q {
  if (!scope) return query;
  if (scope.value === null) return (query as any).where(sql<boolean>`false`) as Q;
  const column = alias ? `${alias}.${scope.column}` : scope.column;
  return (query as any).where(column, '=', scope.value) as Q;
}
