/** The floating navbar of the menu layouts: menu toggle, title, language, layout, user. */
import type { ReactNode } from 'react';
import { AppBar, Box, IconButton, Toolbar, Typography } from '@mui/material';
import MenuIconSvg from '@mui/icons-material/Menu';
import { useLabel, useUi } from '../i18n/hooks.ts';
import { useCurrentScreen } from '../router/current.ts';
import { ChatBadge } from './ChatBadge.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { LayoutSwitcher, SkinSwitcher } from './LayoutSwitcher.tsx';
import { UserMenu } from './UserMenu.tsx';

export function TopBar({ onMenu, children }: { onMenu?: () => void; children?: ReactNode }) {
  const screen = useCurrentScreen();
  const label = useLabel();
  const ui = useUi();
  return (
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar sx={{ gap: 1 }}>
        {onMenu && (
          <IconButton edge="start" color="inherit" aria-label={ui('menu')} onClick={onMenu}>
            <MenuIconSvg />
          </IconButton>
        )}
        <Typography variant="h6" component="div" noWrap sx={{ flexGrow: 1 }}>
          {screen ? label(screen.title) : ui('appName')}
        </Typography>
        <ChatBadge />
        <LanguageSwitcher />
        <LayoutSwitcher />
        <SkinSwitcher />
        <UserMenu />
      </Toolbar>
      {children && <Box sx={{ px: 2, pb: 1 }}>{children}</Box>}
    </AppBar>
  );
}
