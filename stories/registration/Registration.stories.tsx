/** The student's registration page (registration#Registration): requests, offerings with seats, clashes and problems, busy state. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ScreenStory } from '../../engine/react/testing/ScreenStory.tsx';
import { arabic, english } from '../fixtures/parameters.ts';
import { BUSY_ROUTES, registrationParameters } from './fixtures.ts';

const meta = {
  component: ScreenStory,
  args: { screen: 'offering-registration', layout: 'none' },
  parameters: registrationParameters(),
} satisfies Meta<typeof ScreenStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const English: Story = { globals: english };
export const Arabic: Story = { globals: arabic };
export const BusyEnglish: Story = { globals: english, parameters: registrationParameters(BUSY_ROUTES) };
export const BusyArabic: Story = { globals: arabic, parameters: registrationParameters(BUSY_ROUTES) };
