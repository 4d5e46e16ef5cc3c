/** The list renderer: columns, status badges, a foreign key shown by name, filters, paging, page and row actions. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ScreenStory } from '../../engine/react/testing/ScreenStory.tsx';
import { arabic, english } from '../fixtures/parameters.ts';
import { EMPTY_STUDENTS } from '../fixtures/records.ts';

const meta = { component: ScreenStory, args: { screen: 'students-list' } } satisfies Meta<typeof ScreenStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ListEnglish: Story = { globals: english };
export const ListArabic: Story = { globals: arabic };

/** Filters kept in the address: active students of two faculties, second page sorted by GPA. */
const filtered = { query: 'filter.status_id=1&filter.faculty_id=1,2&sort=gpa&order=desc' };
export const FilteredEnglish: Story = { globals: english, args: filtered };
export const FilteredArabic: Story = { globals: arabic, args: filtered };

export const SearchEnglish: Story = { globals: english, args: { query: 'search=mona' } };
export const SearchArabic: Story = { globals: arabic, args: { query: 'search=منى' } };

export const EmptyEnglish: Story = { globals: english, parameters: { rowaq: { routes: EMPTY_STUDENTS } } };
export const EmptyArabic: Story = { globals: arabic, parameters: { rowaq: { routes: EMPTY_STUDENTS } } };

/** A student holding none of the permissions: no add, edit or delete. */
const reader = {
  rowaq: { user: { id: 7, name: 'Omar Khaled', type: { name: 'Staff', type: 4 }, permissions: ['access_users'] } },
};
export const ReadOnlyEnglish: Story = { globals: english, parameters: reader };
export const ReadOnlyArabic: Story = { globals: arabic, parameters: reader };
