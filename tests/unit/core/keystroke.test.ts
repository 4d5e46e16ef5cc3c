import { describe, expect, it } from 'vitest';
import { allowsChar, applyKeystrokeFilter, applyNamedFilter, compileFilter } from '../../../engine/core/index.ts';

// The outline's example filters (docs/language-outline.md, kind: rules).
const arabic = '[\\u0600-\\u06FF0-9\\s.,()-]';
const numberOnly = '[0-9.]';
const phone = '[0-9+]';
const noArabic = '[^\\u0600-\\u06FF]';
const lettersOnly = '[A-Za-z\\u0600-\\u06FF\\s]';

describe('keystroke filters', () => {
  it('number only keeps digits and the dot', () => {
    expect(applyKeystrokeFilter('3.75 GPA!', numberOnly)).toBe('3.75');
  });
  it('phone keeps digits and plus', () => {
    expect(applyKeystrokeFilter('+20 (100) 123-4567', phone)).toBe('+201001234567');
  });
  it('Arabic field keeps Arabic letters, digits and a few symbols', () => {
    expect(applyKeystrokeFilter('محمد Ahmed 12 (ب)', arabic)).toBe('محمد  12 (ب)');
  });
  it('no Arabic drops Arabic letters', () => {
    expect(applyKeystrokeFilter('Ahmed أحمد', noArabic)).toBe('Ahmed ');
  });
  it('letters only drops digits and symbols', () => {
    expect(applyKeystrokeFilter('Sara2 سارة_', lettersOnly)).toBe('Sara سارة');
  });
  it('single keystrokes', () => {
    expect(allowsChar(numberOnly, '5')).toBe(true);
    expect(allowsChar(numberOnly, 'a')).toBe(false);
    expect(allowsChar(numberOnly, '55')).toBe(false);
  });
  it('keeps characters outside the basic plane whole', () => {
    expect(applyKeystrokeFilter('a😀b', '[^a]')).toBe('😀b');
  });
  it('compiles classes not written for the unicode flag, and caches', () => {
    expect(applyKeystrokeFilter('a-b c', '[a-c\\ ]')).toBe('ab c');
    expect(compileFilter(numberOnly)).toBe(compileFilter(numberOnly));
    expect(() => compileFilter('[')).toThrow();
  });
  it('named filters from the manifest; unknown or none leaves the input', () => {
    const filters = { number_only: { allow: numberOnly } };
    expect(applyNamedFilter('12a', 'number_only', filters)).toBe('12');
    expect(applyNamedFilter('12a', 'missing', filters)).toBe('12a');
    expect(applyNamedFilter('12a', undefined, filters)).toBe('12a');
  });
});
