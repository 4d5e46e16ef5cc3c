/**
 * The top bar's messages button: the unread count of GET /users/live-data
 * (chat_notification_count, polled every 180 s) over a chat icon that opens the user's
 * conversations. Hidden when the manifest has no such screen.
 */
import { Badge, IconButton, Tooltip } from '@mui/material';
import ChatIcon from '@mui/icons-material/Chat';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useLiveData } from '../data/LiveDataProvider.tsx';
import { useManifest } from '../data/ManifestProvider.tsx';
import { useSession } from '../data/SessionProvider.tsx';
import { targetHref } from '../router/guard-loader.ts';

export const CHAT_ROUTE = 'my-chat';

export function ChatBadge() {
  const { t } = useTranslation();
  const manifest = useManifest();
  const { loggedIn, user } = useSession();
  const count = useLiveData().chat_notification_count ?? 0;
  const type = Number(user?.type?.type);
  if (!loggedIn || (type !== 3 && type !== 4) || !manifest.screens[CHAT_ROUTE]) return null;
  const text = t('chat.notifications', { count });
  return (
    <Tooltip title={text}>
      <IconButton
        color="inherit"
        component={Link}
        to={targetHref(manifest, { name: CHAT_ROUTE })}
        aria-label={text}
        data-testid="chat-badge"
      >
        <Badge color="error" badgeContent={count} invisible={!count} data-count={count}>
          <ChatIcon />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
