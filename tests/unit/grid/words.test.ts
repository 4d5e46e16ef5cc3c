/** Number to words up to 9 digits in English and Arabic (admission-and-grid section 9). */
import { describe, expect, it } from 'vitest';
import { GRID_MESSAGES, numberToWords, wordsOverflow, WORDS_MAX } from '../../../engine/plugins/grid/model/index.ts';

describe('English', () => {
  it.each([
    [0, 'zero'],
    [7, 'seven'],
    [13, 'thirteen'],
    [20, 'twenty'],
    [45, 'forty-five'],
    [100, 'one hundred'],
    [101, 'one hundred one'],
    [999, 'nine hundred ninety-nine'],
    [1000, 'one thousand'],
    [1234, 'one thousand two hundred thirty-four'],
    [100000, 'one hundred thousand'],
    [1000001, 'one million one'],
    [20_000_000, 'twenty million'],
    [999_999_999, 'nine hundred ninety-nine million nine hundred ninety-nine thousand nine hundred ninety-nine'],
    [-12, 'minus twelve'],
    [3.25, 'three point two five'],
  ])('%d', (n, words) => expect(numberToWords(n, 'en')).toBe(words));
});

describe('Arabic', () => {
  it.each([
    [0, 'صفر'],
    [1, 'واحد'],
    [11, 'أحد عشر'],
    [12, 'اثنا عشر'],
    [21, 'واحد وعشرون'],
    [100, 'مائة'],
    [200, 'مائتان'],
    [305, 'ثلاثمائة وخمسة'],
    [1000, 'ألف'],
    [2000, 'ألفان'],
    [3000, 'ثلاثة آلاف'],
    [11000, 'أحد عشر ألفًا'],
    [100000, 'مائة ألف'],
    [1_000_000, 'مليون'],
    [2_000_000, 'مليونان'],
    [5_000_000, 'خمسة ملايين'],
    [2500, 'ألفان وخمسمائة'],
    [999_999_999, 'تسعمائة وتسعة وتسعون مليونًا وتسعمائة وتسعة وتسعون ألفًا وتسعمائة وتسعة وتسعون'],
    [-3, 'سالب ثلاثة'],
  ])('%d', (n, words) => expect(numberToWords(n, 'ar')).toBe(words));
});

describe('overflow', () => {
  it('more than 9 digits gives the overflow message in the language', () => {
    expect(WORDS_MAX).toBe(999_999_999);
    expect(numberToWords(1_000_000_000, 'en')).toBe(GRID_MESSAGES.numberOverflow.en);
    expect(numberToWords(-1_000_000_000, 'ar')).toBe(GRID_MESSAGES.numberOverflow.ar);
    expect(numberToWords(Number.POSITIVE_INFINITY)).toBe(GRID_MESSAGES.numberOverflow.en);
    expect(wordsOverflow(999_999_999)).toBe(false);
    expect(wordsOverflow(1_000_000_000)).toBe(true);
  });
});
