/** The applicant's layout: a plain bar with the portal name and the language, no menu. */
import type { ReactNode } from 'react';
import { AppBar, Box, Container, Toolbar, Typography } from '@mui/material';
import { useUi } from '../i18n/hooks.ts';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';

export function AdmissionLayout({ children }: { children: ReactNode }) {
  const ui = useUi();
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }} data-layout="admission">
      <AppBar position="sticky" color="primary" elevation={1}>
        <Toolbar>
          <Typography variant="h6" component="div" sx={{ flexGrow: 1, fontWeight: 700 }}>
            {ui('appName')}
          </Typography>
          <LanguageSwitcher />
        </Toolbar>
      </AppBar>
      <Container component="main" maxWidth="lg" sx={{ py: 3 }}>
        {children}
      </Container>
    </Box>
  );
}
