/**
 * The calendar as a Rowaq plugin: `calendar#Calendar` for `view: plugin` screens (/calendar).
 * FullCalendar and the screen load with the first calendar screen, not with the app.
 */
import { lazyNamed } from '../../react/lazy.ts';
import type { RowaqPlugin } from '../../react/registry/registry.ts';

const CalendarScreen = lazyNamed(() => import('./CalendarScreen.tsx'), 'CalendarScreen');

export const calendarPlugin: RowaqPlugin = {
  name: 'calendar',
  components: { 'calendar#Calendar': CalendarScreen },
};
