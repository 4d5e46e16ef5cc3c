/**
 * The set of every name the definitions declare, and where: what references resolve against.
 *
 * Names are collected from every parsed file, even one that failed validation, so that a
 * typo in an entity file gives one error there rather than "unknown entity" at every use.
 * Uniqueness (definition names per kind, route names and paths, permission, rule and filter
 * names) is checked while collecting, because that is where both occurrences are known.
 */
import type { GenError } from './errors.ts';
import type { JsonPath, LoadedFile } from './load.ts';
import type { RawDefinition, RawEntity, RawForm, RawRules, RawScreen, RawStatusTable, RawWizard } from './raw-types.ts';

export interface Def<T extends RawDefinition = RawDefinition> {
  file: LoadedFile;
  value: T;
}

export interface Declared<T = unknown> {
  file: LoadedFile;
  path: JsonPath;
  value: T;
}

export interface DefinitionIndex {
  permissions: Map<string, Declared>;
  roles: Map<string, Declared>;
  statusTables: Map<string, Declared<RawStatusTable>>;
  rules: Map<string, Declared>;
  filters: Map<string, Declared>;
  /** Gated action names (`registration.request`), each with the first gate that lists it; many gates may list one. */
  gateActions: Map<string, Declared>;
  entities: Map<string, Declared<RawEntity>>;
  forms: Map<string, Declared<RawForm>>;
  wizards: Map<string, Declared<RawWizard>>;
  screens: Map<string, Declared<RawScreen>>;
  navigation: Map<string, Declared>;
}

/** Kinds declaring one named definition per file, and the index map each goes to. */
const NAMED_KINDS = {
  role: 'roles',
  statusTable: 'statusTables',
  entity: 'entities',
  form: 'forms',
  wizard: 'wizards',
  screen: 'screens',
  navigation: 'navigation',
} as const;

const KIND_WORDS: Record<string, string> = {
  roles: 'role',
  statusTables: 'status table',
  entities: 'entity',
  forms: 'form',
  wizards: 'wizard',
  screens: 'route name',
  navigation: 'navigation',
  permissions: 'permission',
  rules: 'rule',
  filters: 'filter',
};

export function buildIndex(files: LoadedFile[]): { index: DefinitionIndex; errors: GenError[] } {
  const index: DefinitionIndex = {
    permissions: new Map(),
    roles: new Map(),
    statusTables: new Map(),
    rules: new Map(),
    filters: new Map(),
    gateActions: new Map(),
    entities: new Map(),
    forms: new Map(),
    wizards: new Map(),
    screens: new Map(),
    navigation: new Map(),
  };
  const errors: GenError[] = [];
  const routePaths = new Map<string, Declared>();

  const declare = (map: Map<string, Declared>, what: keyof DefinitionIndex, name: unknown, decl: Declared) => {
    if (typeof name !== 'string') return;
    const first = map.get(name);
    if (first) errors.push(duplicate(decl, `duplicate ${KIND_WORDS[what]} '${name}'`, first));
    else map.set(name, decl);
  };

  for (const file of files) {
    const value = file.value as Record<string, unknown> | undefined;
    if (!value || typeof value !== 'object' || Array.isArray(value)) continue;
    const kind = value.kind;
    if (kind === 'permissions' && Array.isArray(value.permissions)) {
      value.permissions.forEach((p: { name?: unknown } | null, i: number) =>
        declare(index.permissions, 'permissions', p?.name, { file, path: ['permissions', i, 'name'], value: p }),
      );
    } else if (kind === 'rules') {
      const raw = value as unknown as RawRules;
      for (const name of Object.keys(objectOr(raw.rules)))
        declare(index.rules, 'rules', name, { file, path: ['rules', name], value: raw.rules?.[name] });
      for (const name of Object.keys(objectOr(raw.filters)))
        declare(index.filters, 'filters', name, { file, path: ['filters', name], value: raw.filters?.[name] });
      for (const [name, gate] of Object.entries(objectOr(raw.gates))) {
        const actions = (gate as { actions?: unknown } | null)?.actions;
        if (!Array.isArray(actions)) continue;
        actions.forEach((action, i) => {
          if (typeof action === 'string' && !index.gateActions.has(action))
            index.gateActions.set(action, { file, path: ['gates', name, 'actions', i], value: gate });
        });
      }
    } else if (typeof kind === 'string' && kind in NAMED_KINDS) {
      const what = NAMED_KINDS[kind as keyof typeof NAMED_KINDS];
      declare(index[what] as Map<string, Declared>, what, value.name, { file, path: ['name'], value });
      if (kind === 'screen' && typeof value.path === 'string') {
        const decl = { file, path: ['path'], value };
        const key = normalizeRoute(value.path);
        const first = routePaths.get(key);
        if (first) errors.push(duplicate(decl, `duplicate route path '${value.path}'`, first));
        else routePaths.set(key, decl);
      }
    }
  }
  // Forms and wizards share versions/forms/<name>/: one name may not be both.
  for (const [name, wizard] of index.wizards) {
    const form = index.forms.get(name);
    if (form)
      errors.push(
        duplicate(
          wizard,
          `wizard '${name}' has the name of a form`,
          form,
          'forms and wizards share the version archive: rename one',
        ),
      );
  }
  return { index, errors };
}

/** `/students/:id` and `/students/:sid?` are one route to the router: compare without param names. */
export function normalizeRoute(routePath: string): string {
  return routePath.replace(/:[A-Za-z0-9_]+(\?)?/g, ':$1').replace(/\/+$/, '') || '/';
}

function duplicate(decl: Declared, message: string, first: Declared, fix?: string): GenError {
  const at = decl.file.locate(decl.path);
  const was = first.file.locate(first.path);
  const where = `${relative(first.file.file)}:${was.line}:${was.column}`;
  return {
    file: decl.file.file,
    line: at.line,
    column: at.column,
    message,
    hint: fix ?? `already declared at ${where}: rename or remove one`,
  };
}

function relative(file: string): string {
  const cwd = `${process.cwd()}/`;
  return file.startsWith(cwd) ? file.slice(cwd.length) : file;
}

function objectOr(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
