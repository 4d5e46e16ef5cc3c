/**
 * Lookups: what a list or detail page needs to show ids as words.
 *  - statuses: lookup[statusTable] = [{id, key, name, name_local, color}], from the manifest (no SQL)
 *  - references: lookup[entity] = [{id, name, name_local, code}]: the labels of exactly the
 *    rows the page points at (deleted ones too: an old record still names its faculty), every
 *    referenced entity in ONE statement (a json aggregate per entity, UNION ALL). A referenced
 *    entity the page points at nothing of is there as [].
 * Whole option lists (a filter's drop-down) are not sent here: a client asks for them through
 * POST /lookups/get (system domain), which applies the caller's access and row scope.
 * No lookup lets a caller read rows of an entity beyond their labels, nor labels of rows
 * nothing shows them.
 */
import { sql, type Kysely } from 'kysely';
import type { Entity, Manifest } from '../../generator/manifest-types.ts';
import { can } from '../../engine/core/permissions.ts';
import type { RequestUser } from '../auth/user.ts';
import { labelColumns } from './entity-info.ts';

export type Lookup = Record<string, Array<Record<string, unknown>>>;

export async function buildLookup(
  db: Kysely<any>,
  manifest: Manifest,
  entity: Entity,
  _user: RequestUser,
  rows: Array<Record<string, unknown>>,
): Promise<Lookup> {
  const lookup: Lookup = {};
  const referenced = new Map<string, { target: Entity; ids: Set<number> }>();
  for (const field of Object.values(entity.fields)) {
    if (field.serverOnly) continue;
    if (field.status) {
      const table = manifest.statusTables[field.status];
      if (table && !lookup[table.name]) {
        lookup[table.name] = table.statuses.map(({ id, key, name, name_local, color }) => ({
          id,
          key,
          name,
          name_local,
          color,
        }));
      }
    }
    if (field.ref) {
      const target = manifest.entities[field.ref];
      if (!target) continue;
      lookup[target.name] ??= [];
      let entry = referenced.get(target.name);
      if (!entry) referenced.set(target.name, (entry = { target, ids: new Set() }));
      for (const row of rows) if (typeof row[field.name] === 'number') entry.ids.add(row[field.name] as number);
    }
  }
  const wanted = [...referenced.values()].filter((r) => r.ids.size > 0);
  if (!wanted.length) return lookup;
  const { rows: found } = await sql<{ lookup: string; labels: Array<Record<string, unknown>> | null }>`${sql.join(
    wanted.map(({ target, ids }) => labelsOf(target, [...ids])),
    sql` union all `,
  )}`.execute(db);
  for (const { lookup: name, labels } of found) lookup[name] = labels ?? [];
  return lookup;
}

/** One entity's labels of the given ids, as one row {lookup, labels: json array}, by name then id. */
function labelsOf(target: Entity, ids: number[]) {
  const columns = labelColumns(target);
  const object = sql.join(columns.map((c) => sql`${sql.lit(c)}::text, t.${sql.ref(c)}`));
  const order = columns.includes('name') ? sql`t.name, t.id` : sql`t.id`;
  return sql`select ${target.name}::text as lookup,
    (select json_agg(json_build_object(${object}) order by ${order}) from ${sql.table(target.table)} t
     where t.id in (${sql.join(ids)})) as labels`;
}

/** The referenced rows of one record, for GET /{resource}/details/{id}. */
export async function relatedRows(
  trx: Kysely<any>,
  manifest: Manifest,
  entity: Entity,
  user: RequestUser,
  row: Record<string, unknown>,
  fullRow: (target: Entity, id: number) => Promise<Record<string, unknown> | undefined>,
): Promise<Record<string, Record<string, unknown> | null>> {
  const related: Record<string, Record<string, unknown> | null> = {};
  for (const field of Object.values(entity.fields)) {
    if (!field.ref || field.serverOnly) continue;
    const target = manifest.entities[field.ref];
    const id = row[field.name];
    if (!target || typeof id !== 'number') {
      related[field.name] = null;
      continue;
    }
    // The whole row when the caller may read it (within its scope); its label otherwise.
    const full = can(user, target.access.read) ? await fullRow(target, id) : undefined;
    related[field.name] =
      full ??
      (await trx.selectFrom(target.table).select(labelColumns(target)).where('id', '=', id).executeTakeFirst()) ??
      null;
  }
  return related;
}
