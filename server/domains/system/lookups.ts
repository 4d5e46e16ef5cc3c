/**
 * POST /lookups/get and /lookups/index: the options of a form's drop-downs by name, in one
 * call. A name is a status table (every visitor: statuses are not secret) or an entity (its
 * label columns, for callers who may read it, within their row scope). The request names
 * them as {lookups: [...]}, {names: [...]}, {name: "..."} or a bare list.
 */
import type { LocalText, Manifest } from '../../../generator/manifest-types.ts';
import { can } from '../../../engine/core/permissions.ts';
import type { RequestUser } from '../../auth/user.ts';
import { ValidationError } from '../../http/errors.ts';
import { applyScope, rowScope } from '../../resources/access.ts';
import { labelColumns } from '../../resources/entity-info.ts';
import { dynamicTables, type Db } from '../auth/tables.ts';

/** An entity with more rows than this is not a lookup: its list API pages it. */
export const LOOKUP_ROW_LIMIT = 1000;
export const MAX_LOOKUP_NAMES = 50;

type Row = Record<string, unknown>;

const TEXT = {
  names: {
    en: 'Name the lookups to load, e.g. {"lookups": ["faculties"]}',
    ar: 'حدد القوائم المطلوب تحميلها، مثل {"lookups": ["faculties"]}',
  },
  unknown: { en: 'Unknown lookup "{name}"', ar: 'القائمة "{name}" غير معروفة' },
  forbidden: { en: 'You may not read the lookup "{name}"', ar: 'غير مسموح لك بقراءة القائمة "{name}"' },
} satisfies Record<string, LocalText>;

const invalid = (key: keyof typeof TEXT, name?: string) =>
  ValidationError.single('lookups', { text: TEXT[key], params: name ? { name } : undefined });

export function lookupNames(body: unknown): string[] {
  const b = body as Record<string, unknown> | unknown[] | null | undefined;
  const raw = Array.isArray(b)
    ? b
    : b && typeof b === 'object'
      ? (b.lookups ??
        b.names ??
        b.tables ??
        (typeof b.name === 'string' ? [b.name] : typeof b.lookup === 'string' ? [b.lookup] : b.lookup))
      : undefined;
  if (
    !Array.isArray(raw) ||
    raw.length === 0 ||
    raw.length > MAX_LOOKUP_NAMES ||
    !raw.every((n) => typeof n === 'string' && n)
  ) {
    throw invalid('names');
  }
  return [...new Set(raw as string[])];
}

export async function loadLookups(
  db: Db,
  manifest: Manifest,
  user: RequestUser,
  names: string[],
): Promise<Record<string, Row[]>> {
  const result: Record<string, Row[]> = {};
  for (const name of names) {
    const table = Object.hasOwn(manifest.statusTables, name) ? manifest.statusTables[name] : undefined;
    if (table) {
      result[name] = table.statuses.map(({ id, key, name: n, name_local, color }) => ({
        id,
        key,
        name: n,
        name_local,
        color,
      }));
      continue;
    }
    const entity = Object.hasOwn(manifest.entities, name) ? manifest.entities[name] : undefined;
    if (!entity || !entity.expose) throw invalid('unknown', name);
    if (!can(user, entity.access.read)) throw invalid('forbidden', name);
    const columns = labelColumns(entity);
    // The entity is named by the request: its table and columns are chosen at run time.
    let query = dynamicTables(db).selectFrom(entity.table).select(columns);
    if (entity.softDelete) query = query.where('deleted_at', 'is', null);
    query = applyScope(query, rowScope(user, entity));
    result[name] = await query
      .orderBy(columns.includes('name') ? 'name' : 'id')
      .limit(LOOKUP_ROW_LIMIT)
      .execute();
  }
  return result;
}
