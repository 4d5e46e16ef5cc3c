// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Button, useTheme } from '@mui/material';
import { createMemoryCookieJar } from '../../../engine/core/cookie-jar.ts';
import { createLanguageStore, LANGUAGE_COOKIE } from '../../../engine/core/language.ts';
import { createI18n } from '../../../engine/react/i18n/index.ts';
import { I18nProvider, useSetLanguage } from '../../../engine/react/i18n/I18nProvider.tsx';
import { useUi } from '../../../engine/react/i18n/hooks.ts';
import { DirectionProvider } from '../../../engine/react/theme/DirectionProvider.tsx';
import { makeTheme } from '../../../engine/react/theme/theme.ts';

function Probe() {
  const theme = useTheme();
  const setLanguage = useSetLanguage();
  const ui = useUi();
  return (
    <div>
      <span data-testid="direction">{theme.direction}</span>
      <span data-testid="font">{String(theme.typography.fontFamily)}</span>
      <span data-testid="text">{ui('signIn')}</span>
      <Button sx={{ marginLeft: '7px' }} onClick={() => setLanguage('ar')}>
        ar
      </Button>
      <Button onClick={() => setLanguage('de')}>de</Button>
      <Button onClick={() => setLanguage('en')}>en</Button>
    </div>
  );
}

function setup(language: 'en' | 'ar' = 'en') {
  const jar = createMemoryCookieJar();
  const store = createLanguageStore(jar);
  render(
    <I18nProvider i18n={createI18n(language)} store={store}>
      <DirectionProvider>
        <Probe />
      </DirectionProvider>
    </I18nProvider>,
  );
  return { jar };
}

afterEach(cleanup);

describe('right to left', () => {
  it('switching to Arabic turns the document, the theme and the styles right to left, and back', async () => {
    const { jar } = setup('en');
    expect(document.documentElement.dir).toBe('ltr');
    expect(document.documentElement.lang).toBe('en');
    expect(screen.getByTestId('direction').textContent).toBe('ltr');
    expect(screen.getByTestId('text').textContent).toBe('Sign in');

    await act(async () => screen.getByText('ar').click());
    // The right-to-left styling is its own chunk: the switch waits for it, then turns everything at once.
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(document.documentElement.lang).toBe('ar');
    expect(screen.getByTestId('direction').textContent).toBe('rtl');
    expect(screen.getByTestId('font').textContent).toMatch(/^"Cairo"/);
    expect(screen.getByTestId('text').textContent).toBe('تسجيل الدخول');
    expect(jar.get(LANGUAGE_COOKIE)).toBe('ar');
    expect(jar.options(LANGUAGE_COOKIE)?.expiresDays).toBe(360);
    // the rtl Emotion cache (stylis-plugin-rtl) flipped margin-left into margin-right
    const rtlCss = [...document.querySelectorAll('style[data-emotion^="muirtl"]')].map((s) => s.textContent).join('');
    expect(rtlCss).toContain('margin-right:7px');

    await act(async () => screen.getByText('en').click());
    await waitFor(() => expect(document.documentElement.dir).toBe('ltr'));
  });

  it('German is offered but falls back to English text, left to right', async () => {
    setup('en');
    await act(async () => screen.getByText('de').click());
    await waitFor(() => expect(document.documentElement.lang).toBe('de'));
    expect(document.documentElement.dir).toBe('ltr');
    expect(screen.getByTestId('text').textContent).toBe('Sign in');
  });

  it('starts right to left when the stored language is Arabic', () => {
    setup('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(makeTheme('rtl').direction).toBe('rtl');
  });
});
