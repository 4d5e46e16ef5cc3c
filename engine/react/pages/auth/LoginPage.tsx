/**
 * Sign-in (auth-login, /login/:token?) on the YAML `login` form: email and password with the
 * shared rules; the Microsoft button when single sign-on is configured (GET /get-ms-login-url
 * answers a URL); a link token in the address signs in through POST /login-with-token after
 * logging out; the single sign-on return (?code) finishes through POST /ms-login/callback.
 * Only user types 3 and 4 are accepted.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Box, Button, Divider, LinearProgress, Link, Stack } from '@mui/material';
import Microsoft from '@mui/icons-material/Microsoft';
import type { Form } from '../../../../generator/manifest-types.ts';
import { ROUTE } from '../../../core/routes.ts';
import { useApi } from '../../data/ApiProvider.tsx';
import { useManifest } from '../../data/ManifestProvider.tsx';
import { useSession } from '../../data/SessionProvider.tsx';
import { useLabel, useUi } from '../../i18n/hooks.ts';
import type { RendererProps } from '../../registry/registry.ts';
import { FormViewFor } from '../../renderers/form/FormViewFor.tsx';
import { formTarget, useFormController } from '../../renderers/form/useFormController.ts';
import { hrefFor } from '../../router/paths.ts';
import { useToast } from '../../toasts/useToast.ts';
import { AuthCard } from './AuthCard.tsx';
import { acceptedSession, ssoReturn } from './login-logic.ts';

export const FORGOT_PASSWORD_ROUTE = 'forgot-password';
const NO_PARAMS = {};

export function LoginPage({ screen, params }: RendererProps) {
  const ui = useUi();
  const label = useLabel();
  const api = useApi();
  const manifest = useManifest();
  const session = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  const [query] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [ssoUrl, setSsoUrl] = useState<string | null>(null);
  const started = useRef(false);
  const form = screen.form ? manifest.forms[screen.form] : undefined;

  const finish = useCallback(
    (body: unknown) => {
      const accepted = acceptedSession(body);
      if (!accepted) {
        session.signOut();
        toast.error(undefined);
        return;
      }
      session.signIn(accepted);
      void navigate(hrefFor(manifest, ROUTE.dashboard) ?? '/', { replace: true });
    },
    [session, toast, navigate, manifest],
  );

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const sso = ssoReturn(query);
    const call = params.token
      ? () => {
          session.signOut();
          return api.post('/login-with-token', { token: params.token });
        }
      : sso
        ? () => api.post('/ms-login/callback', sso)
        : undefined;
    if (call) {
      setBusy(true);
      call()
        .then(finish, () => undefined)
        .finally(() => setBusy(false));
    }
    // A probe, not a user action: through the bare axios instance, so no response rule
    // (404 -> error-404) can move the user; any failure just hides the button.
    api.axios.get<{ url?: unknown }>('/get-ms-login-url').then(
      (response) => setSsoUrl(typeof response.data?.url === 'string' ? response.data.url : null),
      () => setSsoUrl(null),
    );
    // once per visit of the page
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <AuthCard title={label(screen.title)} subtitle={ui('loginSubtitle')}>
      {busy && <LinearProgress sx={{ mb: 2 }} aria-label={ui('loading')} />}
      {form ? <LoginForm form={form} onSaved={finish} /> : <Alert severity="warning">{ui('unknownScreen')}</Alert>}
      <Stack spacing={2} sx={{ mt: 2 }}>
        <Box sx={{ textAlign: 'center' }}>
          <Link
            component={RouterLink}
            to={hrefFor(manifest, FORGOT_PASSWORD_ROUTE) ?? '/forgot-password'}
            variant="body2"
          >
            {ui('forgotPassword')}
          </Link>
        </Box>
        {ssoUrl && (
          <>
            <Divider>{ui('or')}</Divider>
            <Button
              variant="outlined"
              size="large"
              startIcon={<Microsoft />}
              onClick={() => window.location.assign(ssoUrl)}
            >
              {ui('signInMicrosoft')}
            </Button>
          </>
        )}
      </Stack>
    </AuthCard>
  );
}

function LoginForm({ form, onSaved }: { form: Form; onSaved: (answer: unknown) => void }) {
  const manifest = useManifest();
  const ui = useUi();
  const target = useMemo(() => formTarget(form, undefined, NO_PARAMS), [form]);
  const controller = useFormController(form, manifest, target, NO_PARAMS, { onSaved, successToast: false });
  return <FormViewFor form={form} controller={controller} submitLabel={ui('signIn')} wideSubmit />;
}
