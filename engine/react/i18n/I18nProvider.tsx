/**
 * i18next for the tree, plus `useSetLanguage()`: switch the language and remember it in
 * engine/core's language cookie (360 days), loading its locale file. Direction follows in theme/DirectionProvider.
 */
import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import type { LanguageStore } from '../../core/language.ts';
import { isLanguage, loadLanguage, type Language } from './index.ts';
import { directionOf } from './direction.ts';
import { prepareDirection } from '../theme/cache.ts';

type SetLanguage = (language: Language) => void;

const SetLanguageContext = createContext<SetLanguage>(() => {});

export function I18nProvider({ i18n, store, children }: { i18n: I18n; store?: LanguageStore; children: ReactNode }) {
  const setLanguage = useCallback<SetLanguage>(
    (language) => {
      const stored = store ? store.set(language) : language;
      const lang = isLanguage(stored) ? stored : language;
      // The locale file follows the switch (one chunk); a right-to-left language's styling comes
      // first, so the page never draws right to left unflipped.
      void loadLanguage(i18n, lang);
      void prepareDirection(directionOf(lang))
        .catch(() => undefined)
        .then(() => i18n.changeLanguage(lang));
    },
    [i18n, store],
  );
  const value = useMemo(() => setLanguage, [setLanguage]);
  return (
    <I18nextProvider i18n={i18n}>
      <SetLanguageContext.Provider value={value}>{children}</SetLanguageContext.Provider>
    </I18nextProvider>
  );
}

export function useSetLanguage(): SetLanguage {
  return useContext(SetLanguageContext);
}
