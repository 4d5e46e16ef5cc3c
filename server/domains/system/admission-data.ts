/**
 * GET /website/admissionData (public; the admission site's first call): the open admissions,
 * the admission terms and the countries for the nationality and address pickers.
 */
import type { Entity, Manifest } from '../../../generator/manifest-types.ts';
import { visibleColumns } from '../../resources/entity-info.ts';
import { dynamicTables, findEntity, type Db } from '../auth/tables.ts';
import { admissionTerms } from './terms.ts';

type Row = Record<string, unknown>;

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
  return {
    admissions: await allRows(db, admissions, open),
    admission_terms: await admissionTerms(db, manifest),
    countries: await allRows(db, findEntity(manifest, 'countries')),
  };
}
