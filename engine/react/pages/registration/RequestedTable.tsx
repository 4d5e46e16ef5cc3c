/** The student's requests and courses of the term: status badges, advisor note, remove / drop / withdraw. */
import {
  Button,
  Card,
  CardContent,
  CardHeader,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useLanguage } from '../../i18n/hooks.ts';
import { useConfirm } from '../../popup/confirm.ts';
import { Badge, FlagBadges, SlotText } from './shared.tsx';
import { localName, useText } from './texts.ts';
import { CODE, type Registration } from './types.ts';
import type { RegistrationController } from './useRegistrationController.ts';
import { ScrollCue } from '../../renderers/ScrollCue.tsx';

function ActionsFor({ r, c }: { r: Registration; c: RegistrationController }) {
  const t = useText();
  const language = useLanguage();
  const confirm = useConfirm();
  const busy = c.pending.has(`o${r.offering_id}`);
  const name = `${r.course.code} ${localName(r.course, language)}`;
  const requestOpen = r.status_code === CODE.requested || r.status_code === CODE.addRequest;
  return (
    <Stack direction="row" spacing={1}>
      {requestOpen && (
        <Button size="small" color="warning" disabled={busy} onClick={() => void c.remove(r)}>
          {t('remove')}
        </Button>
      )}
      {r.status_code === CODE.registered && c.open.addDrop && (
        <Button
          size="small"
          color="error"
          disabled={busy}
          onClick={() => void confirm(t('confirmDrop', { course: name })).then((ok) => (ok ? c.drop(r) : undefined))}
        >
          {t('drop')}
        </Button>
      )}
      {r.status_code === CODE.registered && c.open.withdraw && (
        <Button
          size="small"
          color="error"
          disabled={busy}
          onClick={() =>
            void confirm(t('confirmWithdraw', { course: name })).then((ok) => (ok ? c.withdraw(r) : undefined))
          }
        >
          {t('withdraw')}
        </Button>
      )}
    </Stack>
  );
}

export function RequestedTable({ controller: c }: { controller: RegistrationController }) {
  const t = useText();
  const language = useLanguage();
  const rows = c.requested.filter((r) => r.status_code !== CODE.removed);
  return (
    <Card variant="outlined">
      <CardHeader title={t('myRequests')} slotProps={{ title: { variant: 'subtitle1', component: 'h2' } }} />
      <CardContent>
        {rows.length === 0 ? (
          <Typography color="text.secondary">{t('noRequests')}</Typography>
        ) : (
          <ScrollCue>
            <Table size="small" data-testid="requested-table">
              <TableHead>
                <TableRow>
                  <TableCell>{t('code')}</TableCell>
                  <TableCell>{t('course')}</TableCell>
                  <TableCell>{t('hours')}</TableCell>
                  <TableCell>{t('section')}</TableCell>
                  <TableCell>{t('slots')}</TableCell>
                  <TableCell>{t('status')}</TableCell>
                  <TableCell>{t('note')}</TableCell>
                  <TableCell>{t('actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((r) => (
                  <TableRow key={r.id} data-testid={`requested-${r.course.code}`}>
                    <TableCell>
                      <bdi dir="ltr">{r.course.code}</bdi>
                    </TableCell>
                    <TableCell>{localName(r.course, language)}</TableCell>
                    <TableCell>{r.course.credit_hours}</TableCell>
                    <TableCell>
                      <bdi dir="ltr">{r.section_code ?? ''}</bdi>
                    </TableCell>
                    <TableCell>
                      <Stack>
                        {(r.slots ?? []).map((s, i) => (
                          <SlotText key={i} slot={s} />
                        ))}
                      </Stack>
                    </TableCell>
                    <TableCell>
                      <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                        <Badge table="registration_code" value={r.status_code} />
                        <FlagBadges flags={r.flags} status={r.status_code} />
                      </Stack>
                    </TableCell>
                    <TableCell>{r.note ?? ''}</TableCell>
                    <TableCell>
                      <ActionsFor r={r} c={c} />
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
