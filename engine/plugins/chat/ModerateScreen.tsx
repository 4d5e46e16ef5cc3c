/**
 * `chat#Moderate` (/chats/{chat_id}/show/{user_id}): a moderator reads a conversation as one of
 * its people sees it (that person's messages on the end side), live, and closes or reopens it.
 */
import { useTranslation } from 'react-i18next';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLabel, useLanguage } from '../../react/i18n/hooks.ts';
import type { RendererProps } from '../../react/registry/registry.ts';
import { personName } from './chat-model.ts';
import { ConversationView } from './ConversationView.tsx';
import { useChat } from './useChat.ts';

const idOf = (value: string | undefined) => (value && /^[0-9]+$/.test(value) ? Number(value) : null);

export function ModerateScreen({ screen, params }: RendererProps) {
  const { t } = useTranslation();
  const label = useLabel();
  const lang = useLanguage();
  const as = idOf(params.user_id);
  const state = useChat({ openId: idOf(params.chat_id), viewer: as, list: false, markRead: false });
  const person = state.open?.chat.members.find((m) => m.id === as);
  return (
    <Stack spacing={2} data-testid="chat-moderate-screen">
      <Typography variant="h5" component="h1">
        {label(screen.title)}
      </Typography>
      <Paper variant="outlined" sx={{ height: 'calc(100vh - 200px)', minHeight: 420 }}>
        {state.open && (
          <ConversationView
            open={state.open}
            viewer={as}
            onEarlier={state.loadEarlier}
            onClosed={state.setClosed}
            subtitle={person ? t('chat.viewing_as', { name: personName(person, lang) }) : undefined}
          />
        )}
      </Paper>
    </Stack>
  );
}
