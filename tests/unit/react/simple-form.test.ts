import { describe, expect, it } from 'vitest';
import type { FormField } from '../../../generator/manifest-types.ts';
import {
  buildFormSchema,
  makeCustomValidate,
  makeTransformErrors,
} from '../../../engine/react/renderers/form/form-model.ts';
import {
  choicesOf,
  extraErrorMessages,
  isSimpleForm,
  keywordError,
  validateSimpleForm,
} from '../../../engine/react/renderers/form/simple-form.ts';
import { fixtureManifest } from './fixture-manifest.ts';

const manifest = fixtureManifest();
const form = manifest.forms.person;
const field = (partial: Partial<FormField> & Pick<FormField, 'name'>): FormField => ({
  label: { en: partial.name, ar: partial.name },
  schema: { type: 'string' },
  required: false,
  rules: [],
  ...partial,
});

function validation(language: 'en' | 'ar', record: Record<string, unknown>) {
  const { schema } = buildFormSchema(form, manifest, language, { record });
  return {
    schema,
    customValidate: makeCustomValidate(form, manifest, language, {}),
    transformErrors: makeTransformErrors(form, manifest, language),
  };
}

describe('simple flat forms (no RJSF)', () => {
  it('takes text, e-mail, password, number, check box, select and radio fields; not dates, files, references or arrays', () => {
    expect(isSimpleForm(form)).toBe(true);
    const simple = [
      field({ name: 'a', widget: 'password', schema: { type: 'string', minLength: 8, maxLength: 200 } }),
      field({ name: 'b', widget: 'checkbox', schema: { type: 'boolean' } }),
      field({ name: 'c', widget: 'radio', schema: { type: 'integer', enum: [1, 2] } }),
      field({ name: 'd', schema: { type: 'integer' }, options: { status: 'user_type' } }),
      field({ name: 'e', widget: 'email', schema: { type: 'string', format: 'email' } }),
    ];
    expect(isSimpleForm({ fields: simple })).toBe(true);
    for (const other of [
      field({ name: 'x', widget: 'date', schema: { type: 'string', format: 'date' } }),
      field({ name: 'x', schema: { type: 'string', format: 'data-url' }, upload: { maxSizeMB: 1 } }),
      field({ name: 'x', schema: { type: 'integer' }, options: { ref: 'faculties' } }),
      field({ name: 'x', schema: { type: 'array', items: { type: 'string' } } }),
      field({ name: 'x', widget: 'autocomplete' }),
    ]) {
      expect(isSimpleForm({ fields: [...simple, other] })).toBe(false);
    }
    expect(isSimpleForm({ fields: [] })).toBe(false);
  });

  it('reports what RJSF would: the required message in the language, then the shared rules', () => {
    expect(validateSimpleForm(validation('en', {}), {})).toEqual({ email: ['Please fill this field'] });
    expect(validateSimpleForm(validation('ar', {}), {})).toEqual({ email: ['من فضلك املأ هذا الحقل'] });
    expect(
      validateSimpleForm(validation('en', { email: 'a@b', national_id: '12' }), { email: 'a@b', national_id: '12' }),
    ).toEqual({
      email: ['Email must be written correctly'],
      national_id: ['The national id must be 14 digits'],
    });
    expect(validateSimpleForm(validation('en', { email: 'a@b.com' }), { email: 'a@b.com' })).toEqual({});
  });

  it("checks the schema keywords with ajv's messages", () => {
    expect(keywordError({ type: 'string', maxLength: 3 }, 'abcd')?.message).toBe(
      'must NOT have more than 3 characters',
    );
    expect(keywordError({ type: 'string', minLength: 8 }, 'short')?.name).toBe('minLength');
    expect(keywordError({ type: 'string', pattern: '^[0-9]+$' }, '12a')?.name).toBe('pattern');
    expect(keywordError({ type: 'string', format: 'email' }, 'a@b.com')).toBeUndefined();
    expect(keywordError({ type: 'integer', minimum: 1 }, 0)?.message).toBe('must be >= 1');
    expect(keywordError({ type: 'integer' }, 1.5)?.message).toBe('must be integer');
    expect(keywordError({ type: 'integer', oneOf: [{ const: 3 }, { const: 4 }] }, 5)?.name).toBe('oneOf');
    expect(keywordError({ type: 'string', enum: ['a'] }, 'a')).toBeUndefined();
  });

  it("shows the server's field errors and lists choices from status tables or enums", () => {
    expect(extraErrorMessages({ email: { __errors: ['The email has already been taken.'] } })).toEqual({
      email: ['The email has already been taken.'],
    });
    expect(extraErrorMessages(undefined)).toEqual({});
    const typed = {
      ...form,
      fields: [field({ name: 'type', schema: { type: 'integer' }, options: { status: 'user_type' } })],
    };
    const { schema } = buildFormSchema(typed, manifest, 'en', { record: {} });
    expect(choicesOf(schema.properties?.type as never)).toEqual([
      { value: 3, label: 'Student' },
      { value: 4, label: 'Staff' },
    ]);
    expect(choicesOf({ type: 'string', enum: ['x', 'y'] })).toEqual([
      { value: 'x', label: 'x' },
      { value: 'y', label: 'y' },
    ]);
  });
});
