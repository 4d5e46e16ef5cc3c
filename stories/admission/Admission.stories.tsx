/**
 * The admission pages (engine/react/pages/admission): choosing the kind, the application form on
 * its payment tab with the fees due, the applicant's dashboard with staff feedback, the success
 * page, and the staff's applicant detail with the status change. English and Arabic.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ScreenStory } from '../../engine/react/testing/ScreenStory.tsx';
import { arabic, english } from '../fixtures/parameters.ts';
import { admissionParameters } from './fixtures.ts';

const meta = {
  component: ScreenStory,
  args: { screen: 'apply', layout: 'admission' },
  parameters: admissionParameters(),
} satisfies Meta<typeof ScreenStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ChooseKindEnglish: Story = { globals: english };
export const ChooseKindArabic: Story = { globals: arabic };

const applyForm = { screen: 'apply', layout: 'admission' as const, params: { type: '1' } };
export const ApplyFormEnglish: Story = { globals: english, args: applyForm };
export const ApplyFormArabic: Story = { globals: arabic, args: applyForm };

const checkEmail = {
  screen: 'apply',
  layout: 'admission' as const,
  params: { type: '1', id: '41', success: 'success' },
};
export const CheckEmailEnglish: Story = { globals: english, args: checkEmail };
export const CheckEmailArabic: Story = { globals: arabic, args: checkEmail };

const paymentTab = {
  screen: 'admissionForm',
  layout: 'admission' as const,
  params: { type: '1', id: '41', secretKey: 'story-secret', name: 'payment' },
};
export const PaymentTabEnglish: Story = { globals: english, args: paymentTab };
export const PaymentTabArabic: Story = { globals: arabic, args: paymentTab };

const personalTab = {
  screen: 'admissionForm',
  layout: 'admission' as const,
  params: { type: '1', id: '41', secretKey: 'story-secret', name: 'personal_info' },
};
export const PersonalTabEnglish: Story = { globals: english, args: personalTab };
export const PersonalTabArabic: Story = { globals: arabic, args: personalTab };

const mine = {
  screen: 'applicant-information-form',
  layout: 'admission' as const,
  params: { type: '1', id: '41', secretKey: 'story-secret' },
};
export const DashboardFeedbackEnglish: Story = {
  globals: english,
  args: mine,
  parameters: admissionParameters('feedback'),
};
export const DashboardFeedbackArabic: Story = {
  globals: arabic,
  args: mine,
  parameters: admissionParameters('feedback'),
};

const success = { screen: 'applyForm-success', layout: 'admission' as const, params: { type: '1', msg: 'submitted' } };
export const SuccessEnglish: Story = { globals: english, args: success };
export const SuccessArabic: Story = { globals: arabic, args: success };

const review = { screen: 'applicants-show', layout: 'vertical' as const, params: { id: '41' } };
export const StaffReviewEnglish: Story = {
  globals: english,
  args: review,
  parameters: admissionParameters('submitted', false),
};
export const StaffReviewArabic: Story = {
  globals: arabic,
  args: review,
  parameters: admissionParameters('submitted', false),
};
