/**
 * The client manifest in two parts, so a first visit downloads only what its screen draws:
 * - core: screens (what routing, the guard and menus read), filters, and the forms and rules of
 *   the public screens (sign-in and the other pages anyone may open): fetched before the
 *   first render;
 * - data: entities, status tables, permissions, roles, wizards, every other form and rule, and
 *   the body of every screen that reads the data part anyway (a list's columns, actions,
 *   filters, row link and source): fetched by the route of the first screen that needs them
 *   (`screenNeedsData`), before it draws.
 * Pure functions, shared by the build plugin (manifest-asset.ts) and the browser.
 */
import type { ClientManifest, Screen } from '../../../generator/manifest-types.ts';

export const DATA_KEYS = ['entities', 'statusTables', 'permissions', 'roles', 'wizards'] as const;
export type DataKey = (typeof DATA_KEYS)[number];
/** A screen's body: read only while the screen draws, never by routing or menus. */
const BODY_KEYS = ['columns', 'actions', 'filters', 'rowLink', 'source', 'grid'] as const;
type ScreenBody = Pick<Screen, (typeof BODY_KEYS)[number]>;
/** The core part: its `forms` and `rules` hold only the public screens' ones; screens that need data have no body. */
export type ManifestCore = Omit<ClientManifest, DataKey>;
/** The data part: every form and rule the core part does not hold, and the bodies of the screens that need it. */
export type ManifestData = Pick<ClientManifest, DataKey | 'forms' | 'rules'> & { screenBodies: Record<string, ScreenBody> };

/** Screens anyone may open (the guard lets a visitor through): their forms ship in the core part. */
function isPublic(screen: Screen): boolean {
  return screen.permission === 'public' || screen.layout.anonymous;
}

/** Splits a whole manifest; joinManifest(split.core, split.data) gives it back. */
export function splitManifest(manifest: ClientManifest): { core: ManifestCore; data: ManifestData } {
  const core: Record<string, unknown> = {};
  const data: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(manifest)) ((DATA_KEYS as readonly string[]).includes(key) ? data : core)[key] = value;

  const publicForms = new Set(Object.values(manifest.screens).filter(isPublic).map((s) => s.form));
  const forms = Object.entries(manifest.forms);
  core.forms = Object.fromEntries(forms.filter(([name]) => publicForms.has(name)));
  data.forms = Object.fromEntries(forms.filter(([name]) => !publicForms.has(name)));

  // 'required' gives every form its missing-value message; the rest go with the forms naming them.
  const publicRules = new Set(['required', ...Object.values(core.forms as ClientManifest['forms']).flatMap((f) => f.fields.flatMap((field) => field.rules))]);
  const rules = Object.entries(manifest.rules);
  core.rules = Object.fromEntries(rules.filter(([name]) => publicRules.has(name)));
  data.rules = Object.fromEntries(rules.filter(([name]) => !publicRules.has(name)));

  const screens: Record<string, Screen> = {};
  const bodies: Record<string, ScreenBody> = {};
  for (const [name, screen] of Object.entries(manifest.screens)) {
    if (!screenNeedsData(screen, core as Pick<ClientManifest, 'forms'>)) {
      screens[name] = screen;
      continue;
    }
    const { columns, actions, filters, rowLink, source, grid, ...head } = screen;
    bodies[name] = { columns, actions, filters, rowLink, source, grid };
    screens[name] = { ...head, columns: [], actions: [], filters: [] };
  }
  core.screens = screens;
  data.screenBodies = bodies;
  return { core: core as ManifestCore, data: data as ManifestData };
}

/** The whole manifest; without the data part its records are empty (forms and rules: the public ones) until it arrives. */
export function joinManifest(core: ManifestCore, data?: ManifestData): ClientManifest {
  const screens = Object.fromEntries(
    Object.entries(core.screens).map(([name, screen]) => [name, withBody(screen, data?.screenBodies[name])]),
  );
  const { screenBodies: _bodies, ...rest } = data ?? {};
  return {
    ...core,
    entities: {},
    statusTables: {},
    permissions: {},
    roles: {},
    wizards: {},
    ...rest,
    screens,
    forms: { ...core.forms, ...data?.forms },
    rules: { ...core.rules, ...data?.rules },
  };
}

function withBody(screen: Screen, body: ScreenBody | undefined): Screen {
  if (!body) return screen;
  const joined: Screen = { ...screen, ...body };
  for (const key of BODY_KEYS) if (joined[key] === undefined) delete joined[key];
  return joined;
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
