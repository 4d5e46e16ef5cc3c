/**
 * Reading error messages out of response bodies (portal-core section 8,
 * admission-and-grid section 8). Errors are read from `data.errors`, then `data.error`.
 *
 * Shapes understood, at any nesting up to a small depth:
 *   - a string                                  'No place available'
 *   - a list: its first usable entry            ['No place available', ...]
 *   - a text per language: the current one,     {en: 'No place', ar: 'لا يوجد مكان'}
 *     else English (values may be lists)        {en: ['...'], ar: ['...']}
 *   - an object with `message`                  {message: '...'}
 *   - a field map: the first field's entry      {email: ['Taken', ...], name: [...]}
 */
import { CORE_TEXTS, localize } from '../text.ts';
import { baseLanguage } from '../rtl.ts';

const MAX_DEPTH = 6;
const LOCALE_KEY = /^[a-z]{2}(?:[-_][A-Za-z]{2})?$/;

/** The message of a response body, in `locale`, or undefined when it has none. */
export function errorMessage(data: unknown, locale: string): string | undefined {
  if (!isObject(data)) return undefined;
  return textOf(data.errors, locale) ?? textOf(data.error, locale);
}

/**
 * The first entry of `data.errors`, in `locale`: what registration, transfer, emtyaz and
 * study plan calls surface to their caller.
 */
export function firstError(data: unknown, locale: string): string | undefined {
  if (!isObject(data)) return undefined;
  return textOf(data.errors, locale);
}

/** The first message of every field of `data.errors`, in `locale` (for form field errors). */
export function fieldErrors(data: unknown, locale: string): Record<string, string> {
  if (!isObject(data)) return {};
  let errors = data.errors;
  if (isObject(errors) && isLocalized(errors)) errors = pickLocale(errors, locale, 1);
  if (!isObject(errors) || Array.isArray(errors)) return {};
  const out: Record<string, string> = {};
  for (const [field, value] of Object.entries(errors)) {
    if (field === 'message') continue;
    const text = textOf(value, locale);
    if (text !== undefined) out[field] = text;
  }
  return out;
}

/** errorMessage, or the fallback 'Something wrong, try one more time' in `locale`. */
export function errorMessageOrFallback(data: unknown, locale: string): string {
  return errorMessage(data, locale) ?? localize(CORE_TEXTS.tryAgain, locale);
}

/** The first usable text in `value`, in `locale`. */
export function textOf(value: unknown, locale: string, depth = 0): string | undefined {
  if (depth > MAX_DEPTH || value == null) return undefined;
  if (typeof value === 'string') return value.trim() || undefined;
  if (Array.isArray(value)) {
    for (const entry of value) {
      const text = textOf(entry, locale, depth + 1);
      if (text !== undefined) return text;
    }
    return undefined;
  }
  if (!isObject(value)) return undefined;
  if (isLocalized(value)) return textOf(pickLocale(value, locale, depth + 1), locale, depth + 1);
  if ('message' in value) {
    const text = textOf(value.message, locale, depth + 1);
    if (text !== undefined) return text;
  }
  for (const entry of Object.values(value)) {
    const text = textOf(entry, locale, depth + 1);
    if (text !== undefined) return text;
  }
  return undefined;
}

/** An object keyed by language codes only, one of them en or ar. */
function isLocalized(value: Record<string, unknown>): boolean {
  const keys = Object.keys(value);
  return keys.length > 0 && ('en' in value || 'ar' in value) && keys.every((k) => LOCALE_KEY.test(k));
}

/** The current language's entry if it holds text, else English's, else any that does. */
function pickLocale(value: Record<string, unknown>, locale: string, depth: number): unknown {
  const usable = (v: unknown): boolean => textOf(v, locale, depth) !== undefined;
  for (const key of [locale, baseLanguage(locale), 'en']) {
    if (key in value && usable(value[key])) return value[key];
  }
  return Object.values(value).find(usable);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
