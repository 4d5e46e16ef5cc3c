/**
 * A sign-in page built on the screen's YAML form: the card, the form (drawn by the caller, which
 * knows what happens after a save) and the way back to sign-in. Forgot and reset password use it.
 */
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Link } from '@mui/material';
import type { Form, Screen } from '../../../../generator/manifest-types.ts';
import { ROUTE } from '../../../core/routes.ts';
import { useManifest } from '../../data/ManifestProvider.tsx';
import { useLabel, useUi } from '../../i18n/hooks.ts';
import { hrefFor } from '../../router/paths.ts';
import { AuthCard } from './AuthCard.tsx';

export interface AuthFormPageProps {
  screen: Screen;
  subtitle?: string;
  /** Draws the screen's form; not called when the screen names no known form. */
  renderForm: (form: Form) => ReactNode;
}

export function AuthFormPage({ screen, subtitle, renderForm }: AuthFormPageProps) {
  const ui = useUi();
  const label = useLabel();
  const manifest = useManifest();
  const form = screen.form ? manifest.forms[screen.form] : undefined;
  return (
    <AuthCard title={label(screen.title)} subtitle={subtitle}>
      {form ? renderForm(form) : <Alert severity="warning">{ui('unknownScreen')}</Alert>}
      <Box sx={{ textAlign: 'center', mt: 2 }}>
        <Link component={RouterLink} to={hrefFor(manifest, ROUTE.login) ?? '/login'} variant="body2">
          {ui('backToLogin')}
        </Link>
      </Box>
    </AuthCard>
  );
}
