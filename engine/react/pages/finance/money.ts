/**
 * Money as the portal shows it: the amount with 2 decimals and Latin digits in both languages,
 * then the currency named as the lists name it (the `currency` status table: EGP in English,
 * جنيه مصري in Arabic).
 */
import { useCallback } from 'react';
import { badge, type BadgeTable } from '../../../core/badges.ts';
import { useManifest } from '../../data/ManifestProvider.tsx';
import { useLanguage } from '../../i18n/hooks.ts';
import { formatValue } from '../../renderers/cells.tsx';

/** The codes, for a manifest without the currency table. */
const CURRENCIES: Record<number, string> = { 1: 'EGP', 2: 'USD' };

/** `currency`: the currency's id (1, 2) or its code (EGP, USD). */
export function money(value: unknown, currency: unknown, language: string, currencies?: BadgeTable): string {
  // The amount isolated left to right (LRI ... PDI), so "-1,500.00" keeps its order in Arabic text;
  // the currency's name follows it in the sentence's own direction.
  const amount = `\u2066${formatValue(value, 'money', 'money', language)}\u2069`;
  const id = typeof currency === 'number' || typeof currency === 'string' ? currency : undefined;
  const name =
    (currencies && id !== undefined ? badge(currencies, id, language).text : '') ||
    CURRENCIES[Number(currency)] ||
    (typeof currency === 'string' ? currency : '');
  return name ? `${amount} ${name}` : amount;
}

/** `money` in the page's language with the manifest's currency table. */
export function useMoney(): (value: unknown, currency: unknown) => string {
  const currencies = useManifest().statusTables.currency;
  const language = useLanguage();
  return useCallback(
    (value: unknown, currency: unknown) => money(value, currency, language, currencies),
    [language, currencies],
  );
}

/** Starts a provider payment and sends the browser to its hosted page (a full page load: it is another site). */
export function goToProvider(url: string | null | undefined): boolean {
  if (!url) return false;
  window.location.assign(url);
  return true;
}
