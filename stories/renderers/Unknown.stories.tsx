/** The Unknown renderer: a plugin screen (`grid#Grid`) whose plugin is not registered. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ScreenStory } from '../../engine/react/testing/ScreenStory.tsx';
import { arabic, english } from '../fixtures/parameters.ts';

const meta = { component: ScreenStory, args: { screen: 'students-grid' } } satisfies Meta<typeof ScreenStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const UnknownEnglish: Story = { globals: english };
export const UnknownArabic: Story = { globals: arabic };
