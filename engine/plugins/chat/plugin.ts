/**
 * Chat as a Rowaq plugin: `chat#Chat` (/my-chat, /chat, /chat/message/{id}), `chat#AllChats`
 * (/chats), `chat#Moderate` (/chats/{chat_id}/show/{user_id}) and `chat#TicketChat`
 * (/tickets/chats/{chat_id}). Their code loads with the first chat screen, not with the app.
 * The server side is server/domains/chat.
 */
import { lazyNamed } from '../../react/lazy.ts';
import type { RowaqPlugin } from '../../react/registry/registry.ts';

const ChatScreen = lazyNamed(() => import('./ChatScreen.tsx'), 'ChatScreen');
const AllChatsScreen = lazyNamed(() => import('./AllChatsScreen.tsx'), 'AllChatsScreen');
const ModerateScreen = lazyNamed(() => import('./ModerateScreen.tsx'), 'ModerateScreen');
const TicketChatScreen = lazyNamed(() => import('./TicketChatScreen.tsx'), 'TicketChatScreen');

export const chatPlugin: RowaqPlugin = {
  name: 'chat',
  components: {
    'chat#Chat': ChatScreen,
    'chat#AllChats': AllChatsScreen,
    'chat#Moderate': ModerateScreen,
    'chat#TicketChat': TicketChatScreen,
  },
};
