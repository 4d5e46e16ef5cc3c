/**
 * The calendar benchmark's page: FullCalendar's month view (with the plugins and options of
 * engine/plugins/calendar/CalendarScreen.tsx) of a full month's timetable (stories/calendar/
 * timetable.ts, about 150 events), mounted when the bench calls `window.drawMonth(lang)`, which
 * resolves with the milliseconds from the call to the frame after the events are in the page.
 */
import { createRef } from 'react';
import { createRoot } from 'react-dom/client';
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/daygrid';
import timeGridPlugin from '@fullcalendar/timegrid';
import listPlugin from '@fullcalendar/list';
import interactionPlugin from '@fullcalendar/interaction';
import { visibleEvents } from '../../engine/plugins/calendar/calendar-model.ts';
import { fullTimetable } from '../../stories/calendar/timetable.ts';

const MONTH = '2026-11';
const COLOURS = ['#1976d2', '#0288d1', '#2e7d32', '#ed6c02', '#d32f2f'];

declare global {
  interface Window {
    drawMonth: (lang: 'en' | 'ar', view?: string) => Promise<{ ms: number; events: number }>;
    switchToMonth: () => Promise<number>;
  }
}

const calendar = createRef<FullCalendar>();

/** Until the frame after `done()` holds. */
const frameWhen = (done: () => boolean, started: number) =>
  new Promise<number>((resolve) => {
    const wait = () =>
      done() ? requestAnimationFrame(() => resolve(performance.now() - started)) : requestAnimationFrame(wait);
    requestAnimationFrame(wait);
  });

/** The view in place (the week), then Month pressed: to the frame after the month's events are drawn. */
window.switchToMonth = () => {
  const started = performance.now();
  calendar.current!.getApi().changeView('dayGridMonth');
  return frameWhen(() => document.querySelectorAll('.fc-daygrid-event').length > 0, started);
};

window.drawMonth = (lang, view = 'dayGridMonth') =>
  new Promise((resolve) => {
    const answer = fullTimetable(MONTH, lang, true);
    const events = visibleEvents(answer.data, new Set([1, 2, 3, 4, 5])).map((e) => ({
      id: e.id,
      title: e.title,
      start: e.start,
      end: e.end,
      allDay: e.all_day,
      editable: e.editable,
      backgroundColor: COLOURS[((e.kind_id ?? 5) - 1) % COLOURS.length],
      extendedProps: { event: e },
    }));
    const started = performance.now();
    const root = document.getElementById('root')!;
    createRoot(root).render(
      <FullCalendar
        ref={calendar}
        plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
        initialView={view}
        initialDate={`${MONTH}-15`}
        locale={{ code: lang === 'ar' ? 'ar-EG-u-nu-latn' : 'en-GB', direction: lang === 'ar' ? 'rtl' : 'ltr' }}
        direction={lang === 'ar' ? 'rtl' : 'ltr'}
        firstDay={answer.meta.first_day}
        events={events}
        editable
        eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
        height="auto"
        dayMaxEventRows={4}
        eventDidMount={(arg) => {
          arg.el.tabIndex = 0;
        }}
      />,
    );
    const wait = () => {
      if (root.querySelectorAll('.fc-event').length > 0)
        requestAnimationFrame(() => resolve({ ms: performance.now() - started, events: events.length }));
      else requestAnimationFrame(wait);
    };
    requestAnimationFrame(wait);
  });
