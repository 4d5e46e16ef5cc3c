/**
 * Every row of an entity that a list request's filters match, as spreadsheet columns and rows
 * (POST /registrations/export, POST /students/export).
 *
 * The list path's own pieces do the work: parseListBody (the same filters, search and sort as
 * POST /{resource}, and the same 400 answers for a bad one), applyListFilters, and the row
 * scope of resources/access.ts. Paging is ignored: an export is all matching rows, up to
 * EXPORT_MAX_ROWS. References are shown as words (code and name in the caller's language),
 * statuses as their names, flag sets as the names of the flags they hold.
 */
import { sql, type Kysely } from 'kysely';
import type { Entity, EntityField, LocalText, Manifest } from '../../../generator/manifest-types.ts';
import type { RequestUser } from '../../auth/user.ts';
import type { SheetColumn, SheetCellType } from '../../documents/xlsx.ts';
import { listJoin } from '../../../engine/core/text.ts';
import { implicitFieldLabel } from '../../../generator/implicit-fields.ts';
import { HttpError } from '../../http/errors.ts';
import type { Language } from '../../http/messages.ts';
import { applyScope, requireAccess, rowScope } from '../../resources/access.ts';
import { isNumericField, mayReadField } from '../../resources/entity-info.ts';
import { applyListFilters, parseListBody } from '../../resources/list-query.ts';

/** More rows than this is refused (400) rather than building a file nobody can open quickly. */
export const EXPORT_MAX_ROWS = 100_000;

const CODE_LABEL: LocalText = { en: 'code', ar: 'الرمز' };

export interface ExportRequest {
  db: Kysely<any>;
  manifest: Manifest;
  user: RequestUser;
  language: Language;
}

export interface ExportTable {
  columns: SheetColumn[];
  rows: unknown[][];
}

/** One output column: how to read it from a result row and how to show it. */
interface Output {
  header: string;
  type: SheetCellType;
  alias: string;
  status?: { table: string; flags: boolean };
}

export function text(label: LocalText | undefined, language: Language): string {
  if (!label) return '';
  const l = label as unknown as Record<string, string | undefined>;
  return l[language] || l.en || Object.values(l).find(Boolean) || '';
}

/**
 * The export of `entity` for the list body `body`, with the given fields in order (those the
 * entity does not declare, or declares server-only, are skipped).
 */
export async function exportEntity(
  req: ExportRequest,
  entity: Entity,
  body: unknown,
  fieldNames: string[],
): Promise<ExportTable> {
  const { db, manifest, user, language } = req;
  requireAccess(user, entity, 'read');
  const scope = rowScope(user, entity);
  // In scope but with nothing to match it (staff without the permission and without a
  // student record): refused, rather than an empty file that looks like "no data".
  if (scope && scope.value === null) throw new HttpError(403, 'forbidden');
  const params = parseListBody(manifest, entity, body, user);
  if (params.trashed !== 'without') requireAccess(user, entity, 'delete');

  // A field the caller may not read is left out of the file as it is left out of the list.
  const fields = fieldNames
    .map((name) => fieldOf(entity, name))
    .filter((f): f is EntityField => !!f && mayReadField(user, f));
  const inner = applyScope(applyListFilters(db.selectFrom(entity.table), entity, params), scope).selectAll();
  let query = db.selectFrom(inner.as('t'));
  const outputs: Output[] = [];
  fields.forEach((field, i) => {
    const label = text(field.label, language);
    const target = field.ref ? manifest.entities[field.ref] : undefined;
    if (target && (target.fields.code || target.fields.name)) {
      const alias = `r${i}`;
      query = query.leftJoin(`${target.table} as ${alias}`, `${alias}.id`, `t.${field.name}`);
      if (target.fields.code) {
        query = query.select(sql.ref(`${alias}.code`).as(`${alias}_code`));
        outputs.push({
          header: target.fields.name || target.fields.name_local ? `${label} (${text(CODE_LABEL, language)})` : label,
          type: 'string',
          alias: `${alias}_code`,
        });
      }
      if (target.fields.name || target.fields.name_local) {
        const [first, second] = language === 'ar' ? ['name_local', 'name'] : ['name', 'name_local'];
        const parts = [first, second].filter((c) => target.fields[c]).map((c) => sql.ref(`${alias}.${c}`));
        query = query.select(sql`coalesce(${sql.join(parts)})`.as(`${alias}_name`));
        outputs.push({ header: label, type: 'string', alias: `${alias}_name` });
      }
      return;
    }
    query = query.select(sql.ref(`t.${field.name}`).as(`c${i}`));
    const table = field.status ? manifest.statusTables[field.status] : undefined;
    outputs.push({
      header: label,
      type: table ? 'string' : cellType(field),
      alias: `c${i}`,
      status: table ? { table: table.name, flags: table.flags } : undefined,
    });
  });
  for (const s of params.sort) query = query.orderBy(sql.ref(`t.${s.column}`), s.desc ? 'desc' : 'asc');
  const found = await query.limit(EXPORT_MAX_ROWS + 1).execute();
  if (found.length > EXPORT_MAX_ROWS) throw new HttpError(400, 'export_too_large', { limit: EXPORT_MAX_ROWS });

  const statusName = statusNamer(manifest, language);
  const rows = found.map((row: Record<string, unknown>) =>
    outputs.map((o) => (o.status ? statusName(o.status, row[o.alias]) : row[o.alias])),
  );
  return { columns: outputs.map((o) => ({ header: o.header, type: o.type })), rows };
}

function fieldOf(entity: Entity, name: string): EntityField | undefined {
  const field = Object.hasOwn(entity.fields, name) ? entity.fields[name] : undefined;
  if (field) return field.serverOnly || field.type === 'json' || field.type === 'file' ? undefined : field;
  // The record's own id and times; not deleted_at (an export is of live rows unless asked).
  const system = name !== 'deleted_at' ? implicitFieldLabel(name) : undefined;
  if (!system) return undefined;
  if (name !== 'id' && !entity.timestamps) return undefined;
  return { name, type: name === 'id' ? 'bigint' : 'datetime', label: system } as EntityField;
}

function cellType(field: EntityField): SheetCellType {
  if (isNumericField(field)) return 'number';
  if (field.type === 'date') return 'date';
  if (field.type === 'datetime') return 'datetime';
  if (field.type === 'boolean') return 'boolean';
  return 'string';
}

/** A status id (or, for a flag table, a set of bits) as the names the portal shows. */
function statusNamer(manifest: Manifest, language: Language) {
  const cache = new Map<string, Map<number, string>>();
  const names = (table: string) => {
    let map = cache.get(table);
    if (!map) {
      map = new Map(
        manifest.statusTables[table]!.statuses.map((s) => [
          Number(s.id),
          (language === 'ar' ? s.name_local || s.name : s.name || s.name_local) as string,
        ]),
      );
      cache.set(table, map);
    }
    return map;
  };
  return (status: { table: string; flags: boolean }, value: unknown): unknown => {
    if (value === null || value === undefined) return null;
    const id = Number(value);
    const map = names(status.table);
    if (!status.flags) return map.get(id) ?? value;
    const held = [...map.entries()]
      .filter(([bit]) => bit > 0 && (BigInt(id) & BigInt(bit)) === BigInt(bit))
      .map(([, name]) => name);
    return held.length ? listJoin(held, language) : value;
  };
}
