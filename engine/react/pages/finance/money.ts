/** Money as the portal shows it: 2 decimals, Latin digits in both languages, then the currency code. */
import { formatValue } from '../../renderers/cells.tsx';

const CURRENCIES: Record<number, string> = { 1: 'EGP', 2: 'USD' };

export function money(value: unknown, currencyId: unknown, language: string): string {
  // Isolated left to right (LRI ... PDI), so "1,500.00 EGP" keeps its order inside Arabic text.
  return `\u2066${`${formatValue(value, 'money', 'money', language)} ${CURRENCIES[Number(currencyId)] ?? ''}`.trim()}\u2069`;
}

/** Starts a provider payment and sends the browser to its hosted page (a full page load: it is another site). */
export function goToProvider(url: string | null | undefined): boolean {
  if (!url) return false;
  window.location.assign(url);
  return true;
}
