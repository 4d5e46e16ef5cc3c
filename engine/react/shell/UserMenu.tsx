/** The signed-in user's initials, name and log-out (engine/core's logout: the call, then clear and go to sign-in). */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Avatar, IconButton, ListItemIcon, Menu, MenuItem, Tooltip, Typography } from '@mui/material';
import Logout from '@mui/icons-material/Logout';
import { logout } from '../../core/logout.ts';
import { useApi } from '../data/ApiProvider.tsx';
import { useManifest } from '../data/ManifestProvider.tsx';
import { useSession } from '../data/SessionProvider.tsx';
import { useUi } from '../i18n/hooks.ts';
import { targetHref } from '../router/guard-loader.ts';

export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => [...w][0] ?? '')
    .join('')
    .toUpperCase();
}

export function UserMenu() {
  const session = useSession();
  const api = useApi();
  const manifest = useManifest();
  const navigate = useNavigate();
  const ui = useUi();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { user, loggedIn } = session;
  if (!loggedIn || !user) return null;
  const signOut = () => {
    setAnchor(null);
    void logout({
      api,
      session: { clear: () => session.signOut() },
      clearPermissions: () => undefined, // permissions live in the user cookie, cleared with it
      navigate: (to) => void navigate(targetHref(manifest, to)),
    });
  };
  return (
    <>
      <Tooltip title={user.name}>
        <IconButton onClick={(e) => setAnchor(e.currentTarget)} aria-label={user.name} size="small">
          <Avatar sx={{ width: 32, height: 32, fontSize: 14, bgcolor: 'primary.main' }}>{initials(user.name)}</Avatar>
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem disabled>
          <Typography variant="body2">{user.name}</Typography>
        </MenuItem>
        <MenuItem onClick={signOut}>
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          {ui('logout')}
        </MenuItem>
      </Menu>
    </>
  );
}
