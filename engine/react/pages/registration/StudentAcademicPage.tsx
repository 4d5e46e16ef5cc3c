/** /student-academic: the signed-in student's term grades, taken courses and study plan. */
import { Stack, Typography } from '@mui/material';
import { useLabel } from '../../i18n/hooks.ts';
import type { RendererProps } from '../../registry/registry.ts';
import { AcademicRecords } from './AcademicRecords.tsx';

export function StudentAcademicPage({ screen }: RendererProps) {
  const label = useLabel();
  return (
    <Stack spacing={2} data-testid="student-academic">
      <Typography variant="h5" component="h1">{label(screen.title)}</Typography>
      <AcademicRecords />
    </Stack>
  );
}
