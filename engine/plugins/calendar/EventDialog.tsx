/**
 * An event's details; for a weekly slot and a user who may edit it, its form (day, times, room,
 * kind: PUT /offering-schedules/{id}). A refusal (a clash, a bad time) is shown in the form.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Status } from '../../../generator/manifest-types.ts';
import { isApiError } from '../../core/api/api-error.ts';
import { formatDate, formatTimeRange } from '../../core/dates.ts';
import { useApi } from '../../react/data/ApiProvider.tsx';
import { useLanguage } from '../../react/i18n/hooks.ts';
import type { CalendarEvent } from './calendar-model.ts';

interface Lookups {
  slots: Array<{
    id: number;
    day: number;
    start_time: string;
    end_time: string;
    room_id: number | null;
    kind_id: number;
  }>;
  rooms: Array<{ id: number; code: string; name: string | null }>;
}

interface Props {
  event: CalendarEvent | null;
  days: readonly Status[];
  kinds: readonly Status[];
  onClose: () => void;
  onSaved: () => void;
}

export function EventDialog({ event, days, kinds, onClose, onSaved }: Props) {
  const api = useApi();
  const lang = useLanguage();
  const { t } = useTranslation();
  const [lookups, setLookups] = useState<Lookups | null>(null);
  const [values, setValues] = useState({
    day: 1,
    start_time: '',
    end_time: '',
    room_id: '' as number | '',
    kind_id: 1,
  });
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const editable = !!event && event.source === 'slot' && event.editable && event.section_id !== null;

  useEffect(() => {
    setError(null);
    setFieldErrors({});
    setLookups(null);
    if (!editable || !event) return;
    let live = true;
    api.get<{ data: Lookups }>(`/offering-schedules/get_lookups/${event.section_id}`).then((body) => {
      if (!live) return;
      setLookups(body.data);
      const slot = body.data.slots.find((s) => s.id === event.source_id);
      if (slot) setValues({ ...slot, room_id: slot.room_id ?? '' });
    });
    return () => {
      live = false;
    };
  }, [api, editable, event]);

  const name = (s: Status) => (lang === 'ar' ? s.name_local : s.name);
  const save = async () => {
    if (!event) return;
    try {
      await api.put(
        `/offering-schedules/${event.source_id}`,
        { ...values, room_id: values.room_id === '' ? null : values.room_id },
        { toast: false },
      );
      onSaved();
    } catch (e) {
      setFieldErrors(isApiError(e) ? e.fieldErrors : {});
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  const field = (key: keyof typeof values) => ({
    value: values[key],
    onChange: (e: { target: { value: string } }) =>
      setValues((v) => ({
        ...v,
        [key]: key.endsWith('_time') || e.target.value === '' ? e.target.value : Number(e.target.value),
      })),
    error: !!fieldErrors[key],
    helperText: fieldErrors[key],
    fullWidth: true,
  });

  const when = event
    ? event.all_day
      ? formatDate(event.start, lang)
      : `${formatDate(event.start.slice(0, 10), lang)} · ${formatTimeRange(event.start.slice(11), event.end.slice(11), lang)}`
    : '';
  return (
    <Dialog open={!!event} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{event?.title ?? t('calendar.details')}</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5} sx={{ pt: 0.5 }}>
          <Typography variant="body2">
            {t('calendar.time')}: {when}
          </Typography>
          {event?.room && (
            <Typography variant="body2">
              {t('calendar.room')}: {event.room}
            </Typography>
          )}
          {event?.section && (
            <Typography variant="body2">
              {t('calendar.section')}: {event.section}
            </Typography>
          )}
          {event?.instructor && (
            <Typography variant="body2">
              {t('calendar.instructor')}: {event.instructor}
            </Typography>
          )}
          {editable && lookups && (
            <>
              <Typography variant="subtitle2">{t('calendar.edit_slot')}</Typography>
              <Typography variant="caption" color="text.secondary">
                {t('calendar.edit_hint')}
              </Typography>
              {error && <Alert severity="error">{error}</Alert>}
              <TextField select label={t('calendar.day')} {...field('day')}>
                {days.map((d) => (
                  <MenuItem key={d.id} value={d.id}>
                    {name(d)}
                  </MenuItem>
                ))}
              </TextField>
              <Stack direction="row" spacing={1}>
                <TextField
                  type="time"
                  label={t('calendar.start_time')}
                  {...field('start_time')}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
                <TextField
                  type="time"
                  label={t('calendar.end_time')}
                  {...field('end_time')}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
              </Stack>
              <TextField select label={t('calendar.room')} {...field('room_id')}>
                <MenuItem value="">{t('calendar.no_room')}</MenuItem>
                {lookups.rooms.map((r) => (
                  <MenuItem key={r.id} value={r.id}>
                    {r.code}
                  </MenuItem>
                ))}
              </TextField>
              <TextField select label={t('calendar.kind')} {...field('kind_id')}>
                {kinds.map((k) => (
                  <MenuItem key={k.id} value={k.id}>
                    {name(k)}
                  </MenuItem>
                ))}
              </TextField>
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{editable ? t('calendar.cancel') : t('calendar.close')}</Button>
        {editable && lookups && (
          <Button variant="contained" onClick={save}>
            {t('calendar.save')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
