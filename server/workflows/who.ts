/**
 * Who may take a step (`by:` of a transition): `owner`, a permission, or `{related: a.b.c}`, a chain
 * of reference fields from the record ending at a user id (`student_id.advisor_id.user_id` is the
 * student's advisor), followed in the database one link at a time.
 */
import type { Kysely } from 'kysely';
import type { Entity, Manifest, WorkflowTransition } from '../../generator/manifest-types.ts';
import { can } from '../../engine/core/permissions.ts';
import type { RequestUser } from '../auth/user.ts';
import { isOwner, type Row } from './definition.ts';

export async function mayTake(
  db: Kysely<any>,
  m: Manifest,
  entity: Entity,
  user: RequestUser,
  row: Row,
  step: WorkflowTransition,
): Promise<boolean> {
  if (user.id === null) return false;
  if (step.by === 'owner') return isOwner(entity.workflow!, user, row);
  if (typeof step.by === 'string') return can(user, step.by);
  return (await relatedValue(db, m, entity, row, step.by.related)) === user.id;
}

async function relatedValue(db: Kysely<any>, m: Manifest, entity: Entity, row: Row, chain: string) {
  const [first, ...rest] = chain.split('.');
  let value = row[first!];
  let at: Entity | undefined = entity;
  let field = at.fields[first!];
  for (const part of rest) {
    if (value === null || value === undefined || !field?.ref) return null;
    at = m.entities[field.ref];
    if (!at) return null;
    const next: Row | undefined = await db
      .selectFrom(at.table)
      .select(part)
      .where('id', '=', Number(value))
      .executeTakeFirst();
    value = next?.[part];
    field = at.fields[part];
  }
  return value === null || value === undefined ? null : Number(value);
}
