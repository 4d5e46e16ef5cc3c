/**
 * What a form says of wrong values before sending them, through RJSF's own Ajv validator on
 * the real manifest's admission form: the words of the server (engine/core/schema-messages.ts)
 * in the user's language, never Ajv's English ('must be integer', 'must be >= 50'), one message
 * a field, and a field's shared rule in place of the schema's limits it covers. A record the
 * server gives back with nulls validates as one with those fields left empty.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import validator from '@rjsf/validator-ajv8';
import type { RJSFSchema } from '@rjsf/utils';
import type { ClientManifest } from '../../../generator/manifest-types.ts';
import {
  buildFormSchema,
  makeCustomValidate,
  makeTransformErrors,
  withoutNulls,
  type Record_,
} from '../../../engine/react/renderers/form/form-model.ts';

const manifest = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../../.generated/client-manifest.json'), 'utf8'),
) as ClientManifest;
const personal = manifest.forms.admission_personal_info!;
const nationality = manifest.forms.admission_nationality!;
const PARAMS = { params: { type: '1' } };

/** Field name -> the messages RJSF would show under it. */
function errorsOf(form: typeof personal, data: Record_, language: 'en' | 'ar'): Record<string, string[]> {
  const { schema } = buildFormSchema(form, manifest, language, { ...PARAMS, record: data });
  const result = validator.validateFormData(
    data,
    schema as RJSFSchema,
    makeCustomValidate(form, manifest, language, PARAMS),
    makeTransformErrors(form, manifest, language),
  );
  const out: Record<string, string[]> = {};
  for (const [name, entry] of Object.entries(result.errorSchema as Record<string, { __errors?: string[] }>)) {
    if (entry?.__errors?.length) out[name] = entry.__errors;
  }
  return out;
}

const AJV_ENGLISH = /must (be|match|have|NOT)|oneOf|constant/;

describe('form errors in the user language', () => {
  it('a choice with a value it does not offer says one message, in the words of the server', () => {
    for (const language of ['en', 'ar'] as const) {
      const errors = errorsOf(personal, { gender_id: 99, religion_id: 'x' }, language);
      expect(errors.gender_id).toHaveLength(1);
      expect(errors.gender_id![0]).toBe(
        language === 'en' ? 'Must be one of the allowed values' : 'يجب أن تكون القيمة من القيم المسموح بها',
      );
      expect(errors.religion_id).toHaveLength(1);
      for (const messages of Object.values(errors)) for (const m of messages) expect(m).not.toMatch(AJV_ENGLISH);
    }
  });

  it("a field with a shared rule shows the rule's message, not the schema's limit as well", () => {
    const errors = errorsOf(personal, { height: 30 }, 'en');
    expect(errors.height).toEqual(['The height must be between 50 and 250 cm']);
    expect(errorsOf(personal, { height: 30 }, 'ar').height).toEqual(['يجب أن يكون الطول بين 50 و250 سم']);
  });

  it('a missing required value says "Please fill this field"; a wrong type says which type', () => {
    const errors = errorsOf(personal, {}, 'ar');
    expect(errors.religion_id).toEqual(['من فضلك املأ هذا الحقل']);
    const typed = errorsOf(personal, { weight: 'heavy' }, 'en');
    expect(typed.weight).toContain('Must be a number');
  });

  it('a tab read back with nulls for its empty optional fields validates as if they were left empty', () => {
    const stored = {
      nationality_id: 64,
      national_id: '29001011234567',
      other_nationality_id: null,
      mother_nationality_id: null,
    };
    expect(Object.keys(errorsOf(nationality, stored as Record_, 'en')).sort()).toEqual([
      'mother_nationality_id',
      'other_nationality_id',
    ]);
    expect(errorsOf(nationality, withoutNulls(stored), 'en')).toEqual({});
  });
});

describe('withoutNulls', () => {
  it('leaves out null values, in lists of records too, and keeps every other value', () => {
    expect(
      withoutNulls({ a: null, b: 0, c: '', d: false, e: [{ x: null, y: 1 }, 2, null], f: { g: null, h: 'k' } }),
    ).toEqual({
      b: 0,
      c: '',
      d: false,
      e: [{ y: 1 }, 2, null],
      f: { h: 'k' },
    });
  });
});
