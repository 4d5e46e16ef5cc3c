/**
 * Simple flat forms, drawn without RJSF and ajv (`SimpleFormView`): every field a text, e-mail,
 * password, phone, number, text area, check box, select or radio button whose JSON Schema uses
 * only the keywords checked here. The schema, the shared rules, the required message and the
 * server's field errors come from the same form model as the RJSF view (`form-model.ts`); this
 * module only decides which forms qualify and checks the few schema keywords ajv would.
 */
import type { FormValidation, RJSFSchema, RJSFValidationError } from '@rjsf/utils';
import type { Form, FormField } from '../../../../generator/manifest-types.ts';
import type { Record_ } from './form-model.ts';

/** Widgets the light view draws (undefined: chosen from the schema). */
const SIMPLE_WIDGETS: ReadonlySet<string | undefined> = new Set([
  undefined,
  'text',
  'email',
  'password',
  'phone',
  'number',
  'textarea',
  'checkbox',
  'select',
  'radio',
  'hidden',
]);
/** JSON Schema keywords `schemaErrors` checks. */
const SIMPLE_KEYWORDS: ReadonlySet<string> = new Set([
  'type',
  'title',
  'description',
  'default',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'enum',
  'minimum',
  'maximum',
]);
const SIMPLE_TYPES: ReadonlySet<unknown> = new Set(['string', 'boolean', 'integer', 'number']);
const EMAIL_FORMAT =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

export function isSimpleField(field: FormField): boolean {
  const schema = field.schema as { type?: unknown; format?: unknown };
  return (
    !field.upload &&
    !field.options?.ref &&
    SIMPLE_WIDGETS.has(field.widget) &&
    SIMPLE_TYPES.has(schema.type) &&
    (schema.format === undefined || schema.format === 'email') &&
    Object.keys(field.schema).every((k) => SIMPLE_KEYWORDS.has(k))
  );
}

/** Every field is simple: the form needs neither RJSF nor ajv. */
export function isSimpleForm(form: Pick<Form, 'fields'>): boolean {
  return form.fields.length > 0 && form.fields.every(isSimpleField);
}

/** Error messages by field name. */
export type FieldErrors = Record<string, string[]>;

function patternOf(source: string): RegExp | undefined {
  try {
    return new RegExp(source, 'u');
  } catch {
    return undefined;
  }
}

/** The first keyword a value breaks, with ajv's own English message (the RJSF view shows the same). */
export function keywordError(schema: RJSFSchema, value: unknown): { name: string; message: string } | undefined {
  const type = schema.type;
  if (type === 'boolean' && typeof value !== 'boolean') return { name: 'type', message: 'must be boolean' };
  if ((type === 'integer' || type === 'number') && (typeof value !== 'number' || Number.isNaN(value)))
    return { name: 'type', message: `must be ${type}` };
  if (type === 'integer' && !Number.isInteger(value)) return { name: 'type', message: 'must be integer' };
  if (type === 'string' && typeof value !== 'string') return { name: 'type', message: 'must be string' };
  if (typeof value === 'string') {
    const length = [...value].length;
    if (schema.maxLength !== undefined && length > schema.maxLength)
      return { name: 'maxLength', message: `must NOT have more than ${schema.maxLength} characters` };
    if (schema.minLength !== undefined && length < schema.minLength)
      return { name: 'minLength', message: `must NOT have fewer than ${schema.minLength} characters` };
    if (schema.pattern !== undefined && patternOf(schema.pattern)?.test(value) === false)
      return { name: 'pattern', message: `must match pattern "${schema.pattern}"` };
    if (schema.format === 'email' && !EMAIL_FORMAT.test(value))
      return { name: 'format', message: 'must match format "email"' };
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum)
      return { name: 'minimum', message: `must be >= ${schema.minimum}` };
    if (schema.maximum !== undefined && value > schema.maximum)
      return { name: 'maximum', message: `must be <= ${schema.maximum}` };
  }
  if (schema.enum && !schema.enum.some((v) => v === value))
    return { name: 'enum', message: 'must be equal to one of the allowed values' };
  if (
    schema.oneOf &&
    !schema.oneOf.some((o) => typeof o === 'object' && o !== null && (o as RJSFSchema).const === value)
  ) {
    return { name: 'oneOf', message: 'must match exactly one schema in oneOf' };
  }
  return undefined;
}

/** The schema of a flat form: required values and each property's keywords, as RJSF errors. */
export function schemaErrors(schema: RJSFSchema, data: Record_): RJSFValidationError[] {
  const required = new Set(schema.required ?? []);
  const out: RJSFValidationError[] = [];
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const value = data[name];
    const error =
      value === undefined
        ? required.has(name)
          ? { name: 'required', message: `must have required property '${name}'` }
          : undefined
        : keywordError(property as RJSFSchema, value);
    if (error)
      out.push({
        ...error,
        property: `.${name}`,
        params: {},
        stack: `.${name} ${error.message}`,
        schemaPath: `#/properties/${name}`,
      });
  }
  return out;
}

/** RJSF's error collector for `customValidate`, flat: one `addError` per field. */
function collector(names: readonly string[]): FormValidation<Record_> {
  const out: Record<string, { __errors: string[]; addError: (message: string) => void }> = {};
  for (const name of names) {
    const errors: string[] = [];
    out[name] = { __errors: errors, addError: (message) => errors.push(message) };
  }
  return out as unknown as FormValidation<Record_>;
}

export interface SimpleValidation {
  schema: RJSFSchema;
  customValidate: (data: Record_ | undefined, errors: FormValidation<Record_>) => FormValidation<Record_>;
  transformErrors: (errors: RJSFValidationError[]) => RJSFValidationError[];
}

/**
 * What RJSF would report on submit: schema errors through the controller's `transformErrors`
 * (the required message), then the shared rules through its `customValidate`.
 */
export function validateSimpleForm(
  { schema, customValidate, transformErrors }: SimpleValidation,
  data: Record_,
): FieldErrors {
  const out: FieldErrors = {};
  const add = (name: string, message: string) => (out[name] ??= []).push(message);
  for (const e of transformErrors(schemaErrors(schema, data)))
    add((e.property ?? '').replace(/^\./, ''), e.message ?? '');
  const names = Object.keys(schema.properties ?? {});
  const custom = customValidate(data, collector(names)) as unknown as Record<
    string,
    { __errors?: string[] } | undefined
  >;
  for (const name of names) for (const message of custom[name]?.__errors ?? []) add(name, message);
  return out;
}

/** Server field errors (`extraErrors` of the controller) as messages by field. */
export function extraErrorMessages(extraErrors: unknown): FieldErrors {
  const out: FieldErrors = {};
  if (!extraErrors || typeof extraErrors !== 'object') return out;
  for (const [name, entry] of Object.entries(extraErrors as Record<string, { __errors?: unknown } | undefined>)) {
    const list = entry?.__errors;
    if (Array.isArray(list) && list.length) out[name] = list.map(String);
  }
  return out;
}

/** The choices of a select or radio field: `oneOf` consts with titles, else `enum` values. */
export function choicesOf(schema: RJSFSchema): { value: unknown; label: string }[] | undefined {
  if (schema.oneOf?.length) {
    return schema.oneOf.map((o) => {
      const option = o as RJSFSchema;
      return { value: option.const, label: String(option.title ?? option.const) };
    });
  }
  return schema.enum?.map((v) => ({ value: v, label: String(v) }));
}
