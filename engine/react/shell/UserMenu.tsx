/** The signed-in user's name and a log-out button. */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Avatar, IconButton, ListItemIcon, Menu, MenuItem, Tooltip, Typography } from '@mui/material';
import Logout from '@mui/icons-material/Logout';
import { useManifest } from '../data/ManifestProvider.tsx';
import { useSession } from '../data/SessionProvider.tsx';
import { useUi } from '../i18n/hooks.ts';
import { hrefFor } from '../router/paths.ts';
import { ROUTE } from '../../core/routes.ts';

export function UserMenu() {
  const { user, loggedIn, signOut } = useSession();
  const manifest = useManifest();
  const navigate = useNavigate();
  const ui = useUi();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!loggedIn || !user) return null;
  const initials = user.name
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0] ?? '')
    .join('')
    .toUpperCase();
  return (
    <>
      <Tooltip title={user.name}>
        <IconButton onClick={(e) => setAnchor(e.currentTarget)} aria-label={user.name} size="small">
          <Avatar sx={{ width: 32, height: 32, fontSize: 14, bgcolor: 'primary.main' }}>{initials}</Avatar>
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem disabled>
          <Typography variant="body2">{user.name}</Typography>
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            signOut();
            void navigate(hrefFor(manifest, ROUTE.login) ?? '/login');
          }}
        >
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          {ui('logout')}
        </MenuItem>
      </Menu>
    </>
  );
}
