/**
 * What a JSON Schema check says of a value, in English and Arabic: one set of texts and one
 * keyword-to-message rule for the server's validation (server/resources/validation.ts, the
 * admission tabs) and the browser's forms (renderers/form/form-model.ts), so a form says in the
 * browser what the server would say of the same value. No React, no Node.
 */
import type { LocalizedText } from './text.ts';

export const SCHEMA_MESSAGES = {
  required: { en: 'Please fill this field', ar: 'من فضلك املأ هذا الحقل' },
  type_string: { en: 'Must be text', ar: 'يجب أن تكون القيمة نصًا' },
  type_integer: { en: 'Must be a whole number', ar: 'يجب أن تكون القيمة عددًا صحيحًا' },
  type_number: { en: 'Must be a number', ar: 'يجب أن تكون القيمة رقمًا' },
  type_boolean: { en: 'Must be yes or no', ar: 'يجب أن تكون القيمة نعم أو لا' },
  type_object: { en: 'Must be an object', ar: 'يجب أن تكون القيمة كائنًا' },
  min_length: { en: 'Must be at least {limit} characters', ar: 'يجب ألا يقل عن {limit} حرفًا' },
  max_length: { en: 'Must be at most {limit} characters', ar: 'يجب ألا يزيد عن {limit} حرفًا' },
  minimum: { en: 'Must be at least {limit}', ar: 'يجب ألا تقل القيمة عن {limit}' },
  maximum: { en: 'Must be at most {limit}', ar: 'يجب ألا تزيد القيمة عن {limit}' },
  max_items: { en: 'No more than {limit} may be chosen', ar: 'لا يمكن اختيار أكثر من {limit}' },
  min_items: { en: 'Choose at least {limit}', ar: 'اختر {limit} على الأقل' },
  enum: { en: 'Must be one of the allowed values', ar: 'يجب أن تكون القيمة من القيم المسموح بها' },
  pattern: { en: 'Invalid input value', ar: 'قيمة غير صالحة' },
  format_email: { en: 'Email must be written correctly', ar: 'يجب كتابة البريد الإلكتروني بشكل صحيح' },
  format_date: { en: 'Must be a valid date (YYYY-MM-DD)', ar: 'يجب أن يكون تاريخًا صحيحًا (YYYY-MM-DD)' },
  format_datetime: { en: 'Must be a valid date and time', ar: 'يجب أن يكون تاريخًا ووقتًا صحيحين' },
  format_time: { en: 'Must be a valid time (HH:MM)', ar: 'يجب أن يكون وقتًا صحيحًا (HH:MM)' },
  format_uri: { en: 'Must be a valid link', ar: 'يجب أن يكون رابطًا صحيحًا' },
} as const satisfies Record<string, LocalizedText>;

export type SchemaMessageKey = keyof typeof SCHEMA_MESSAGES;

/** A schema error's message before translation: the key, and the limit it names. */
export interface SchemaMessage {
  key: SchemaMessageKey;
  params?: { limit: number };
}

const BY_KEYWORD: Readonly<Record<string, SchemaMessageKey>> = {
  required: 'required',
  minLength: 'min_length',
  maxLength: 'max_length',
  minimum: 'minimum',
  maximum: 'maximum',
  exclusiveMinimum: 'minimum',
  exclusiveMaximum: 'maximum',
  minItems: 'min_items',
  maxItems: 'max_items',
  enum: 'enum',
  const: 'enum',
  oneOf: 'enum',
  anyOf: 'enum',
  pattern: 'pattern',
};

/**
 * The message of one failed keyword (Ajv's `keyword` and `params`). A type names its type
 * ('Must be a whole number'); a format its format; a keyword without a text of its own is
 * 'Invalid input value'.
 */
export function schemaMessage(keyword: string, params: Readonly<Record<string, unknown>> = {}): SchemaMessage {
  if (keyword === 'type') {
    const key = `type_${String(params.type)}`;
    return { key: key in SCHEMA_MESSAGES ? (key as SchemaMessageKey) : 'pattern' };
  }
  if (keyword === 'format') {
    const key = `format_${String(params.format).replace('-', '')}`;
    return { key: key in SCHEMA_MESSAGES ? (key as SchemaMessageKey) : 'pattern' };
  }
  const key = BY_KEYWORD[keyword] ?? 'pattern';
  return typeof params.limit === 'number' ? { key, params: { limit: params.limit } } : { key };
}
