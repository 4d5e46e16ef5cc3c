/**
 * Lookups: what a list or detail page needs to show ids as words.
 *  - statuses: lookup[statusTable] = [{id, name, name_local, color}]
 *  - references: lookup[entity] = [{id, name, name_local, code}] of the referenced entity.
 * A small referenced table the caller may read in full is sent whole (it feeds the filter
 * drop-downs); otherwise only the rows the page points at, as labels. No lookup lets a
 * caller read rows of an entity beyond their labels, nor labels of rows nothing shows them.
 */
import type { Transaction } from 'kysely';
import type { Entity, Manifest } from '../../generator/manifest-types.ts';
import { can } from '../../engine/core/permissions.ts';
import type { RequestUser } from '../auth/user.ts';
import { labelColumns } from './entity-info.ts';

/** Above this many rows a referenced table is sent only as the rows the page uses. */
export const FULL_LOOKUP_LIMIT = 200;

export type Lookup = Record<string, Array<Record<string, unknown>>>;

export async function buildLookup(
  trx: Transaction<any>, manifest: Manifest, entity: Entity, user: RequestUser, rows: Array<Record<string, unknown>>,
): Promise<Lookup> {
  const lookup: Lookup = {};
  for (const field of Object.values(entity.fields)) {
    if (field.serverOnly) continue;
    if (field.status) {
      const table = manifest.statusTables[field.status];
      if (table && !lookup[table.name]) {
        lookup[table.name] = table.statuses.map(({ id, key, name, name_local, color }) => ({ id, key, name, name_local, color }));
      }
    }
    if (field.ref) {
      const target = manifest.entities[field.ref];
      if (!target) continue;
      const ids = [...new Set(rows.map((r) => r[field.name]).filter((v): v is number => typeof v === 'number'))];
      const options = await refOptions(trx, target, user, ids);
      lookup[target.name] = mergeById(lookup[target.name] ?? [], options);
    }
  }
  return lookup;
}

async function refOptions(trx: Transaction<any>, target: Entity, user: RequestUser, ids: number[]): Promise<Array<Record<string, unknown>>> {
  const columns = labelColumns(target);
  const openToCaller = can(user, target.access.read) && !target.scope;
  if (openToCaller) {
    let query = trx.selectFrom(target.table).select(columns).orderBy(columns.includes('name') ? 'name' : 'id').limit(FULL_LOOKUP_LIMIT + 1);
    if (target.softDelete) query = query.where('deleted_at', 'is', null);
    const all = await query.execute();
    if (all.length <= FULL_LOOKUP_LIMIT) return all;
  }
  if (!ids.length) return [];
  // Rows the page points at, deleted ones included: an old record still names its faculty.
  return trx.selectFrom(target.table).select(columns).where('id', 'in', ids).execute();
}

function mergeById(a: Array<Record<string, unknown>>, b: Array<Record<string, unknown>>): Array<Record<string, unknown>> {
  const seen = new Set(a.map((r) => r.id));
  return [...a, ...b.filter((r) => !seen.has(r.id))];
}

/** The referenced rows of one record, for GET /{resource}/details/{id}. */
export async function relatedRows(
  trx: Transaction<any>, manifest: Manifest, entity: Entity, user: RequestUser, row: Record<string, unknown>,
  fullRow: (target: Entity, id: number) => Promise<Record<string, unknown> | undefined>,
): Promise<Record<string, Record<string, unknown> | null>> {
  const related: Record<string, Record<string, unknown> | null> = {};
  for (const field of Object.values(entity.fields)) {
    if (!field.ref || field.serverOnly) continue;
    const target = manifest.entities[field.ref];
    const id = row[field.name];
    if (!target || typeof id !== 'number') { related[field.name] = null; continue; }
    // The whole row when the caller may read it (within its scope); its label otherwise.
    const full = can(user, target.access.read) ? await fullRow(target, id) : undefined;
    related[field.name] = full
      ?? (await trx.selectFrom(target.table).select(labelColumns(target)).where('id', '=', id).executeTakeFirst())
      ?? null;
  }
  return related;
}
