/** Forgot password on the YAML `forgot_password` form: sends the one-time code, then opens the reset page. */
import { useMemo } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Alert, Box, Link } from '@mui/material';
import type { Form } from '../../../../generator/manifest-types.ts';
import { ROUTE } from '../../../core/routes.ts';
import { useManifest } from '../../data/ManifestProvider.tsx';
import { useLabel, useUi } from '../../i18n/hooks.ts';
import type { RendererProps } from '../../registry/registry.ts';
import { FormViewFor } from '../../renderers/form/FormViewFor.tsx';
import { formTarget, useFormController } from '../../renderers/form/useFormController.ts';
import { hrefFor } from '../../router/paths.ts';
import { AuthCard } from './AuthCard.tsx';

export const RESET_PASSWORD_ROUTE = 'reset-password';
const NO_PARAMS = {};

export function ForgotPasswordPage({ screen }: RendererProps) {
  const ui = useUi();
  const label = useLabel();
  const manifest = useManifest();
  const form = screen.form ? manifest.forms[screen.form] : undefined;
  return (
    <AuthCard title={label(screen.title)} subtitle={ui('forgotHint')}>
      {form ? <ForgotForm form={form} /> : <Alert severity="warning">{ui('unknownScreen')}</Alert>}
      <Box sx={{ textAlign: 'center', mt: 2 }}>
        <Link component={RouterLink} to={hrefFor(manifest, ROUTE.login) ?? '/login'} variant="body2">
          {ui('backToLogin')}
        </Link>
      </Box>
    </AuthCard>
  );
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
