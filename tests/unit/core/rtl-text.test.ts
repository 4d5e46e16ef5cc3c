import { describe, expect, it } from 'vitest';
import { RTL_LANGUAGES, direction, isRtl, localize } from '../../../engine/core/index.ts';

describe('right-to-left languages', () => {
  it('the one list is Arabic', () => {
    expect(RTL_LANGUAGES).toEqual(['ar']);
  });
  it.each([['ar', 'rtl'], ['ar-EG', 'rtl'], ['AR', 'rtl'], ['en', 'ltr'], ['de', 'ltr'], ['fr', 'ltr'], ['pt', 'ltr'], ['', 'ltr']] as const)(
    'direction(%s) is %s',
    (locale, dir) => {
      expect(direction(locale)).toBe(dir);
    },
  );
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
