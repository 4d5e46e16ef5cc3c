/**
 * Reset password (/pages/authentication/reset-password-v1) on the YAML `reset_password` form:
 * email (from the address), the emailed one-time code and the new password; then sign in.
 */
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { Form } from '../../../../generator/manifest-types.ts';
import { ROUTE } from '../../../core/routes.ts';
import { useManifest } from '../../data/ManifestProvider.tsx';
import { useUi } from '../../i18n/hooks.ts';
import type { RendererProps } from '../../registry/registry.ts';
import { FormViewFor } from '../../renderers/form/FormViewFor.tsx';
import { formTarget, useFormController } from '../../renderers/form/useFormController.ts';
import { hrefFor } from '../../router/paths.ts';
import { AuthFormPage } from './AuthFormPage.tsx';

const NO_PARAMS = {};

export function ResetPasswordPage({ screen }: RendererProps) {
  return <AuthFormPage screen={screen} renderForm={(form) => <ResetForm form={form} />} />;
}

function ResetForm({ form }: { form: Form }) {
  const manifest = useManifest();
  const navigate = useNavigate();
  const ui = useUi();
  const [query] = useSearchParams();
  const initialData = useMemo(() => {
    const out: Record<string, unknown> = {};
    for (const key of ['email', 'otp']) if (query.get(key)) out[key] = query.get(key);
    return out;
  }, [query]);
  const target = useMemo(() => formTarget(form, undefined, NO_PARAMS), [form]);
  const controller = useFormController(form, manifest, target, NO_PARAMS, {
    initialData,
    onSaved: () => void navigate(hrefFor(manifest, ROUTE.login) ?? '/login'),
  });
  return <FormViewFor form={form} controller={controller} submitLabel={ui('setNewPassword')} wideSubmit />;
}
