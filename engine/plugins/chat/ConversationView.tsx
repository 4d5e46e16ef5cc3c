/**
 * An open conversation: its people, earlier messages on demand, the messages (the newest at the
 * bottom, kept in view as they arrive), receipts under the viewer's own, the composer, and for
 * staff the close or reopen button.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { useLanguage } from '../../react/i18n/hooks.ts';
import { chatName, personName, receiptOf } from './chat-model.ts';
import { Composer } from './Composer.tsx';
import { MessageBubble } from './MessageBubble.tsx';
import type { OpenChat } from './useChat.ts';

export interface ConversationViewProps {
  open: OpenChat;
  viewer: number | null;
  onEarlier: () => Promise<void>;
  onSend?: (text: string) => Promise<boolean>;
  onClosed?: (closed: boolean) => Promise<void>;
  onBack?: () => void;
  /** A line under the title (a moderator's "seen as"). */
  subtitle?: string;
}

export function ConversationView({
  open,
  viewer,
  onEarlier,
  onSend,
  onClosed,
  onBack,
  subtitle,
}: ConversationViewProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { chat, messages, hasMore } = open;
  const scroller = useRef<HTMLDivElement | null>(null);
  const lastId = messages.at(-1)?.id;
  // the receipt shows under the viewer's latest message only (earlier ones were read before it)
  const lastOwnId = [...messages].reverse().find((m) => m.author_id === viewer)?.id;
  const names = new Map(chat.members.map((m) => [m.id, personName(m, lang)]));

  // Follow the newest message (a page of earlier ones keeps the reader where they were).
  const firstId = messages[0]?.id;
  const previous = useRef<{ first?: number; height: number }>({ height: 0 });
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (previous.current.first !== undefined && firstId !== previous.current.first && lastId !== undefined)
      el.scrollTop = el.scrollHeight - previous.current.height;
    else el.scrollTop = el.scrollHeight;
    previous.current = { first: firstId, height: el.scrollHeight };
  }, [firstId, lastId]);
  useEffect(() => {
    previous.current = { height: 0 };
  }, [chat.id]);

  return (
    <Stack sx={{ height: '100%', minHeight: 0 }} data-testid="chat-conversation" data-chat={chat.id}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', p: 1.5 }}>
        {onBack && (
          <IconButton onClick={onBack} aria-label={t('chat.back')} sx={{ display: { md: 'none' } }}>
            <ArrowBack sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : 'none') }} />
          </IconButton>
        )}
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="subtitle1" component="h2" noWrap dir="auto" data-testid="chat-title">
            {chatName(chat, viewer, lang)}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {subtitle ?? (chat.kind === 'group' ? t('chat.members', { count: chat.members.length }) : '')}
          </Typography>
        </Box>
        {chat.closed && <Chip size="small" label={t('chat.closed')} color="default" data-testid="chat-closed" />}
        {chat.can_close && onClosed && (
          <Button
            size="small"
            variant="outlined"
            onClick={() => void onClosed(!chat.closed)}
            data-testid="chat-moderate"
          >
            {chat.closed ? t('chat.reopen') : t('chat.close')}
          </Button>
        )}
      </Stack>
      <Divider />
      <Box ref={scroller} sx={{ flexGrow: 1, overflowY: 'auto', p: 1.5, minHeight: 240 }} data-testid="chat-messages">
        {hasMore && (
          <Box sx={{ textAlign: 'center', mb: 1 }}>
            <Button size="small" onClick={() => void onEarlier()} data-testid="chat-earlier">
              {t('chat.load_earlier')}
            </Button>
          </Box>
        )}
        {!messages.length && (
          <Typography color="text.secondary" sx={{ textAlign: 'center', mt: 4 }}>
            {t('chat.no_messages')}
          </Typography>
        )}
        {messages.map((m) => {
          const own = m.author_id === viewer;
          return (
            <MessageBubble
              key={m.id}
              id={m.id}
              body={m.body}
              at={m.created_at}
              own={own}
              author={!own && chat.kind === 'group' ? names.get(m.author_id ?? -1) : undefined}
              receipt={own && m.id === lastOwnId ? receiptOf(chat, m, viewer) : null}
            />
          );
        })}
      </Box>
      <Divider />
      <Box sx={{ p: 1.5 }}>
        {chat.closed ? (
          <Alert severity="info">{t('chat.closed_notice')}</Alert>
        ) : (
          chat.can_write && onSend && <Composer onSend={onSend} />
        )}
      </Box>
    </Stack>
  );
}
