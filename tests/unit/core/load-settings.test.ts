// @vitest-environment jsdom
/** Load-time settings (portal-core sections 7 and 9): the favicon from the settings, the frontend version, the preload factor. */
import { describe, expect, it } from 'vitest';
import {
  faviconHref,
  FRONTEND_VERSION,
  LAZY_PRELOAD_FACTOR,
  preloadRootMargin,
} from '../../../engine/core/load-settings.ts';
import { createUniversitySettingsStore } from '../../../engine/core/university-settings.ts';
import { applyFavicon, loadFavicon } from '../../../engine/react/shell/favicon.ts';
import { uiNamespace } from '../../../engine/react/i18n/ui-strings.ts';

describe('load-time settings', () => {
  it("the frontend version and the lazy image preload factor are the specification's", () => {
    expect(FRONTEND_VERSION).toBe('7.13.30');
    expect(LAZY_PRELOAD_FACTOR).toBe(1.3);
    // an image loads once its top is within 1.3 screen heights: the screen extended 30% downward
    expect(preloadRootMargin()).toBe('0px 0px 30% 0px');
    expect(uiNamespace('en').frontendVersion.replace('{{version}}', FRONTEND_VERSION)).toBe('Version 7.13.30');
    expect(uiNamespace('ar').about).toBeTruthy();
  });

  it('the favicon: a site path or an http(s) address from the settings, nothing else', () => {
    expect(faviconHref({ favicon: '/favicon.svg' })).toBe('/favicon.svg');
    expect(faviconHref({ favicon: 'https://cdn.example.edu/icon.png' })).toBe('https://cdn.example.edu/icon.png');
    expect(faviconHref({ favicon: 'javascript:alert(1)' })).toBeNull();
    expect(faviconHref({ favicon: '//evil.example/icon' })).toBeNull();
    expect(faviconHref({ favicon: null })).toBeNull();
    expect(faviconHref(null)).toBeNull();
  });

  it("puts the university's icon in the page once its settings load", async () => {
    document.head.innerHTML = '<link rel="icon" href="data:,">';
    const store = createUniversitySettingsStore(async () => ({ data: [{ name: 'favicon', value: '/uni-icon.png' }] }));
    loadFavicon(document, store);
    await store.load();
    await Promise.resolve();
    expect(document.head.querySelector('link[rel="icon"]')!.getAttribute('href')).toBe('/uni-icon.png');
    document.head.innerHTML = '';
    applyFavicon(document, '/other.svg');
    expect(document.head.querySelectorAll('link[rel="icon"]')).toHaveLength(1);
    applyFavicon(document, null); // nothing named: the page keeps its icon
    expect(document.head.querySelector('link[rel="icon"]')!.getAttribute('href')).toBe('/other.svg');
  });
});
