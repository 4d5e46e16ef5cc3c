/**
 * The form renderer: the student form with shared rules, keystroke filters, a reference
 * select, a status select, a date picker and two uploads with limits; the server's field
 * errors shown under their fields.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ScreenStory } from '../../engine/react/testing/ScreenStory.tsx';
import { arabic, english } from '../fixtures/parameters.ts';
import { chooseFiles, fakeFile, fieldInput, shows, submit, typeInto } from '../fixtures/play.ts';
import { REFUSE_STUDENT } from '../fixtures/records.ts';

const meta = { component: ScreenStory, args: { screen: 'students-edit' } } satisfies Meta<typeof ScreenStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const FormEnglish: Story = { globals: english };
export const FormArabic: Story = { globals: arabic };

/** An edit address: the record is loaded first. */
export const EditEnglish: Story = { globals: english, args: { params: { id: '3' } } };
export const EditArabic: Story = { globals: arabic, args: { params: { id: '3' } } };

/** Values breaking the shared rules, then Save: each field shows its rule's message, the empty required one "Please fill this field". */
const breakRules: Story['play'] = async ({ canvasElement }) => {
  await typeInto(canvasElement, 'national_id', '1234');
  await typeInto(canvasElement, 'email', 'mona@');
  await typeInto(canvasElement, 'gpa', '5');
  await submit(canvasElement);
};
export const RulesEnglish: Story = {
  globals: english,
  play: async (context) => {
    await breakRules(context);
    await shows(context.canvasElement, 'The national id must be 14 digits');
    await shows(context.canvasElement, 'Please fill this field');
  },
};
export const RulesArabic: Story = {
  globals: arabic,
  play: async (context) => {
    await breakRules(context);
    await shows(context.canvasElement, 'يجب أن يتكون الرقم القومي من 14 رقمًا');
  },
};

/** Keystroke filters: letters typed into the national id are dropped, Latin letters into the Arabic name too. */
const typeThroughFilters: Story['play'] = async ({ canvasElement }) => {
  const id = await typeInto(canvasElement, 'national_id', 'A1b2-3 4x');
  await expect(id.value).toBe('1234');
  const local = await typeInto(canvasElement, 'name_local', 'Mona منى');
  await expect(local.value.trim()).toBe('منى');
};
export const KeystrokeFiltersEnglish: Story = { globals: english, play: typeThroughFilters };
export const KeystrokeFiltersArabic: Story = { globals: arabic, play: typeThroughFilters };

/** Upload limits checked before reading: a 3 MB photo (limit 2 MB), a Word file, four transcripts (at most 3). */
const breakUploadLimits: Story['play'] = async ({ canvasElement }) => {
  await chooseFiles(canvasElement, 'photo', [fakeFile('portrait.png', 3, 'image/png')]);
  await chooseFiles(
    canvasElement,
    'transcripts',
    [1, 2, 3, 4].map((n) => fakeFile(`term-${n}.pdf`, 0.1, 'application/pdf')),
  );
};
export const UploadLimitsEnglish: Story = {
  globals: english,
  play: async (context) => {
    await breakUploadLimits(context);
    await shows(context.canvasElement, 'The file is larger than 2 MB');
    await shows(context.canvasElement, 'At most 3 files');
  },
};
export const UploadLimitsArabic: Story = {
  globals: arabic,
  play: async (context) => {
    await breakUploadLimits(context);
    await shows(context.canvasElement, 'حجم الملف أكبر من 2 ميجابايت');
  },
};

/** A valid form the server refuses (422): its messages, in the current language, under email and national id. */
const refused: Story['play'] = async ({ canvasElement }) => {
  await typeInto(canvasElement, 'name', 'Mona Hassan');
  await typeInto(canvasElement, 'national_id', '29901011234567');
  await typeInto(canvasElement, 'email', 'mona.hassan@rowaq.edu');
  await submit(canvasElement);
  await fieldInput(canvasElement, 'email');
};
export const ServerErrorsEnglish: Story = {
  globals: english,
  parameters: { rowaq: { routes: REFUSE_STUDENT } },
  play: async (context) => {
    await refused(context);
    await shows(context.canvasElement, 'This email is already registered');
  },
};
export const ServerErrorsArabic: Story = {
  globals: arabic,
  parameters: { rowaq: { routes: REFUSE_STUDENT } },
  play: async (context) => {
    await refused(context);
    await shows(context.canvasElement, 'هذا البريد الإلكتروني مسجل بالفعل');
  },
};
