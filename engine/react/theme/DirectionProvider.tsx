/**
 * Keeps the page in step with the language: `document.dir` and `lang`, the MUI theme's
 * direction, the Emotion cache (right-to-left flipping), and the date pickers' locale.
 */
import { useEffect, useMemo, type ReactNode } from 'react';
import { CacheProvider } from '@emotion/react';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import 'dayjs/locale/ar';
import 'dayjs/locale/de';
import 'dayjs/locale/fr';
import 'dayjs/locale/pt';
import { useLanguage } from '../i18n/hooks.ts';
import { directionOf } from '../i18n/direction.ts';
import { emotionCache } from './cache.ts';
import { makeTheme, type Skin } from './theme.ts';

export function DirectionProvider({ children, skin = 'light' }: { children: ReactNode; skin?: Skin }) {
  const language = useLanguage();
  const direction = directionOf(language);
  const theme = useMemo(() => makeTheme(direction, skin), [direction, skin]);

  useEffect(() => {
    document.documentElement.dir = direction;
    document.documentElement.lang = language;
  }, [direction, language]);

  return (
    <CacheProvider value={emotionCache(direction)}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={language}>
          {children}
        </LocalizationProvider>
      </ThemeProvider>
    </CacheProvider>
  );
}
