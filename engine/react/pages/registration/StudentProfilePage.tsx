/**
 * /student-profile: the signed-in student's photo and their student record. The student's id
 * comes from GET /users/profile; the record is drawn by the engine's detail renderer from the
 * students resource (the row scope lets a student read only their own).
 */
import { Card, CardContent, Stack, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useLanguage } from '../../i18n/hooks.ts';
import { DetailRenderer } from '../../renderers/DetailRenderer.tsx';
import type { RendererProps } from '../../registry/registry.ts';
import { useResource } from '../../renderers/useResource.ts';
import { LoadState } from './shared.tsx';
import { StudentPhoto } from './StudentPhoto.tsx';
import { localName } from './texts.ts';

interface Profile {
  student_id?: number;
  name?: string;
  name_local?: string | null;
  email?: string;
}

export function StudentProfilePage({ screen }: RendererProps) {
  const language = useLanguage();
  const profile = useResource<Profile>('/users/profile');
  const studentId = profile.data?.student_id;
  const recordScreen = useMemo(() => ({ ...screen, source: { resource: 'students' } }), [screen]);
  const name = localName(profile.data ?? null, language);
  return (
    <Stack spacing={2} data-testid="student-profile">
      <Card variant="outlined">
        <CardContent>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <StudentPhoto studentId={studentId} name={name} />
            <Stack>
              <Typography variant="h6" component="p">
                {name}
              </Typography>
              <Typography color="text.secondary">
                <bdi dir="ltr">{profile.data?.email ?? ''}</bdi>
              </Typography>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
      <LoadState loading={profile.loading} error={profile.error} reload={profile.reload} />
      {studentId !== undefined && <DetailRenderer screen={recordScreen} params={{ id: String(studentId) }} />}
    </Stack>
  );
}
