/**
 * Keeps the page in step with the language: `document.dir` and `lang`, the MUI theme's
 * direction and the Emotion cache (right-to-left flipping). The date pickers' locale is set
 * where they are used (renderers/form/FormView.tsx), so they load with the forms.
 */
import { useEffect, useMemo, type ReactNode } from 'react';
import { CacheProvider } from '@emotion/react';
import { CssBaseline, ThemeProvider } from '@mui/material';
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
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}
