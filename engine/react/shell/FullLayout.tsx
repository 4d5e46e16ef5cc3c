/**
 * The full (blank) layout: the page alone (the `main` landmark), with the language switcher in
 * the top corner (a `header`, the banner landmark).
 */
import type { ReactNode } from 'react';
import { Box } from '@mui/material';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';

export function FullLayout({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', position: 'relative', bgcolor: 'background.default' }} data-layout="full">
      <Box component="header" sx={{ position: 'absolute', top: 12, right: 16, zIndex: 1 }}>
        <LanguageSwitcher color="primary" />
      </Box>
      <Box component="main">{children}</Box>
    </Box>
  );
}
