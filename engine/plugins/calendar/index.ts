/**
 * The calendar plugin: `calendarPlugin` registers `calendar#Calendar` for YAML screens
 * (`view: plugin`). The server side is server/domains/calendar.
 */
export { calendarPlugin } from './plugin.ts';
export { keyMove, visibleEvents, wallClock, type CalendarEvent } from './calendar-model.ts';
