/**
 * The study plan's warnings as alerts: what remains before suspension, or the suspension
 * message once a maximum is passed (engine/core/standing.ts). Drawn on the student's dashboard
 * and academic page from the server's counts.
 */
import { Alert, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { standingMessages, type WarningStanding } from '../../core/standing.ts';

export function StandingAlerts({ standing }: { standing: WarningStanding | null | undefined }) {
  const { t } = useTranslation();
  const messages = standingMessages(standing);
  if (!messages.length) return null;
  return (
    <Stack spacing={1} data-testid="standing-alerts">
      {messages.map((m) => (
        <Alert key={m.key} severity={m.severity} data-standing={m.key}>
          {t(`errors.${m.key}`, { count: m.count })}
        </Alert>
      ))}
    </Stack>
  );
}
