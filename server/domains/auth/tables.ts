/**
 * The entity tables the domains (and the seed) query, typed by the `Database` that `npm run gen`
 * generates from the entities (.generated/types/entities.ts).
 *
 * Table names still come from the manifest at run time (an entity's `table` may differ from its
 * name); the generated types are compiled from the same YAML, so `entityTable` only gives the
 * name its generated type. A column a domain reads only when the entity declares it (the
 * manifest is checked first) is still a column of the generated table.
 *
 * `dynamicTables` is for the few reads whose table or columns are chosen at run time (a lookup
 * named by the request, the visible columns of an entity, a counter of an entity that may not
 * exist): rows of unknown columns, instead of `any`.
 */
import { sql, type Kysely } from 'kysely';
import type { Database, EntityTables } from '../../../.generated/types/entities.ts';
import type { Entity, Manifest } from '../../../generator/manifest-types.ts';

export type { Database, EntityTables };

/** A connection or a transaction (a Transaction is a Kysely) on the entity tables. */
export type Db = Kysely<Database>;

/** Any table, any column: what a read chosen at run time can know of a row. */
export type DynamicDatabase = Record<string, Record<string, unknown>>;

/** An entity of the generated set, with its table name typed as the generated table's. */
export type TypedEntity<E extends keyof EntityTables> = Entity & { table: EntityTables[E] };

/** The manifest's entity `name`, or undefined when this manifest does not declare it. */
export function findEntity<E extends keyof EntityTables>(manifest: Manifest, name: E): TypedEntity<E> | undefined {
  return Object.hasOwn(manifest.entities, name) ? (manifest.entities[name] as TypedEntity<E>) : undefined;
}

/** The manifest's entity `name`; throws when the manifest does not declare it. */
export function requireEntity<E extends keyof EntityTables>(manifest: Manifest, name: E): TypedEntity<E> {
  const entity = findEntity(manifest, name);
  if (!entity) throw new Error(`the manifest declares no ${name} entity`);
  return entity;
}

/**
 * The soft-delete column, for `query.where(DELETED_AT, 'is', null)`: a table has it when the
 * manifest's entity soft-deletes, which the code checks at run time; the generated type of a
 * table whose entity (in screens/) does not soft-delete has no such column.
 */
export const DELETED_AT = sql.ref<Date | null>('deleted_at');

/** The same connection, for a query whose table or columns are chosen at run time. */
export function dynamicTables(db: Db): Kysely<DynamicDatabase> {
  return db as unknown as Kysely<DynamicDatabase>;
}
