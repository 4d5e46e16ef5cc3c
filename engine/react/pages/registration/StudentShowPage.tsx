/**
 * /students/{id} for staff: the student's photo, the record (the engine's detail renderer with
 * the screen's own actions: edit, registration report), the courses held this term and the
 * academic record (the academic calls with ?student_id=, checked by the server).
 */
import { Card, CardContent, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useApi } from '../../data/ApiProvider.tsx';
import { useLanguage } from '../../i18n/hooks.ts';
import { DetailRenderer } from '../../renderers/DetailRenderer.tsx';
import type { RendererProps } from '../../registry/registry.ts';
import { useResource } from '../../renderers/useResource.ts';
import { AcademicRecords } from './AcademicRecords.tsx';
import { Badge, FlagBadges, LoadState } from './shared.tsx';
import { StudentPhoto } from './StudentPhoto.tsx';
import { localName, useText } from './texts.ts';
import { ScrollCue } from '../../renderers/ScrollCue.tsx';

interface Held {
  id: number;
  registration_id: number;
  code: string;
  course: string;
  credit_hours: number;
  section: string;
  instructor: string;
  status_code: number;
  flags: number | null;
}

function CurrentCourses({ studentId }: { studentId: number }) {
  const t = useText();
  const list = useHeld(studentId);
  return (
    <Card variant="outlined" data-testid="student-current-courses">
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
          {t('currentCourses')}
        </Typography>
        <LoadState loading={list.loading} error={list.error} reload={list.reload} />
        {!list.loading && list.rows.length === 0 && <Typography color="text.secondary">{t('noCourses')}</Typography>}
        {list.rows.length > 0 && (
          <ScrollCue>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('code')}</TableCell>
                  <TableCell>{t('course')}</TableCell>
                  <TableCell>{t('hours')}</TableCell>
                  <TableCell>{t('section')}</TableCell>
                  <TableCell>{t('instructor')}</TableCell>
                  <TableCell>{t('status')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.rows.map((c) => (
                  <TableRow key={c.registration_id}>
                    <TableCell>
                      <bdi dir="ltr">{c.code}</bdi>
                    </TableCell>
                    <TableCell>{c.course}</TableCell>
                    <TableCell>{c.credit_hours}</TableCell>
                    <TableCell>
                      <bdi dir="ltr">{c.section}</bdi>
                    </TableCell>
                    <TableCell>{c.instructor}</TableCell>
                    <TableCell>
                      <Stack direction="row" spacing={0.5}>
                        <Badge table="registration_code" value={c.status_code} />
                        <FlagBadges flags={c.flags} />
                      </Stack>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollCue>
        )}
      </CardContent>
    </Card>
  );
}

function usePost<T>(path: string) {
  const api = useApi();
  const [state, setState] = useState<{ data?: T; loading: boolean; error: unknown }>({ loading: true, error: null });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    api.post<T>(path, { page: 1, perPage: 100 }).then(
      (data) => live && setState({ data, loading: false, error: null }),
      (error: unknown) => live && setState({ loading: false, error }),
    );
    return () => {
      live = false;
    };
  }, [api, path, tick]);
  return { ...state, reload: useCallback(() => setTick((n) => n + 1), []) };
}

/** POST /students/courses?student_id= (the list shape). */
function useHeld(studentId: number) {
  const post = usePost<{ data?: Held[] }>(`/students/courses?student_id=${studentId}`);
  return { rows: post.data?.data ?? [], loading: post.loading, error: post.error, reload: post.reload };
}

export function StudentShowPage({ screen, params }: RendererProps) {
  const language = useLanguage();
  const t = useText();
  const id = Number(params.id);
  const record = useResource<{ name?: string; name_local?: string | null; code?: string }>(
    Number.isInteger(id) ? `/students/details/${id}` : undefined,
  );
  const name = localName(record.data ?? null, language);
  if (!Number.isInteger(id) || id <= 0) return <DetailRenderer screen={screen} params={params} />;
  return (
    <Stack spacing={2} data-testid="student-show">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <StudentPhoto studentId={id} name={name} size={88} />
        <Stack>
          <Typography variant="h6" component="p">
            {name}
          </Typography>
          <Typography color="text.secondary">
            <bdi dir="ltr">{record.data?.code ?? ''}</bdi>
          </Typography>
        </Stack>
      </Stack>
      <DetailRenderer screen={screen} params={params} />
      <CurrentCourses studentId={id} />
      <Card variant="outlined">
        <CardContent>
          <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
            {t('academicRecord')}
          </Typography>
          <AcademicRecords studentId={id} />
        </CardContent>
      </Card>
    </Stack>
  );
}
