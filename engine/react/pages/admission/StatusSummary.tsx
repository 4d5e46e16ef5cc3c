/**
 * The applicant's status at a glance (the dashboard and the top of the form): the status badge,
 * the admission office's feedback, what to do next, the tabs done, and the submit button once
 * every tab is done.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, AlertTitle, Box, Button, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import { ApiError } from '../../../core/api/api-error.ts';
import { useApi } from '../../data/ApiProvider.tsx';
import { useManifest } from '../../data/ManifestProvider.tsx';
import { useLabel, useLanguage } from '../../i18n/hooks.ts';
import { StatusBadge, StatusRefBadge } from '../../renderers/cells.tsx';
import { hrefFor } from '../../router/paths.ts';
import { useToast } from '../../toasts/useToast.ts';
import { submitApplication, type ApplicantDashboard, type ApplicantLink } from './admission-api.ts';
import { useAdmissionText } from './texts.ts';

/** Keys of next_step after which the applicant can submit (or send the corrected application). */
const SUBMITTABLE = new Set(['submit', 'fix_feedback']);

export function canSubmit(d: Pick<ApplicantDashboard, 'editable' | 'tabs' | 'next_step'>): boolean {
  return d.editable && d.tabs.length > 0 && d.tabs.every((t) => t.done) && SUBMITTABLE.has(d.next_step?.key ?? '');
}

export function StatusSummary({
  dashboard,
  link,
  onChanged,
  compact = false,
}: {
  dashboard: ApplicantDashboard;
  link: ApplicantLink;
  onChanged(): void;
  compact?: boolean;
}) {
  const manifest = useManifest();
  const language = useLanguage();
  const label = useLabel();
  const api = useApi();
  const toast = useToast();
  const navigate = useNavigate();
  const t = useAdmissionText();
  const [submitting, setSubmitting] = useState(false);
  const [refusal, setRefusal] = useState<string | undefined>();
  const table = manifest.statusTables.applicant_status;
  const done = dashboard.tabs.filter((tab) => tab.done).length;
  const total = dashboard.tabs.length;
  const submit = async () => {
    setSubmitting(true);
    setRefusal(undefined);
    try {
      await submitApplication(api, link);
      onChanged();
      const href = hrefFor(manifest, 'applyForm-success', { type: link.type, msg: 'submitted' });
      if (href) void navigate(href);
    } catch (error) {
      const fieldText = error instanceof ApiError ? Object.values(error.fieldErrors)[0] : undefined;
      setRefusal(fieldText ?? (error instanceof Error ? error.message : undefined));
      if (!(error instanceof ApiError)) toast.error();
    } finally {
      setSubmitting(false);
    }
  };
  return (
    <Card variant="outlined" data-applicant-status={dashboard.status?.key}>
      <CardContent>
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              {t('status')}
            </Typography>
            {table ? (
              <StatusBadge table={table} value={dashboard.status?.id} language={language} />
            ) : dashboard.status ? (
              <StatusRefBadge status={dashboard.status} language={language} />
            ) : null}
            <Box sx={{ flexGrow: 1 }} />
            <Typography variant="body2" color="text.secondary">
              {t('tabsDone', { done, total })}
            </Typography>
          </Stack>
          {total > 0 && (
            <LinearProgress
              variant="determinate"
              value={Math.round((done / total) * 100)}
              aria-label={t('tabsDone', { done, total })}
            />
          )}
          {dashboard.feedback && (
            <Alert severity="warning" data-feedback>
              <AlertTitle>{t('feedback')}</AlertTitle>
              <Box component="span" sx={{ whiteSpace: 'pre-wrap' }}>
                {dashboard.feedback}
              </Box>
            </Alert>
          )}
          {dashboard.next_step && (
            <Alert severity="info" data-next-step={dashboard.next_step.key}>
              {!compact && <AlertTitle>{t('nextStep')}</AlertTitle>}
              {label(dashboard.next_step.text)}
            </Alert>
          )}
          {refusal && (
            <Alert severity="error" role="alert">
              {refusal}
            </Alert>
          )}
          {canSubmit(dashboard) && (
            <Box>
              <Button
                variant="contained"
                color="success"
                onClick={() => void submit()}
                disabled={submitting}
                data-action="submit-application"
              >
                {dashboard.status?.key === 'feedback' ? t('resubmitApplication') : t('submitApplication')}
              </Button>
            </Box>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
