/**
 * The terms flagged current (GET /system/current-terms) and the open admission terms
 * (GET /website/admissionData). When several terms carry a flag, the latest by start date wins.
 */
import type { Manifest } from '../../../generator/manifest-types.ts';
import { visibleColumns } from '../../resources/entity-info.ts';
import { dynamicTables, findEntity, type Db, type TypedEntity } from '../auth/tables.ts';

type Row = Record<string, unknown>;

/** Response key -> boolean column of the terms entity. */
export const CURRENT_TERM_FLAGS = {
  current_term: 'is_current',
  current_admission_term_UG: 'is_admission_ug',
  current_admission_term_PG: 'is_admission_pg',
  current_control_term: 'is_control',
  current_exam_term: 'is_exam',
} as const;

export type CurrentTerms = Record<keyof typeof CURRENT_TERM_FLAGS, Row | null>;

/** A boolean flag column of the terms table. */
type TermFlag = (typeof CURRENT_TERM_FLAGS)[keyof typeof CURRENT_TERM_FLAGS];

function termsEntity(manifest: Manifest): TypedEntity<'terms'> | undefined {
  return findEntity(manifest, 'terms');
}

function flaggedTerms(db: Db, entity: TypedEntity<'terms'>, flags: TermFlag[]) {
  // The columns the browser may see, whichever the entity declares: chosen at run time.
  let query = dynamicTables(db).selectFrom(entity.table).select(visibleColumns(entity));
  if (entity.softDelete) query = query.where('deleted_at', 'is', null);
  query = query.where((eb) => eb.or(flags.map((flag) => eb(flag, '=', true))));
  if (entity.fields.start_date) query = query.orderBy('start_date', 'desc');
  return query.orderBy('id', 'desc');
}

export async function currentTerms(db: Db, manifest: Manifest): Promise<CurrentTerms> {
  const result = Object.fromEntries(Object.keys(CURRENT_TERM_FLAGS).map((k) => [k, null])) as CurrentTerms;
  const entity = termsEntity(manifest);
  if (!entity) return result;
  const flags = Object.entries(CURRENT_TERM_FLAGS).filter(([, column]) => entity.fields[column]);
  if (!flags.length) return result;
  const rows = await flaggedTerms(
    db,
    entity,
    flags.map(([, column]) => column),
  ).execute();
  for (const [key, column] of flags) {
    result[key as keyof CurrentTerms] = rows.find((r) => r[column] === true) ?? null;
  }
  return result;
}

export async function admissionTerms(db: Db, manifest: Manifest): Promise<Row[]> {
  const entity = termsEntity(manifest);
  if (!entity) return [];
  const flags = (['is_admission_ug', 'is_admission_pg'] as const).filter((f) => entity.fields[f]);
  if (!flags.length) return [];
  return flaggedTerms(db, entity, flags).execute();
}
