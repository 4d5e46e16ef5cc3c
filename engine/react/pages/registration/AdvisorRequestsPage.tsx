/**
 * The advisor's students and their requests (GET /registrations/advisor-students): each
 * student with level, GPA and warnings, and their requests with status badges; accept or
 * reject one, the selected, or all of a student's, with a note the student sees
 * (PUT /registrations/students/accept-requested-offering, reject-requested-offering).
 */
import { StudentPhoto } from './StudentPhoto.tsx';
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardHeader,
  Checkbox,
  FormControlLabel,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useApi } from '../../data/ApiProvider.tsx';
import { useLabel, useLanguage } from '../../i18n/hooks.ts';
import type { RendererProps } from '../../registry/registry.ts';
import { textOf } from '../../../core/api/errors.ts';
import { writeWithRetry } from './retry.ts';
import { Badge, BusyBanner, FlagBadges, LoadState } from './shared.tsx';
import { localName, TEXTS, useText } from './texts.ts';
import { PENDING_CODES, type Advisee } from './types.ts';
import { useRetryingGet } from './useRetryingGet.ts';
import { ScrollCue } from '../../renderers/ScrollCue.tsx';

export const ADVISOR_PATHS = {
  students: '/registrations/advisor-students',
  accept: '/registrations/students/accept-requested-offering',
  reject: '/registrations/students/reject-requested-offering',
} as const;

type Decide = (decision: 'accept' | 'reject', body: Record<string, unknown>) => Promise<void>;

function StudentCard({ a, decide, working }: { a: Advisee; decide: Decide; working: boolean }) {
  const t = useText();
  const language = useLanguage();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [note, setNote] = useState('');
  const pending = a.requests.filter((r) => PENDING_CODES.has(r.status_code));
  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const withNote = (body: Record<string, unknown>) => (note.trim() ? { ...body, note: note.trim() } : body);
  const chosen = [...selected].filter((id) => pending.some((r) => r.id === id));
  return (
    <Card variant="outlined" data-testid={`advisee-${a.student.code}`}>
      <CardHeader
        avatar={<StudentPhoto studentId={a.student.id} name={localName(a.student, language)} size={40} lazy />}
        title={
          <>
            <bdi dir="ltr">{a.student.code}</bdi> · {localName(a.student, language)}
          </>
        }
        subheader={`${t('level')}: ${a.student.level ?? '—'} · ${t('gpa')}: ${a.student.gpa ?? '—'} · ${t('earned')}: ${a.student.earned_hours ?? '—'}`}
        slotProps={{ title: { variant: 'subtitle1', component: 'h2' } }}
      />
      <CardContent>
        <Stack spacing={1.5}>
          {a.warnings && a.warnings.total > 0 && (
            <Alert severity={a.warnings.dismissed ? 'error' : 'warning'}>
              {t('warnings', {
                consecutive: a.warnings.consecutive,
                total: a.warnings.total,
                cr: a.warnings.consecutive_remaining ?? '—',
                tr: a.warnings.total_remaining ?? '—',
              })}
            </Alert>
          )}
          {a.requests.length === 0 ? (
            <Typography color="text.secondary">{t('noPending')}</Typography>
          ) : (
            <ScrollCue>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell padding="checkbox" />
                    <TableCell>{t('code')}</TableCell>
                    <TableCell>{t('course')}</TableCell>
                    <TableCell>{t('hours')}</TableCell>
                    <TableCell>{t('section')}</TableCell>
                    <TableCell>{t('status')}</TableCell>
                    <TableCell>{t('actions')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {a.requests.map((r) => {
                    const open = PENDING_CODES.has(r.status_code);
                    return (
                      <TableRow key={r.id} data-testid={`request-${a.student.code}-${r.course.code}`}>
                        <TableCell padding="checkbox">
                          {open && (
                            <Checkbox
                              size="small"
                              checked={selected.has(r.id)}
                              onChange={() => toggle(r.id)}
                              slotProps={{ input: { 'aria-label': r.course.code } }}
                            />
                          )}
                        </TableCell>
                        <TableCell>
                          <bdi dir="ltr">{r.course.code}</bdi>
                        </TableCell>
                        <TableCell>{localName(r.course, language)}</TableCell>
                        <TableCell>{r.course.credit_hours}</TableCell>
                        <TableCell>
                          <bdi dir="ltr">{r.section_code ?? ''}</bdi>
                        </TableCell>
                        <TableCell>
                          <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                            <Badge table="registration_code" value={r.status_code} />
                            <FlagBadges flags={r.flags} />
                          </Stack>
                        </TableCell>
                        <TableCell>
                          {open && (
                            <Stack direction="row" spacing={1}>
                              <Button
                                size="small"
                                color="success"
                                disabled={working}
                                onClick={() => void decide('accept', withNote({ id: r.id }))}
                              >
                                {t('accept')}
                              </Button>
                              <Button
                                size="small"
                                color="error"
                                disabled={working}
                                onClick={() => void decide('reject', withNote({ id: r.id }))}
                              >
                                {t('reject')}
                              </Button>
                            </Stack>
                          )}
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </ScrollCue>
          )}
          {pending.length > 0 && (
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'center' } }}>
              <TextField
                size="small"
                label={t('noteForStudent')}
                value={note}
                onChange={(e) => setNote(e.target.value)}
                sx={{ flex: 1 }}
                slotProps={{ htmlInput: { maxLength: 500 } }}
              />
              <Button
                variant="outlined"
                color="success"
                disabled={working || !chosen.length}
                onClick={() => void decide('accept', withNote({ ids: chosen }))}
              >
                {t('acceptSelected')}
              </Button>
              <Button
                variant="outlined"
                color="error"
                disabled={working || !chosen.length}
                onClick={() => void decide('reject', withNote({ ids: chosen }))}
              >
                {t('rejectSelected')}
              </Button>
              <Button
                variant="contained"
                color="success"
                disabled={working}
                onClick={() => void decide('accept', withNote({ student_id: a.student.id, all: true }))}
              >
                {t('acceptAll')}
              </Button>
              <Button
                variant="contained"
                color="error"
                disabled={working}
                onClick={() => void decide('reject', withNote({ student_id: a.student.id, all: true }))}
              >
                {t('rejectAll')}
              </Button>
            </Stack>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

export function AdvisorRequestsPage({ screen }: RendererProps) {
  const label = useLabel();
  const language = useLanguage();
  const t = useText();
  const api = useApi();
  const [pendingOnly, setPendingOnly] = useState(true);
  const students = useRetryingGet<{ data?: Advisee[] }>(`${ADVISOR_PATHS.students}${pendingOnly ? '?pending=1' : ''}`);
  const [busy, setBusy] = useState(0);
  const [working, setWorking] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const decide: Decide = async (decision, body) => {
    if (working) return;
    setWorking(true);
    try {
      const answer = await writeWithRetry<{ message?: unknown }>(
        api,
        'put',
        decision === 'accept' ? ADVISOR_PATHS.accept : ADVISOR_PATHS.reject,
        body,
        { onBusy: setBusy },
      );
      setMessage({ ok: true, text: textOf(answer?.message, language) ?? TEXTS.done[language === 'ar' ? 'ar' : 'en'] });
    } catch (error) {
      setMessage({ ok: false, text: error instanceof Error ? error.message : String(error) });
    } finally {
      setWorking(false);
      students.reload();
    }
  };
  const list = students.data?.data ?? [];
  return (
    <Stack spacing={2} data-testid="advisor-page">
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h5" component="h1">
          {label(screen.title)}
        </Typography>
        <FormControlLabel
          control={<Switch checked={pendingOnly} onChange={(e) => setPendingOnly(e.target.checked)} />}
          label={t('pendingOnly')}
        />
      </Stack>
      <BusyBanner attempt={busy || students.busy} />
      {message && (
        <Alert severity={message.ok ? 'success' : 'error'} role="alert" data-testid="advisor-message">
          {message.text}
        </Alert>
      )}
      <LoadState loading={students.loading && !students.data} error={students.error} reload={students.reload} />
      {!students.loading && list.length === 0 && <Typography color="text.secondary">{t('noAdvisees')}</Typography>}
      {list.map((a) => (
        <StudentCard key={a.student.id} a={a} decide={decide} working={working} />
      ))}
    </Stack>
  );
}
