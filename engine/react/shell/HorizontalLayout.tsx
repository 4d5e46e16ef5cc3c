/** Top menu layout: the navbar with the menu as a row of buttons under it. */
import type { ReactNode } from 'react';
import { Box, useMediaQuery, useTheme } from '@mui/material';
import { NavigationMenu } from './NavigationMenu.tsx';
import { TopBar } from './TopBar.tsx';

export function HorizontalLayout({ children }: { children: ReactNode }) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }} data-layout="horizontal">
      <TopBar>{wide ? <NavigationMenu orientation="horizontal" /> : <NavigationMenu orientation="vertical" />}</TopBar>
      <Box component="main" sx={{ p: { xs: 2, md: 3 }, flexGrow: 1 }}>
        {children}
      </Box>
    </Box>
  );
}
