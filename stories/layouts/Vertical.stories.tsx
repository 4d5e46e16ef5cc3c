/** The vertical layout: the side menu (open, or collapsed to icons as stored by default) and the top bar. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ScreenStory } from '../../engine/react/testing/ScreenStory.tsx';
import { arabic, english } from '../fixtures/parameters.ts';

const open = { rowaq: { layout: { layoutType: 'vertical', menuCollapsed: false } } };
const meta = {
  component: ScreenStory,
  args: { screen: 'students-list', layout: 'vertical' },
  parameters: open,
} satisfies Meta<typeof ScreenStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const VerticalEnglish: Story = { globals: english };
export const VerticalArabic: Story = { globals: arabic };

const collapsed = { rowaq: { layout: { layoutType: 'vertical', menuCollapsed: true } } };
export const CollapsedEnglish: Story = { globals: english, parameters: collapsed, args: { screen: 'dashboard' } };
export const CollapsedArabic: Story = { globals: arabic, parameters: collapsed, args: { screen: 'dashboard' } };
