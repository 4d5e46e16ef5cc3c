/**
 * Request body validation for entity writes: a JSON Schema built from the entity's fields
 * and the shared rules, checked by ajv; errors become field messages, a rule's own message
 * (in both languages, from the manifest) when a rule failed, ours otherwise.
 *
 * Each field's schema is `allOf: [base, rule1, rule2...]`, so an error's schema path tells
 * which rule failed. Presence ("required") and cross-field rules (compare, distinctFrom) are
 * checked here by hand, because they depend on create vs update and on the stored row.
 */
import { crossFieldRuleHolds } from '../../engine/core/field-rules.ts';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsImport from 'ajv-formats';
import type { Entity, EntityField, Manifest, Rule } from '../../generator/manifest-types.ts';
import { addFieldError, ValidationError, type FieldErrors } from '../http/errors.ts';
import { schemaMessage } from '../../engine/core/schema-messages.ts';
import type { Message } from '../http/messages.ts';
import { ignoredKeys, isIntegerField, isNumericField, writableFields } from './entity-info.ts';

const addFormats = addFormatsImport as unknown as (ajv: Ajv) => Ajv;
const INT4 = 2_147_483_647;
const MONEY_MAX = 999_999_999_999.99;

type Schema = Record<string, unknown>;

function baseSchema(field: EntityField): Schema {
  const s: Schema = {};
  if (field.ref || field.status)
    Object.assign(s, { type: 'integer', minimum: field.ref ? 1 : 0, maximum: Number.MAX_SAFE_INTEGER });
  else
    switch (field.type) {
      case 'string':
        Object.assign(s, { type: 'string', maxLength: field.maxLength ?? 255 });
        break;
      case 'email':
        Object.assign(s, { type: 'string', maxLength: 255, format: 'email' });
        break;
      case 'phone':
        Object.assign(s, { type: 'string', maxLength: 32 });
        break;
      case 'file':
        // References of files uploaded beforehand (server/files): only the ids are trusted.
        Object.assign(s, {
          type: 'array',
          maxItems: field.files?.maxFiles ?? 1,
          items: {
            type: 'object',
            required: ['id'],
            properties: { id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } },
          },
        });
        break;
      case 'text':
        Object.assign(s, { type: 'string' });
        break;
      case 'integer':
        Object.assign(s, { type: 'integer', minimum: -INT4 - 1, maximum: INT4 });
        break;
      case 'bigint':
        Object.assign(s, { type: 'integer', minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER });
        break;
      case 'number':
        s.type = 'number';
        break;
      case 'money':
        Object.assign(s, { type: 'number', minimum: -MONEY_MAX, maximum: MONEY_MAX });
        break;
      case 'boolean':
        s.type = 'boolean';
        break;
      case 'date':
        Object.assign(s, { type: 'string', format: 'date' });
        break;
      case 'datetime':
        Object.assign(s, { type: 'string', format: 'date-time' });
        break;
      case 'time':
        Object.assign(s, { type: 'string', pattern: '^([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?$' });
        break;
      case 'json':
        break;
    }
  // The field's own bounds narrow the type's.
  if (field.minLength !== undefined) s.minLength = field.minLength;
  if (field.maxLength !== undefined && s.type === 'string') s.maxLength = field.maxLength;
  if (field.minimum !== undefined) s.minimum = field.minimum;
  if (field.maximum !== undefined) s.maximum = field.maximum;
  if (field.enum) s.enum = field.enum;
  return s;
}

function ruleSchema(rule: Rule): Schema | undefined {
  // A list rule's number checks are on its column's total: checked with the cross-field rules.
  if (rule.sumOf !== undefined || rule.uniqueBy !== undefined) return undefined;
  const s: Schema = {};
  for (const key of ['pattern', 'minLength', 'maxLength', 'minimum', 'maximum', 'const'] as const) {
    if (rule[key] !== undefined) s[key] = rule[key];
  }
  if (rule.format === 'year') s.pattern = '^[0-9]{4}$';
  else if (rule.format) s.format = rule.format;
  if (rule.anyOfPatterns?.length) s.anyOf = rule.anyOfPatterns.map((pattern) => ({ pattern }));
  return Object.keys(s).length ? s : undefined;
}

interface CompiledEntity {
  validate: ValidateFunction;
  /** Per field, the rule behind each allOf index (index 0 is the base schema). */
  ruleAt: Record<string, Array<Rule | undefined>>;
}

export class EntityValidator {
  readonly #ajv = addFormats(new Ajv({ allErrors: true, strict: false }));
  readonly #compiled = new Map<string, CompiledEntity>();

  constructor(private readonly manifest: Manifest) {}

  /** Compiles every exposed entity now, so a bad pattern in a rule stops the start, not a request. */
  prepareAll(): void {
    for (const entity of Object.values(this.manifest.entities)) if (entity.expose) this.#compile(entity);
  }

  #compile(entity: Entity): CompiledEntity {
    const cached = this.#compiled.get(entity.name);
    if (cached) return cached;
    const properties: Record<string, Schema> = {};
    const ruleAt: CompiledEntity['ruleAt'] = {};
    for (const field of writableFields(entity)) {
      const parts: Schema[] = [baseSchema(field)];
      const rules: Array<Rule | undefined> = [undefined];
      for (const name of field.rules) {
        const rule = this.manifest.rules[name];
        const schema = rule && ruleSchema(rule);
        if (!rule || !schema) continue;
        parts.push(schema);
        rules.push(rule);
      }
      properties[field.name] = { allOf: parts };
      ruleAt[field.name] = rules;
    }
    const compiled = { validate: this.#ajv.compile({ type: 'object', properties }), ruleAt };
    this.#compiled.set(entity.name, compiled);
    return compiled;
  }

  /**
   * Returns the values to write (coerced, unknown-free), or throws a ValidationError.
   * `stored` is the current row on update (null on create): required fields must be present
   * on create, and may not be emptied on update; cross-field rules see stored + new values.
   */
  check(
    entity: Entity,
    body: Record<string, unknown>,
    stored: Record<string, unknown> | null,
  ): Record<string, unknown> {
    const errors: FieldErrors = {};
    const values = this.#pick(entity, body, errors);
    for (const field of writableFields(entity)) {
      const present = Object.hasOwn(values, field.name);
      const value = values[field.name];
      const empty = present && (isEmpty(value) || (field.type === 'file' && Array.isArray(value) && !value.length));
      const missing = stored === null ? !present || empty : empty;
      if (field.required && missing && !(stored === null && !present && field.default !== undefined)) {
        addFieldError(errors, field.name, this.#requiredMessage(field));
      }
      // An emptied form box means "no value": store null, so optional fields with a pattern
      // (an email, a national id) accept being left blank and unique ones do not collide on ''.
      if (empty) values[field.name] = null;
    }
    const compiled = this.#compile(entity);
    const nonNull = Object.fromEntries(Object.entries(values).filter(([k, v]) => v !== null && !errors[k]));
    if (!compiled.validate(nonNull)) {
      for (const error of compiled.validate.errors ?? []) this.#addAjvError(errors, error, compiled);
    }
    this.#crossField(entity, { ...(stored ?? {}), ...values }, values, errors);
    if (Object.keys(errors).length) throw new ValidationError(errors);
    return values;
  }

  #pick(entity: Entity, body: Record<string, unknown>, errors: FieldErrors): Record<string, unknown> {
    const ignored = ignoredKeys(entity);
    const writable = new Map(writableFields(entity).map((f) => [f.name, f]));
    const values: Record<string, unknown> = {};
    for (const [key, raw] of Object.entries(body)) {
      if (ignored.has(key)) continue;
      const field = writable.get(key);
      if (!field) {
        addFieldError(errors, key, { key: 'unknown_field' });
        continue;
      }
      values[key] = coerce(field, raw);
    }
    return values;
  }

  /** A field's own "x is required" rule (`required`, `faculty_required`...) speaks for it when empty. */
  #requiredMessage(field: EntityField): Message {
    const name = field.rules.find((r) => r === 'required' || r.endsWith('_required'));
    const rule = name ? this.manifest.rules[name] : undefined;
    return rule ? { text: rule.message } : { key: 'required' };
  }

  #addAjvError(errors: FieldErrors, error: ErrorObject, compiled: CompiledEntity): void {
    const field = error.instancePath.split('/')[1];
    if (!field) return;
    const index = /\/allOf\/(\d+)\//.exec(error.schemaPath)?.[1];
    const rule = index === undefined ? undefined : compiled.ruleAt[field]?.[Number(index)];
    const message: Message = rule ? { text: rule.message } : schemaMessage(error.keyword, error.params);
    const list = errors[field] ?? [];
    // anyOf reports once per branch and once for itself: keep each message once.
    if (!list.some((m) => JSON.stringify(m) === JSON.stringify(message))) addFieldError(errors, field, message);
  }

  /**
   * A cross-field rule is checked when its own field or a field it compares with was sent: an
   * update of the end date alone must still keep the stored start date before it.
   */
  #crossField(
    entity: Entity,
    merged: Record<string, unknown>,
    sent: Record<string, unknown>,
    errors: FieldErrors,
  ): void {
    for (const field of writableFields(entity)) {
      if (errors[field.name]) continue;
      const value = merged[field.name];
      if (value === null || value === undefined) continue;
      const own = Object.hasOwn(sent, field.name);
      for (const name of field.rules) {
        const rule = this.manifest.rules[name];
        if (!rule) continue;
        const others = [...(rule.compare ? [rule.compare.field] : []), ...(rule.distinctFrom ?? [])];
        if (!own && !others.some((other) => Object.hasOwn(sent, other))) continue;
        // Rules of one value's own checks were ajv's; list rules (sumOf, uniqueBy) are checked here.
        if (!crossFieldRuleHolds(rule, value, merged, field.name))
          addFieldError(errors, field.name, { text: rule.message });
      }
    }
  }
}

export function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** Forms send numbers and booleans as text; accept the unambiguous spellings. */
export function coerce(field: EntityField, raw: unknown): unknown {
  if (typeof raw === 'string' && isNumericField(field)) {
    const text = raw.trim();
    if (text === '') return null;
    if (/^-?\d+(\.\d+)?$/.test(text)) return isIntegerField(field) && !/^-?\d+$/.test(text) ? raw : Number(text);
    return raw;
  }
  if (field.type === 'boolean' && !field.ref && !field.status) {
    if (raw === 'true' || raw === '1' || raw === 1) return true;
    if (raw === 'false' || raw === '0' || raw === 0) return false;
    if (raw === '') return null;
  }
  return raw;
}
