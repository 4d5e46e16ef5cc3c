/** The full (blank) layout: the page alone, with the language switcher in the top corner. */
import type { ReactNode } from 'react';
import { Box } from '@mui/material';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';

export function FullLayout({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', position: 'relative', bgcolor: 'background.default' }} data-layout="full">
      <Box sx={{ position: 'absolute', top: 12, right: 16, zIndex: 1 }}>
        <LanguageSwitcher color="primary" />
      </Box>
      {children}
    </Box>
  );
}
