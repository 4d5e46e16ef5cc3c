/** /student-academic: the signed-in student's warnings, term grades, taken courses and study plan. */
import { Stack, Typography } from '@mui/material';
import type { WarningStanding } from '../../../core/standing.ts';
import { useLabel } from '../../i18n/hooks.ts';
import type { RendererProps } from '../../registry/registry.ts';
import { StandingAlerts } from '../../renderers/StandingAlerts.tsx';
import { useResource } from '../../renderers/useResource.ts';
import { AcademicRecords } from './AcademicRecords.tsx';

export function StudentAcademicPage({ screen }: RendererProps) {
  const label = useLabel();
  const standing = useResource<WarningStanding>('/students/academic/standing');
  return (
    <Stack spacing={2} data-testid="student-academic">
      <Typography variant="h5" component="h1">
        {label(screen.title)}
      </Typography>
      <StandingAlerts standing={standing.data} />
      <AcademicRecords />
    </Stack>
  );
}
