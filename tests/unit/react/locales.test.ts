import { describe, expect, it } from 'vitest';
import { createI18n, loadLanguage } from '../../../engine/react/i18n/index.ts';

describe('locale files, one chunk per language', () => {
  it('starts with English only, adds the chosen language when loaded, and falls back to English for languages without a file', async () => {
    const i18n = createI18n('ar');
    expect(i18n.t('app.name')).toBe('Rowaq'); // English until the Arabic file arrives
    expect(i18n.hasResourceBundle('ar', 'translation')).toBe(false);
    await loadLanguage(i18n, 'ar');
    expect(i18n.t('app.name')).toBe('رواق');
    await loadLanguage(i18n, 'de'); // no de.json: nothing to load
    await i18n.changeLanguage('de');
    expect(i18n.t('app.name')).toBe('Rowaq');
  });
});
