/** The horizontal layout: the top bar with the menu as a row of buttons and drop-down groups. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ScreenStory } from '../../engine/react/testing/ScreenStory.tsx';
import { arabic, english } from '../fixtures/parameters.ts';

const meta = {
  component: ScreenStory,
  args: { screen: 'students-show', params: { id: '5' }, layout: 'horizontal' },
  parameters: { rowaq: { layout: { layoutType: 'horizontal' } } },
} satisfies Meta<typeof ScreenStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const HorizontalEnglish: Story = { globals: english };
export const HorizontalArabic: Story = { globals: arabic };

const dark = { rowaq: { layout: { layoutType: 'horizontal', skin: 'dark' } } };
export const DarkEnglish: Story = { globals: english, parameters: dark };
export const DarkArabic: Story = { globals: arabic, parameters: dark };
