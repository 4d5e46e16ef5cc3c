/** The user's conversations, latest first: name, last message and unread count. */
import { useTranslation } from 'react-i18next';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../core/dates.ts';
import { useLanguage } from '../../react/i18n/hooks.ts';
import { chatName, type Chat } from './chat-model.ts';

export function ConversationList({
  chats,
  viewer,
  selected,
  onSelect,
}: {
  chats: Chat[];
  viewer: number | null;
  selected: number | null;
  onSelect: (id: number) => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  if (!chats.length)
    return (
      <Typography color="text.secondary" sx={{ p: 2 }} data-testid="chat-list-empty">
        {t('chat.empty_list')}
      </Typography>
    );
  return (
    <List disablePadding data-testid="chat-list">
      {chats.map((chat) => (
        <ListItemButton
          key={chat.id}
          selected={chat.id === selected}
          onClick={() => onSelect(chat.id)}
          data-testid="chat-list-item"
          data-chat={chat.id}
          data-unread={chat.unread}
        >
          <ListItemText
            primary={
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                <Box
                  component="span"
                  dir="auto"
                  sx={{ flexGrow: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}
                >
                  {chatName(chat, viewer, lang)}
                </Box>
                {chat.closed && (
                  <Typography component="span" variant="caption" color="text.secondary">
                    {t('chat.closed')}
                  </Typography>
                )}
                <Badge
                  color="primary"
                  badgeContent={chat.unread}
                  invisible={!chat.unread}
                  aria-label={t('chat.unread', { count: chat.unread })}
                  sx={{ mx: 1 }}
                />
              </Box>
            }
            secondary={
              chat.last_message ? (
                <Box component="span" sx={{ display: 'flex', gap: 1 }}>
                  <Box
                    component="span"
                    dir="auto"
                    sx={{ flexGrow: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                  >
                    {chat.last_message.author_id === viewer ? `${t('chat.you')}: ` : ''}
                    {chat.last_message.body}
                  </Box>
                  <Box component="span" sx={{ flexShrink: 0 }}>
                    {formatDateTime(chat.last_message.created_at, lang)}
                  </Box>
                </Box>
              ) : null
            }
          />
        </ListItemButton>
      ))}
    </List>
  );
}
