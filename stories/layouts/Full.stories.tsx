/** The full layout: the page alone with the language switcher in the corner (public pages, sign-in). */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ScreenStory } from '../../engine/react/testing/ScreenStory.tsx';
import { arabic, english } from '../fixtures/parameters.ts';

const meta = {
  component: ScreenStory,
  args: { screen: 'error-404', layout: 'full' },
  parameters: { rowaq: { user: null } },
} satisfies Meta<typeof ScreenStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const FullEnglish: Story = { globals: english };
export const FullArabic: Story = { globals: arabic };
