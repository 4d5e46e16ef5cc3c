/**
 * `chat#Chat`: the user's conversations (/my-chat), one of them open (/chat/message/{id}), or the
 * new-conversation dialog open (/chat). Side by side on wide screens; on a phone the list, or the
 * open conversation with a way back.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddComment from '@mui/icons-material/AddComment';
import { useLabel } from '../../react/i18n/hooks.ts';
import type { RendererProps } from '../../react/registry/registry.ts';
import { messagePath } from './chat-model.ts';
import { ConversationList } from './ConversationList.tsx';
import { ConversationView } from './ConversationView.tsx';
import { NewChatDialog } from './NewChatDialog.tsx';
import { useChat } from './useChat.ts';
import { useViewerId } from './viewer.ts';

export function ChatScreen({ screen, params }: RendererProps) {
  const { t } = useTranslation();
  const label = useLabel();
  const navigate = useNavigate();
  const viewer = useViewerId();
  const openId = params.id && /^[0-9]+$/.test(params.id) ? Number(params.id) : null;
  const [dialog, setDialog] = useState(screen.name === 'chat');
  const state = useChat({ openId, viewer, list: true, markRead: true });

  return (
    <Stack spacing={2} data-testid="chat-screen">
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {label(screen.title)}
        </Typography>
        <Button variant="contained" startIcon={<AddComment />} onClick={() => setDialog(true)} data-testid="chat-new">
          {t('chat.new_chat')}
        </Button>
      </Stack>
      <Paper
        variant="outlined"
        sx={{ display: 'flex', height: { xs: 'calc(100vh - 220px)', md: 'calc(100vh - 200px)' }, minHeight: 420 }}
      >
        <Box
          sx={{
            width: { xs: '100%', md: 320 },
            flexShrink: 0,
            borderInlineEnd: { md: 1 },
            borderColor: { md: 'divider' },
            overflowY: 'auto',
            display: { xs: openId === null ? 'block' : 'none', md: 'block' },
          }}
        >
          {state.chats && (
            <ConversationList
              chats={state.chats}
              viewer={viewer}
              selected={openId}
              onSelect={(id) => void navigate(messagePath(id))}
            />
          )}
        </Box>
        <Box sx={{ flexGrow: 1, minWidth: 0, display: { xs: openId === null ? 'none' : 'block', md: 'block' } }}>
          {state.open ? (
            <ConversationView
              open={state.open}
              viewer={viewer}
              onEarlier={state.loadEarlier}
              onSend={state.send}
              onClosed={state.setClosed}
              onBack={() => void navigate('/my-chat')}
            />
          ) : (
            <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
              {/* a conversation that could not be opened was explained by the API client's toast */}
              {t('chat.pick')}
            </Typography>
          )}
        </Box>
      </Paper>
      <NewChatDialog
        open={dialog}
        onClose={() => setDialog(false)}
        onStarted={(chat) => {
          setDialog(false);
          void state.reloadList();
          void navigate(messagePath(chat.id));
        }}
      />
    </Stack>
  );
}
