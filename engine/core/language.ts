/**
 * The interface language, kept in a cookie for 360 days (portal-core section 9):
 * default en, alternative ar. The other configured languages (de, fr, pt) are accepted and
 * fall back to English text elsewhere.
 */
import type { CookieJar } from './cookie-jar.ts';
import { baseLanguage } from './rtl.ts';

export const LANGUAGE_COOKIE = 'language';
export const LANGUAGE_COOKIE_DAYS = 360;
export const DEFAULT_LANGUAGE = 'en';
export const SUPPORTED_LANGUAGES: readonly string[] = ['en', 'ar', 'de', 'fr', 'pt'];

export interface LanguageStore {
  get(): string;
  set(language: string): string;
}

/** A supported language code from any tag ('AR-eg' -> 'ar'), or the default. */
export function normalizeLanguage(value: string | null | undefined): string {
  const lang = baseLanguage(value);
  return SUPPORTED_LANGUAGES.includes(lang) ? lang : DEFAULT_LANGUAGE;
}

export function createLanguageStore(jar: CookieJar): LanguageStore {
  return {
    get: () => normalizeLanguage(jar.get(LANGUAGE_COOKIE)),
    set(language) {
      const lang = normalizeLanguage(language);
      jar.set(LANGUAGE_COOKIE, lang, { expiresDays: LANGUAGE_COOKIE_DAYS });
      return lang;
    },
  };
}
