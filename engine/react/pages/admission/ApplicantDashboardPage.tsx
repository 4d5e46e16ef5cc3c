/**
 * The applicant's own page (route applicant-information-form, admission#ApplicantDashboard):
 * the status, the admission office's feedback, what to do next, the fees with the payment
 * buttons, and the way back to the form while it can still change.
 */
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import { useManifest } from '../../data/ManifestProvider.tsx';
import { useLabel, useLanguage, useUi } from '../../i18n/hooks.ts';
import type { RendererProps } from '../../registry/registry.ts';
import { hrefFor } from '../../router/paths.ts';
import { useApplicantSession } from './applicant-session.ts';
import { PaymentPanel } from './PaymentPanel.tsx';
import { StatusSummary } from './StatusSummary.tsx';
import { useAdmissionText } from './texts.ts';
import { useApplicantDashboard, useApplicantLink } from './useApplicantDashboard.ts';

export function ApplicantDashboardPage({ screen, params }: RendererProps) {
  const manifest = useManifest();
  const label = useLabel();
  const language = useLanguage();
  const ui = useUi();
  const t = useAdmissionText();
  const link = useApplicantLink(params);
  const dashboard = useApplicantDashboard(link);
  useApplicantSession(link, !!dashboard.data, dashboard.data?.name);
  const data = dashboard.data;
  const formHref = hrefFor(manifest, 'admissionForm', {
    type: link.type,
    id: link.id,
    secretKey: link.secret,
    name: 'nationality',
  });
  return (
    <Stack spacing={2} sx={{ maxWidth: 960, mx: 'auto' }}>
      <Typography variant="h5" component="h1">
        {label(screen.title)}
      </Typography>
      {dashboard.loading && !data && <LinearProgress aria-label={ui('loading')} />}
      {!data && !dashboard.loading && (
        <Alert severity="error" role="alert" data-link-invalid>
          {dashboard.error?.message || t('linkInvalid')}
        </Alert>
      )}
      {data && (
        <>
          <Typography variant="body1" sx={{ fontWeight: 600 }}>
            <bdi>{(language === 'ar' ? data.name_local || data.name : data.name || data.name_local) ?? ''}</bdi>
          </Typography>
          <StatusSummary dashboard={data} link={link} onChanged={dashboard.reload} />
          <Card variant="outlined">
            <CardContent>
              <PaymentPanel dashboard={data} link={link} onChanged={dashboard.reload} />
            </CardContent>
          </Card>
          {formHref && (
            <Box>
              <Button component={RouterLink} to={formHref} variant={data.editable ? 'contained' : 'outlined'}>
                {t('openForm')}
              </Button>
            </Box>
          )}
        </>
      )}
    </Stack>
  );
}
