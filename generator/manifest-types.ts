/**
 * The compiled manifest: what the generator emits and what the server and the engine read.
 *
 * Definitions go through three stages (see docs/language-outline.md):
 *   raw (YAML, typed by the json-schema-to-typescript output in .generated/types/definitions.ts,
 *        aliased in raw-types.ts)
 *   -> sanitized (this file's `Manifest`: defaults applied, references resolved)
 *   -> client (`ClientManifest`: server-only keys removed, by type as well as by value).
 *
 * Building blocks that are the same thing raw and sanitized (texts, colours, field types,
 * conditions, upload rules, ...) are not restated here: they are the generated types of
 * schemas/common.schema.json, re-exported under the names the server and the engine import.
 * The import is type-only, so the generator runs before `npm run gen` has written that file.
 */
import type {
  Colour as GeneratedColour,
  Condition as GeneratedCondition,
  FieldType as GeneratedFieldType,
  LocalText as GeneratedLocalText,
  HttpMethod,
  ScreenDefinition,
  UploadRule as GeneratedUploadRule,
  Widget,
  Workflow as GeneratedWorkflow,
  WorkflowEffect as GeneratedWorkflowEffect,
  WorkflowGuard as GeneratedWorkflowGuard,
  WorkflowTransition as GeneratedWorkflowTransition,
} from '../.generated/types/definitions.ts';

/** A text in several languages; `en` and `ar` are always present once sanitized. */
export type LocalText = GeneratedLocalText;

/** A label as written: an inline text or a key into locales/*.json. Sanitized labels are LocalText. */
export type Label = LocalText;

export type FieldType = GeneratedFieldType;

/**
 * A test on a field, a setting, a route parameter or a permission, or a combination (all, any,
 * not): one variant per key, as schemas/common.schema.json makes them exclusive.
 */
export type Condition = GeneratedCondition;

export interface EntityField {
  name: string;
  type: FieldType;
  label: Label;
  required: boolean;
  unique: boolean;
  default?: unknown;
  /** Name of the referenced entity (foreign key to its id). */
  ref?: string;
  /** Name of the status table whose ids this field holds. */
  status?: string;
  /** Shared field rule names (kind: rules). */
  rules: string[];
  /** Keystroke filter name (kind: rules, `filters`). */
  filter?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  enum?: unknown[];
  /** With `enum`: the text shown for each value (the same in every language). */
  enumLabels?: Record<string, string>;
  search: boolean;
  /** false: no single-field index for this `ref`/`status` field (server only; absent means indexed). */
  index?: false;
  /** Never sent to the browser, never accepted from it (e.g. password_hash). */
  serverOnly: boolean;
  /** Set by the server only; ignored when a client sends it. */
  readOnly: boolean;
  /** Documentation for analysts: never shown to users (not in the form schema, not a help text). */
  description?: string;
  /** `type: file`: what the field accepts (defaults applied by the generator). */
  files?: FileRule;
  /** Field-level access beyond the entity's: who may see it, who may set it (absent: the entity's). */
  access?: { read?: string; write?: string };
}

/** A permission per operation; `write` is what `create` and `update` default to (sanitize fills them in). */
export interface EntityAccess {
  read: string;
  write: string;
  create?: string;
  update?: string;
  delete: string;
}

/** Row scope: users without `unless` only see rows where `field` equals the user's `equals` value. */
export interface EntityScope {
  field: string;
  equals: 'user.id' | 'user.student_id' | 'user.applicant_id' | 'user.faculty_id';
  unless?: string;
}

export interface Entity {
  name: string;
  table: string;
  label: Label;
  fields: Record<string, EntityField>;
  access: EntityAccess;
  scope?: EntityScope;
  search: string[];
  sort: { field: string; order: 'asc' | 'desc' };
  /** Indexes over several fields (server only; absent when none is declared). */
  indexes?: Array<{ fields: string[] }>;
  softDelete: boolean;
  timestamps: boolean;
  /** false: a storage table only, with no generic resource API (tokens, one-time passwords). */
  expose: boolean;
  /** The record's lifecycle, carried out by server/workflows (server only). */
  workflow?: Workflow;
}

/** A workflow as written; sanitize fills `initial` from the status table when it is left out. */
export type Workflow = GeneratedWorkflow & { initial: string };
export type WorkflowTransition = GeneratedWorkflowTransition;
export type WorkflowEffect = GeneratedWorkflowEffect;
export type WorkflowGuard = GeneratedWorkflowGuard;

export type Colour = GeneratedColour;

export interface Status {
  id: number;
  key: string;
  name: string;
  name_local: string;
  color: Colour;
}

export interface Transition {
  from: string[];
  to: string;
  permission?: string;
  action?: string;
}

export interface StatusTable {
  name: string;
  label: Label;
  flags: boolean;
  fallbackColor?: Colour;
  statuses: Status[];
  initial?: string;
  transitions?: Transition[];
}

export interface Permission {
  name: string;
  label: Label;
  special?: 'public' | 'guest';
  description?: string;
}

export interface Role {
  name: string;
  label: Label;
  userType: 3 | 4 | 'applicant' | 'guest';
  permissions: string[];
  signatory: boolean;
}

export interface Rule {
  name: string;
  description?: string;
  pattern?: string;
  anyOfPatterns?: string[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  const?: unknown;
  format?: 'email' | 'date' | 'date-time' | 'year' | 'uri';
  compare?: { op: '<' | '<=' | '>' | '>=' | '==' | '!='; field: string };
  distinctFrom?: string[];
  /** List rules: the value is a list of rows; the number checks apply to this column's total. */
  sumOf?: string;
  /** List rules: each row gives this column, no two rows the same. */
  uniqueBy?: string;
  message: LocalText;
}

export interface KeystrokeFilter {
  name: string;
  /** A regular-expression character class matching one allowed character. */
  allow: string;
  description?: string;
}

/** A gate (kind: rules, `gates:`): while `check` holds for the user, `actions` answer 403 with `redirect_to`. */
export interface Gate {
  name: string;
  check: 'overdue_installments' | 'mandatory_questionnaire';
  redirect_to: 'payments' | 'dashboard';
  actions: string[];
  description?: string;
}

export type UploadRule = GeneratedUploadRule;

/** The limits of an upload field (`type: file`), as the generator settles them. */
export interface FileRule {
  /** MIME types, wildcards expanded. */
  accept: string[];
  /** Largest size of each file, in bytes. */
  maxBytes: number;
  maxFiles: number;
}

/** Where a form's file field stores its files: the record's entity and field (the uploads store). */
export interface FileStore {
  resource: string;
  field: string;
  rule: FileRule;
}

export interface FormField {
  name: string;
  /** Set when the field comes from the form's entity. */
  field?: string;
  label: Label;
  /** JSON Schema (draft 2020-12) of the value. */
  schema: Record<string, unknown>;
  required: boolean;
  rules: string[];
  filter?: string;
  widget?: Widget;
  upload?: UploadRule;
  /** An entity's file field: files go to the uploads store, the value lists their references. */
  store?: FileStore;
  visibleWhen?: Condition;
  requiredWhen?: Condition;
  options?: FieldOptions;
}

/**
 * Where a choice field's choices come from: a status table or an entity. With a status table,
 * `only` keeps the statuses offered (ids) and `when` offers a status only while its condition
 * holds; the browser offers exactly those and the server refuses the rest (form/choices.ts).
 */
export interface FieldOptions {
  status?: string;
  ref?: string;
  /** The choices are the rows a GET of this API path answers (`data`, or `data[key]`): {id, name, name_local}. */
  path?: string;
  key?: string;
  only?: number[];
  /** Status id (as written, a text key) -> the condition under which it is offered. */
  when?: Record<string, Condition>;
}

export interface Form {
  name: string;
  title: Label;
  entity?: string;
  fields: FormField[];
  submit?: { method: HttpMethod; path: string; next?: FormNext[] };
  /** First 12 hex characters of the sha256 of the sanitized definition. */
  version: string;
}

/** Where a saved form leads (submit.next): the first entry whose `when` holds on the answer's data. */
export interface FormNext {
  route: string;
  /** Route parameter -> field of the answer's data. */
  params?: Record<string, string>;
  when?: Condition;
}

export interface WizardTab {
  name: string;
  label: Label;
  form: string;
  visibleWhen?: Condition;
}

export interface Wizard {
  name: string;
  title: Label;
  entity?: string;
  tabs: Record<string, WizardTab>;
  tabSets: { param: string; sets: Record<string, string[]>; default?: string };
  version: string;
}

export type ScreenView = ScreenDefinition['view'];

export interface ScreenColumn {
  field: string;
  label: Label;
  badge?: string;
  format?: string;
  /** Grid column options on a `plugin: grid#Grid` screen (engine/plugins/grid/model/types.ts). */
  grid?: ScreenGridColumn;
  /** Detail screens: the field holds a list drawn as a small table with these columns. */
  table?: ScreenColumnTable;
}

/** A detail column's `table:` (schemas/screen.schema.json): the columns of each item of the list. */
export interface ScreenColumnTable {
  columns: { field: string; label: Label; badge?: string; format?: string }[];
  empty?: Label;
}

/** A screen column's `grid:` options, as written (see schemas/screen.schema.json). */
export interface ScreenGridColumn {
  type?:
    | 'string'
    | 'number'
    | 'date'
    | 'datetime'
    | 'datetimesec'
    | 'datetick'
    | 'datetimetick'
    | 'datetimesectick'
    | 'check10'
    | 'checkYN'
    | 'checkTF'
    | 'map'
    | 'select';
  width?: number;
  invisible?: boolean;
  readonly?: boolean;
  keyField?: boolean;
  sticky?: boolean;
  summary?: 'sum' | 'avg' | 'max' | 'min' | 'count';
  mandatory?: boolean;
  message?: LocalText;
  lengthLimit?: number;
  allowKeys?: string;
  options?: Record<string, string | LocalText>;
  words?: true | 'en' | 'ar';
  /** Shared field rules (kind: rules) the cell's value must pass, the row as the record. */
  rules?: string[];
}

/** Where a grid screen saves its edits: `{<field>: [{<key>, <column>...}]}` sent by `method` to `path`. */
export interface GridSave {
  method?: 'PUT' | 'POST' | 'PATCH';
  path: string;
  field: string;
  key: string;
  columns: string[];
}

export interface ScreenFilter {
  field: string;
  label: Label;
  statusTable?: string;
  ref?: string;
}

export interface ScreenAction {
  name: string;
  label: Label;
  type: 'navigate' | 'call' | 'delete' | 'restore' | 'export' | 'confirm';
  route?: string;
  params?: Record<string, string>;
  method?: HttpMethod;
  path?: string;
  fileName?: string;
  confirm?: LocalText;
  permission?: string;
  visibleWhen?: Condition;
  row: boolean;
}

/**
 * What a click on a list row opens. With `permission`, only users holding it follow this link;
 * the others follow `otherwise` (none without it). See engine/react/renderers/list/list-model.ts.
 */
export interface RowLink {
  route: string;
  params?: Record<string, string>;
  newTab?: boolean;
  permission?: string;
  otherwise?: RowLink;
}

export interface Screen {
  name: string;
  path: string;
  view: ScreenView;
  title: Label;
  /** Always set once sanitized: 'public' when the definition names none. */
  permission: string;
  layout: { full: boolean; admission: boolean; guest: boolean; anonymous: boolean };
  source?: {
    resource?: string;
    path?: string;
    filters?: Record<string, unknown>;
    sort?: { field: string; order: 'asc' | 'desc' };
  };
  columns: ScreenColumn[];
  filters: ScreenFilter[];
  rowLink?: RowLink;
  /** A grid screen's paging, height and, with `save`, where its edits are saved (plugin grid#Grid). */
  grid?: { paging?: boolean; height?: number; save?: GridSave };
  actions: ScreenAction[];
  form?: string;
  wizard?: string;
  plugin?: string;
  /** A named component drawing this screen (`auth#Login`), for behaviour the language cannot express. */
  component?: string;
  /** A static page's body text. */
  text?: LocalText;
  /** A static page's big code or word (404, 401...). */
  code?: string;
  menu?: { group?: string; icon?: string; order?: number };
  visibleWhen?: Condition;
  /** The gated server action the screen leads to (`registration.request`): its closed gate is shown at the top. */
  gate?: string;
}

export interface NavigationItem {
  label: Label;
  icon?: string;
  route?: string;
  permission?: string;
  children: NavigationItem[];
}

export interface Navigation {
  name: string;
  items: NavigationItem[];
}

export interface Manifest {
  /** Hash of the whole manifest. */
  version: string;
  entities: Record<string, Entity>;
  statusTables: Record<string, StatusTable>;
  permissions: Record<string, Permission>;
  roles: Record<string, Role>;
  rules: Record<string, Rule>;
  filters: Record<string, KeystrokeFilter>;
  /** Gated server actions (kind: rules, `gates:`); absent in hand-built manifests. */
  gates?: Record<string, Gate>;
  forms: Record<string, Form>;
  wizards: Record<string, Wizard>;
  screens: Record<string, Screen>;
  navigation: Record<string, Navigation>;
}

/** An entity as the browser sees it: no row scope, no server-only fields. */
export type ClientEntity = Omit<Entity, 'scope' | 'fields' | 'indexes' | 'workflow'> & {
  fields: Record<string, Omit<EntityField, 'serverOnly' | 'index'>>;
};

export type ClientManifest = Omit<Manifest, 'entities'> & {
  entities: Record<string, ClientEntity>;
};
