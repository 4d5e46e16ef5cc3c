/**
 * Validates one tab of the admission form on the server with the tab's form definition: the
 * visible fields only, required and requiredWhen, the shared rules (each with its own message,
 * engine/core/field-rules.ts), the keystroke filter (no character it would drop), then the field's JSON Schema (types, lengths, ranges, maxItems),
 * the options it names (a country, a governorate, a status of the table, and only one the field
 * offers now: options.only / options.when, the rule shared with the browser in engine/core/choices.ts), and the checks the
 * rules file leaves to the server (rows of marks, ranked preferences).
 *
 * Errors are keyed by field, nested ones by path (`subject_degrees.2.mark`); the caller throws
 * them as one ValidationError, so nothing is stored when any field fails.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsImport from 'ajv-formats';
import type { Kysely, Transaction } from 'kysely';
import type { Form, FormField, Manifest, Rule } from '../../../generator/manifest-types.ts';
import { checkRule, isEmptyValue } from '../../../engine/core/field-rules.ts';
import { applyKeystrokeFilter } from '../../../engine/core/keystroke.ts';
import { addFieldError, type FieldErrors } from '../../http/errors.ts';
import { schemaMessage } from '../../../engine/core/schema-messages.ts';
import type { Message } from '../../http/messages.ts';
import { choiceOffered } from '../../../engine/core/choices.ts';
import { programFitsLevel } from './applicants.ts';
import { fieldRequired, isFileField, visibleFields } from './tabs.ts';

const addFormats = addFormatsImport as unknown as (ajv: Ajv) => Ajv;
const ajv = addFormats(new Ajv({ allErrors: true, strict: false }));
const compiled = new WeakMap<object, ValidateFunction>();

function validatorOf(schema: Record<string, unknown>): ValidateFunction {
  let v = compiled.get(schema);
  if (!v) {
    // The file widget's data-url format is the browser's business; the server stores references.
    const { format, ...rest } = schema as { format?: string };
    v = ajv.compile(format === 'data-url' ? rest : schema);
    compiled.set(schema, v);
  }
  return v;
}

/**
 * Per-row rules of list fields (the rules file's "checked by the server" rules): each row of
 * `subject_degrees` may not have a mark above its maximum.
 */
const ROW_RULES: Record<string, Array<{ property: string; rule: string }>> = {
  subject_degrees: [{ property: 'mark', rule: 'mark_not_above_max' }],
};

export interface TabInput {
  form: Form;
  /** The values sent for this tab. */
  body: Record<string, unknown>;
  /** The applicant's record (columns and every tab) with this tab's new values over it. */
  record: Record<string, unknown>;
  params: Record<string, string>;
  /** Stored file references by field name. */
  files: Map<string, string>;
}

type Db = Kysely<any> | Transaction<any>;

/** Returns the tab's values to store (coerced, visible fields only) and the errors found. */
export async function validateTab(
  db: Db,
  manifest: Manifest,
  input: TabInput,
): Promise<{ values: Record<string, unknown>; errors: FieldErrors }> {
  const { form, body, params, files } = input;
  const errors: FieldErrors = {};
  const known = new Set(form.fields.map((f) => f.name));
  for (const key of Object.keys(body)) if (!known.has(key)) addFieldError(errors, key, { key: 'unknown_field' });

  // Coerce first: conditions of later fields read earlier ones (nationality decides the id field).
  const coerced: Record<string, unknown> = {};
  for (const field of form.fields) {
    if (isFileField(field)) coerced[field.name] = files.get(field.name) ?? null;
    // A hidden copy of an entity field (the nationality on later tabs, for their conditions) is
    // read, never written: its own tab owns the value, whatever a client sends here.
    else if (field.widget === 'hidden' && field.field) coerced[field.name] = input.record[field.field] ?? null;
    else if (Object.hasOwn(body, field.name)) coerced[field.name] = coerce(field, body[field.name]);
    // An entity field the tab repeats (a hidden nationality, the email) keeps its stored value unless sent.
    else if (field.field) coerced[field.name] = input.record[field.field] ?? null;
  }
  const record = { ...input.record, ...coerced };
  const values: Record<string, unknown> = {};
  for (const field of visibleFields(form, record, params)) {
    const value = coerced[field.name] ?? null;
    values[field.name] = isEmptyValue(value) ? null : value;
    if (isEmptyValue(value) || value === false) {
      if (fieldRequired(field, record, params)) addFieldError(errors, field.name, requiredMessage(manifest, field));
      continue;
    }
    if (isFileField(field)) continue;
    const ruleErrors = field.rules
      .map((name) => manifest.rules[name])
      .filter((rule): rule is Rule => !!rule && !checkRule(rule, value, record, field.name))
      .map((rule): Message => ({ text: rule.message }));
    if (ruleErrors.length) {
      for (const m of ruleErrors) addFieldError(errors, field.name, m);
      continue;
    }
    // What the keystroke filter would never let be typed is refused too (a client may skip it).
    const filter = field.filter ? manifest.filters[field.filter] : undefined;
    if (
      filter &&
      (typeof value === 'string' || typeof value === 'number') &&
      applyKeystrokeFilter(String(value), filter.allow) !== String(value)
    ) {
      addFieldError(errors, field.name, { key: 'pattern' });
      continue;
    }
    const validate = validatorOf(field.schema);
    if (!validate(value)) {
      for (const e of validate.errors ?? [])
        addFieldError(errors, errorPath(field.name, e), schemaMessage(e.keyword, e.params));
      continue;
    }
    // A status the field does not offer now (options.only / options.when): the browser never shows it.
    if (!choiceOffered(field, value, { record, params })) {
      addFieldError(errors, field.name, { key: 'enum' });
      continue;
    }
    await checkOptions(db, manifest, field, value, errors);
    checkRows(manifest, field, value, errors);
    if (field.rules.includes('preferences_sorted'))
      await checkPreferences(db, manifest, field.name, value as Preference[], record.degree_level_id, errors);
  }
  return { values, errors };
}

function requiredMessage(manifest: Manifest, field: FormField): Message {
  // A field's own "required" rule speaks for it: files, declarations, certificate type...
  const own = field.rules
    .map((n) => manifest.rules[n])
    .find(
      (r) => r && (r.name.endsWith('_required') || r.name === 'declarations_checked' || r.name === 'checkbox_checked'),
    );
  if (own) return { text: own.message };
  if (field.widget === 'checkbox' && (field.schema as { const?: unknown }).const === true) {
    const rule = manifest.rules.checkbox_checked;
    if (rule) return { text: rule.message };
  }
  return { key: 'required' };
}

/** Forms send numbers and booleans as text; accept the unambiguous spellings. */
export function coerce(field: FormField, raw: unknown): unknown {
  const type = (field.schema as { type?: string }).type;
  if (typeof raw === 'string') {
    const text = raw.trim();
    if ((type === 'number' || type === 'integer') && /^-?\d+(\.\d+)?$/.test(text)) return Number(text);
    if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
    if (type === 'string') return text;
  }
  return raw;
}

function errorPath(name: string, error: ErrorObject): string {
  const parts = error.instancePath.split('/').filter(Boolean);
  if (error.keyword === 'required') parts.push(String((error.params as { missingProperty?: string }).missingProperty));
  return [name, ...parts].join('.');
}

/** A value naming an option must name an existing one: a row of the referenced table or a status. */
async function checkOptions(
  db: Db,
  manifest: Manifest,
  field: FormField,
  value: unknown,
  errors: FieldErrors,
): Promise<void> {
  if (!field.options) return;
  // A list names its options per row: the row's first *_id property (scholarships[].scholarship_id).
  const cells: Array<[string, unknown]> = Array.isArray(value)
    ? value.map((row, i): [string, unknown] => {
        if (!row || typeof row !== 'object') return [`${field.name}.${i}`, row];
        const key = Object.keys(row).find((k) => k.endsWith('_id'));
        return [`${field.name}.${i}${key ? `.${key}` : ''}`, key ? (row as Record<string, unknown>)[key] : undefined];
      })
    : [[field.name, value]];
  for (const [path, cell] of cells)
    if (cell !== undefined && !(await optionExists(db, manifest, field.options, cell))) {
      addFieldError(errors, path, { key: field.options.status ? 'status_invalid' : 'ref_missing' });
    }
}

async function optionExists(
  db: Db,
  manifest: Manifest,
  options: NonNullable<FormField['options']>,
  value: unknown,
): Promise<boolean> {
  if (options.status) {
    const table = manifest.statusTables[options.status];
    return !table || table.statuses.some((s) => String(s.id) === String(value));
  }
  const entity = options.ref ? manifest.entities[options.ref] : undefined;
  if (!entity || typeof value !== 'number') return true;
  let query = db.selectFrom(entity.table).select('id').where('id', '=', value);
  if (entity.softDelete) query = query.where('deleted_at', 'is', null);
  return !!(await query.executeTakeFirst());
}

function checkRows(manifest: Manifest, field: FormField, value: unknown, errors: FieldErrors): void {
  const rules = ROW_RULES[field.name];
  if (!rules || !Array.isArray(value)) return;
  value.forEach((row, i) => {
    if (!row || typeof row !== 'object') return;
    for (const { property, rule: name } of rules) {
      const rule = manifest.rules[name];
      const cell = (row as Record<string, unknown>)[property];
      if (rule && !checkRule(rule, cell, row as Record<string, unknown>))
        addFieldError(errors, `${field.name}.${i}.${property}`, { text: rule.message });
    }
  });
}

interface Preference {
  faculty_id: number;
  program_id: number;
  order: number;
}

/**
 * Ranked preferences: every one ordered 1..n without gaps or repeats ("All preferences must be
 * sorted"), no program twice, each program a program of its faculty.
 */
async function checkPreferences(
  db: Db,
  manifest: Manifest,
  name: string,
  list: Preference[],
  level: unknown,
  errors: FieldErrors,
): Promise<void> {
  const orders = list.map((p) => p.order).sort((a, b) => a - b);
  const sorted = manifest.rules.preferences_sorted;
  if (!orders.every((o, i) => o === i + 1) && sorted) {
    addFieldError(errors, name, { text: sorted.message });
    return;
  }
  const seen = new Set<number>();
  list.forEach((p, i) => {
    if (seen.has(p.program_id)) addFieldError(errors, `${name}.${i}.program_id`, { key: 'preference_repeated' });
    seen.add(p.program_id);
  });
  const ids = [...seen];
  if (!ids.length) return;
  const rows = await db
    .selectFrom('programs')
    .select(['id', 'faculty_id', 'degree_level_id'])
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .execute();
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  list.forEach((p, i) => {
    const program = byId.get(p.program_id);
    if (!program) addFieldError(errors, `${name}.${i}.program_id`, { key: 'ref_missing' });
    else if (Number(program.faculty_id) !== p.faculty_id)
      addFieldError(errors, `${name}.${i}.program_id`, { key: 'program_not_in_faculty' });
    // An undergraduate chooses among bachelor's programs, a postgraduate among the higher degrees.
    else if (!programFitsLevel(program, level))
      addFieldError(errors, `${name}.${i}.program_id`, { key: 'program_not_for_level' });
  });
}
