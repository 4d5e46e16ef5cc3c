/**
 * The currency of a bank account for transfers: the one its name implies (admission-and-grid
 * section 3: a bank entry's name may contain USD). USD as a word of the name (any case) means a
 * dollar account; any other name, the university's own currency, EGP.
 */
export type BankCurrency = 'EGP' | 'USD';

const USD = /(^|[^A-Za-z])USD([^A-Za-z]|$)/i;

export function bankCurrency(name: string | null | undefined): BankCurrency {
  return name && USD.test(name) ? 'USD' : 'EGP';
}
