/** The admission layout: the applicant's plain bar (portal name, language), no menu, around the admission wizard. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ScreenStory } from '../../engine/react/testing/ScreenStory.tsx';
import { arabic, english } from '../fixtures/parameters.ts';

const meta = {
  component: ScreenStory,
  args: { screen: 'admissionForm', params: { type: '5', id: '42', secretKey: 'k3y' }, layout: 'admission' },
  parameters: { rowaq: { user: null } },
} satisfies Meta<typeof ScreenStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const AdmissionEnglish: Story = { globals: english };
export const AdmissionArabic: Story = { globals: arabic };
