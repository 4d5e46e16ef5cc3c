/**
 * The calendar's shapes (server/domains/calendar/README.md) and the pure pieces of its screen:
 * which events the kind filter keeps, how a moment is written for the server, where a keyboard
 * move puts an event. No React, no FullCalendar: the story, the bench and the tests use them too.
 */

export interface CalendarEvent {
  id: string;
  source: 'slot' | 'exam' | 'entry' | 'term';
  source_id: number;
  kind_id: number | null;
  calendar_kind_id: number | null;
  title: string;
  start: string;
  end: string;
  all_day: boolean;
  room: string | null;
  section: string | null;
  section_id: number | null;
  course_code: string | null;
  instructor: string | null;
  editable: boolean;
}

export interface CalendarAnswer {
  data: CalendarEvent[];
  meta: { count: number; start: string; end: string; first_day: number; editable: boolean };
}

/** Kinds of calendar_event_kind: all selected at first (portal-core section 2). */
export function visibleEvents(events: readonly CalendarEvent[], kinds: ReadonlySet<number>): CalendarEvent[] {
  return events.filter((e) => e.kind_id === null || kinds.has(e.kind_id));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A Date of the calendar (wall clock in the browser) as the server's 'YYYY-MM-DDTHH:MM'. */
export function wallClock(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** 'YYYY-MM-DD' of a Date in the browser's calendar. */
export function dateOnly(date: Date): string {
  return wallClock(date).slice(0, 10);
}

/** Minutes a keyboard step moves or stretches a timed event. */
export const KEY_STEP_MINUTES = 15;

export interface KeyMove {
  start: Date;
  end: Date;
}

/**
 * Where a key puts an event: up and down move it by a step (with Shift: stretch or shrink its
 * end), the arrows along the week move it a day (mirrored in right-to-left). Null for other keys,
 * and for a change that would leave the day or make the event empty.
 */
export function keyMove(key: string, shift: boolean, start: Date, end: Date, rtl: boolean): KeyMove | null {
  const minutes = (d: Date, n: number) => new Date(d.getTime() + n * 60_000);
  const days = (d: Date, n: number) => {
    const out = new Date(d);
    out.setDate(out.getDate() + n);
    return out;
  };
  let next: KeyMove | null = null;
  const step = KEY_STEP_MINUTES;
  if (key === 'ArrowUp')
    next = shift ? { start, end: minutes(end, -step) } : { start: minutes(start, -step), end: minutes(end, -step) };
  else if (key === 'ArrowDown')
    next = shift ? { start, end: minutes(end, step) } : { start: minutes(start, step), end: minutes(end, step) };
  else if (key === 'ArrowLeft' || key === 'ArrowRight') {
    const forward = (key === 'ArrowRight') !== rtl;
    next = { start: days(start, forward ? 1 : -1), end: days(end, forward ? 1 : -1) };
  }
  if (!next || next.end <= next.start || dateOnly(next.start) !== dateOnly(new Date(next.end.getTime() - 1)))
    return null;
  return next;
}

/** The theme colour of a status colour name (status tables say `danger`, MUI says `error`). */
export function paletteKey(
  color: string | undefined,
): 'primary' | 'secondary' | 'error' | 'warning' | 'info' | 'success' {
  switch (color) {
    case 'danger':
      return 'error';
    case 'primary':
    case 'secondary':
    case 'warning':
    case 'info':
    case 'success':
      return color;
    default:
      return 'secondary';
  }
}
