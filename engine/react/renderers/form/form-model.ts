/**
 * A form definition as RJSF takes it, by pure functions: the JSON Schema and uiSchema for the
 * current record (hidden fields left out, conditional requirements added), the custom
 * validation from the shared rules, required messages, and server field errors as
 * `extraErrors`.
 */
import type { ErrorSchema, FormValidation, RJSFSchema, RJSFValidationError, UiSchema } from '@rjsf/utils';
import type { ClientManifest, Form, FormField, LocalText } from '../../../../generator/manifest-types.ts';
import { localText } from '../../i18n/text.ts';
import { evaluateCondition, type ConditionContext } from '../../../core/conditions.ts';
import { offeredStatuses, withoutRefusedChoices } from '../../../core/choices.ts';
import { checkRule, isEmptyValue } from '../../../core/field-rules.ts';
import { isRtl } from '../../../core/rtl.ts';
import { SCHEMA_MESSAGES, schemaMessage } from '../../../core/schema-messages.ts';
import { fillText } from '../../../core/text.ts';

export type Record_ = Record<string, unknown>;

export const CHECKBOX_MESSAGE: LocalText = { en: 'All conditions must be met', ar: 'يجب استيفاء جميع الشروط' };

export const WIDGET = {
  date: 'rowaqDate',
  upload: 'rowaqUpload',
  filtered: 'rowaqFiltered',
  ref: 'rowaqRef',
} as const;

export function visibleFields(form: Form, context: ConditionContext): FormField[] {
  return form.fields.filter((f) => evaluateCondition(f.visibleWhen, context));
}

export function isRequired(field: FormField, context: ConditionContext): boolean {
  return (
    field.required ||
    field.rules.includes('required') ||
    (!!field.requiredWhen && evaluateCondition(field.requiredWhen, context))
  );
}

/**
 * The entity a list item's `<name>_id` property refers to, by the naming convention of the
 * admission lists (`faculty_id` -> faculties, `program_id` -> programs): the drop-down shows
 * names instead of asking for ids. Undefined when no such entity exists.
 */
export function itemRefEntity(
  property: string,
  entities: Readonly<Record<string, unknown>> | undefined,
): string | undefined {
  const m = /^(.+)_id$/.exec(property);
  if (!m || !entities) return undefined;
  const base = m[1];
  const candidates = [`${base}s`, base.endsWith('y') ? `${base.slice(0, -1)}ies` : '', `${base}es`].filter(Boolean);
  return candidates.find((c) => c in entities);
}

/**
 * Column labels of the lists of records the forms hold (preferences, subject marks,
 * scholarships, previous jobs): a JSON Schema title has one language, so the two live here.
 */
export const ITEM_LABELS: Readonly<Record<string, LocalText>> = {
  faculty_id: { en: 'Faculty', ar: 'الكلية' },
  program_id: { en: 'Program', ar: 'البرنامج' },
  order: { en: 'Rank', ar: 'الترتيب' },
  subject: { en: 'Subject', ar: 'المادة' },
  mark: { en: 'Mark', ar: 'الدرجة' },
  max_mark: { en: 'Maximum mark', ar: 'الدرجة العظمى' },
  scholarship_id: { en: 'Scholarship', ar: 'المنحة' },
  reason: { en: 'Reason', ar: 'السبب' },
  employer: { en: 'Employer', ar: 'جهة العمل' },
  job_title: { en: 'Job title', ar: 'المسمى الوظيفي' },
  from: { en: 'From', ar: 'من' },
  to: { en: 'To', ar: 'إلى' },
};

/** A list property's label: ITEM_LABELS, else its schema title, else its name in words. */
export function itemLabel(name: string, schema: RJSFSchema, language: string): string {
  const known = ITEM_LABELS[name];
  if (known) return localText(known, language);
  return typeof schema.title === 'string' ? schema.title : name.replace(/_id$/, '').replace(/_/g, ' ');
}

/** Items of a list of records: a status table's choices for the `_id` property it names, labels in the language. */
function itemsSchema(
  field: FormField,
  items: RJSFSchema,
  manifest: Pick<ClientManifest, 'statusTables'>,
  language: string,
): RJSFSchema {
  const table = field.options?.status ? manifest.statusTables[field.options.status] : undefined;
  if (!items.properties || typeof items.properties !== 'object') return items;
  const properties: Record<string, RJSFSchema> = {};
  for (const [name, raw] of Object.entries(items.properties as Record<string, RJSFSchema>)) {
    const property: RJSFSchema = { ...raw, title: itemLabel(name, raw, language) };
    if (table && /_id$/.test(name) && (property.type === 'integer' || property.type === 'number') && !property.oneOf) {
      property.oneOf = table.statuses.map((s) => ({
        const: s.id,
        title: choiceText(language === 'ar' ? s.name_local : s.name, language),
      }));
    }
    properties[name] = property;
  }
  return { ...items, properties };
}

/**
 * uiSchema of a list of records, per row: the row headed by its number (RJSF would write the
 * list's whole label and "-1" over each), and `<entity>_id` properties drawn as drop-downs of
 * that entity's names, each narrowed by the row's other ids (a program list shows the programs
 * of the row's faculty when the program rows carry faculty_id).
 */
function itemsUiSchema(
  field: FormField,
  manifest: Partial<Pick<ClientManifest, 'entities'>>,
): ((row: unknown, index: number) => UiSchema) | undefined {
  const items = (field.schema as { type?: string; items?: { properties?: Record<string, unknown> } }).items;
  if ((field.schema as { type?: string }).type !== 'array' || !items?.properties) return undefined;
  const refs = field.options?.status
    ? []
    : Object.keys(items.properties)
        .map((name) => ({ name, ref: itemRefEntity(name, manifest.entities) }))
        .filter((r): r is { name: string; ref: string } => !!r.ref);
  return (row, index) => {
    const values = (row && typeof row === 'object' ? row : {}) as Record<string, unknown>;
    const ui: UiSchema = { 'ui:title': String(index + 1) };
    for (const { name, ref } of refs) {
      const where = Object.fromEntries(refs.filter((o) => o.name !== name).map((o) => [o.name, values[o.name]]));
      ui[name] = { 'ui:widget': WIDGET.ref, 'ui:options': { ref, where } };
    }
    return ui;
  };
}

/**
 * A choice's text in right-to-left pages: one written only in Latin letters and signs (blood
 * type "A+", "IELTS") is isolated left to right, so its trailing sign stays where it is written
 * ("A+", not "+A"). Unicode isolates (LRI ... PDI) are invisible.
 */
export function choiceText(text: string, language: string): string {
  if (!isRtl(language) || /[\u0600-\u06FF]/.test(text) || !/[A-Za-z]/.test(text)) return text;
  return `\u2066${text}\u2069`;
}

function fieldSchema(
  field: FormField,
  manifest: Pick<ClientManifest, 'statusTables'>,
  language: string,
  context: ConditionContext,
): RJSFSchema {
  const schema: RJSFSchema = { ...(field.schema as RJSFSchema), title: localText(field.label, language) };
  const table = field.options?.status ? manifest.statusTables[field.options.status] : undefined;
  // A file field holds a data URL (read in the browser) or the server's reference to a stored
  // file (an upload target): the widget decides which, so the format is not checked here.
  if (schema.format === 'data-url') delete schema.format;
  if (schema.type === 'array' && schema.items && typeof schema.items === 'object' && !Array.isArray(schema.items)) {
    return { ...schema, items: itemsSchema(field, schema.items as RJSFSchema, manifest, language) };
  }
  if (table && !schema.enum && !schema.oneOf) {
    // Only the choices offered now (options.only / options.when); none offered leaves nothing to pick.
    const offered = offeredStatuses(field, table.statuses, context);
    if (offered.length)
      schema.oneOf = offered.map((s) => ({
        const: s.id,
        title: choiceText(language === 'ar' ? s.name_local : s.name, language),
      }));
    else schema.enum = [];
  }
  if (field.upload && field.upload.maxFiles !== undefined && schema.type !== 'array') {
    return { type: 'array', title: schema.title, items: { type: 'string', format: 'data-url' } };
  }
  return schema;
}

function widgetOf(field: FormField): string | undefined {
  const format = (field.schema as { format?: string }).format;
  if (field.widget === 'hidden') return 'hidden';
  if (field.store || field.upload || field.widget === 'file' || format === 'data-url') return WIDGET.upload;
  if (field.widget === 'date' || format === 'date') return WIDGET.date;
  if ((field.options?.ref || field.options?.path) && !field.options.status) return WIDGET.ref;
  if (field.filter) return WIDGET.filtered;
  if (field.widget && !['text', 'number', 'autocomplete', 'phone'].includes(field.widget)) return field.widget;
  return undefined;
}

/** Browser autofill hints: e-mail, the current password, or a new one on a form that confirms it. */
function autocompleteOf(field: FormField, form: Form): string | undefined {
  if (field.widget === 'email' || field.name === 'email') return 'email';
  if (field.widget !== 'password') return undefined;
  return form.fields.some((f) => f.name.endsWith('_confirmation')) ? 'new-password' : 'current-password';
}

export function buildFormSchema(
  form: Form,
  manifest: Pick<ClientManifest, 'statusTables' | 'filters'> & Partial<Pick<ClientManifest, 'entities'>>,
  language: string,
  context: ConditionContext,
): { schema: RJSFSchema; uiSchema: UiSchema } {
  const fields = visibleFields(form, context);
  const properties: Record<string, RJSFSchema> = {};
  const uiSchema: UiSchema = { 'ui:submitButtonOptions': { norender: true } };
  const required: string[] = [];
  for (const field of fields) {
    properties[field.name] = fieldSchema(field, manifest, language, context);
    if (isRequired(field, context)) required.push(field.name);
    const ui: Record<string, unknown> = {};
    const widget = widgetOf(field);
    if (widget) ui['ui:widget'] = widget;
    const options: Record<string, unknown> = {};
    if (field.filter && manifest.filters[field.filter]) options.allow = manifest.filters[field.filter].allow;
    if (field.upload) options.upload = field.upload;
    if (field.store) options.store = field.store;
    if (field.options?.ref) options.ref = field.options.ref;
    // The choices a server call answers (only the records this user may choose).
    if (field.options?.path) options.path = field.options.path;
    if (field.options?.key) options.key = field.options.key;
    // A long list (countries): typed to search instead of scrolled.
    if (field.options?.ref && field.widget === 'autocomplete') options.search = true;
    if (field.widget === 'textarea') options.rows = 4;
    const autocomplete = autocompleteOf(field, form);
    if (autocomplete) ui['ui:autocomplete'] = autocomplete;
    if (field.widget === 'email' || field.widget === 'password') options.inputType = field.widget;
    if (Object.keys(options).length) ui['ui:options'] = options;
    const items = itemsUiSchema(field, manifest);
    if (items) ui.items = items;
    if (Object.keys(ui).length) uiSchema[field.name] = ui;
  }
  return { schema: { type: 'object', properties, required }, uiSchema };
}

/** RJSF `customValidate`: every field's shared rules, with the rule's message in the language. */
export function makeCustomValidate(
  form: Form,
  manifest: Pick<ClientManifest, 'rules'>,
  language: string,
  context: Omit<ConditionContext, 'record'>,
) {
  return (formData: Record_ | undefined, errors: FormValidation<Record_>): FormValidation<Record_> => {
    const record = formData ?? {};
    for (const field of visibleFields(form, { ...context, record })) {
      const value = record[field.name];
      const target = errors[field.name] as FormValidation | undefined;
      if (!target) continue;
      const boolean = (field.schema as { type?: string }).type === 'boolean';
      if (boolean && isRequired(field, { ...context, record }) && value !== true) {
        target.addError(localText(CHECKBOX_MESSAGE, language));
        continue;
      }
      for (const name of field.rules) {
        const rule = manifest.rules[name];
        if (!rule || name === 'required') continue;
        if (!checkRule(rule, value, record, field.name)) {
          target.addError(localText(rule.message, language));
          break;
        }
      }
    }
    return errors;
  };
}

/**
 * Schema keywords a field's shared rules put in their own words (the height rule's range, the
 * email rule's form): where a field has such a rule, its message is the one shown.
 */
const SAID_BY_RULES = new Set([
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'pattern',
  'format',
]);

/**
 * RJSF `transformErrors`: Ajv's errors in the user's language, in the words the server uses
 * for the same value (engine/core/schema-messages.ts). A missing value says 'Please fill this
 * field' (or the `required` rule's message); a field whose shared rules cover a keyword shows
 * the rule's message only (customValidate adds it); a field shows one message, not one per
 * choice its value failed to match.
 */
export function makeTransformErrors(
  form: Pick<Form, 'fields'>,
  manifest: Pick<ClientManifest, 'rules'>,
  language: string,
) {
  const required = localText(manifest.rules.required?.message ?? SCHEMA_MESSAGES.required, language);
  const ruled = new Set(
    form.fields.filter((f) => f.rules.some((r) => r !== 'required' && manifest.rules[r])).map((f) => f.name),
  );
  return (errors: RJSFValidationError[]): RJSFValidationError[] => {
    const shown = new Set<string>();
    const out: RJSFValidationError[] = [];
    for (const error of errors) {
      const property = error.property ?? '';
      const path = property.split('.').filter(Boolean);
      if (path.length === 1 && ruled.has(path[0]) && SAID_BY_RULES.has(error.name ?? '')) continue;
      if (shown.has(property)) continue;
      shown.add(property);
      const said = schemaMessage(error.name ?? '', (error.params ?? {}) as Record<string, unknown>);
      const message =
        said.key === 'required' ? required : fillText(localText(SCHEMA_MESSAGES[said.key], language), said.params);
      out.push({ ...error, message, stack: message });
    }
    return out;
  };
}

/** Server field errors (`ApiError.fieldErrors`, first message per field) as RJSF `extraErrors`. */
export function serverErrorsToExtraErrors(fieldErrors: Readonly<Record<string, string>>): ErrorSchema<Record_> {
  const out: Record<string, { __errors: string[] }> = {};
  for (const [field, message] of Object.entries(fieldErrors)) {
    const key = field.split('.')[0];
    out[key] = { __errors: [message] };
  }
  return out as unknown as ErrorSchema<Record_>;
}

/**
 * A record as a form holds it: a value the server wrote as null (an optional field left
 * empty, a file not uploaded) is left out, in lists of records too. RJSF leaves an empty field
 * undefined, and JSON Schema would call null the wrong type ('must be integer') and block a
 * tab saved before from being saved again.
 */
export function withoutNulls(record: Readonly<Record_>): Record_ {
  const out: Record_ = {};
  for (const [key, value] of Object.entries(record)) {
    if (value === null) continue;
    out[key] = Array.isArray(value)
      ? value.map((item) => (isPlainObject(item) ? withoutNulls(item) : item))
      : isPlainObject(value)
        ? withoutNulls(value)
        : value;
  }
  return out;
}

function isPlainObject(value: unknown): value is Record_ {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Values of hidden fields, and choices no longer offered, are not sent. */
export function submittedData(form: Form, record: Record_, context: Omit<ConditionContext, 'record'>): Record_ {
  // A refused choice is dropped first: the fields it showed (a transfer's receipt) go with it.
  const offered = withoutRefusedChoices(form, record, context);
  const names = new Set(visibleFields(form, { ...context, record: offered }).map((f) => f.name));
  return Object.fromEntries(Object.entries(offered).filter(([k, v]) => names.has(k) && !(isEmptyValue(v) && v !== '')));
}
