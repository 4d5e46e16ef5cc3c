/**
 * Texts in several languages: pick the current language's text, falling back to English
 * (portal-core section 1: default locale en, English as fallback).
 */
import { baseLanguage } from './rtl.ts';

export const DEFAULT_LOCALE = 'en';

/** A text in several languages; `en` is the fallback. Compatible with the manifest's LocalText. */
export interface LocalizedText {
  en: string;
  ar?: string;
  [locale: string]: string | undefined;
}

/** The text of `text` in `locale`, else English, else the first non-empty entry, else ''. */
export function localize(text: Readonly<Record<string, string | undefined>>, locale: string): string {
  const lang = baseLanguage(locale);
  const own = text[locale] ?? text[lang];
  if (own) return own;
  if (text[DEFAULT_LOCALE]) return text[DEFAULT_LOCALE] as string;
  for (const value of Object.values(text)) if (value) return value;
  return '';
}

/** Texts the core itself shows (dialogs, toasts, fallbacks), in English and Arabic. */
/** `{name}` placeholders filled from `values`; a name without a value stays as written. */
export function fillText(template: string, values: Readonly<Record<string, string | number>> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** What separates the items of a list written out in each language (Arabic has its own comma). */
const LIST_SEPARATORS: Readonly<Record<string, string>> = { ar: '، ' };

/** Items written out as a list in `locale`: 'Registered, Fresh', 'مسجل، جديد'. */
export function listJoin(items: readonly string[], locale: string): string {
  return items.join(LIST_SEPARATORS[baseLanguage(locale)] ?? ', ');
}

export const CORE_TEXTS = {
  somethingWentWrong: { en: 'Something went wrong', ar: 'حدث خطأ ما' },
  tryAgain: { en: 'Something wrong, try one more time', ar: 'حدث خطأ، حاول مرة أخرى' },
  operationSuccessful: { en: 'Operation successful', ar: 'تمت العملية بنجاح' },
  errorTitle: { en: 'error', ar: 'خطأ' },
  successTitle: { en: 'Success', ar: 'نجاح' },
  payDueInvoices: { en: 'You have to pay your due invoices.', ar: 'يجب عليك سداد الفواتير المستحقة.' },
  // The spec's text, typo included ('survery'): it is the product's visible text.
  fillSurveyFirst: { en: 'You have to fill the survery first.', ar: 'يجب عليك ملء الاستبيان أولاً.' },
} as const satisfies Record<string, LocalizedText>;
