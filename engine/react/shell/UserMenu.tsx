/** The signed-in user's initials, name, About (the frontend version) and log-out (engine/core's logout: the call, then clear and go to sign-in). */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Avatar, IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip, Typography } from '@mui/material';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Logout from '@mui/icons-material/Logout';
import { FRONTEND_VERSION } from '../../core/load-settings.ts';
import { logout } from '../../core/logout.ts';
import { isRtl } from '../../core/rtl.ts';
import { useApi } from '../data/ApiProvider.tsx';
import { useManifest } from '../data/ManifestProvider.tsx';
import { useSession } from '../data/SessionProvider.tsx';
import { useLanguage, useUi } from '../i18n/hooks.ts';
import { targetHref } from '../router/guard-loader.ts';

export function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => [...w][0] ?? '');
  // Arabic letters side by side would join into what reads as a word: a non-joiner keeps them apart.
  return letters.join(letters.some((l) => /[\u0600-\u06FF]/.test(l)) ? '\u200c' : '').toUpperCase();
}

/**
 * The signed-in user's name in the page's language: in Arabic the local name (`name_local`,
 * which the sign-in answer carries with the user's other columns) when there is one.
 */
export function userDisplayName(user: { name: string; name_local?: unknown }, language: string): string {
  const local = typeof user.name_local === 'string' ? user.name_local.trim() : '';
  return language === 'ar' && local ? local : user.name;
}

export function UserMenu() {
  const session = useSession();
  const api = useApi();
  const manifest = useManifest();
  const navigate = useNavigate();
  const ui = useUi();
  const language = useLanguage();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [about, setAbout] = useState(false);
  const { user, loggedIn } = session;
  if (!loggedIn || !user) return null;
  const name = userDisplayName(user, language);
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
      <Tooltip title={name}>
        <IconButton onClick={(e) => setAnchor(e.currentTarget)} aria-label={name} size="small">
          <Avatar sx={{ width: 32, height: 32, fontSize: 14, bgcolor: 'primary.main' }}>{initials(name)}</Avatar>
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem disabled>
          <Typography variant="body2">{name}</Typography>
        </MenuItem>
        {/* About: the frontend version, for a report to the support desk. */}
        <MenuItem onClick={() => setAbout((v) => !v)} data-testid="about-entry">
          <ListItemIcon>
            <InfoOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText
            primary={ui('about')}
            secondary={about ? <bdi dir="ltr">{ui('frontendVersion', { version: FRONTEND_VERSION })}</bdi> : undefined}
          />
        </MenuItem>
        <MenuItem onClick={signOut}>
          <ListItemIcon>
            {/* The arrow leaves the door toward the end of the line: to the left in Arabic. */}
            <Logout
              fontSize="small"
              sx={isRtl(language) ? { transform: 'scaleX(-1)' } : undefined}
              data-mirrored={isRtl(language) || undefined}
            />
          </ListItemIcon>
          {ui('logout')}
        </MenuItem>
      </Menu>
    </>
  );
}
