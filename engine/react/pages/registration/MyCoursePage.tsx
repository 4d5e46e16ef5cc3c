/** /myCourses/{course_id}: one course the student holds this term, its weekly times and exams (GET /students/courses/{id}). */
import {
  Button,
  Card,
  CardContent,
  Grid,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { formatDate, formatTimeRange } from '../../../core/dates.ts';
import { useLabel, useLanguage } from '../../i18n/hooks.ts';
import type { RendererProps } from '../../registry/registry.ts';
import { Badge, FlagBadges, LoadState, useDayName } from './shared.tsx';
import { localName, useText } from './texts.ts';
import { useRetryingGet } from './useRetryingGet.ts';
import { ScrollCue } from '../../renderers/ScrollCue.tsx';
import { formatValue } from '../../renderers/cells.tsx';

interface CourseDetail {
  code: string;
  name: string;
  name_local?: string | null;
  credit_hours: number;
  section: string;
  instructor: string;
  term: string;
  status_code: number;
  flags: number | null;
  description: string;
  letter: string | null;
  /** The mark, its maximum and letter come only once the course's results are published. */
  results_published?: boolean;
  grade: number | null;
  max_mark: number | null;
  slots: Array<{ day: number; start_time: string; end_time: string; kind_id: number; room: string | null }>;
  exams: Array<{
    id: number;
    kind_id: number;
    exam_date: string;
    start_time: string;
    end_time: string;
    room: string | null;
  }>;
}

export function MyCoursePage({ screen, params }: RendererProps) {
  const label = useLabel();
  const language = useLanguage();
  const t = useText();
  const dayName = useDayName();
  const navigate = useNavigate();
  const id = params.course_id ?? params.id;
  const r = useRetryingGet<{ data?: CourseDetail }>(id ? `/students/courses/${encodeURIComponent(id)}` : undefined);
  const c = r.data?.data;
  const field = (name: string, value: React.ReactNode) => (
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {name}
      </Typography>
      <Typography component="div">{value}</Typography>
    </Grid>
  );
  return (
    <Stack spacing={2} data-testid="my-course">
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="h5" component="h1">
          {c ? (
            <>
              <bdi dir="ltr">{c.code}</bdi> · {localName(c, language)}
            </>
          ) : (
            label(screen.title)
          )}
        </Typography>
        <Button onClick={() => navigate(-1)}>{t('back')}</Button>
      </Stack>
      <LoadState loading={r.loading} error={r.error} reload={r.reload} />
      {c && (
        <>
          <Card variant="outlined">
            <CardContent>
              <Grid container spacing={2}>
                {field(t('term'), c.term)}
                {field(t('hours'), c.credit_hours)}
                {field(t('section'), <bdi dir="ltr">{c.section}</bdi>)}
                {field(t('instructor'), c.instructor || '—')}
                {field(
                  t('status'),
                  <Stack direction="row" spacing={0.5}>
                    <Badge table="registration_code" value={c.status_code} />
                    <FlagBadges flags={c.flags} status={c.status_code} />
                  </Stack>,
                )}
                {field(t('mark'), <span data-testid="my-course-mark">{markText(c, language, t)}</span>)}
                {c.description && <Grid size={12}>{field(t('description'), c.description)}</Grid>}
              </Grid>
            </CardContent>
          </Card>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="subtitle1" component="h2">
                {t('slots')}
              </Typography>
              {c.slots.length === 0 ? (
                <Typography color="text.secondary">{t('noSlots')}</Typography>
              ) : (
                <ScrollCue>
                  <Table size="small">
                    <TableHead>
                      <TableRow>
                        <TableCell>{t('day')}</TableCell>
                        <TableCell>{t('time')}</TableCell>
                        <TableCell>{t('kind')}</TableCell>
                        <TableCell>{t('room')}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {c.slots.map((s, i) => (
                        <TableRow key={i}>
                          <TableCell>{dayName(s.day)}</TableCell>
                          <TableCell sx={{ whiteSpace: 'nowrap' }}>
                            <bdi dir="ltr">{formatTimeRange(s.start_time, s.end_time, language)}</bdi>
                          </TableCell>
                          <TableCell>
                            <Badge table="calendar_event_kind" value={s.kind_id} />
                          </TableCell>
                          <TableCell>
                            <bdi dir="ltr">{s.room ?? ''}</bdi>
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </ScrollCue>
              )}
            </CardContent>
          </Card>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="subtitle1" component="h2">
                {t('exams')}
              </Typography>
              {c.exams.length === 0 ? (
                <Typography color="text.secondary">{t('noExams')}</Typography>
              ) : (
                <ScrollCue>
                  <Table size="small">
                    <TableHead>
                      <TableRow>
                        <TableCell>{t('kind')}</TableCell>
                        <TableCell>{t('date')}</TableCell>
                        <TableCell>{t('time')}</TableCell>
                        <TableCell>{t('room')}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {c.exams.map((e) => (
                        <TableRow key={e.id}>
                          <TableCell>
                            <Badge table="exam_kind" value={e.kind_id} />
                          </TableCell>
                          <TableCell sx={{ whiteSpace: 'nowrap' }}>
                            <bdi>{formatDate(e.exam_date, language)}</bdi>
                          </TableCell>
                          <TableCell sx={{ whiteSpace: 'nowrap' }}>
                            <bdi dir="ltr">{formatTimeRange(e.start_time, e.end_time, language)}</bdi>
                          </TableCell>
                          <TableCell>
                            <bdi dir="ltr">{e.room ?? ''}</bdi>
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </ScrollCue>
              )}
            </CardContent>
          </Card>
        </>
      )}
    </Stack>
  );
}

/** "85 of 100 · B+" once the results are published; until then, says so. */
function markText(c: CourseDetail, language: string, t: ReturnType<typeof useText>): React.ReactNode {
  if (!c.results_published || c.grade === null)
    return (
      <Typography component="span" color="text.secondary">
        {t('resultsNotPublished')}
      </Typography>
    );
  const mark = t('markOf', {
    mark: formatValue(c.grade, 'number', undefined, language),
    max: formatValue(c.max_mark, 'number', undefined, language),
  });
  return <bdi>{c.letter ? `${mark} · ${c.letter}` : mark}</bdi>;
}
