/** The language menu: en, ar, de, fr, pt by their own names. */
import { useState } from 'react';
import { Button, ListItemText, Menu, MenuItem } from '@mui/material';
import Translate from '@mui/icons-material/Translate';
import { LANGUAGES, LANGUAGE_NAMES } from '../i18n/index.ts';
import { useLanguage, useUi } from '../i18n/hooks.ts';
import { useSetLanguage } from '../i18n/I18nProvider.tsx';

export function LanguageSwitcher({ color = 'inherit' }: { color?: 'inherit' | 'primary' }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
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
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {LANGUAGE_NAMES[language]}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {LANGUAGES.map((lang) => (
          <MenuItem
            key={lang}
            selected={lang === language}
            lang={lang}
            onClick={() => {
              setLanguage(lang);
              setAnchor(null);
            }}
          >
            <ListItemText>{LANGUAGE_NAMES[lang]}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
