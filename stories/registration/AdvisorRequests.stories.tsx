/** The advisor's students and requests (registration#AdvisorRequests): accept or reject one, the selected or all, with a note. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ScreenStory } from '../../engine/react/testing/ScreenStory.tsx';
import { arabic, english } from '../fixtures/parameters.ts';
import { registrationParameters } from './fixtures.ts';

const meta = {
  component: ScreenStory,
  args: { screen: 'advisor-students', layout: 'none' },
  parameters: registrationParameters(),
} satisfies Meta<typeof ScreenStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const English: Story = { globals: english };
export const Arabic: Story = { globals: arabic };
