/**
 * The chat plugin (chat#Chat): the student's conversations with one open (/chat/message/{id}),
 * messages in their own direction, the receipt under his latest, and the new-conversation dialog
 * (/chat); in English and Arabic.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ScreenStory } from '../../engine/react/testing/ScreenStory.tsx';
import { arabic, english } from '../fixtures/parameters.ts';
import { chatParameters } from './fixtures.ts';

const meta = {
  component: ScreenStory,
  args: { screen: 'chat-message', params: { id: '10' }, layout: 'none' },
  parameters: chatParameters(),
} satisfies Meta<typeof ScreenStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const English: Story = { globals: english };
export const Arabic: Story = { globals: arabic };
export const NewConversation: Story = { args: { screen: 'chat', params: {} }, globals: english };
export const NewConversationArabic: Story = { args: { screen: 'chat', params: {} }, globals: arabic };
