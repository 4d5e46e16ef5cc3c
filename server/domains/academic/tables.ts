/**
 * SQL pieces for the academic reads: an entity's table by its manifest name, and the
 * "live rows only" condition for entities that soft-delete. The reads join five or six
 * tables, which plain SQL says more clearly than the query builder.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Manifest } from '../../../generator/manifest-types.ts';

/** The table of an entity, as an identifier (throws when the manifest lacks the entity). */
export function table(manifest: Manifest, entity: string) {
  const e = manifest.entities[entity];
  if (!e) throw new Error(`the manifest declares no ${entity} entity`);
  return sql.table(e.table);
}

/** `and <alias>.deleted_at is null` when the entity soft-deletes, else nothing. */
export function alive(manifest: Manifest, entity: string, alias: string): RawBuilder<unknown> {
  return manifest.entities[entity]?.softDelete ? sql` and ${sql.ref(`${alias}.deleted_at`)} is null` : sql``;
}

/** Does the manifest declare the entity (optional parts of a read: exams, study plans, rooms)? */
export function declares(manifest: Manifest, entity: string): boolean {
  return Object.hasOwn(manifest.entities, entity);
}

/** A numeric column as a number (numeric comes back as a number, bigint may come back as text). */
export function num(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}
