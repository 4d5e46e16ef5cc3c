/**
 * Checks a write needs the database for, run inside the write's transaction before the
 * INSERT/UPDATE so the client gets a field message instead of a constraint violation:
 * status ids belong to their table (and follow its transitions), references exist,
 * unique values are free.
 */
import { sql, type Transaction } from 'kysely';
import type { Entity, Manifest, StatusTable } from '../../generator/manifest-types.ts';
import { can } from '../../engine/core/permissions.ts';
import type { RequestUser } from '../auth/user.ts';
import { addFieldError, ValidationError, type FieldErrors } from '../http/errors.ts';

export async function checkWrite(
  trx: Transaction<any>,
  manifest: Manifest,
  entity: Entity,
  user: RequestUser,
  values: Record<string, unknown>,
  stored: Record<string, unknown> | null,
): Promise<void> {
  const errors: FieldErrors = {};
  for (const [name, value] of Object.entries(values)) {
    const field = entity.fields[name];
    if (!field || value === null || value === undefined) continue;
    if (field.status) {
      const table = manifest.statusTables[field.status];
      if (table && !isStatusValue(table, Number(value))) addFieldError(errors, name, { key: 'status_invalid' });
      else if (table && stored && !transitionAllowed(table, user, stored[name], value))
        addFieldError(errors, name, { key: 'status_transition' });
    }
    if (field.ref) {
      const target = manifest.entities[field.ref];
      if (target && !(await rowExists(trx, target, Number(value)))) addFieldError(errors, name, { key: 'ref_missing' });
    }
    if (field.unique && !(await valueIsFree(trx, entity, name, value, stored ? Number(stored.id) : null))) {
      addFieldError(errors, name, { key: 'unique' });
    }
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

export function isStatusValue(table: StatusTable, value: number): boolean {
  if (!table.flags) return table.statuses.some((s) => s.id === value);
  // Bit flags combine: every set bit must be one of the table's flags. BigInt, because
  // registration flags pass 2^32 where JavaScript's bit operators stop.
  if (!Number.isSafeInteger(value) || value < 0) return false;
  const all = table.statuses.reduce((acc, s) => acc | BigInt(s.id), 0n);
  return (BigInt(value) & ~all) === 0n;
}

/** With `transitions` declared, a status may only change along a listed edge the user may take. */
export function transitionAllowed(table: StatusTable, user: RequestUser, from: unknown, to: unknown): boolean {
  if (!table.transitions?.length || Number(from) === Number(to)) return true;
  // A row that never had a status stands at the table's initial one.
  const fromKey =
    from === null || from === undefined ? table.initial : table.statuses.find((s) => s.id === Number(from))?.key;
  if (fromKey === undefined && (from === null || from === undefined)) return true;
  const toKey = table.statuses.find((s) => s.id === Number(to))?.key;
  if (!toKey) return false;
  return table.transitions.some(
    (t) =>
      t.to === toKey &&
      (t.from.includes('*') || (fromKey !== undefined && t.from.includes(fromKey))) &&
      (!t.permission || can(user, t.permission)),
  );
}

async function rowExists(trx: Transaction<any>, entity: Entity, id: number): Promise<boolean> {
  let query = trx
    .selectFrom(entity.table)
    .select(sql`1`.as('one'))
    .where('id', '=', id);
  if (entity.softDelete) query = query.where('deleted_at', 'is', null);
  return !!(await query.executeTakeFirst());
}

async function valueIsFree(
  trx: Transaction<any>,
  entity: Entity,
  column: string,
  value: unknown,
  ownId: number | null,
): Promise<boolean> {
  let query = trx.selectFrom(entity.table).select('id').where(column, '=', value);
  if (entity.softDelete) query = query.where('deleted_at', 'is', null);
  if (ownId !== null) query = query.where('id', '<>', ownId);
  return !(await query.executeTakeFirst());
}
