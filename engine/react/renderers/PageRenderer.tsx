/**
 * The page screen kind: static public pages (coming soon, not-authorized, under-maintenance,
 * error-404) drawn from the manifest: title, text and a picture chosen by the page's code or
 * name. A page naming a component (`auth#Login`) is drawn by ComponentRenderer instead.
 */
import type { ComponentType } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Typography, type SvgIconProps } from '@mui/material';
import Build from '@mui/icons-material/Build';
import Construction from '@mui/icons-material/Construction';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import Lock from '@mui/icons-material/Lock';
import { useTranslation } from 'react-i18next';
import { useSession } from '../data/SessionProvider.tsx';
import { useLabel, useUi } from '../i18n/hooks.ts';
import type { RendererProps } from '../registry/registry.ts';
import { screenCode, screenText } from '../screen-extras.ts';

/** The big code or word a static page shows, from its `code` or its name. */
export function pageCode(screen: RendererProps['screen']): string | undefined {
  const code = screenCode(screen);
  if (code) return code;
  if (/404/.test(screen.name)) return '404';
  if (/not-authorized|unauthori[sz]ed|403/.test(screen.name)) return '403';
  return undefined;
}

/** Locale keys that may hold a static page's text: `pages.<name>.text`, `misc.<name>_text`. */
export function pageTextKeys(name: string): string[] {
  const base = name.replace(/^misc-/, '').replace(/-/g, '_');
  return [`pages.${name}.text`, `misc.${base}_text`, `misc.${base.replace(/^under_/, '')}_text`];
}

function pageIcon(name: string): ComponentType<SvgIconProps> {
  if (/not-authorized|401/.test(name)) return Lock;
  if (/maintenance/.test(name)) return Build;
  if (/coming-soon/.test(name)) return Construction;
  return ErrorOutline;
}

export function PageRenderer({ screen }: RendererProps) {
  const label = useLabel();
  const ui = useUi();
  const { t, i18n } = useTranslation();
  const { loggedIn } = useSession();
  const key = pageTextKeys(screen.name).find((k) => i18n.exists(k));
  const text = screenText(screen) ? label(screenText(screen)) : key ? (t(key) as string) : '';
  const code = pageCode(screen);
  const Icon = pageIcon(screen.name);
  return (
    <Box
      sx={{
        minHeight: '70vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        px: 2,
        gap: 2,
      }}
    >
      {code ? (
        <Typography variant="h1" component="p" color="primary" sx={{ fontWeight: 700 }}>
          {code}
        </Typography>
      ) : (
        <Icon color="primary" sx={{ fontSize: 96 }} />
      )}
      <Typography variant="h4" component="h1">
        {label(screen.title)}
      </Typography>
      {text && (
        <Typography color="text.secondary" sx={{ maxWidth: 560 }}>
          {text}
        </Typography>
      )}
      <Button component={RouterLink} to="/" variant="contained">
        {loggedIn ? ui('backHome') : ui('backToLogin')}
      </Button>
    </Box>
  );
}
