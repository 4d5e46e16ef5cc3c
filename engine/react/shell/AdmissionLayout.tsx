/**
 * The applicant's layout: a plain bar with the portal name and the language, no menu. An
 * applicant whose link the browser holds gets "My application" and "Leave the application"
 * (which forgets the link on this computer; the emailed link opens it again).
 */
import type { ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { AppBar, Box, Button, Container, Toolbar, Typography } from '@mui/material';
import { isApplicant } from '../../core/session.ts';
import { useManifest } from '../data/ManifestProvider.tsx';
import { useSession } from '../data/SessionProvider.tsx';
import { useLanguage, useUi } from '../i18n/hooks.ts';
import { hrefFor } from '../router/paths.ts';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';

const TEXTS = {
  mine: { en: 'My application', ar: 'طلبي' },
  leave: { en: 'Leave', ar: 'خروج' },
} as const;

export function AdmissionLayout({ children }: { children: ReactNode }) {
  const ui = useUi();
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }} data-layout="admission">
      <AppBar position="sticky" color="primary" elevation={1}>
        <Toolbar sx={{ gap: 1 }}>
          <Typography variant="h6" component="div" sx={{ flexGrow: 1, fontWeight: 700 }}>
            {ui('appName')}
          </Typography>
          <ApplicantLinks />
          <LanguageSwitcher />
        </Toolbar>
      </AppBar>
      <Container component="main" maxWidth="lg" sx={{ py: 3 }}>
        {children}
      </Container>
    </Box>
  );
}

function ApplicantLinks() {
  const manifest = useManifest();
  const language = useLanguage();
  const navigate = useNavigate();
  const { user, loggedIn, signOut } = useSession();
  const applicant = loggedIn && isApplicant(user) ? user?.applicant : undefined;
  if (!applicant) return null;
  const t = (key: keyof typeof TEXTS) => (language === 'ar' ? TEXTS[key].ar : TEXTS[key].en);
  const mine = hrefFor(manifest, 'applicant-information-form', {
    type: String(applicant.applicant_type_id),
    id: String(applicant.id),
    secretKey: applicant.secret,
  });
  return (
    <>
      {mine && (
        <Button color="inherit" component={RouterLink} to={mine} data-nav="my-application">
          {t('mine')}
        </Button>
      )}
      <Button
        color="inherit"
        onClick={() => {
          signOut();
          void navigate(hrefFor(manifest, 'apply') ?? '/');
        }}
        data-nav="leave-application"
      >
        {t('leave')}
      </Button>
    </>
  );
}
