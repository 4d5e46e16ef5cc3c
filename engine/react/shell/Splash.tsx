/**
 * The loading splash. `index.html` draws a static one (`#rowaq-splash`) before any script
 * runs; `hideStaticSplash()` removes it after the first navigation (spec: "the loading splash
 * is hidden"). `<Splash/>` is the same look for lazy screens inside React.
 */
import { Box, CircularProgress, Typography } from '@mui/material';
import { useUi } from '../i18n/hooks.ts';

export const STATIC_SPLASH_ID = 'rowaq-splash';

export function hideStaticSplash(
  doc: Document | undefined = typeof document === 'undefined' ? undefined : document,
): void {
  doc?.getElementById(STATIC_SPLASH_ID)?.remove();
}

export function Splash({ inline = false }: { inline?: boolean }) {
  const ui = useUi();
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        minHeight: inline ? 240 : '100vh',
      }}
    >
      <CircularProgress />
      <Typography variant="body2" color="text.secondary">
        {ui('loading')}
      </Typography>
    </Box>
  );
}
