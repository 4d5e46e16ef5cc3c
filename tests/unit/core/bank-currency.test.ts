/** A bank entry's name may contain USD (admission-and-grid section 3): the currency it implies. */
import { describe, expect, it } from 'vitest';
import { bankCurrency } from '../../../engine/core/bank-currency.ts';

describe('bank currency', () => {
  it('USD as a word of the name is a dollar account; anything else, pounds', () => {
    expect(bankCurrency('National Bank of Egypt - USD')).toBe('USD');
    expect(bankCurrency('Banque Misr (usd)')).toBe('USD');
    expect(bankCurrency('USD account, CIB')).toBe('USD');
    expect(bankCurrency('National Bank of Egypt')).toBe('EGP');
    expect(bankCurrency('USDAN Bank')).toBe('EGP');
    expect(bankCurrency(null)).toBe('EGP');
  });
});
