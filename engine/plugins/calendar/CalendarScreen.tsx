/**
 * `calendar#Calendar` (/calendar): the user's events (POST /calendar) in FullCalendar's month,
 * week, day and list views, filtered by event kind, right to left with Arabic day and month names
 * in Arabic, the week starting on the university's day. Holders of manage_calendar drag, stretch
 * or move by keyboard (keyboard.ts) a lecture or an exam; the server refuses a clash and says
 * why, and the event goes back. Events are read again when the page comes back into view, so a
 * student sees a change made meanwhile.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import FullCalendar from '@fullcalendar/react';
import type {
  DatesSetArg,
  EventClickArg,
  EventDropArg,
  EventInput,
  EventMountArg,
  LocaleInput,
} from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import timeGridPlugin from '@fullcalendar/timegrid';
import listPlugin from '@fullcalendar/list';
import interactionPlugin, { type EventResizeDoneArg } from '@fullcalendar/interaction';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { dateLocale } from '../../core/dates.ts';
import { isRtl } from '../../react/i18n/direction.ts';
import { useApi } from '../../react/data/ApiProvider.tsx';
import { useManifest } from '../../react/data/ManifestProvider.tsx';
import { useLabel, useLanguage } from '../../react/i18n/hooks.ts';
import type { RendererProps } from '../../react/registry/registry.ts';
import {
  dateOnly,
  keyMove,
  paletteKey,
  visibleEvents,
  wallClock,
  type CalendarAnswer,
  type CalendarEvent,
} from './calendar-model.ts';
import { EventDialog } from './EventDialog.tsx';
import { FeedDialog } from './FeedDialog.tsx';
import { KindFilter } from './KindFilter.tsx';

const TYPE_OF: Record<CalendarEvent['source'], string> = { slot: 'slot', exam: 'exam', entry: 'entry', term: 'term' };

export function CalendarScreen({ screen }: RendererProps) {
  const api = useApi();
  const label = useLabel();
  const lang = useLanguage();
  const theme = useTheme();
  const manifest = useManifest();
  const { t } = useTranslation();
  const tables = manifest.statusTables;
  const kinds = useMemo(() => tables.calendar_event_kind?.statuses ?? [], [tables]);
  const entryKinds = useMemo(() => tables.academic_calendar_kind?.statuses ?? [], [tables]);
  const days = useMemo(() => tables.week_day?.statuses ?? [], [tables]);
  const [selected, setSelected] = useState<Set<number>>(() => new Set(kinds.map((k) => k.id)));
  const [answer, setAnswer] = useState<CalendarAnswer | null>(null);
  const [range, setRange] = useState<{ start: string; end: string } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [opened, setOpened] = useState<CalendarEvent | null>(null);
  const [feedOpen, setFeedOpen] = useState(false);
  const [version, setVersion] = useState(0);
  const focusAfter = useRef<string | null>(null);
  const rtl = isRtl(lang);

  // Kinds arrive with the manifest's data part: select them all once they do.
  useEffect(() => {
    if (kinds.length && !selected.size) setSelected(new Set(kinds.map((k) => k.id)));
  }, [kinds, selected.size]);

  // `?type=section&id=12` (also room, instructor, student): another timetable, for the offerings office.
  const other = useMemo(() => {
    const query = new URLSearchParams(window.location.search);
    const type = query.get('type');
    const id = query.get('id');
    return type && id ? `/offering-schedules/${encodeURIComponent(type)}/${encodeURIComponent(id)}` : null;
  }, []);

  useEffect(() => {
    if (!range) return;
    let live = true;
    api
      .post<CalendarAnswer>(other ?? '/calendar', range)
      // Read defensively below (`meta?.`): a story's fixture API may answer `{}`.
      .then((body) => live && setAnswer(body))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, other, range, version, lang]);

  // Back on the page: read again (a student sees a lecture moved meanwhile).
  useEffect(() => {
    const again = () => document.visibilityState === 'visible' && setVersion((v) => v + 1);
    document.addEventListener('visibilitychange', again);
    return () => document.removeEventListener('visibilitychange', again);
  }, []);

  // After a keyboard move, the focus goes back to the moved event (drawn anew).
  useEffect(() => {
    const id = focusAfter.current;
    if (!id || !answer) return;
    focusAfter.current = null;
    window.setTimeout(() => document.querySelector<HTMLElement>(`[data-event-id="${CSS.escape(id)}"]`)?.focus(), 0);
  }, [answer]);

  const colorOf = useCallback(
    (e: CalendarEvent) => {
      const status =
        e.kind_id !== null
          ? kinds.find((k) => k.id === e.kind_id)
          : entryKinds.find((k) => k.id === e.calendar_kind_id);
      return theme.palette[paletteKey(status?.color)].main;
    },
    [kinds, entryKinds, theme],
  );

  const events = useMemo<EventInput[]>(
    () =>
      visibleEvents(Array.isArray(answer?.data) ? answer.data : [], selected).map((e) => ({
        id: e.id,
        title: e.title,
        start: e.start,
        end: e.end,
        allDay: e.all_day,
        editable: e.editable && e.source !== 'term',
        durationEditable: e.editable && e.source !== 'term',
        backgroundColor: colorOf(e),
        borderColor: colorOf(e),
        extendedProps: { event: e },
      })),
    [answer, selected, colorOf],
  );

  /** Sends a move; true when saved. A refusal is shown above the calendar. */
  const send = useCallback(
    async (e: CalendarEvent, start: Date, end: Date | null, allDay: boolean) => {
      const body = allDay
        ? { type: TYPE_OF[e.source], start: dateOnly(start), end: dateOnly(end ?? start) }
        : { type: TYPE_OF[e.source], start: wallClock(start), end: wallClock(end ?? start) };
      try {
        await api.post(`/offering-schedules/updateEvent/${e.source_id}`, body, { toast: false });
        setRefusal(null);
        setVersion((v) => v + 1);
        return true;
      } catch (error) {
        setRefusal(error instanceof Error ? error.message : String(error));
        return false;
      }
    },
    [api],
  );

  const onDrop = async (info: EventDropArg | EventResizeDoneArg) => {
    const e = info.event.extendedProps.event as CalendarEvent;
    if (!info.event.start || !(await send(e, info.event.start, info.event.end, info.event.allDay))) info.revert();
  };

  // Keyboard: focusable events; arrows move or stretch (see keyMove), Enter opens the form.
  const keyHandler = useRef<(e: CalendarEvent, key: KeyboardEvent) => void>(() => {});
  keyHandler.current = (e, key) => {
    if (key.key === 'Enter' || key.key === ' ') {
      key.preventDefault();
      setOpened(e);
      return;
    }
    if (!e.editable || e.all_day || e.source === 'term') return;
    const next = keyMove(key.key, key.shiftKey, new Date(e.start), new Date(e.end), rtl);
    if (!next) return;
    key.preventDefault();
    focusAfter.current = e.source === 'slot' ? `slot-${e.source_id}-${dateOnly(next.start)}` : e.id;
    void send(e, next.start, next.end, false);
  };
  const onMount = (arg: EventMountArg) => {
    const e = arg.event.extendedProps.event as CalendarEvent;
    arg.el.tabIndex = 0;
    arg.el.dataset.eventId = e.id;
    arg.el.dataset.kind = String(e.kind_id ?? '');
    arg.el.addEventListener('keydown', (key) => keyHandler.current(e, key));
  };

  const locale = useMemo<LocaleInput>(
    () => ({
      code: dateLocale(lang),
      direction: rtl ? 'rtl' : 'ltr',
      buttonText: {
        prev: t('calendar.previous'),
        next: t('calendar.next'),
        today: t('calendar.today'),
        month: t('calendar.month'),
        week: t('calendar.week'),
        day: t('calendar.day'),
        list: t('calendar.list'),
      },
      allDayText: t('calendar.all_day'),
      noEventsText: t('calendar.no_events'),
      moreLinkText: (count: number) => t('calendar.more', { count }),
    }),
    [lang, rtl, t],
  );

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="h5" component="h1">
          {label(screen.title)}
        </Typography>
        <Button variant="outlined" onClick={() => setFeedOpen(true)}>
          {t('calendar.feed')}
        </Button>
      </Stack>
      <KindFilter kinds={kinds} selected={selected} onChange={setSelected} />
      {refusal && (
        <Alert severity="error" onClose={() => setRefusal(null)}>
          {t('calendar.refused')}: {refusal}
        </Alert>
      )}
      <Card>
        <CardContent>
          {!answer && (
            <Typography variant="body2" color="text.secondary">
              {t('calendar.loading')}
            </Typography>
          )}
          <Box
            sx={{
              '& .fc': { fontFamily: theme.typography.fontFamily },
              '& .fc-event:focus-visible': { outline: `3px solid ${theme.palette.text.primary}` },
            }}
          >
            <FullCalendar
              plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
              initialView="timeGridWeek"
              headerToolbar={{
                start: 'prev,next today',
                center: 'title',
                end: 'dayGridMonth,timeGridWeek,timeGridDay,listMonth',
              }}
              locale={locale}
              direction={rtl ? 'rtl' : 'ltr'}
              firstDay={answer?.meta?.first_day ?? 6}
              events={events}
              editable={!!answer?.meta?.editable}
              eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
              slotLabelFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
              slotMinTime="07:00:00"
              slotMaxTime="21:00:00"
              allDayText={t('calendar.all_day')}
              height="auto"
              dayMaxEventRows={4}
              nowIndicator
              datesSet={(arg: DatesSetArg) => {
                const next = { start: dateOnly(arg.start), end: dateOnly(arg.end) };
                setRange((r) => (r && r.start === next.start && r.end === next.end ? r : next));
              }}
              eventDrop={onDrop}
              eventResize={onDrop}
              eventClick={(arg: EventClickArg) => setOpened(arg.event.extendedProps.event as CalendarEvent)}
              eventDidMount={onMount}
            />
          </Box>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
            {answer?.meta?.editable ? t('calendar.keyboard_hint') : null}
          </Typography>
        </CardContent>
      </Card>
      <EventDialog
        event={opened}
        days={days}
        kinds={kinds}
        onClose={() => setOpened(null)}
        onSaved={() => (setOpened(null), setVersion((v) => v + 1))}
      />
      <FeedDialog open={feedOpen} onClose={() => setFeedOpen(false)} />
    </Stack>
  );
}
