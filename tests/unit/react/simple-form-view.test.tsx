// @vitest-environment jsdom
import { useState } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../engine/react/i18n/index.ts';
import { I18nProvider } from '../../../engine/react/i18n/I18nProvider.tsx';
import {
  buildFormSchema,
  makeCustomValidate,
  makeTransformErrors,
  type Record_,
} from '../../../engine/react/renderers/form/form-model.ts';
import { SimpleFormView } from '../../../engine/react/renderers/form/SimpleFormView.tsx';
import type { FormController } from '../../../engine/react/renderers/form/useFormController.ts';
import { fixtureManifest } from './fixture-manifest.ts';

const manifest = fixtureManifest();
const form = manifest.forms.person;

/** The parts of the form controller the view reads, without the API. */
function Harness({
  submit,
  extraErrors,
}: {
  submit: (data: Record_) => void;
  extraErrors?: FormController['extraErrors'];
}) {
  const [formData, setFormData] = useState<Record_>({});
  const { schema, uiSchema } = buildFormSchema(form, manifest, 'en', { record: formData });
  const controller = {
    schema,
    uiSchema,
    formData,
    setFormData,
    extraErrors,
    submitting: false,
    loading: false,
    submit: async (data: Record_) => submit(data),
    customValidate: makeCustomValidate(form, manifest, 'en', {}),
    transformErrors: makeTransformErrors(form, manifest, 'en'),
  } as FormController;
  return <SimpleFormView controller={controller} submitLabel="Send" />;
}

afterEach(cleanup);

describe('the light form view', () => {
  it('checks on submit with the same messages as RJSF, filters keystrokes, and sends the record', async () => {
    const submit = vi.fn();
    render(
      <I18nProvider i18n={createI18n('en')}>
        <Harness submit={submit} />
      </I18nProvider>,
    );
    await act(async () => screen.getByRole('button', { name: 'Send' }).click());
    expect(screen.getByText('Please fill this field')).toBeTruthy();
    expect(submit).not.toHaveBeenCalled();

    const email = document.getElementById('root_email') as HTMLInputElement;
    expect(email.type).toBe('email');
    expect(email.autocomplete).toBe('email');
    fireEvent.change(email, { target: { value: 'a@b' } });
    expect(screen.queryByText('Please fill this field')).toBeNull(); // an edit clears the field's errors
    await act(async () => screen.getByRole('button', { name: 'Send' }).click());
    expect(screen.getByText('Email must be written correctly')).toBeTruthy();

    fireEvent.change(email, { target: { value: 'a@b.com' } });
    fireEvent.change(document.getElementById('root_national_id') as HTMLInputElement, { target: { value: '29a0x1' } });
    expect((document.getElementById('root_national_id') as HTMLInputElement).value).toBe('2901');
    fireEvent.change(document.getElementById('root_national_id') as HTMLInputElement, {
      target: { value: '29001011234567' },
    });
    await act(async () => screen.getByRole('button', { name: 'Send' }).click());
    expect(submit).toHaveBeenCalledWith({ email: 'a@b.com', national_id: '29001011234567' });
  });

  it("shows the server's field errors under their fields", () => {
    render(
      <I18nProvider i18n={createI18n('en')}>
        <Harness
          submit={() => {}}
          extraErrors={{ email: { __errors: ['The email has already been taken.'] } } as never}
        />
      </I18nProvider>,
    );
    expect(screen.getByText('The email has already been taken.')).toBeTruthy();
    expect(document.getElementById('root_email')?.getAttribute('aria-invalid')).toBe('true');
  });
});
