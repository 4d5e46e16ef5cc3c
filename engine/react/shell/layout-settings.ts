/**
 * The stored layout setting, through engine/core's layout settings store (localStorage);
 * `useLayoutSettings` is the thin hook that re-renders on change.
 */
import { useCallback, useMemo, useState } from 'react';
import {
  createLayoutSettingsStore,
  createMemoryStorage,
  type LayoutSettings,
  type LayoutSettingsStore,
} from '../../core/layout-settings.ts';

export type { LayoutSettings } from '../../core/layout-settings.ts';

export function browserLayoutStore(): LayoutSettingsStore {
  const storage = typeof localStorage === 'undefined' ? createMemoryStorage() : localStorage;
  return createLayoutSettingsStore(storage);
}

export function useLayoutSettings(
  store?: LayoutSettingsStore,
): [LayoutSettings, (patch: Partial<LayoutSettings>) => void] {
  const s = useMemo(() => store ?? browserLayoutStore(), [store]);
  const [settings, setSettings] = useState<LayoutSettings>(() => s.get());
  const update = useCallback((patch: Partial<LayoutSettings>) => setSettings(s.update(patch)), [s]);
  return [settings, update];
}
