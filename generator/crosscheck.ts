/**
 * Cross-checks the whole set of valid definitions: every reference resolves, every status has a
 * colour, every label has English and Arabic. Each error points at the referencing node.
 *
 * Runs only on files that passed schema validation, so shapes can be trusted here; names come
 * from the index built over every parsed file.
 */
import type { GenError } from './errors.ts';
import { checkWorkflow, type WorkflowChecker } from './crosscheck-workflow.ts';
import type { JsonPath } from './load.ts';
import { FILE_TYPES, knownAcceptEntry, parseByteSize } from '../engine/core/file-types.ts';
import { installedIcons, knownIcon } from './icons.ts';
import { IMPLICIT_FIELDS } from './implicit-fields.ts';
import { localeKeys, missingLanguages, type Locales } from './locales.ts';
import type { Condition } from './manifest-types.ts';
import type {
  RawEntity,
  RawForm,
  RawFormField,
  RawNavItem,
  RawNavigation,
  RawRole,
  RawScreen,
  RawStatusTable,
  RawWizard,
} from './raw-types.ts';
import type { Declared, Def, DefinitionIndex } from './definitions-index.ts';
import { closest, COLOURS } from './validate.ts';

/** Permissions every set has without declaring them (see Permission.special). */
const BUILTIN_PERMISSIONS = ['public', 'guest'];
/** Rule names the engine knows without a `kind: rules` entry. */
const BUILTIN_RULES = ['required'];
/** Columns every entity row has. */
/** Keys whose value is a label ({en, ar} or a locale key). */
const LABEL_KEYS = new Set(['label', 'title', 'message', 'confirm']);
/** Keys whose value is a map keyed by names the analyst chose. */
const NAME_MAPS = new Set(['fields', 'tabs', 'rules', 'filters', 'gates', 'sets', 'params']);

export function crosscheck(defs: Def[], index: DefinitionIndex, locales: Locales): GenError[] {
  const errors: GenError[] = [];
  for (const def of defs) {
    const c = new Checker(def, index, errors);
    checkLabels(def, locales, errors);
    switch (def.value.kind) {
      case 'permissions':
        break;
      case 'rules':
        break;
      case 'role':
        c.role(def.value);
        break;
      case 'statusTable':
        c.statusTable(def.value);
        break;
      case 'entity':
        c.entity(def.value);
        break;
      case 'form':
        c.form(def.value);
        break;
      case 'wizard':
        c.wizard(def.value);
        break;
      case 'screen':
        c.screen(def.value);
        break;
      case 'navigation':
        c.navigation(def.value);
        break;
    }
  }
  return errors;
}

class Checker implements WorkflowChecker {
  constructor(
    private def: Def,
    readonly index: DefinitionIndex,
    private errors: GenError[],
  ) {}

  error(path: JsonPath, message: string, hint: string, key = false): void {
    const pos = this.def.file.locate(path, { key });
    this.errors.push({ file: this.def.file.file, line: pos.line, column: pos.column, message, hint });
  }

  /** Reports `name` at `path` unless `map` declares it. */
  ref(
    path: JsonPath,
    name: unknown,
    map: Map<string, unknown>,
    what: string,
    declareHint: string,
    builtins: string[] = [],
  ): boolean {
    if (typeof name !== 'string' || map.has(name) || builtins.includes(name)) return true;
    const close = closest(name, [...map.keys(), ...builtins]);
    this.error(path, `unknown ${what} '${name}'`, `${close ? `did you mean '${close}'? ` : ''}${declareHint}`);
    return false;
  }

  permission(path: JsonPath, name: unknown): void {
    this.ref(
      path,
      name,
      this.index.permissions,
      'permission',
      'declare it in a kind: permissions file',
      BUILTIN_PERMISSIONS,
    );
  }
  entityRef(path: JsonPath, name: unknown): Declared<RawEntity> | undefined {
    if (!this.ref(path, name, this.index.entities, 'entity', 'declare it in a kind: entity file')) return undefined;
    return typeof name === 'string' ? this.index.entities.get(name) : undefined;
  }
  statusRef(path: JsonPath, name: unknown): boolean {
    return this.ref(path, name, this.index.statusTables, 'status table', 'declare it in a kind: statusTable file');
  }
  route(path: JsonPath, name: unknown): void {
    this.ref(path, name, this.index.screens, 'route', 'a route is the name of a kind: screen definition');
  }
  /** Route params: each key a parameter of the target's path, each value a field of the row. */
  routeParams(
    path: JsonPath,
    route: string,
    params: Record<string, string> | undefined,
    entity: Declared<RawEntity> | undefined,
    owner: string,
  ): void {
    const target = this.index.screens.get(route)?.value.path;
    if (!params || typeof target !== 'string') return;
    const names = [...target.matchAll(/:([A-Za-z][A-Za-z0-9_]*)/g)].map((m) => m[1]);
    for (const [key, field] of Object.entries(params)) {
      if (!names.includes(key)) {
        this.error(
          [...path, key],
          `route '${route}' (${target}) has no parameter '${key}'`,
          names.length ? `its parameters: ${names.join(', ')}` : 'remove params: the route takes none',
          true,
        );
      }
      this.field([...path, key], field, entity, owner);
    }
  }
  rules(path: JsonPath, names: unknown): void {
    if (!Array.isArray(names)) return;
    names.forEach((n, i) =>
      this.ref(
        [...path, i],
        n,
        this.index.rules,
        'rule',
        'declare it under rules: in a kind: rules file',
        BUILTIN_RULES,
      ),
    );
  }
  filter(path: JsonPath, name: unknown): void {
    this.ref(path, name, this.index.filters, 'filter', 'declare it under filters: in a kind: rules file');
  }
  /** A field of an entity; `entity` undefined means the entity itself is unknown (already reported). */
  field(path: JsonPath, name: unknown, entity: Declared<RawEntity> | undefined, owner: string): void {
    if (!entity || typeof name !== 'string' || name.includes('.')) return;
    const fields = Object.keys(entity.value.fields ?? {});
    if (fields.includes(name) || IMPLICIT_FIELDS.includes(name)) return;
    const close = closest(name, fields);
    this.error(
      path,
      `unknown field '${name}' of entity '${entity.value.name}'`,
      `${close ? `did you mean '${close}'? ` : ''}${owner}: ${fields.join(', ')}`,
    );
  }
  condition(path: JsonPath, cond: Condition | undefined, fields?: string[], owner = 'fields of this form'): void {
    if (!cond || typeof cond !== 'object') return;
    if ('permission' in cond) this.permission([...path, 'permission'], cond.permission);
    if ('all' in cond) cond.all.forEach((c, i) => this.condition([...path, 'all', i], c, fields, owner));
    if ('any' in cond) cond.any.forEach((c, i) => this.condition([...path, 'any', i], c, fields, owner));
    if ('not' in cond) this.condition([...path, 'not'], cond.not, fields, owner);
    if ('field' in cond && fields && !fields.includes(cond.field)) {
      const close = closest(cond.field, fields);
      this.error(
        [...path, 'field'],
        `unknown field '${cond.field}' in condition`,
        `${close ? `did you mean '${close}'? ` : ''}${owner}: ${fields.join(', ')}`,
      );
    }
  }

  role(role: RawRole): void {
    (role.permissions ?? []).forEach((p, i) => this.permission(['permissions', i], p));
  }

  statusTable(table: RawStatusTable): void {
    const ids = new Map<number, number>();
    const keys = new Map<string, number>();
    (table.statuses ?? []).forEach((s, i) => {
      if (ids.has(s.id))
        this.error(
          ['statuses', i, 'id'],
          `duplicate status id ${s.id} in '${table.name}'`,
          `status ${ids.get(s.id)! + 1} has it already: ids are unique in a table`,
        );
      else ids.set(s.id, i);
      if (keys.has(s.key))
        this.error(
          ['statuses', i, 'key'],
          `duplicate status key '${s.key}' in '${table.name}'`,
          `status ${keys.get(s.key)! + 1} has it already: keys are unique in a table`,
        );
      else keys.set(s.key, i);
      if (!s.color)
        this.error(['statuses', i], `status '${s.key}' has no colour`, `add color: one of ${COLOURS.join(', ')}`);
    });
    const statusKey = (path: JsonPath, key: unknown, star: boolean) => {
      if (typeof key !== 'string' || keys.has(key) || (star && key === '*')) return;
      const close = closest(key, [...keys.keys()]);
      this.error(
        path,
        `unknown status key '${key}' in '${table.name}'`,
        `${close ? `did you mean '${close}'? ` : ''}keys: ${[...keys.keys()].join(', ')}`,
      );
    };
    statusKey(['initial'], table.initial, false);
    (table.transitions ?? []).forEach((t, i) => {
      const from = Array.isArray(t.from) ? t.from : [t.from];
      from.forEach((k, j) =>
        statusKey(Array.isArray(t.from) ? ['transitions', i, 'from', j] : ['transitions', i, 'from'], k, true),
      );
      statusKey(['transitions', i, 'to'], t.to, false);
      this.permission(['transitions', i, 'permission'], t.permission);
    });
  }

  entity(entity: RawEntity): void {
    const self: Declared<RawEntity> = { file: this.def.file, path: ['name'], value: entity };
    for (const [name, f] of Object.entries(entity.fields ?? {})) {
      const at = ['fields', name];
      if (f.ref) this.entityRef([...at, 'ref'], f.ref);
      if (f.status) this.statusRef([...at, 'status'], f.status);
      this.rules([...at, 'rules'], f.rules);
      if (f.filter) this.filter([...at, 'filter'], f.filter);
      this.fileLimits(at, f);
      this.permission([...at, 'access', 'read'], f.access?.read);
      this.permission([...at, 'access', 'write'], f.access?.write);
    }
    for (const verb of ['read', 'write', 'create', 'update', 'delete'] as const)
      this.permission(['access', verb], entity.access?.[verb]);
    (entity.search ?? []).forEach((s, i) => this.field(['search', i], s, self, 'search a field of this entity'));
    this.field(['sort', 'field'], entity.sort?.field, self, 'sort by a field of this entity');
    (entity.indexes ?? []).forEach((index, i) =>
      index.fields.forEach((f, j) => this.field(['indexes', i, 'fields', j], f, self, 'index a field of this entity')),
    );
    if (entity.scope) {
      this.field(['scope', 'field'], entity.scope.field, self, 'scope by a field of this entity');
      this.permission(['scope', 'unless'], entity.scope.unless);
    }
    checkWorkflow(this, self);
  }

  /** A form widget must be able to hold its entity field's value: no date picker on a number. */
  widgetFits(path: JsonPath, widget: string, name: string, f: RawEntity['fields'][string], hasOptions: boolean): void {
    const choice = !!f.status || !!f.ref || !!f.enum || hasOptions;
    const kind = f.type;
    const text = ['string', 'text', 'email', 'phone'].includes(kind);
    const fits: Record<string, boolean> = {
      text: text && !choice,
      textarea: text && !choice,
      password: text && !choice,
      email: kind === 'email' || kind === 'string',
      phone: kind === 'phone' || kind === 'string',
      number: ['integer', 'bigint', 'number', 'money'].includes(kind) && !f.status && !f.ref,
      checkbox: kind === 'boolean' || kind === 'json',
      date: kind === 'date' || kind === 'datetime',
      file: kind === 'file',
      select: choice,
      radio: choice,
      autocomplete: choice,
      hidden: true,
    };
    if (fits[widget] !== false) return;
    const suggestion = choice
      ? 'select, radio or autocomplete'
      : ((
          {
            boolean: 'checkbox',
            date: 'date',
            datetime: 'date',
            file: 'file',
            integer: 'number',
            bigint: 'number',
            number: 'number',
            money: 'number',
            text: 'textarea',
          } as Record<string, string>
        )[kind] ?? 'text');
    this.error(
      path,
      `widget '${widget}' does not fit field '${name}' (${kind}${choice ? ', a choice' : ''})`,
      `use widget: ${suggestion}, or leave widget out to get the field type's own`,
    );
  }

  /** accept, maxSize and maxFiles: on a file field only, each type one the server can verify by content. */
  fileLimits(at: JsonPath, f: RawEntity['fields'][string]): void {
    for (const key of ['accept', 'maxSize', 'maxFiles'] as const) {
      if (f[key] !== undefined && f.type !== 'file')
        this.error(
          [...at, key],
          `${key} applies to file fields only`,
          `remove ${key}, or make the field type: file`,
          true,
        );
    }
    (f.accept ?? []).forEach((mime, i) => {
      if (!knownAcceptEntry(mime))
        this.error(
          [...at, 'accept', i],
          `file type '${mime}' cannot be checked by content`,
          `use one of ${Object.keys(FILE_TYPES).join(', ')} (or image/*)`,
        );
    });
    if (f.maxSize !== undefined && parseByteSize(f.maxSize) === undefined)
      this.error(
        [...at, 'maxSize'],
        `maxSize '${String(f.maxSize)}' is not a size`,
        'write it as 5MB, 300KB or a number of bytes',
      );
  }

  form(form: RawForm): void {
    const entity = form.entity ? this.entityRef(['entity'], form.entity) : undefined;
    const names = form.fields.map((f) => f.name ?? f.field ?? '');
    const seen = new Set<string>();
    form.fields.forEach((f, i) => {
      const at = ['fields', i];
      const name = f.name ?? f.field ?? '';
      if (seen.has(name)) this.error(at, `duplicate form field '${name}'`, 'each field appears once in a form');
      seen.add(name);
      if (f.field !== undefined) {
        if (!form.entity)
          this.error(
            [...at, 'field'],
            `field '${f.field}' refers to an entity field but the form has no entity`,
            'add entity: <name> to the form, or write name:, schema: and label: instead',
          );
        else {
          this.field([...at, 'field'], f.field, entity, `fields of '${form.entity}'`);
          const source = f.widget ? entity?.value.fields?.[f.field] : undefined;
          if (source) this.widgetFits([...at, 'widget'], f.widget!, f.field, source, !!f.options);
        }
      } else if (!f.schema) {
        this.error(
          at,
          `inline field '${name}' has no schema`,
          'add schema: {type: string} or refer to an entity field with field:',
        );
      }
      this.rules([...at, 'rules'], f.rules);
      if (f.filter) this.filter([...at, 'filter'], f.filter);
      this.condition([...at, 'visibleWhen'], f.visibleWhen, names);
      this.condition([...at, 'requiredWhen'], f.requiredWhen, names);
      if (f.options) this.options([...at, 'options'], f.options, names);
      if ((f.options?.only || f.options?.when) && (f.schema as { type?: unknown } | undefined)?.type === 'array') {
        this.error(
          [...at, 'options', f.options.only ? 'only' : 'when'],
          `field '${name}' holds a list: only and when narrow a single choice`,
          'remove only/when, or make the field one choice (schema: {type: integer})',
          true,
        );
      }
    });
    this.formNext(form, entity);
  }

  /** submit.next: known routes and their parameters; params and `when` read the saved record (the form's entity) when the form has one. */
  formNext(form: RawForm, entity: Declared<RawEntity> | undefined): void {
    const fields = entity ? [...Object.keys(entity.value.fields ?? {}), ...IMPLICIT_FIELDS] : undefined;
    const owner = `fields of the saved '${form.entity ?? ''}' record`;
    (form.submit?.next ?? []).forEach((n, i) => {
      const at = ['submit', 'next', i];
      this.route([...at, 'route'], n.route);
      this.routeParams([...at, 'params'], n.route, n.params, entity, owner);
      // a required parameter left unfilled would make the address impossible to open
      const target = this.index.screens.get(n.route)?.value.path;
      const missing =
        typeof target === 'string'
          ? [...target.matchAll(/:([A-Za-z][A-Za-z0-9_]*)(\?)?/g)]
              .filter((m) => !m[2] && !(m[1] in (n.params ?? {})))
              .map((m) => m[1])
          : [];
      if (missing.length)
        this.error(
          [...at, 'route'],
          `route '${n.route}' (${target}) needs ${missing.map((p) => `:${p}`).join(', ')}, which params does not fill`,
          `add params: {${missing.map((p) => `${p}: <field of the answer>`).join(', ')}}`,
        );
      this.condition([...at, 'when'], n.when, fields, owner);
    });
  }

  /** A choice field's options: the status table exists; `only` and `when` name its statuses; `when` tests fields of the form. */
  options(path: JsonPath, options: NonNullable<RawFormField['options']>, fields: string[]): void {
    if (options.ref) this.entityRef([...path, 'ref'], options.ref);
    if (!options.status) return;
    this.statusRef([...path, 'status'], options.status);
    const table = this.index.statusTables.get(options.status)?.value;
    const ids = (table?.statuses ?? []).map((s) => s.id);
    const list = table
      ? `statuses of '${table.name}': ${(table.statuses ?? []).map((s) => `${s.id} ${s.key}`).join(', ')}`
      : '';
    (options.only ?? []).forEach((id, i) => {
      if (table && !ids.includes(id))
        this.error([...path, 'only', i], `unknown status id ${id} in only`, `write ids of the table; ${list}`);
    });
    for (const [key, cond] of Object.entries(options.when ?? {})) {
      const id = Number(key);
      if (table && !ids.includes(id))
        this.error([...path, 'when', key], `unknown status id ${key} in when`, `write ids of the table; ${list}`, true);
      else if (options.only && !options.only.includes(id)) {
        this.error(
          [...path, 'when', key],
          `status ${key} has a when condition but only leaves it out`,
          `add ${key} to only: [${options.only.join(', ')}], or remove its when entry`,
          true,
        );
      }
      this.condition([...path, 'when', key], cond, fields);
    }
  }

  wizard(wizard: RawWizard): void {
    if (wizard.entity) this.entityRef(['entity'], wizard.entity);
    const tabs = Object.keys(wizard.tabs ?? {});
    for (const [name, tab] of Object.entries(wizard.tabs ?? {})) {
      this.ref(['tabs', name, 'form'], tab.form, this.index.forms, 'form', 'declare it in a kind: form file');
      this.condition(['tabs', name, 'visibleWhen'], tab.visibleWhen);
    }
    const sets = wizard.tabSets?.sets ?? {};
    for (const [set, list] of Object.entries(sets)) {
      list.forEach((tab, i) => {
        if (tabs.includes(tab)) return;
        const close = closest(tab, tabs);
        this.error(
          ['tabSets', 'sets', set, i],
          `unknown tab '${tab}'`,
          `${close ? `did you mean '${close}'? ` : ''}declare it under tabs: (${tabs.join(', ')})`,
        );
      });
    }
    const dflt = wizard.tabSets?.default;
    if (dflt !== undefined && !(dflt in sets))
      this.error(['tabSets', 'default'], `unknown tab set '${dflt}'`, `sets: ${Object.keys(sets).join(', ')}`);
  }

  screen(screen: RawScreen): void {
    this.permission(['permission'], screen.permission);
    if (screen.menu?.icon !== undefined) this.icon(['menu', 'icon'], screen.menu.icon);
    const resource = screen.source?.resource;
    const entity = resource ? this.entityRef(['source', 'resource'], resource) : undefined;
    const fieldsOf = `fields of '${resource ?? ''}'`;
    for (const key of Object.keys(screen.source?.filters ?? {}))
      this.field(['source', 'filters', key], key, entity, fieldsOf);
    this.field(['source', 'sort', 'field'], screen.source?.sort?.field, entity, fieldsOf);
    (screen.columns ?? []).forEach((col, i) => {
      // a table column's list is the detail answer's (e.g. `history`), not an entity field
      if (col.table) this.columnTable(screen, col, i);
      else this.field(['columns', i, 'field'], col.field, entity, fieldsOf);
      if (col.badge && this.statusRef(['columns', i, 'badge'], col.badge)) {
        const own = col.table ? undefined : entity?.value.fields?.[col.field]?.status;
        if (own && own !== col.badge)
          this.error(
            ['columns', i, 'badge'],
            `badge '${col.badge}' is not the status table of '${col.field}' (it holds ${own} ids)`,
            `use badge: ${own}`,
          );
      }
      this.rules(['columns', i, 'grid', 'rules'], col.grid?.rules);
    });
    (screen.filters ?? []).forEach((f, i) => {
      this.field(['filters', i, 'field'], f.field, entity, fieldsOf);
      if (f.statusTable) this.statusRef(['filters', i, 'statusTable'], f.statusTable);
      if (f.ref) this.entityRef(['filters', i, 'ref'], f.ref);
    });
    // a row link and each of its `otherwise` links
    for (
      let link = screen.rowLink, at: (string | number)[] = ['rowLink'];
      link;
      at = [...at, 'otherwise'], link = link.otherwise
    ) {
      this.route([...at, 'route'], link.route);
      this.routeParams([...at, 'params'], link.route, link.params, entity, `row ${fieldsOf}`);
      this.permission([...at, 'permission'], link.permission);
    }
    (screen.actions ?? []).forEach((a, i) => {
      if (a.route) this.route(['actions', i, 'route'], a.route);
      // Page actions take params from the current route, not a row: only row actions are checked against fields.
      if (a.route)
        this.routeParams(['actions', i, 'params'], a.route, a.params, a.row ? entity : undefined, `row ${fieldsOf}`);
      this.permission(['actions', i, 'permission'], a.permission);
      this.condition(['actions', i, 'visibleWhen'], a.visibleWhen);
      if (a.type === 'navigate' && !a.route)
        this.error(['actions', i], `navigate action '${a.name}' has no route`, 'add route: <screen name>');
    });
    if (screen.form) this.ref(['form'], screen.form, this.index.forms, 'form', 'declare it in a kind: form file');
    if (screen.wizard)
      this.ref(['wizard'], screen.wizard, this.index.wizards, 'wizard', 'declare it in a kind: wizard file');
    if (screen.view === 'form' && !screen.form)
      this.error(['view'], 'a form screen needs form:', 'add form: <form name>');
    if (screen.view === 'wizard' && !screen.wizard)
      this.error(['view'], 'a wizard screen needs wizard:', 'add wizard: <wizard name>');
    if (screen.view === 'plugin' && !screen.plugin)
      this.error(['view'], 'a plugin screen needs plugin:', 'add plugin: <plugin>#<Export>, e.g. grid#Grid');
    if (screen.grid && screen.plugin !== 'grid#Grid')
      this.error(
        ['grid'],
        'grid: is for a grid screen only',
        'remove grid:, or make the screen view: plugin with plugin: grid#Grid',
      );
    if (screen.grid?.save) this.gridSave(screen);
    if (screen.gate)
      this.ref(
        ['gate'],
        screen.gate,
        this.index.gateActions,
        'gated action',
        'name an action listed under actions: of a gate in a kind: rules file (screens/finance/gates.rules.yaml)',
      );
    this.condition(['visibleWhen'], screen.visibleWhen);
  }

  /** A detail column's `table:`: a detail screen only, no badge or format of its own (its columns have them), badges known, each field once. */
  columnTable(screen: RawScreen, col: NonNullable<RawScreen['columns']>[number], i: number): void {
    const at = ['columns', i];
    if (screen.view !== 'detail')
      this.error(
        [...at, 'table'],
        `table: is for a detail screen only (this screen is view: ${screen.view})`,
        'remove table:, or show the list on a view: detail screen',
        true,
      );
    for (const key of ['badge', 'format'] as const) {
      if (col[key] !== undefined)
        this.error(
          [...at, key],
          `a table column has no ${key} of its own`,
          `move ${key}: into the table's columns`,
          true,
        );
    }
    const seen = new Set<string>();
    col.table!.columns.forEach((c, j) => {
      if (seen.has(c.field))
        this.error(
          [...at, 'table', 'columns', j, 'field'],
          `field '${c.field}' is shown twice in this table`,
          'remove one of the two columns',
        );
      seen.add(c.field);
      if (c.badge) this.statusRef([...at, 'table', 'columns', j, 'badge'], c.badge);
    });
  }

  /** A grid's `save:`: saved columns are editable columns of the screen; the path's `:names` are the screen route's. */
  gridSave(screen: RawScreen): void {
    const save = screen.grid!.save!;
    const columns = new Map((screen.columns ?? []).map((c) => [c.field, c]));
    save.columns.forEach((name, i) => {
      const column = columns.get(name);
      if (!column)
        this.error(
          ['grid', 'save', 'columns', i],
          `'${name}' is not a column of this screen`,
          `saved columns: ${[...columns.keys()].join(', ')}`,
        );
      else if (column.grid?.readonly)
        this.error(
          ['grid', 'save', 'columns', i],
          `column '${name}' is readonly and cannot be saved`,
          'remove it from save.columns, or remove readonly: true from its grid: options',
        );
    });
    const routeParams = [...String(screen.path ?? '').matchAll(/:([A-Za-z][A-Za-z0-9_]*)/g)].map((m) => m[1]);
    for (const [, name] of String(save.path).matchAll(/:([A-Za-z][A-Za-z0-9_]*)/g)) {
      if (!routeParams.includes(name))
        this.error(
          ['grid', 'save', 'path'],
          `save.path names ':${name}', which the screen's path (${screen.path}) does not have`,
          routeParams.length ? `its parameters: ${routeParams.join(', ')}` : 'the screen path takes no parameters',
        );
    }
  }

  /** A menu icon must be one of the installed Material icons, named in snake case. */
  icon(path: JsonPath, name: unknown): void {
    if (typeof name !== 'string' || knownIcon(name)) return;
    const close = closest(name, [...installedIcons()]);
    this.error(
      path,
      `unknown menu icon '${name}'`,
      `${close ? `did you mean '${close}'? ` : ''}use a Material icon's name in snake case (AccountBalance is account_balance; see fonts.google.com/icons)`,
    );
  }

  navigation(nav: RawNavigation): void {
    const walk = (items: RawNavItem[], path: JsonPath) =>
      items.forEach((item, i) => {
        if (item.icon !== undefined) this.icon([...path, i, 'icon'], item.icon);
        if (item.route) this.route([...path, i, 'route'], item.route);
        this.permission([...path, i, 'permission'], item.permission);
        if (item.children) walk(item.children, [...path, i, 'children']);
      });
    walk(nav.items ?? [], ['items']);
  }
}

/** Every label-valued key of the definition: an inline text with en and ar, or a locale key in both files. */
function checkLabels(def: Def, locales: Locales, errors: GenError[]): void {
  const push = (path: JsonPath, message: string, hint: string) => {
    const pos = def.file.locate(path);
    errors.push({ file: def.file.file, line: pos.line, column: pos.column, message, hint });
  };
  const visit = (node: unknown, path: JsonPath): void => {
    if (Array.isArray(node)) return node.forEach((n, i) => visit(n, [...path, i]));
    if (!node || typeof node !== 'object') return;
    // In maps keyed by the analyst's names (an entity field may be called `title`) keys are no labels.
    const named = NAME_MAPS.has(String(path[path.length - 1]));
    for (const [key, value] of Object.entries(node)) {
      const at = [...path, key];
      if (named) visit(value, at);
      else if (LABEL_KEYS.has(key) && typeof value === 'string') {
        const missing = missingLanguages(locales, value);
        if (missing.length === 2) {
          const close = closest(value, localeKeys(locales.texts.en));
          push(
            at,
            `unknown locale key '${value}'`,
            `${close ? `did you mean '${close}'? ` : ''}add it to locales/en.json and locales/ar.json, or write {en: ..., ar: ...}`,
          );
        } else if (missing.length === 1)
          push(
            at,
            `locale key '${value}' has no ${missing[0] === 'ar' ? 'Arabic' : 'English'} text`,
            `add it to locales/${missing[0]}.json`,
          );
      } else if (LABEL_KEYS.has(key) && value && typeof value === 'object' && !Array.isArray(value)) {
        for (const lang of ['en', 'ar'] as const) {
          const text = (value as Record<string, unknown>)[lang];
          if (typeof text !== 'string' || !text.trim()) {
            push(
              at,
              `${key} has no ${lang === 'ar' ? 'Arabic' : 'English'} text`,
              `add ${lang}: ${lang === 'ar' ? 'an Arabic text' : 'an English text'}`,
            );
          }
        }
      } else {
        visit(value, at);
      }
    }
  };
  visit(def.value, []);
}
