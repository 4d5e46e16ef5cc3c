/**
 * /offering/registration: the student's registration page. Open windows, the
 * appointment and credit hours; the student's requests with their status badges and the
 * advisor's note; the plan (prepared before the appointment, submitted in one step when it
 * opens); the available offerings with seats left per section, their times, the clashes with
 * what the student already holds and the reasons a request would be refused, all shown
 * before requesting. Refusals appear next to the offering and at the top; while the server is
 * saturated the page says it is retrying.
 */
import { Alert, Card, CardContent, CardHeader, Chip, Stack, Typography } from '@mui/material';
import type { RendererProps } from '../../registry/registry.ts';
import { formatDateTime } from '../../../core/dates.ts';
import { useLabel, useLanguage } from '../../i18n/hooks.ts';
import { BusyBanner, LoadState } from './shared.tsx';
import { OfferingsTable } from './OfferingsTable.tsx';
import { PdfButton } from './PdfButton.tsx';
import { PlanCard } from './PlanCard.tsx';
import { RequestedTable } from './RequestedTable.tsx';
import { localName, useText } from './texts.ts';
import { useRegistrationController } from './useRegistrationController.ts';
import { useStudentId } from './useStudentId.ts';

/** A window's end (a calendar date) or an appointment's opening (an instant, with its time). */
function formatWhen(value: string, language: string): string {
  return formatDateTime(value, language);
}

export function RegistrationPage({ screen }: RendererProps) {
  const label = useLabel();
  const language = useLanguage();
  const t = useText();
  const c = useRegistrationController();
  const studentId = useStudentId();
  const stages = c.stages?.data ?? [];
  const appointment = c.stages?.appointment ?? null;
  const warnings = c.stages?.warnings ?? null;
  const credit = c.stages?.credit ?? null;
  const showPlan = c.plan.length > 0 || c.open.plan;

  return (
    <Stack spacing={2} data-testid="registration-page">
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h5" component="h1">
          {label(screen.title)}
        </Typography>
        <PdfButton studentId={studentId} />
      </Stack>
      <BusyBanner attempt={c.busy} />
      {c.last && (
        <Alert severity={c.last.ok ? 'success' : 'error'} role="alert" data-testid="registration-message">
          {c.last.text}
        </Alert>
      )}
      <Card variant="outlined">
        <CardHeader title={t('windows')} slotProps={{ title: { variant: 'subtitle1', component: 'h2' } }} />
        <CardContent>
          <Stack spacing={1}>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {stages.length === 0 && <Typography color="text.secondary">{t('noWindow')}</Typography>}
              {stages.map((s) => (
                <Chip
                  key={`${s.term_id}-${s.stage}`}
                  color="primary"
                  variant="outlined"
                  data-testid={`stage-${s.stage}`}
                  label={`${localName(s.term, language)} · ${t(`stage_${s.stage}`)} · ${t('until', { date: formatWhen(s.ends, language) })}`}
                />
              ))}
              {credit && <Chip label={t('credit', { held: credit.held, limit: credit.limit })} />}
            </Stack>
            {appointment && (c.open.registration || !appointment.open) && (
              <Alert severity={appointment.open ? 'success' : 'info'}>
                <strong>{t('appointment')}: </strong>
                {appointment.open
                  ? t('appointmentOpen')
                  : t('appointmentLater', { date: formatWhen(appointment.opens_at, language) })}
              </Alert>
            )}
            {warnings && (warnings.consecutive > 0 || warnings.total > 0 || warnings.dismissed) && (
              <Alert severity={warnings.dismissed ? 'error' : 'warning'}>
                {warnings.dismissed
                  ? t('dismissed')
                  : t('warnings', {
                      consecutive: warnings.consecutive,
                      total: warnings.total,
                      cr: warnings.consecutive_remaining ?? '—',
                      tr: warnings.total_remaining ?? '—',
                    })}
              </Alert>
            )}
          </Stack>
        </CardContent>
      </Card>
      <LoadState loading={c.loading && !c.stages} error={c.error} reload={c.reload} />
      <RequestedTable controller={c} />
      {showPlan && <PlanCard controller={c} />}
      <OfferingsTable controller={c} />
    </Stack>
  );
}
