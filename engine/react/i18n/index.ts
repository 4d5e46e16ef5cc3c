/**
 * i18next set-up: resources from locales/*.json (whatever files exist), the engine's own
 * texts in the `ui` namespace, languages en, ar, de, fr, pt with English as the fallback.
 * Every call makes a fresh instance (tests and Storybook need isolated ones).
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { uiNamespace } from './ui-strings.ts';

export const LANGUAGES = ['en', 'ar', 'de', 'fr', 'pt'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Native names shown in the language switcher. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  ar: 'العربية',
  de: 'Deutsch',
  fr: 'Français',
  pt: 'Português',
};

type Json = Record<string, unknown>;
const localeFiles = import.meta.glob<Json>('../../../locales/*.json', { eager: true, import: 'default' });

/** `{lang: json}` for every locale file present. */
export function localeResources(): Partial<Record<Language, Json>> {
  const out: Partial<Record<Language, Json>> = {};
  for (const [file, json] of Object.entries(localeFiles)) {
    const lang = file.replace(/^.*\//, '').replace(/\.json$/, '');
    if ((LANGUAGES as readonly string[]).includes(lang)) out[lang as Language] = json;
  }
  return out;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function createI18n(language: Language = DEFAULT_LANGUAGE): I18n {
  const files = localeResources();
  const resources: Record<string, Record<string, Json>> = {};
  for (const lang of LANGUAGES) {
    resources[lang] = { translation: files[lang] ?? {} };
  }
  resources.en.ui = uiNamespace('en');
  resources.ar.ui = uiNamespace('ar');
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: ['translation', 'ui'],
    defaultNS: 'translation',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}
