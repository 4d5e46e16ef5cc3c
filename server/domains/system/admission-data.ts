/**
 * GET /website/admissionData (public; the admission site's first call): the open admissions,
 * the admission terms and the countries for the nationality and address pickers.
 */
import { sql } from 'kysely';
import type { Entity, Manifest } from '../../../generator/manifest-types.ts';
import { visibleColumns } from '../../resources/entity-info.ts';
import { dynamicTables, findEntity, type Db } from '../auth/tables.ts';
import { admissionTerms } from './terms.ts';

type Row = Record<string, unknown>;

/** A date column as 'YYYY-MM-DD' whichever way the driver gives it (a Date, or text); '' when none. */
function dateText(value: unknown): string {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  return typeof value === 'string' ? value.slice(0, 10) : '';
}

async function allRows(db: Db, entity: Entity | undefined, where?: (row: Row) => boolean): Promise<Row[]> {
  if (!entity) return [];
  // The columns the browser may see, whichever the entity declares: chosen at run time.
  let query = dynamicTables(db).selectFrom(entity.table).select(visibleColumns(entity));
  if (entity.softDelete) query = query.where('deleted_at', 'is', null);
  const sortField = entity.fields[entity.sort.field] ? entity.sort.field : 'id';
  const rows = await query.orderBy(sortField, entity.sort.order).limit(1000).execute();
  return where ? rows.filter(where) : rows;
}

export async function admissionData(db: Db, manifest: Manifest) {
  // admissions is not (yet) an entity of screens/: its table is the manifest's alone.
  const admissions = manifest.entities.admissions;
  // An admission switched off (active/open false) is not offered to applicants.
  const open = (row: Row) => row.active !== false && row.is_open !== false && row.open !== false;
  // `open_now`: today (the database's date, as PUT /admission/apply judges it) lies within the
  // round's dates, so the kind can be chosen; a round not open yet or closed is shown as such.
  const { today } = await sql<{ today: string }>`select current_date::text as today`
    .execute(db)
    .then((r) => r.rows[0]!);
  const within = (row: Row) => dateText(row.opens_on) <= today && today <= dateText(row.closes_on);
  return {
    admissions: (await allRows(db, admissions, open)).map((row) => ({ ...row, open_now: within(row) })),
    admission_terms: await admissionTerms(db, manifest),
    countries: await allRows(db, findEntity(manifest, 'countries')),
  };
}
