/**
 * i18next set-up: English from locales/en.json in the bundle, every other locales/*.json
 * loaded on demand (one chunk per language), the engine's own texts in the `ui` namespace;
 * languages en, ar, de, fr, pt with English as the fallback.
 * Every call makes a fresh instance (tests and Storybook need isolated ones).
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../../locales/en.json';
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
// English is the fallback of every key: always in the first download. Every other language
// is its own chunk, loaded when chosen (`loadLanguage`), whatever files exist.
const otherLocales = import.meta.glob<Json>(['../../../locales/*.json', '!../../../locales/en.json'], {
  import: 'default',
});

function languageOfFile(file: string): string {
  return file.replace(/^.*\//, '').replace(/\.json$/, '');
}

/** The locale file of a language, loaded on demand; undefined when it has none (English is built in). */
export async function localeResource(lang: Language): Promise<Json | undefined> {
  if (lang === DEFAULT_LANGUAGE) return en as Json;
  const entry = Object.entries(otherLocales).find(([file]) => languageOfFile(file) === lang);
  return entry ? entry[1]() : undefined;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * A fresh i18next instance in `language`, with English and the `ui` texts loaded. The
 * language's own locale file arrives through `loadLanguage` (the app awaits it before its
 * first render; a later switch shows English texts for the moment the file takes).
 */
export function createI18n(language: Language = DEFAULT_LANGUAGE): I18n {
  const resources: Record<string, Record<string, Json>> = {};
  for (const lang of LANGUAGES) resources[lang] = {};
  resources.en = { translation: en as Json, ui: uiNamespace('en') };
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
    // re-render when a language's locale file arrives
    react: { bindI18nStore: 'added' },
  });
  return instance;
}

/** Adds the language's locale file to the instance (once); resolves when it is there. */
export async function loadLanguage(i18n: I18n, language: Language): Promise<void> {
  if (language === DEFAULT_LANGUAGE || i18n.hasResourceBundle(language, 'translation')) return;
  const json = await localeResource(language);
  if (json && !i18n.hasResourceBundle(language, 'translation'))
    i18n.addResourceBundle(language, 'translation', json, true, false);
}
