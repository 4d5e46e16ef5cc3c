/** The page renderer: the static public pages (404, not authorized, under maintenance). */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ScreenStory } from '../../engine/react/testing/ScreenStory.tsx';
import { arabic, english } from '../fixtures/parameters.ts';

const meta = { component: ScreenStory, args: { screen: 'error-404' } } satisfies Meta<typeof ScreenStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const PageEnglish: Story = { globals: english };
export const PageArabic: Story = { globals: arabic };

export const NotAuthorizedEnglish: Story = { globals: english, args: { screen: 'misc-not-authorized' } };
export const NotAuthorizedArabic: Story = { globals: arabic, args: { screen: 'misc-not-authorized' } };

const signedOut = { rowaq: { user: null } };
export const MaintenanceSignedOutEnglish: Story = {
  globals: english,
  args: { screen: 'misc-under-maintenance' },
  parameters: signedOut,
};
export const MaintenanceSignedOutArabic: Story = {
  globals: arabic,
  args: { screen: 'misc-under-maintenance' },
  parameters: signedOut,
};
