/** Amounts in words (admission-and-grid section 9: up to 9 digits, larger gives the overflow message). */
import { describe, expect, it } from 'vitest';
import { amountInWords, NUMBER_OVERFLOW, numberToWords } from '../../../engine/core/number-words.ts';
import { GRID_MESSAGES } from '../../../engine/plugins/grid/model/index.ts';

describe('amount in words', () => {
  it('cheque style: the whole part in words, the currency, the cents over 100', () => {
    expect(amountInWords(1500.5, 'en', 'EGP')).toBe('one thousand five hundred Egyptian pounds and 50/100 only');
    expect(amountInWords(1500.5, 'ar', 'EGP')).toBe('فقط ألف وخمسمائة جنيه مصري و50/100 لا غير');
    expect(amountInWords(250, 'en', 'USD')).toBe('two hundred fifty US dollars only');
    expect(amountInWords(80, 'ar', 'EGP')).toBe('فقط ثمانون جنيه مصري لا غير');
    expect(amountInWords(12.05, 'en')).toBe('twelve and 05/100 only');
  });

  it('up to 9 digits; more gives the overflow message, the same as the grid', () => {
    expect(amountInWords(999_999_999, 'en')).toBe(`${numberToWords(999_999_999, 'en')} only`);
    expect(amountInWords(1_000_000_000, 'ar', 'EGP')).toBe(NUMBER_OVERFLOW.ar);
    expect(GRID_MESSAGES.numberOverflow).toBe(NUMBER_OVERFLOW);
  });
});

describe("the invoice page's amount in words (format: words)", () => {
  it("spells the amount with the row's currency, in the page's language", async () => {
    const { cellText } = await import('../../../engine/react/renderers/cell-text.ts');
    const { CLIENT_MANIFEST } = await import('../../../stories/fixtures/screens.ts');
    const column = CLIENT_MANIFEST.screens['payments-show']!.columns.find((c) => c.format === 'words');
    expect(column?.field).toBe('amount');
    const row = { amount: '4500.00', currency_id: 2 };
    const paidOf = () => '';
    expect(cellText(row, 'amount', 'words', 'money', 'en', paidOf as never)).toBe(
      'four thousand five hundred US dollars only',
    );
    expect(cellText({ ...row, currency_id: 1 }, 'amount', 'words', 'money', 'ar', paidOf as never)).toBe(
      'فقط أربعة آلاف وخمسمائة جنيه مصري لا غير',
    );
  });
});
