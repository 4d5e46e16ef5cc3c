/**
 * The university's public settings for the tree (engine/core/university-settings.ts): the menu
 * reads them for screens shown only under a setting. The app passes its store, which the
 * router's guard shares; without one (previews, tests) the provider makes its own from the API.
 */
import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { createUniversitySettingsStore, type UniversityDataAnswer, type UniversitySettings, type UniversitySettingsStore } from '../../core/university-settings.ts';
import { useApi } from './ApiProvider.tsx';

const SettingsContext = createContext<UniversitySettingsStore | null>(null);

export function UniversitySettingsProvider({ store, children }: { store?: UniversitySettingsStore; children: ReactNode }) {
  const api = useApi();
  const [own] = useState(() => store ?? createUniversitySettingsStore(() => api.get<UniversityDataAnswer>('/university/data', { toast: false })));
  return <SettingsContext.Provider value={store ?? own}>{children}</SettingsContext.Provider>;
}

const noSubscribe = () => () => {};
const none = () => null;

/** The settings once loaded (asked for on first use), else null. */
export function useUniversitySettings(): UniversitySettings | null {
  const store = useContext(SettingsContext);
  useEffect(() => void store?.load(), [store]);
  return useSyncExternalStore(store ? store.subscribe : noSubscribe, store ? store.get : none, none);
}
