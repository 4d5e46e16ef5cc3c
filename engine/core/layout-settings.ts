/**
 * The layout setting, stored locally (portal-core section 9): vertical menu, collapsed,
 * floating navbar, full content width, light skin (dark optional). Kept as one JSON entry;
 * every invalid or missing field falls back to its default on its own.
 */

/** The Web Storage subset used; `window.localStorage` fits. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export type LayoutType = 'vertical' | 'horizontal';
export type NavbarType = 'floating' | 'sticky' | 'static' | 'hidden';
export type ContentWidth = 'full' | 'boxed';
export type Skin = 'light' | 'dark';

export interface LayoutSettings {
  layoutType: LayoutType;
  menuCollapsed: boolean;
  navbarType: NavbarType;
  contentWidth: ContentWidth;
  skin: Skin;
}

export const LAYOUT_SETTINGS_KEY = 'rowaq.layout';

export const DEFAULT_LAYOUT_SETTINGS: Readonly<LayoutSettings> = Object.freeze({
  layoutType: 'vertical',
  menuCollapsed: true,
  navbarType: 'floating',
  contentWidth: 'full',
  skin: 'light',
});

const CHOICES = {
  layoutType: ['vertical', 'horizontal'],
  navbarType: ['floating', 'sticky', 'static', 'hidden'],
  contentWidth: ['full', 'boxed'],
  skin: ['light', 'dark'],
} as const;

export interface LayoutSettingsStore {
  get(): LayoutSettings;
  /** Merges `patch` into the stored settings and returns the result. */
  update(patch: Partial<LayoutSettings>): LayoutSettings;
  reset(): LayoutSettings;
}

export function createLayoutSettingsStore(storage: KeyValueStorage): LayoutSettingsStore {
  const read = (): LayoutSettings => {
    let raw: unknown;
    try {
      raw = JSON.parse(storage.getItem(LAYOUT_SETTINGS_KEY) ?? 'null');
    } catch {
      raw = null;
    }
    return sanitizeLayoutSettings(raw);
  };
  return {
    get: read,
    update(patch) {
      const next = sanitizeLayoutSettings({ ...read(), ...patch });
      try {
        storage.setItem(LAYOUT_SETTINGS_KEY, JSON.stringify(next));
      } catch {
        // Storage full or disabled (private mode): the setting lasts for this page only.
      }
      return next;
    },
    reset() {
      storage.removeItem(LAYOUT_SETTINGS_KEY);
      return { ...DEFAULT_LAYOUT_SETTINGS };
    },
  };
}

/** Settings from anything: each field valid or its default. Always a fresh object. */
export function sanitizeLayoutSettings(value: unknown): LayoutSettings {
  const v = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const pick = <K extends keyof typeof CHOICES>(key: K): LayoutSettings[K] =>
    ((CHOICES[key] as readonly unknown[]).includes(v[key])
      ? v[key]
      : DEFAULT_LAYOUT_SETTINGS[key]) as LayoutSettings[K];
  return {
    layoutType: pick('layoutType'),
    menuCollapsed: typeof v.menuCollapsed === 'boolean' ? v.menuCollapsed : DEFAULT_LAYOUT_SETTINGS.menuCollapsed,
    navbarType: pick('navbarType'),
    contentWidth: pick('contentWidth'),
    skin: pick('skin'),
  };
}

/** A Map-backed storage for tests and the server. */
export function createMemoryStorage(initial: Record<string, string> = {}): KeyValueStorage {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}
