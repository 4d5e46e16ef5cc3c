/** Forgot password on the YAML `forgot_password` form: sends the one-time code, then opens the reset page. */
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Form } from '../../../../generator/manifest-types.ts';
import { useManifest } from '../../data/ManifestProvider.tsx';
import { useUi } from '../../i18n/hooks.ts';
import type { RendererProps } from '../../registry/registry.ts';
import { FormViewFor } from '../../renderers/form/FormViewFor.tsx';
import { formTarget, useFormController } from '../../renderers/form/useFormController.ts';
import { hrefFor } from '../../router/paths.ts';
import { AuthFormPage } from './AuthFormPage.tsx';

export const RESET_PASSWORD_ROUTE = 'reset-password';
const NO_PARAMS = {};

export function ForgotPasswordPage({ screen }: RendererProps) {
  const ui = useUi();
  return <AuthFormPage screen={screen} subtitle={ui('forgotHint')} renderForm={(form) => <ForgotForm form={form} />} />;
}

function ForgotForm({ form }: { form: Form }) {
  const manifest = useManifest();
  const navigate = useNavigate();
  const ui = useUi();
  const target = useMemo(() => formTarget(form, undefined, NO_PARAMS), [form]);
  const controller = useFormController(form, manifest, target, NO_PARAMS, {
    onSaved: (_answer, data) => {
      const reset = hrefFor(manifest, RESET_PASSWORD_ROUTE) ?? '/pages/authentication/reset-password-v1';
      void navigate(`${reset}?${new URLSearchParams({ email: String(data.email ?? '') }).toString()}`);
    },
  });
  return <FormViewFor form={form} controller={controller} submitLabel={ui('sendResetLink')} wideSubmit />;
}
