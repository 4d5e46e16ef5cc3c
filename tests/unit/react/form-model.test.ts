import { describe, expect, it } from 'vitest';
import {
  buildFormSchema,
  makeCustomValidate,
  makeTransformErrors,
  serverErrorsToExtraErrors,
  WIDGET,
} from '../../../engine/react/renderers/form/form-model.ts';
import { checkRule } from '../../../engine/core/field-rules.ts';
import { acceptAttribute, ARCHIVE_LIMITS, checkFiles } from '../../../engine/react/renderers/form/upload-rules.ts';
import { formTarget } from '../../../engine/react/renderers/form/useFormController.ts';
import { fixtureManifest } from './fixture-manifest.ts';

const manifest = fixtureManifest();
const form = manifest.forms.person;
const MB = 1024 * 1024;

function errorsFor(names: string[]) {
  const root: Record<string, { __errors: string[]; addError(m: string): void }> = {};
  for (const n of names)
    root[n] = {
      __errors: [],
      addError(m) {
        this.__errors.push(m);
      },
    };
  return root as never;
}

describe('form model', () => {
  it('builds the schema: titles in the language, required, keystroke filter widget, hidden fields left out', () => {
    const { schema, uiSchema } = buildFormSchema(form, manifest, 'ar', { record: { national_id: '1' } });
    expect(Object.keys(schema.properties ?? {})).toEqual(['email', 'national_id']);
    expect(schema.required).toEqual(['email']);
    expect((schema.properties?.email as { title: string }).title).toBe('البريد');
    expect(uiSchema.national_id).toMatchObject({ 'ui:widget': WIDGET.filtered, 'ui:options': { allow: '[0-9]' } });
    expect(uiSchema.email).toMatchObject({ 'ui:autocomplete': 'email' });
    expect(Object.keys(buildFormSchema(form, manifest, 'en', { record: {} }).schema.properties ?? {})).toContain(
      'passport',
    );
  });

  it('validates with the shared rules and their messages in the current language', () => {
    const validate = makeCustomValidate(form, manifest, 'en', {});
    const errors = errorsFor(['email', 'national_id', 'passport']) as Record<string, { __errors: string[] }>;
    validate({ email: 'a@b', national_id: '123' }, errors as never);
    expect(errors.email.__errors).toEqual(['Email must be written correctly']);
    expect(errors.national_id.__errors).toEqual(['The national id must be 14 digits']);
    const ok = errorsFor(['email', 'national_id']) as Record<string, { __errors: string[] }>;
    validate({ email: 'a@b.com', national_id: '29001011234567' }, ok as never);
    expect(ok.email.__errors).toEqual([]);
    expect(ok.national_id.__errors).toEqual([]);
  });

  it('says "Please fill this field" for a missing required value', () => {
    const transform = makeTransformErrors(form, manifest, 'en');
    const [e] = transform([
      { name: 'required', property: 'email', message: "must have required property 'email'", stack: '' },
    ]);
    expect(e.message).toBe('Please fill this field');
  });

  it('shows server field errors on their fields', () => {
    expect(serverErrorsToExtraErrors({ email: 'The email has already been taken.', 'phones.0': 'Bad' })).toEqual({
      email: { __errors: ['The email has already been taken.'] },
      phones: { __errors: ['Bad'] },
    });
  });

  it('puts a new record (the resource API creates with PUT) and an edited one', () => {
    expect(formTarget({ entity: 'users' }, undefined, {})).toEqual({ method: 'PUT', path: '/users' });
    expect(formTarget({}, 'users', { id: '7' })).toEqual({ loadPath: '/users/7', method: 'PUT', path: '/users/7' });
    expect(formTarget({ submit: { method: 'POST', path: '/admission/:id/save' } }, undefined, { id: '3' })?.path).toBe(
      '/admission/3/save',
    );
  });

  it('checks compare and distinct rules against the record', () => {
    const message = { en: 'x', ar: 'x' };
    expect(checkRule({ name: 'max', compare: { op: '<=', field: 'max_mark' }, message }, 12, { max_mark: 10 })).toBe(
      false,
    );
    expect(checkRule({ name: 'max', compare: { op: '<=', field: 'max_mark' }, message }, 9, { max_mark: 10 })).toBe(
      true,
    );
    expect(
      checkRule({ name: 'd', distinctFrom: ['guardian_email'], message }, 'A@x.com', { guardian_email: 'a@x.com' }),
    ).toBe(false);
    // One rule on every email field of a set: each is compared with the others, never with itself.
    const emails = { name: 'd', distinctFrom: ['email', 'guardian_email', 'father_email'], message };
    const record = { email: 'me@x.com', guardian_email: 'g@x.com', father_email: 'G@x.com ' };
    expect(checkRule(emails, record.email, record, 'email')).toBe(true);
    expect(checkRule(emails, record.guardian_email, record, 'guardian_email')).toBe(false);
    expect(checkRule(emails, record.father_email, record, 'father_email')).toBe(false);
    expect(checkRule(emails, 'other@x.com', { ...record, father_email: 'other@x.com' }, 'father_email')).toBe(true);
  });
});

describe('upload limits, checked before sending', () => {
  it('refuses files over 30 MB by default and types outside the list', () => {
    expect(checkFiles([{ name: 'a.pdf', size: 30 * MB }], { accept: ['pdf', 'jpg', 'png'] })).toEqual([]);
    expect(checkFiles([{ name: 'a.pdf', size: 30 * MB + 1 }], { accept: ['pdf'] })).toEqual([
      { kind: 'too-large', file: 'a.pdf', maxMB: 30 },
    ]);
    expect(checkFiles([{ name: 'a.exe', size: 10 }], { accept: ['pdf', 'jpg', 'png'] })[0]).toMatchObject({
      kind: 'type',
    });
  });

  it('expands "image" and builds the accept attribute', () => {
    expect(acceptAttribute({ accept: ['image'] })).toBe('.jpg,.png,.gif,.tif,.jpeg,.bmp');
    expect(checkFiles([{ name: 'scan.TIF', size: 10 }], { accept: ['image'] })).toEqual([]);
    expect(checkFiles([{ name: 'extra.rar', size: 10 }], { accept: ['zip', 'rar', 'pdf'] })).toEqual([]);
  });

  it('the archive form takes at most 12 files, each under 3 MB', () => {
    const twelve = Array.from({ length: 12 }, (_, i) => ({ name: `f${i}.pdf`, size: MB }));
    expect(checkFiles(twelve, ARCHIVE_LIMITS)).toEqual([]);
    expect(checkFiles([...twelve, { name: 'x.pdf', size: 1 }], ARCHIVE_LIMITS)[0]).toEqual({
      kind: 'too-many',
      max: 12,
    });
    expect(checkFiles([{ name: 'big.pdf', size: 3 * MB }], ARCHIVE_LIMITS)).toEqual([
      { kind: 'too-large', file: 'big.pdf', maxMB: 3 },
    ]);
  });
});
