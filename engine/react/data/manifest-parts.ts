/**
 * The client manifest in two parts, so a first visit downloads only what its screen draws:
 * - core: screens, navigation, rules, filters, and the forms of the public screens (routing,
 *   the guard, menus, sign-in and the other pages anyone may open): fetched before the first
 *   render;
 * - data: entities, status tables, permissions, roles, wizards and every other form (list
 *   columns, badges, status options, staff and student forms): fetched by the route of the
 *   first screen that needs them (`screenNeedsData`).
 * Pure functions, shared by the build plugin (manifest-asset.ts) and the browser.
 */
import type { ClientManifest, Screen } from '../../../generator/manifest-types.ts';

export const DATA_KEYS = ['entities', 'statusTables', 'permissions', 'roles', 'wizards'] as const;
export type DataKey = (typeof DATA_KEYS)[number];
/** The core part: its `forms` hold only the public screens' forms. */
export type ManifestCore = Omit<ClientManifest, DataKey>;
/** The data part: its `forms` hold every form the core part does not. */
export type ManifestData = Pick<ClientManifest, DataKey | 'forms'>;

/** Screens anyone may open (the guard lets a visitor through): their forms ship in the core part. */
function isPublic(screen: Screen): boolean {
  return screen.permission === 'public' || screen.layout.anonymous;
}

export function splitManifest(manifest: ClientManifest): { core: ManifestCore; data: ManifestData } {
  const core: Record<string, unknown> = {};
  const data: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(manifest)) ((DATA_KEYS as readonly string[]).includes(key) ? data : core)[key] = value;
  const publicForms = new Set(Object.values(manifest.screens).filter(isPublic).map((s) => s.form));
  const forms = Object.entries(manifest.forms);
  core.forms = Object.fromEntries(forms.filter(([name]) => publicForms.has(name)));
  data.forms = Object.fromEntries(forms.filter(([name]) => !publicForms.has(name)));
  return { core: core as ManifestCore, data: data as ManifestData };
}

/** The whole manifest; without the data part its records are empty (forms: the public ones) until it arrives. */
export function joinManifest(core: ManifestCore, data?: ManifestData): ClientManifest {
  return { ...core, entities: {}, statusTables: {}, permissions: {}, roles: {}, wizards: {}, ...data, forms: { ...core.forms, ...data?.forms } };
}

/**
 * Whether a screen reads the data part: lists, details, wizards and plugin screens do; static
 * pages and dashboards do not; a form does when its definition is not in the core part or a
 * field offers the ids of a status table.
 */
export function screenNeedsData(screen: Screen, manifest: Pick<ClientManifest, 'forms'>): boolean {
  if (screen.view === 'page' || screen.view === 'dashboard') return false;
  if (screen.view !== 'form') return true;
  const form = screen.form ? manifest.forms[screen.form] : undefined;
  return !form || form.fields.some((f) => f.options?.status !== undefined);
}
