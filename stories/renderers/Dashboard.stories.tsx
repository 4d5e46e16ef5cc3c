/** The dashboard renderer: the welcome card, the figures of its source, shortcuts to the menu's screens. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ScreenStory } from '../../engine/react/testing/ScreenStory.tsx';
import { arabic, english } from '../fixtures/parameters.ts';

const meta = { component: ScreenStory, args: { screen: 'dashboard' } } satisfies Meta<typeof ScreenStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const DashboardEnglish: Story = { globals: english };
export const DashboardArabic: Story = { globals: arabic };
