/**
 * The one list of right-to-left languages (STYLE.md, point 8) and the direction helper.
 * Every part of Rowaq that needs a text direction asks here.
 */

export const RTL_LANGUAGES: readonly string[] = ['ar'];

export type Direction = 'ltr' | 'rtl';

/** The base language of a locale tag: 'ar-EG' -> 'ar', 'EN' -> 'en'. */
export function baseLanguage(locale: string | null | undefined): string {
  return (locale ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
}

export function isRtl(locale: string | null | undefined): boolean {
  return RTL_LANGUAGES.includes(baseLanguage(locale));
}

export function direction(locale: string | null | undefined): Direction {
  return isRtl(locale) ? 'rtl' : 'ltr';
}
