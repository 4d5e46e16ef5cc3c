import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LAYOUT_SETTINGS,
  LAYOUT_SETTINGS_KEY,
  createLanguageStore,
  createLayoutSettingsStore,
  createMemoryCookieJar,
  createMemoryStorage,
  normalizeLanguage,
  sanitizeLayoutSettings,
} from '../../../engine/core/index.ts';

describe('language cookie', () => {
  it('defaults to en', () => {
    expect(createLanguageStore(createMemoryCookieJar()).get()).toBe('en');
  });
  it('stores ar for 360 days', () => {
    const jar = createMemoryCookieJar();
    const store = createLanguageStore(jar);
    expect(store.set('ar')).toBe('ar');
    expect(store.get()).toBe('ar');
    expect(jar.options('language')).toMatchObject({ expiresDays: 360, path: '/' });
  });
  it('normalizes tags and refuses unknown languages', () => {
    expect(normalizeLanguage('AR-eg')).toBe('ar');
    expect(normalizeLanguage('fr')).toBe('fr');
    expect(normalizeLanguage('xx')).toBe('en');
    expect(createLanguageStore(createMemoryCookieJar({ language: 'klingon' })).get()).toBe('en');
  });
});

describe('layout settings stored locally', () => {
  it('defaults: vertical, menu collapsed, floating navbar, full width, light skin', () => {
    expect(createLayoutSettingsStore(createMemoryStorage()).get()).toEqual({
      layoutType: 'vertical',
      menuCollapsed: true,
      navbarType: 'floating',
      contentWidth: 'full',
      skin: 'light',
    });
  });
  it('update merges, persists and survives a new store on the same storage', () => {
    const storage = createMemoryStorage();
    createLayoutSettingsStore(storage).update({ layoutType: 'horizontal', skin: 'dark' });
    expect(createLayoutSettingsStore(storage).get()).toMatchObject({
      layoutType: 'horizontal',
      skin: 'dark',
      menuCollapsed: true,
    });
  });
  it('each invalid field falls back on its own; broken JSON gives the defaults', () => {
    expect(sanitizeLayoutSettings({ layoutType: 'diagonal', skin: 'dark', menuCollapsed: 'yes' })).toEqual({
      ...DEFAULT_LAYOUT_SETTINGS,
      skin: 'dark',
    });
    expect(createLayoutSettingsStore(createMemoryStorage({ [LAYOUT_SETTINGS_KEY]: '{oops' })).get()).toEqual(
      DEFAULT_LAYOUT_SETTINGS,
    );
  });
  it('reset removes the stored entry', () => {
    const storage = createMemoryStorage();
    const store = createLayoutSettingsStore(storage);
    store.update({ layoutType: 'horizontal' });
    expect(store.reset()).toEqual(DEFAULT_LAYOUT_SETTINGS);
    expect(storage.getItem(LAYOUT_SETTINGS_KEY)).toBeNull();
  });
  it('a failing storage keeps the change for the page', () => {
    const storage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {},
    };
    expect(createLayoutSettingsStore(storage).update({ skin: 'dark' }).skin).toBe('dark');
  });
});
