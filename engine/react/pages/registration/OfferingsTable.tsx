/**
 * The available offerings: seats left, a section to choose with its times and seats, the
 * clashes of that section with what the student holds and the reasons a request would be
 * refused (a closed gate among them), shown before requesting; then request (registration window), add (add/drop window)
 * or add to the plan (before the appointment).
 */
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useMemo, useState, type ReactNode } from 'react';
import { formatTimeRange } from '../../../core/dates.ts';
import { useLanguage } from '../../i18n/hooks.ts';
import { SlotText, useDayName } from './shared.tsx';
import { localName, useText } from './texts.ts';
import type { Offering, Section } from './types.ts';
import type { RegistrationController } from './useRegistrationController.ts';
import { ScrollCue } from '../../renderers/ScrollCue.tsx';

/** Left-to-right isolated text (a time range, a code) inside a label that may be Arabic: without it 14:00–15:30 reads 15:30–14:00. */
export const ltr = (text: string) => `\u2066${text}\u2069`;

/** The section shown first: a lecture with seats left, else any with seats left, else the first. */
export function defaultSection(o: Offering): Section | undefined {
  const open = o.sections.filter((s) => s.seats_left > 0);
  return open.find((s) => s.kind_id === 1) ?? open[0] ?? o.sections[0];
}

function OfferingRow({ o, c }: { o: Offering; c: RegistrationController }) {
  const t = useText();
  const language = useLanguage();
  const dayName = useDayName();
  const [sectionId, setSectionId] = useState<number | undefined>(defaultSection(o)?.id);
  const section = o.sections.find((s) => s.id === sectionId) ?? defaultSection(o);
  const inPlan = c.plan.some((p) => p.offering_id === o.offering_id);
  const busy = c.pending.has(`o${o.offering_id}`);
  const outcome = c.outcomes[o.offering_id];
  const full = o.seats_left <= 0;
  // A course the server would refuse (passed, level, prerequisite: `problems`), or a section that
  // clashes with what the student holds, is not offered to request: the reason stands beside it,
  // and another section may be chosen.
  // A closed gate (an overdue installment) refuses every request or add the same way: the
  // server's message stands beside each, as the top of the page says (the screen's `gate:`).
  const gate = o.requested ? null : c.open.canRequest ? c.closed.request : c.open.addDrop ? c.closed.addDrop : null;
  const refused = o.problems.length > 0 || (section?.clashes ?? []).length > 0 || !!gate;
  let action: ReactNode = null;
  if (o.requested) action = <Chip size="small" color="success" label={t('requested')} />;
  else if (c.open.canRequest)
    action = (
      <Button
        size="small"
        variant="contained"
        disabled={busy || refused}
        onClick={() => void c.request(o.offering_id, section?.id ?? null)}
      >
        {t('request')}
      </Button>
    );
  else if (c.open.addDrop)
    action = (
      <Button
        size="small"
        variant="contained"
        disabled={busy || refused}
        onClick={() => void c.add(o.offering_id, section?.id ?? null)}
      >
        {t('add')}
      </Button>
    );
  else if (inPlan) action = <Chip size="small" color="info" label={t('inPlan')} />;
  else if (c.open.plan)
    action = (
      <Button
        size="small"
        variant="outlined"
        disabled={busy}
        onClick={() => void c.addToPlan(o.offering_id, section?.id ?? null)}
      >
        {t('addToPlan')}
      </Button>
    );
  return (
    <TableRow data-testid={`offering-${o.course.code}`} sx={{ verticalAlign: 'top' }}>
      <TableCell>
        <bdi dir="ltr">{o.course.code}</bdi>
      </TableCell>
      <TableCell>
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          <span>{localName(o.course, language)}</span>
          {o.problems.map((p) => (
            <Typography key={p.code} variant="caption" color="error" data-testid="offering-problem">
              {p.message}
            </Typography>
          ))}
          {gate && (
            <Typography variant="caption" color="error" data-testid="offering-gate">
              {gate.message}
            </Typography>
          )}
          {(section?.clashes ?? []).map((k, i) => (
            <Chip
              key={i}
              size="small"
              color="warning"
              variant="outlined"
              data-testid="offering-clash"
              label={t('clashWith', {
                course: ltr(k.course_code),
                day: dayName(k.day),
                time: ltr(formatTimeRange(k.start_time, k.end_time, language)),
              })}
            />
          ))}
          {outcome && (
            <Alert severity={outcome.ok ? 'success' : 'error'} sx={{ py: 0 }} data-testid="offering-outcome">
              {outcome.text}
            </Alert>
          )}
        </Stack>
      </TableCell>
      <TableCell>{o.course.credit_hours}</TableCell>
      <TableCell>{o.course.level ?? ''}</TableCell>
      <TableCell>{full ? <Chip size="small" color="error" label={t('full')} /> : o.seats_left}</TableCell>
      <TableCell sx={{ minWidth: 200 }}>
        {o.sections.length > 1 ? (
          <TextField
            select
            size="small"
            fullWidth
            value={section?.id ?? ''}
            label={t('section')}
            onChange={(e) => setSectionId(Number(e.target.value))}
          >
            {o.sections.map((s) => (
              <MenuItem key={s.id} value={s.id} disabled={s.seats_left <= 0}>
                {s.code} · {t('seatsLeft')}: {s.seats_left}
              </MenuItem>
            ))}
          </TextField>
        ) : section ? (
          <span>
            <bdi dir="ltr">{section.code}</bdi> · {t('seatsLeft')}: {section.seats_left}
          </span>
        ) : null}
        <Stack sx={{ mt: 0.5 }}>
          {(section?.slots ?? []).map((s, i) => (
            <SlotText key={i} slot={s} />
          ))}
        </Stack>
      </TableCell>
      <TableCell>{action}</TableCell>
    </TableRow>
  );
}

export function OfferingsTable({ controller: c }: { controller: RegistrationController }) {
  const t = useText();
  const [search, setSearch] = useState('');
  const rows = useMemo(() => {
    const q = search.trim().toLowerCase();
    if (!q) return c.available;
    return c.available.filter((o) =>
      [o.course.code, o.course.name, o.course.name_local ?? ''].some((v) => v.toLowerCase().includes(q)),
    );
  }, [c.available, search]);
  return (
    <Card variant="outlined">
      <CardHeader
        title={t('available')}
        slotProps={{ title: { variant: 'subtitle1', component: 'h2' } }}
        action={
          <TextField size="small" label={t('search')} value={search} onChange={(e) => setSearch(e.target.value)} />
        }
      />
      <CardContent>
        {rows.length === 0 ? (
          <Typography color="text.secondary">{t('noAvailable')}</Typography>
        ) : (
          <ScrollCue>
            <Table size="small" data-testid="offerings-table">
              <TableHead>
                <TableRow>
                  <TableCell>{t('code')}</TableCell>
                  <TableCell>{t('course')}</TableCell>
                  <TableCell>{t('hours')}</TableCell>
                  <TableCell>{t('level')}</TableCell>
                  <TableCell>{t('seatsLeft')}</TableCell>
                  <TableCell>{t('section')}</TableCell>
                  <TableCell>{t('actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((o) => (
                  <OfferingRow key={o.offering_id} o={o} c={c} />
                ))}
              </TableBody>
            </Table>
          </ScrollCue>
        )}
      </CardContent>
    </Card>
  );
}
