/**
 * A `view: plugin`, `plugin: calendar#Calendar` screen (/calendar): a full month's timetable
 * from the fixture API in the week view, with the kind filter, in English and Arabic (right to
 * left, Arabic day and month names), and as the offerings office sees it (events it may move).
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ScreenStory } from '../../engine/react/testing/ScreenStory.tsx';
import type { FixtureRoute } from '../../engine/react/testing/fixture-api.ts';
import { calendarPlugin } from '../../engine/plugins/calendar/plugin.ts';
import type { ClientManifest, Screen } from '../../generator/manifest-types.ts';
import { arabic, english, FIXTURE_MANIFEST } from '../fixtures/parameters.ts';
import { CALENDAR_STATUS_TABLES, fullTimetable } from './timetable.ts';

const calendarScreen: Screen = {
  ...FIXTURE_MANIFEST.screens['students-list']!,
  name: 'calendar',
  path: '/calendar',
  view: 'plugin',
  plugin: 'calendar#Calendar',
  title: { en: 'Calendar', ar: 'التقويم' },
  actions: [],
  columns: [],
};
const manifest: ClientManifest = {
  ...FIXTURE_MANIFEST,
  statusTables: { ...FIXTURE_MANIFEST.statusTables, ...CALENDAR_STATUS_TABLES },
  screens: { ...FIXTURE_MANIFEST.screens, calendar: calendarScreen },
};

const MONTH = new Date().toISOString().slice(0, 7);
const routes = (lang: 'en' | 'ar', editable: boolean): FixtureRoute[] => [
  { method: 'post', path: '/calendar', respond: () => ({ data: fullTimetable(MONTH, lang, editable) }) },
  { method: 'get', path: '/calendar/feed', respond: () => ({ data: { data: null } }) },
];
const rowaq = (lang: 'en' | 'ar', editable = false) => ({
  manifest,
  rows: {},
  plugins: [calendarPlugin],
  routes: routes(lang, editable),
});

const meta = { component: ScreenStory, args: { screen: 'calendar' } } satisfies Meta<typeof ScreenStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const CalendarEnglish: Story = { globals: english, parameters: { rowaq: rowaq('en') } };
export const CalendarArabic: Story = { globals: arabic, parameters: { rowaq: rowaq('ar') } };
export const CalendarOfficeEnglish: Story = { globals: english, parameters: { rowaq: rowaq('en', true) } };
