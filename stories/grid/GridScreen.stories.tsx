/**
 * A `view: plugin`, `plugin: grid#Grid` screen: the students resource in the grid, every page
 * loaded from the fixture API, status badges in their colours, a link per row, English and Arabic.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ScreenStory } from '../../engine/react/testing/ScreenStory.tsx';
import { gridPlugin } from '../../engine/plugins/grid/plugin.ts';
import type { ClientManifest, Screen } from '../../generator/manifest-types.ts';
import { arabic, english, FIXTURE_MANIFEST } from '../fixtures/parameters.ts';
import { STORY_ROWS } from '../fixtures/records.ts';

const list = FIXTURE_MANIFEST.screens['students-list']!;
const gridScreen: Screen = {
  ...list,
  name: 'students-grid',
  path: '/students-grid',
  view: 'plugin',
  plugin: 'grid#Grid',
  actions: [],
  columns: list.columns.map((c) =>
    c.field === 'code'
      ? { ...c, grid: { keyField: true, sticky: true, readonly: true } }
      : c.field === 'gpa'
        ? { ...c, grid: { type: 'number', summary: 'avg' } }
        : c,
  ),
};
const manifest: ClientManifest = {
  ...FIXTURE_MANIFEST,
  screens: { ...FIXTURE_MANIFEST.screens, [gridScreen.name]: gridScreen },
};
// The preview hands parameters.rowaq to StoryProviders, which registers the plugins given.
const rowaq = { manifest, rows: STORY_ROWS, plugins: [gridPlugin] };

const meta = { component: ScreenStory, args: { screen: 'students-grid' } } satisfies Meta<typeof ScreenStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const GridScreenEnglish: Story = { globals: english, parameters: { rowaq } };
export const GridScreenArabic: Story = { globals: arabic, parameters: { rowaq } };
