/**
 * The instructor's `qr#TakeAttendance` (/attendance/take): choose a section and a date on which
 * it meets, open the session, show its code large (drawn by `qrcode`, asked again every
 * refresh_ms so it keeps changing) and the students recorded so far (reloaded every few seconds).
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import QRCode from 'qrcode';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ApiError } from '../../core/api/api-error.ts';
import { useApi } from '../../react/data/ApiProvider.tsx';
import { useLabel, useLanguage } from '../../react/i18n/hooks.ts';
import type { RendererProps } from '../../react/registry/registry.ts';
import {
  defaultDate,
  localToday,
  RECORDS_EVERY_MS,
  type CodeAnswer,
  type OpenedSession,
  type SectionOption,
  type SessionDetails,
} from './attendance-api.ts';
import { RecordsTable } from './RecordsTable.tsx';
import { formatWeekdayDate } from '../../core/dates.ts';

export function TakeAttendanceScreen({ screen }: RendererProps) {
  const api = useApi();
  const label = useLabel();
  const lang = useLanguage();
  const { t } = useTranslation();
  const [sections, setSections] = useState<SectionOption[] | null>(null);
  const [sectionId, setSectionId] = useState<number | ''>('');
  const [date, setDate] = useState(localToday());
  const [error, setError] = useState<string | null>(null);
  const [session, setSession] = useState<OpenedSession | null>(null);
  const [code, setCode] = useState<CodeAnswer | null>(null);
  const [image, setImage] = useState<string | null>(null);
  const [details, setDetails] = useState<SessionDetails | null>(null);
  const section = useMemo(() => sections?.find((s) => s.id === sectionId), [sections, sectionId]);

  useEffect(() => {
    let live = true;
    api
      .get<{ data: SectionOption[] }>(`/attendance/sections?from=${localToday()}`, { toast: false })
      .then((body) => {
        if (!live) return;
        setSections(body.data);
        const first = body.data[0];
        if (first) {
          setSectionId(first.id);
          setDate(defaultDate(first, localToday()));
        }
      })
      .catch((e: unknown) => live && (setSections([]), setError(e instanceof Error ? e.message : String(e))));
    return () => {
      live = false;
    };
  }, [api]);

  // The rotating code, while the session is open.
  const sessionId = session && !session.closed ? session.id : null;
  useEffect(() => {
    if (sessionId === null || !code) return;
    const timer = window.setTimeout(() => {
      api
        .get<CodeAnswer>(`/attendance/sessions/${sessionId}/code`, { toast: false })
        .then((next) => {
          setError(null);
          setCode(next);
        })
        .catch((e: unknown) => {
          setError(e instanceof Error ? e.message : String(e));
          // Closed elsewhere: stop. Otherwise (the network) keep showing the code and try again.
          if (e instanceof ApiError && e.status === 409) {
            setSession((s) => (s ? { ...s, closed: true } : s));
            setCode(null);
          } else setCode({ ...code });
        });
    }, code.refresh_ms);
    return () => window.clearTimeout(timer);
  }, [api, sessionId, code]);

  useEffect(() => {
    if (!code) return setImage(null);
    let live = true;
    QRCode.toDataURL(code.code, { errorCorrectionLevel: 'M', margin: 2, width: 480 }).then(
      (url) => live && setImage(url),
      () => live && setImage(null),
    );
    return () => {
      live = false;
    };
  }, [code]);

  // The students recorded, reloaded while the screen shows the session.
  const shownId = session?.id ?? null;
  useEffect(() => {
    if (shownId === null) return;
    let live = true;
    const load = () =>
      api.get<{ data: SessionDetails }>(`/attendance/sessions/${shownId}`, { toast: false }).then(
        (body) => live && setDetails(body.data),
        () => undefined,
      );
    void load();
    const timer = window.setInterval(load, RECORDS_EVERY_MS);
    return () => {
      live = false;
      window.clearInterval(timer);
    };
  }, [api, shownId]);

  const open = async () => {
    setError(null);
    try {
      const body = await api.post<CodeAnswer & { data: OpenedSession }>(
        '/attendance/sessions',
        { section_id: sectionId, date },
        { toast: false },
      );
      setSession(body.data);
      setCode({ code: body.code, issued_at: body.issued_at, refresh_ms: body.refresh_ms, max_age_ms: body.max_age_ms });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  const close = async () => {
    if (!session) return;
    try {
      await api.post(`/attendance/sessions/${session.id}/close`, {}, { toast: false });
      setSession({ ...session, closed: true });
      setCode(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <Stack spacing={2} data-testid="attendance-take">
      <Typography variant="h5" component="h1">
        {label(screen.title)}
      </Typography>
      {sections === null && <LinearProgress />}
      {error && (
        <Alert severity="error" data-testid="attendance-error">
          {error}
        </Alert>
      )}
      {sections?.length === 0 && !error && <Alert severity="info">{t('attendance.no_sections')}</Alert>}
      {!!sections?.length && (
        <Card variant="outlined">
          <CardContent>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
              <TextField
                select
                size="small"
                label={t('attendance.section')}
                value={sectionId}
                sx={{ minWidth: 280 }}
                onChange={(e) => {
                  const id = Number(e.target.value);
                  setSectionId(id);
                  setDate(
                    defaultDate(
                      sections.find((s) => s.id === id),
                      localToday(),
                    ),
                  );
                }}
                slotProps={{ htmlInput: { 'data-testid': 'attendance-section' } }}
              >
                {sections.map((s) => (
                  <MenuItem key={s.id} value={s.id}>{`${s.course.code} ${s.course.name} (${s.code})`}</MenuItem>
                ))}
              </TextField>
              <TextField
                type="date"
                size="small"
                label={t('attendance.date')}
                value={date}
                onChange={(e) => setDate(e.target.value)}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'attendance-date' } }}
              />
              <Button
                variant="contained"
                onClick={() => void open()}
                disabled={!sectionId || !date}
                data-testid="attendance-open"
              >
                {t('attendance.open')}
              </Button>
              {session && !session.closed && (
                <Button variant="outlined" color="warning" onClick={() => void close()}>
                  {t('attendance.close')}
                </Button>
              )}
            </Stack>
            {!!section?.next_dates.length && (
              <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, flexWrap: 'wrap', alignItems: 'center' }}>
                <Typography variant="body2" color="text.secondary">
                  {t('attendance.meets_on')}
                </Typography>
                {section.next_dates.map((d) => (
                  <Chip
                    key={d}
                    size="small"
                    label={formatDay(d, lang)}
                    color={d === date ? 'primary' : 'default'}
                    onClick={() => setDate(d)}
                  />
                ))}
              </Stack>
            )}
          </CardContent>
        </Card>
      )}
      {session?.closed && <Alert severity="info">{t('attendance.closed')}</Alert>}
      {session && (
        <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
          {code && (
            <Card variant="outlined" sx={{ flexShrink: 0 }}>
              <CardContent>
                <Stack spacing={1} sx={{ alignItems: 'center' }}>
                  <Typography variant="body2">
                    {t('attendance.show_code', { seconds: Math.round(code.refresh_ms / 1000) })}
                  </Typography>
                  {image && (
                    <Box
                      component="img"
                      src={image}
                      alt={t('attendance.scan')}
                      data-testid="attendance-qr"
                      data-issued={code.issued_at}
                      sx={{
                        width: { xs: '100%', sm: 480 },
                        maxWidth: 480,
                        imageRendering: 'pixelated',
                        border: 1,
                        borderColor: 'divider',
                      }}
                    />
                  )}
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    component="div"
                    dir="ltr"
                    sx={{ fontFamily: 'monospace', wordBreak: 'break-all', maxWidth: 480 }}
                    title={t('attendance.code_text')}
                  >
                    {code.code}
                  </Typography>
                </Stack>
              </CardContent>
            </Card>
          )}
          <Card variant="outlined" sx={{ flexGrow: 1, width: '100%' }}>
            <CardContent>
              <Typography variant="h6" component="h2">
                {t('attendance.recorded_list')}
              </Typography>
              {details && (
                <Typography variant="body1" sx={{ my: 1 }} data-testid="attendance-count">
                  {t('attendance.count', { count: details.count, total: details.attending })}
                </Typography>
              )}
              <RecordsTable records={details?.records ?? []} lang={lang} />
            </CardContent>
          </Card>
        </Stack>
      )}
    </Stack>
  );
}

/** A lecture day ('YYYY-MM-DD') as the portal writes a day of this term: "Tue 24 Nov". */
function formatDay(date: string, lang: string): string {
  return formatWeekdayDate(date, lang);
}
