/**
 * The language button: en, ar, de, fr, pt by their own names. The menu (MUI Menu, Popover,
 * Modal) is its own chunk, loaded on the first click, so pages that only show the button
 * (sign-in) do not download it.
 */
import { Suspense, useState } from 'react';
import { Button } from '@mui/material';
import Translate from '@mui/icons-material/Translate';
import { LANGUAGE_NAMES } from '../i18n/index.ts';
import { useLanguage, useUi } from '../i18n/hooks.ts';
import { useSetLanguage } from '../i18n/I18nProvider.tsx';
import { lazyNamed } from '../lazy.ts';
import type { LanguageMenuProps } from './LanguageMenu.tsx';

const LanguageMenu = lazyNamed<LanguageMenuProps, 'LanguageMenu'>(() => import('./LanguageMenu.tsx'), 'LanguageMenu');

export function LanguageSwitcher({ color = 'inherit' }: { color?: 'inherit' | 'primary' }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  const language = useLanguage();
  const setLanguage = useSetLanguage();
  const ui = useUi();
  return (
    <>
      <Button
        color={color}
        startIcon={<Translate />}
        aria-label={ui('language')}
        aria-haspopup="menu"
        onClick={(e) => {
          setAnchor(e.currentTarget);
          setOpened(true);
        }}
      >
        {LANGUAGE_NAMES[language]}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <LanguageMenu
            anchor={anchor}
            language={language}
            onClose={() => setAnchor(null)}
            onChoose={(lang) => {
              setLanguage(lang);
              setAnchor(null);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
