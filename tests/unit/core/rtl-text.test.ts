import { describe, expect, it } from 'vitest';
import { RTL_LANGUAGES, direction, isRtl, listJoin, localize } from '../../../engine/core/index.ts';

describe('right-to-left languages', () => {
  it('the one list is Arabic', () => {
    expect(RTL_LANGUAGES).toEqual(['ar']);
  });
  it.each([
    ['ar', 'rtl'],
    ['ar-EG', 'rtl'],
    ['AR', 'rtl'],
    ['en', 'ltr'],
    ['de', 'ltr'],
    ['fr', 'ltr'],
    ['pt', 'ltr'],
    ['', 'ltr'],
  ] as const)('direction(%s) is %s', (locale, dir) => {
    expect(direction(locale)).toBe(dir);
  });
  it('isRtl handles null', () => {
    expect(isRtl(null)).toBe(false);
  });
});

describe('localize', () => {
  it('the locale, then English, then anything', () => {
    expect(localize({ en: 'Save', ar: 'حفظ' }, 'ar')).toBe('حفظ');
    expect(localize({ en: 'Save', ar: 'حفظ' }, 'pt')).toBe('Save');
    expect(localize({ en: 'Save', ar: 'حفظ', de: 'Speichern' }, 'de-AT')).toBe('Speichern');
    expect(localize({ en: '', ar: 'حفظ' }, 'fr')).toBe('حفظ');
    expect(localize({ en: '' }, 'en')).toBe('');
  });
});

describe('listJoin', () => {
  it('joins with the language’s own comma: the Arabic one in Arabic, whatever the region', () => {
    expect(listJoin(['Fresh', 'Registered'], 'en')).toBe('Fresh, Registered');
    expect(listJoin(['مستجد', 'مسجل'], 'ar')).toBe('مستجد، مسجل');
    expect(listJoin(['pdf', 'jpg', 'png'], 'ar-EG')).toBe('pdf، jpg، png');
    expect(listJoin(['a', 'b'], 'de')).toBe('a, b');
    expect(listJoin(['one'], 'ar')).toBe('one');
    expect(listJoin([], 'ar')).toBe('');
  });
});
