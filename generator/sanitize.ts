/**
 * Raw definitions -> the sanitized `Manifest`: defaults applied, references resolved, labels
 * as `{en, ar, ...}`. Runs after the cross-check, so every reference here resolves.
 *
 * Defaults live in functions (not shared default objects) so no two definitions can share,
 * and accidentally mutate, one default value.
 */
import { sanitizeWorkflow } from './sanitize-workflow.ts';
import type {
  Entity,
  EntityField,
  FieldOptions,
  Form,
  FormField,
  Manifest,
  NavigationItem,
  Screen,
  StatusTable,
  Wizard,
} from './manifest-types.ts';
import { DEFAULT_ACCEPT, DEFAULT_MAX_FILE_BYTES, expandAccept, parseByteSize } from '../engine/core/file-types.ts';
import { implicitFieldLabel } from './implicit-fields.ts';
import { MAIN_NAVIGATION, mergeScreenMenus } from './menus.ts';
import { resolveLabel, type Locales } from './locales.ts';
import type {
  RawDefinition,
  RawEntity,
  RawEntityField,
  RawForm,
  RawFormField,
  RawNavItem,
  RawScreen,
  RawStatusTable,
  RawWizard,
} from './raw-types.ts';

/** The manifest without versions: versions.ts hashes forms and wizards, then the whole. */
export type Unversioned = Omit<Manifest, 'version'>;

export function sanitize(defs: RawDefinition[], locales: Locales): Unversioned {
  const m: Unversioned = {
    entities: {},
    statusTables: {},
    permissions: {},
    roles: {},
    rules: {},
    filters: {},
    gates: {},
    forms: {},
    wizards: {},
    screens: {},
    navigation: {},
  };
  const label = (l: Parameters<typeof resolveLabel>[0], fallback = '') => resolveLabel(l, locales, fallback);
  // Entities first: forms and screens borrow their fields' labels and types.
  const screens = defs.filter((d): d is RawScreen => d.kind === 'screen');
  for (const d of defs) if (d.kind === 'entity') m.entities[d.name] = entity(d, label);
  for (const d of defs) {
    switch (d.kind) {
      case 'permissions':
        for (const p of d.permissions) m.permissions[p.name] = { ...p, label: label(p.label) };
        break;
      case 'role':
        m.roles[d.name] = {
          name: d.name,
          label: label(d.label),
          userType: d.userType,
          permissions: d.permissions ?? [],
          signatory: d.signatory ?? false,
        };
        break;
      case 'statusTable':
        m.statusTables[d.name] = statusTable(d, label);
        break;
      case 'rules':
        for (const [name, r] of Object.entries(d.rules ?? {}))
          m.rules[name] = { name, ...r, message: label(r.message) };
        for (const [name, f] of Object.entries(d.filters ?? {})) m.filters[name] = { name, ...f };
        for (const [name, g] of Object.entries(d.gates ?? {})) (m.gates ??= {})[name] = { name, ...g };
        break;
      case 'form':
        m.forms[d.name] = form(d, m.entities, label);
        break;
      case 'wizard':
        m.wizards[d.name] = wizard(d, label);
        break;
      case 'screen':
        m.screens[d.name] = screen(d, m.entities, label);
        break;
      case 'navigation':
        m.navigation[d.name] = {
          name: d.name,
          items: navItems(d.name === MAIN_NAVIGATION ? mergeScreenMenus(d.items, screens) : d.items, label),
        };
        break;
      case 'entity':
        break;
    }
  }
  // Workflows last: their initial state comes from the status table.
  for (const d of defs) {
    if (d.kind !== 'entity' || !d.workflow) continue;
    const workflow = sanitizeWorkflow(d, m, label);
    if (workflow) m.entities[d.name]!.workflow = workflow;
  }
  return m;
}

type LabelFn = (l: Parameters<typeof resolveLabel>[0], fallback?: string) => ReturnType<typeof resolveLabel>;

function entity(d: RawEntity, label: LabelFn): Entity {
  const fields: Record<string, EntityField> = {};
  for (const [name, f] of Object.entries(d.fields)) fields[name] = entityField(name, f, label);
  const search = [...new Set([...(d.search ?? []), ...Object.keys(fields).filter((n) => fields[n].search)])];
  for (const n of search) if (fields[n]) fields[n].search = true;
  // An entity with no access block is storage only (expose: false): nobody but the server.
  const write = d.access?.write ?? 'nobody';
  const out: Entity = {
    name: d.name,
    table: d.table ?? d.name,
    label: label(d.label, d.name),
    fields,
    access: {
      read: d.access?.read ?? 'nobody',
      write,
      create: d.access?.create ?? write,
      update: d.access?.update ?? write,
      delete: d.access?.delete ?? write,
    },
    search,
    sort: { field: d.sort?.field ?? 'id', order: d.sort?.order ?? 'asc' },
    softDelete: d.softDelete ?? true,
    timestamps: d.timestamps ?? true,
    expose: d.expose ?? true,
  };
  if (d.scope) out.scope = { ...d.scope };
  if (d.indexes?.length) out.indexes = d.indexes.map((i) => ({ fields: [...i.fields] }));
  return out;
}

function entityField(name: string, f: RawEntityField, label: LabelFn): EntityField {
  const {
    label: raw,
    required,
    unique,
    rules,
    search,
    serverOnly,
    readOnly,
    type,
    index,
    accept,
    maxSize,
    maxFiles,
    ...rest
  } = f;
  const out: EntityField = {
    name,
    type,
    label: label(raw, name),
    required: required ?? false,
    unique: unique ?? false,
    rules: rules ?? [],
    search: search ?? false,
    serverOnly: serverOnly ?? false,
    readOnly: readOnly ?? false,
    ...rest,
    ...(index === false ? { index: false as const } : {}),
  };
  if (type === 'file')
    out.files = {
      accept: expandAccept(accept ?? DEFAULT_ACCEPT),
      maxBytes: parseByteSize(maxSize) ?? DEFAULT_MAX_FILE_BYTES,
      maxFiles: maxFiles ?? 1,
    };
  return out;
}

function statusTable(d: RawStatusTable, label: LabelFn): StatusTable {
  const out: StatusTable = {
    name: d.name,
    label: label(d.label, d.name),
    flags: d.flags ?? false,
    statuses: d.statuses.map((s) => ({ id: s.id, key: s.key, name: s.name, name_local: s.name_local, color: s.color })),
  };
  if (d.fallbackColor) out.fallbackColor = d.fallbackColor;
  if (d.initial) out.initial = d.initial;
  if (d.transitions)
    out.transitions = d.transitions.map((t) => ({ ...t, from: Array.isArray(t.from) ? t.from : [t.from] }));
  return out;
}

/** JSON Schema (2020-12) of an entity field's value: the same schema validates the form and the request. */
export function fieldSchema(f: EntityField): Record<string, unknown> {
  const base: Record<string, Record<string, unknown>> = {
    string: { type: 'string' },
    text: { type: 'string' },
    email: { type: 'string', format: 'email' },
    phone: { type: 'string', pattern: '^\\+?[0-9 ()-]{3,}$' },
    integer: { type: 'integer' },
    bigint: { type: 'integer' },
    number: { type: 'number' },
    money: { type: 'number' },
    boolean: { type: 'boolean' },
    date: { type: 'string', format: 'date' },
    datetime: { type: 'string', format: 'date-time' },
    time: { type: 'string', format: 'time' },
    json: {},
    // The stored files' references ({id, name, mime, size}), uploaded one by one beforehand.
    file: { type: 'array', items: { type: 'object' } },
  };
  const schema: Record<string, unknown> = { ...base[f.type] };
  // Not `description`: it documents the field for analysts (in English), never user-facing text;
  // a form would show it as the field's help line.
  for (const key of ['minLength', 'maxLength', 'minimum', 'maximum', 'enum', 'default'] as const) {
    if (f[key] !== undefined) schema[key] = f[key];
  }
  // Labelled values: a drop-down shows the labels (oneOf const/title) instead of the raw values.
  if (f.enum && f.enumLabels) {
    const labels = f.enumLabels;
    schema.oneOf = f.enum.map((value) => ({ const: value, title: labels[String(value)] ?? String(value) }));
    delete schema.enum;
  }
  if (f.files) schema.maxItems = f.files.maxFiles;
  if (f.readOnly) schema.readOnly = true;
  return schema;
}

function formField(raw: RawFormField, entity: Entity | undefined, label: LabelFn): FormField {
  const source = raw.field !== undefined ? entity?.fields[raw.field] : undefined;
  const name = raw.name ?? raw.field ?? '';
  const out: FormField = {
    name,
    label: raw.label !== undefined ? label(raw.label, name) : (source?.label ?? label(undefined, name)),
    schema: raw.schema ?? (source ? fieldSchema(source) : {}),
    required: raw.required ?? (raw.rules?.includes('required') || source?.required || false),
    rules: [...new Set([...(source?.rules ?? []), ...(raw.rules ?? [])])],
  };
  if (raw.field !== undefined) out.field = raw.field;
  const filter = raw.filter ?? source?.filter;
  if (filter) out.filter = filter;
  if (raw.widget !== undefined) out.widget = raw.widget;
  if (raw.upload !== undefined) out.upload = raw.upload;
  if (source?.files && entity) out.store = { resource: entity.name, field: source.name, rule: source.files };
  if (raw.visibleWhen !== undefined) out.visibleWhen = raw.visibleWhen;
  if (raw.requiredWhen !== undefined) out.requiredWhen = raw.requiredWhen;
  const options = raw.options
    ? fieldOptions(raw.options)
    : source?.status
      ? { status: source.status }
      : source?.ref
        ? { ref: source.ref }
        : undefined;
  if (options) out.options = options;
  return out;
}

/** A choice field's options as written, keys copied one by one (`only` and `when` only with a status table). */
function fieldOptions(raw: NonNullable<RawFormField['options']>): FieldOptions {
  const out: FieldOptions = {};
  if (raw.status !== undefined) out.status = raw.status;
  if (raw.ref !== undefined) out.ref = raw.ref;
  if (raw.path !== undefined) out.path = raw.path;
  if (raw.key !== undefined) out.key = raw.key;
  if (raw.only !== undefined) out.only = [...raw.only];
  if (raw.when !== undefined) out.when = { ...raw.when };
  return out;
}

function form(d: RawForm, entities: Record<string, Entity>, label: LabelFn): Form {
  const entity = d.entity ? entities[d.entity] : undefined;
  const out: Form = {
    name: d.name,
    title: label(d.title, d.name),
    fields: d.fields.map((f) => formField(f, entity, label)),
    version: '',
  };
  if (d.entity) out.entity = d.entity;
  if (d.submit)
    out.submit = {
      method: d.submit.method ?? 'POST',
      path: d.submit.path,
      ...(d.submit.next ? { next: d.submit.next.map((n) => ({ ...n })) } : {}),
    };
  return out;
}

function wizard(d: RawWizard, label: LabelFn): Wizard {
  const tabs: Wizard['tabs'] = {};
  for (const [name, t] of Object.entries(d.tabs)) {
    tabs[name] = {
      name,
      label: label(t.label, name),
      form: t.form,
      ...(t.visibleWhen ? { visibleWhen: t.visibleWhen } : {}),
    };
  }
  // A wizard without tab sets shows every tab, in the order written, whatever the route says.
  const tabSets = d.tabSets
    ? { ...d.tabSets, sets: { ...d.tabSets.sets } }
    : { param: '', sets: { default: Object.keys(tabs) }, default: 'default' };
  const out: Wizard = { name: d.name, title: label(d.title, d.name), tabs, tabSets, version: '' };
  if (d.entity) out.entity = d.entity;
  return out;
}

function screen(d: RawScreen, entities: Record<string, Entity>, label: LabelFn): Screen {
  const entity = d.source?.resource ? entities[d.source.resource] : undefined;
  const fieldLabel = (field: string) =>
    entity?.fields[field]?.label ?? implicitFieldLabel(field) ?? label(undefined, field);
  // `entry` only tells analysts how users arrive (reach.ts): no runtime reads it.
  const { kind: _kind, entry: _entry, title, permission, layout, columns, filters, actions, source, text, ...rest } = d;
  return {
    ...rest,
    ...(text !== undefined ? { text: label(text) } : {}),
    ...(source ? { source: screenSource(source) } : {}),
    title: label(title, d.name),
    permission: permission ?? 'public',
    layout: {
      full: layout?.full ?? false,
      admission: layout?.admission ?? false,
      guest: layout?.guest ?? false,
      anonymous: layout?.anonymous ?? false,
    },
    columns: (columns ?? []).map(({ table, ...c }) => ({
      ...c,
      label: c.label !== undefined ? label(c.label, c.field) : fieldLabel(c.field),
      // a detail column's list: its own columns' labels resolved like the screen's
      ...(table
        ? {
            table: {
              columns: table.columns.map((t) => ({ ...t, label: label(t.label, t.field) })),
              ...(table.empty !== undefined ? { empty: label(table.empty) } : {}),
            },
          }
        : {}),
    })),
    filters: (filters ?? []).map((f) => {
      const source = entity?.fields[f.field];
      const statusTable = f.statusTable ?? source?.status;
      const ref = f.ref ?? source?.ref;
      return {
        ...f,
        label: f.label !== undefined ? label(f.label, f.field) : fieldLabel(f.field),
        ...(statusTable ? { statusTable } : {}),
        ...(ref ? { ref } : {}),
      };
    }),
    actions: (actions ?? []).map((a) => {
      const { label: l, confirm, type, row, ...restAction } = a;
      return {
        ...restAction,
        label: label(l, a.name),
        type,
        row: row ?? false,
        ...(confirm !== undefined ? { confirm: label(confirm) } : {}),
      };
    }),
  };
}

function screenSource({ sort, ...rest }: NonNullable<RawScreen['source']>): NonNullable<Screen['source']> {
  return sort ? { ...rest, sort: { field: sort.field, order: sort.order ?? 'asc' } } : rest;
}

function navItems(items: RawNavItem[], label: LabelFn): NavigationItem[] {
  return items.map(({ children, label: l, ...rest }) => ({
    ...rest,
    label: label(l),
    children: navItems(children ?? [], label),
  }));
}
