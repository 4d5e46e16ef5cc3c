/**
 * /schedule: the student's weekly timetable (GET /students/academic/schedule), one column per
 * teaching day from Saturday, classes in time order. The columns follow the page's direction,
 * so Saturday stands on the right in Arabic.
 */
import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { formatTimeRange } from '../../../core/dates.ts';
import { useLabel, useLanguage } from '../../i18n/hooks.ts';
import type { RendererProps } from '../../registry/registry.ts';
import { Badge, LoadState, useDayName } from './shared.tsx';
import { localName, useText } from './texts.ts';
import { useRetryingGet } from './useRetryingGet.ts';

interface Entry {
  course_id: number;
  code: string;
  name: string;
  name_local: string | null;
  section: string;
  day: number;
  start_time: string;
  end_time: string;
  kind_id: number;
  room: string;
}

const TEACHING_DAYS = [1, 2, 3, 4, 5, 6];

export function SchedulePage({ screen }: RendererProps) {
  const label = useLabel();
  const language = useLanguage();
  const t = useText();
  const dayName = useDayName();
  const r = useRetryingGet<{ data?: Entry[] }>('/students/academic/schedule');
  const entries = r.data?.data ?? [];
  const days = [...new Set([...TEACHING_DAYS, ...entries.map((e) => e.day)])].sort((a, b) => a - b);
  return (
    <Stack spacing={2} data-testid="schedule">
      <Typography variant="h5" component="h1">
        {label(screen.title)}
      </Typography>
      <LoadState loading={r.loading} error={r.error} reload={r.reload} />
      {!r.loading && entries.length === 0 && <Typography color="text.secondary">{t('noSchedule')}</Typography>}
      {entries.length > 0 && (
        <Box
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: `repeat(${days.length}, 1fr)` },
          }}
        >
          {days.map((day) => {
            const list = entries.filter((e) => e.day === day).sort((a, b) => a.start_time.localeCompare(b.start_time));
            return (
              <Card key={day} variant="outlined" data-testid={`day-${day}`}>
                <CardContent>
                  <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
                    {dayName(day)}
                  </Typography>
                  {list.length === 0 && (
                    <Typography variant="body2" color="text.secondary">
                      {t('noClassThisDay')}
                    </Typography>
                  )}
                  <Stack spacing={1}>
                    {list.map((e, i) => (
                      <Box key={i} sx={{ borderInlineStart: 4, borderColor: 'primary.main', ps: 1 }}>
                        <Typography variant="body2" sx={{ fontWeight: 600 }}>
                          <bdi dir="ltr">{formatTimeRange(e.start_time, e.end_time, language)}</bdi>
                        </Typography>
                        <Typography
                          variant="body2"
                          component={RouterLink}
                          to={`/myCourses/${e.course_id}`}
                          sx={{ color: 'inherit' }}
                        >
                          <bdi dir="ltr">{e.code}</bdi> {localName(e, language)}
                        </Typography>
                        <Stack direction="row" spacing={0.5} sx={{ mt: 0.5, alignItems: 'center' }}>
                          <Badge table="calendar_event_kind" value={e.kind_id} />
                          <Typography variant="caption">
                            <bdi dir="ltr">{e.section}</bdi>
                            {e.room ? (
                              <>
                                {' '}
                                · <bdi dir="ltr">{e.room}</bdi>
                              </>
                            ) : null}
                          </Typography>
                        </Stack>
                      </Box>
                    ))}
                  </Stack>
                </CardContent>
              </Card>
            );
          })}
        </Box>
      )}
    </Stack>
  );
}
