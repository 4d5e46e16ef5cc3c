/**
 * GET /university/data: the university's public settings as a name/value list, with the flags
 * the portal reads by name also given at the top level. Flags always hold the strings "true"
 * or "false" (portal-core section 3, admission-and-grid section 2), whatever the row holds
 * ("1", "yes", true...), and default to "false" when the university has not set them.
 */
import type { Manifest } from '../../../generator/manifest-types.ts';
import { DELETED_AT, findEntity, type Db } from '../auth/tables.ts';

/** The flag settings every client may read, "true"/"false". */
export const FLAG_SETTINGS = [
  'attendance_with_qr_code',
  'lazy_admission',
  'pay_with_fawry',
  'pay_with_credit_card',
  'pay_with_voucher',
] as const;
/** Other settings every client may read, whatever their `public` column says. */
export const ALWAYS_PUBLIC_SETTINGS = ['favicon', 'university_name', 'university_name_local', 'logo'] as const;

export interface Setting {
  name: string;
  value: string | null;
}

export type UniversityData = { data: Setting[] } & Record<(typeof FLAG_SETTINGS)[number], 'true' | 'false'>;

export function flagValue(value: unknown): 'true' | 'false' {
  if (value === true) return 'true';
  return typeof value === 'string' && ['true', '1', 'yes', 'on'].includes(value.trim().toLowerCase())
    ? 'true'
    : 'false';
}

export async function readSettings(
  db: Db,
  manifest: Manifest,
  names?: readonly string[],
): Promise<Map<string, { value: string | null; public: boolean }>> {
  const entity = findEntity(manifest, 'settings');
  const map = new Map<string, { value: string | null; public: boolean }>();
  if (!entity) return map;
  const hasPublic = !!entity.fields.public;
  let query = db
    .selectFrom(entity.table)
    .select(hasPublic ? ['name', 'value', 'public'] : ['name', 'value'])
    .orderBy('name');
  if (entity.softDelete) query = query.where(DELETED_AT, 'is', null);
  if (names) query = query.where('name', 'in', [...names]);
  const rows: { name: string; value: string | null; public?: boolean | null }[] = await query.execute();
  for (const row of rows) {
    map.set(String(row.name), { value: row.value == null ? null : String(row.value), public: row.public === true });
  }
  return map;
}

export async function universityData(db: Db, manifest: Manifest): Promise<UniversityData> {
  const settings = await readSettings(db, manifest);
  const shown = new Map<string, string | null>();
  for (const [name, s] of settings) {
    if (s.public || (ALWAYS_PUBLIC_SETTINGS as readonly string[]).includes(name)) shown.set(name, s.value);
  }
  const flags = {} as Record<(typeof FLAG_SETTINGS)[number], 'true' | 'false'>;
  for (const name of FLAG_SETTINGS) {
    flags[name] = flagValue(settings.get(name)?.value);
    shown.set(name, flags[name]);
  }
  if (!shown.has('favicon')) shown.set('favicon', null);
  const data = [...shown].map(([name, value]) => ({ name, value })).sort((a, b) => a.name.localeCompare(b.name));
  return { data, ...flags };
}
