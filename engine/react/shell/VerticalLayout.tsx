/**
 * Side menu layout: a permanent drawer on wide screens (collapsed to icons by default, as the
 * stored setting says), a temporary drawer on phones.
 */
import { useState, type ReactNode } from 'react';
import { Box, Divider, Drawer, Toolbar, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useUi } from '../i18n/hooks.ts';
import { NavigationMenu } from './NavigationMenu.tsx';
import { TopBar } from './TopBar.tsx';
import { useLayoutSettingsContext } from './LayoutSettingsContext.tsx';

export const DRAWER_WIDTH = 260;
export const DRAWER_COLLAPSED_WIDTH = 72;

export function VerticalLayout({ children }: { children: ReactNode }) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [settings, update] = useLayoutSettingsContext();
  const [mobileOpen, setMobileOpen] = useState(false);
  const ui = useUi();
  const collapsed = wide && settings.menuCollapsed;
  const width = collapsed ? DRAWER_COLLAPSED_WIDTH : DRAWER_WIDTH;

  // The app-name bar is the navigation landmark's heading (axe: all content in landmarks).
  const menu = (
    <NavigationMenu
      orientation="vertical"
      collapsed={collapsed}
      heading={
        <Box sx={{ mb: 1 }}>
          <Toolbar>
            <Typography variant="h6" component="p" color="primary" noWrap sx={{ fontWeight: 700 }}>
              {collapsed ? ui('appName').slice(0, 1) : ui('appName')}
            </Typography>
          </Toolbar>
          <Divider />
        </Box>
      }
    />
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }} data-layout="vertical">
      {wide ? (
        <Drawer
          variant="permanent"
          sx={{ width, flexShrink: 0, '& .MuiDrawer-paper': { width, boxSizing: 'border-box', overflowX: 'hidden' } }}
        >
          {menu}
        </Drawer>
      ) : (
        <Drawer
          variant="temporary"
          open={mobileOpen}
          onClose={() => setMobileOpen(false)}
          onClick={() => setMobileOpen(false)}
          sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}
        >
          {menu}
        </Drawer>
      )}
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <TopBar onMenu={() => (wide ? update({ menuCollapsed: !settings.menuCollapsed }) : setMobileOpen(true))} />
        <Box component="main" sx={{ p: { xs: 2, md: 3 }, flexGrow: 1 }}>
          {children}
        </Box>
      </Box>
    </Box>
  );
}
