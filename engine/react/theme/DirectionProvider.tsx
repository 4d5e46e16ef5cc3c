/**
 * Keeps the page in step with the language: `document.dir` and `lang`, the MUI theme's
 * direction and the Emotion cache (right-to-left flipping). The date pickers' locale is set
 * where they are used (renderers/form/FormView.tsx), so they load with the forms.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { CacheProvider } from '@emotion/react';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { useLanguage, useUi } from '../i18n/hooks.ts';
import { directionOf } from '../i18n/direction.ts';
import { directionReady, emotionCache, prepareDirection } from './cache.ts';
import { makeTheme, type Skin } from './theme.ts';

export function DirectionProvider({ children, skin = 'light' }: { children: ReactNode; skin?: Skin }) {
  const language = useLanguage();
  const direction = directionOf(language);
  const ui = useUi();
  const theme = useMemo(() => makeTheme(direction, skin, ui), [direction, skin, ui]);
  // The app prepares the direction before it draws; a tree drawn without (a test, a story)
  // draws once more when the right-to-left styling has arrived.
  const [, setReady] = useState(() => directionReady(direction));
  useEffect(() => {
    if (directionReady(direction)) return;
    let live = true;
    void prepareDirection(direction).then(
      () => live && setReady(true),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [direction]);

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
