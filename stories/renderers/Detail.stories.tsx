/** The detail renderer: one record's fields with labels, a status badge, a foreign key by name, page actions. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ScreenStory } from '../../engine/react/testing/ScreenStory.tsx';
import { arabic, english } from '../fixtures/parameters.ts';

const meta = { component: ScreenStory, args: { screen: 'students-show', params: { id: '3' } } } satisfies Meta<
  typeof ScreenStory
>;
export default meta;
type Story = StoryObj<typeof meta>;

export const DetailEnglish: Story = { globals: english };
export const DetailArabic: Story = { globals: arabic };

const failing = {
  rowaq: {
    routes: [
      { method: 'get', path: '/students/:id', respond: () => ({ status: 500, data: { message: 'Server error' } }) },
    ],
  },
};
export const LoadFailedEnglish: Story = { globals: english, parameters: failing };
export const LoadFailedArabic: Story = { globals: arabic, parameters: failing };
