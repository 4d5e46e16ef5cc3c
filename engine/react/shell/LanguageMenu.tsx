/** The language switcher's menu: every language by its own name, the current one selected. */
import { ListItemText, Menu, MenuItem } from '@mui/material';
import { LANGUAGES, LANGUAGE_NAMES, type Language } from '../i18n/index.ts';

export interface LanguageMenuProps {
  anchor: HTMLElement | null;
  language: Language;
  onClose: () => void;
  onChoose: (language: Language) => void;
}

export function LanguageMenu({ anchor, language, onClose, onChoose }: LanguageMenuProps) {
  return (
    <Menu anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      {LANGUAGES.map((lang) => (
        <MenuItem key={lang} selected={lang === language} lang={lang} onClick={() => onChoose(lang)}>
          <ListItemText>{LANGUAGE_NAMES[lang]}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
