/**
 * GET /admission/website/applicant/lookups[/{key}] and /admission/faculty/needTraining/{type}/{id}:
 * the option lists of the admission forms, for visitors without an account. The names are
 * those the admission_form wizard's forms use (`options: {ref}` and `{status}`), plus faculties
 * and programs for the ranked preferences; rows come from the seeded tables (countries,
 * governorates, certificate_types, faculties, programs, departments) and the status tables.
 */
import type { Kysely } from 'kysely';
import type { Manifest } from '../../../generator/manifest-types.ts';
import { HttpError } from '../../http/errors.ts';
import { degreeLevelOfType, parseId } from './applicants.ts';
import { admissionWizard, formOfTab } from './tabs.ts';

type Row = Record<string, unknown>;

/** Columns each table shows applicants: never more than these (no internal columns). */
const ENTITY_COLUMNS: Record<string, string[]> = {
  countries: ['id', 'code', 'name', 'name_local', 'nationality', 'nationality_local', 'phone_code'],
  governorates: ['id', 'code', 'name', 'name_local', 'country_id'],
  certificate_types: ['id', 'code', 'name', 'name_local', 'egyptian', 'needs_sitting_number', 'max_total_marks'],
  faculties: ['id', 'code', 'name', 'name_local'],
  programs: ['id', 'code', 'name', 'name_local', 'faculty_id', 'degree_level_id', 'needs_training'],
  departments: ['id', 'code', 'name', 'name_local', 'faculty_id'],
  // The accounts an applicant transfers to (bank transfer); the currency is in the name.
  banks: ['id', 'name', 'name_local', 'account_number', 'iban', 'swift'],
};
const ALWAYS = ['faculties', 'programs', 'applicant_type'];

/** Every lookup name the admission forms use. */
export function lookupNames(manifest: Manifest): string[] {
  const wizard = admissionWizard(manifest);
  const names = new Set<string>(ALWAYS);
  for (const tab of Object.keys(wizard.tabs)) {
    for (const field of formOfTab(manifest, wizard, tab)?.fields ?? []) {
      if (field.options?.status) names.add(field.options.status);
      else if (field.options?.ref && ENTITY_COLUMNS[field.options.ref]) names.add(field.options.ref);
      // Entity-bound fields name their options through the entity (gender_id -> gender).
      const entityField = field.field ? manifest.entities.applicants?.fields[field.field] : undefined;
      if (entityField?.status) names.add(entityField.status);
      if (entityField?.ref && ENTITY_COLUMNS[entityField.ref]) names.add(entityField.ref);
    }
  }
  return [...names].filter((n) => manifest.statusTables[n] || manifest.entities[n]).sort();
}

async function loadOne(db: Kysely<any>, manifest: Manifest, name: string): Promise<Row[]> {
  const table = manifest.statusTables[name];
  if (table)
    return table.statuses.map(({ id, key, name: n, name_local, color }) => ({ id, key, name: n, name_local, color }));
  const entity = manifest.entities[name]!;
  const columns = ENTITY_COLUMNS[name]!.filter((c) => c === 'id' || entity.fields[c]);
  let query = db.selectFrom(entity.table).select(columns);
  if (entity.softDelete) query = query.where('deleted_at', 'is', null);
  if (entity.fields.active) query = query.where('active', 'is not', false);
  if (name === 'programs' && entity.fields.accepts_applications) query = query.where('accepts_applications', '=', true);
  return query
    .orderBy(entity.fields.name && name !== 'certificate_types' ? 'name' : 'id')
    .limit(1000)
    .execute();
}

export async function applicantLookups(db: Kysely<any>, manifest: Manifest, key?: string) {
  const names = lookupNames(manifest);
  if (key !== undefined) {
    if (!names.includes(key)) throw new HttpError(404, 'unknown_lookup', { name: key });
    return { data: await loadOne(db, manifest, key) };
  }
  const data: Record<string, Row[]> = {};
  for (const name of names) data[name] = await loadOne(db, manifest, name);
  return { data };
}

/**
 * Whether a faculty's programs need training, for an applicant type (its degree level).
 */
export async function needTraining(db: Kysely<any>, rawType: unknown, rawId: unknown) {
  const type = parseId(rawType);
  const facultyId = parseId(rawId);
  if (type === null || facultyId === null) throw new HttpError(404, 'not_found');
  const faculty = await db
    .selectFrom('faculties')
    .select(['id'])
    .where('id', '=', facultyId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!faculty) throw new HttpError(404, 'not_found');
  const level = degreeLevelOfType(type);
  const programs = await db
    .selectFrom('programs')
    .select(['id', 'code', 'name', 'name_local', 'needs_training'])
    .where('faculty_id', '=', facultyId)
    .where('deleted_at', 'is', null)
    .where('accepts_applications', '=', true)
    .where('degree_level_id', '=', level)
    .orderBy('name')
    .execute();
  return { data: { faculty_id: facultyId, need_training: programs.some((p) => p.needs_training === true), programs } };
}
