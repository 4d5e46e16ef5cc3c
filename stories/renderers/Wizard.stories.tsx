/**
 * The wizard renderer: the admission form, its tab set chosen by the route's `type`
 * (1: undergraduate, five tabs with scholarships; 5: diploma, six tabs with bachelor and
 * diploma degrees), tabs addressed by name.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ScreenStory } from '../../engine/react/testing/ScreenStory.tsx';
import { arabic, english } from '../fixtures/parameters.ts';

const meta = {
  component: ScreenStory,
  args: { screen: 'admissionForm', params: { type: '1', id: '41', secretKey: 'k3y' } },
  parameters: { rowaq: { user: null } },
} satisfies Meta<typeof ScreenStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WizardEnglish: Story = { globals: english };
export const WizardArabic: Story = { globals: arabic };

const type5 = { screen: 'admissionForm', params: { type: '5', id: '42', secretKey: 'k3y', name: 'bachelor_degree' } };
export const WizardType5English: Story = { globals: english, args: type5 };
export const WizardType5Arabic: Story = { globals: arabic, args: type5 };
