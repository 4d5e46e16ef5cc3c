/** The student's academic pages: record (grades, taken courses, plan), timetable, one course, profile with photo, staff student page. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ScreenStory } from '../../engine/react/testing/ScreenStory.tsx';
import { arabic, english } from '../fixtures/parameters.ts';
import { registrationParameters } from './fixtures.ts';

const meta = {
  component: ScreenStory,
  args: { screen: 'student-academic', layout: 'none' },
  parameters: registrationParameters(),
} satisfies Meta<typeof ScreenStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const AcademicEnglish: Story = { globals: english };
export const AcademicArabic: Story = { globals: arabic };
export const TimetableEnglish: Story = { globals: english, args: { screen: 'schedule' } };
export const TimetableArabic: Story = { globals: arabic, args: { screen: 'schedule' } };
export const CourseEnglish: Story = { globals: english, args: { screen: 'my-course', params: { course_id: '9' } } };
export const CourseArabic: Story = { globals: arabic, args: { screen: 'my-course', params: { course_id: '9' } } };
export const ProfileEnglish: Story = { globals: english, args: { screen: 'student-profile' } };
export const ProfileArabic: Story = { globals: arabic, args: { screen: 'student-profile' } };
export const StaffStudentEnglish: Story = { globals: english, args: { screen: 'students-show', params: { id: '1' } } };
export const StaffStudentArabic: Story = { globals: arabic, args: { screen: 'students-show', params: { id: '1' } } };
