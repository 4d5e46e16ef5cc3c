/** Shares the stored layout setting between the switcher, the shell and the theme. */
import { createContext, useContext, type ReactNode } from 'react';
import { DEFAULT_LAYOUT_SETTINGS, type LayoutSettingsStore } from '../../core/layout-settings.ts';
import { useLayoutSettings, type LayoutSettings } from './layout-settings.ts';

type Value = [LayoutSettings, (patch: Partial<LayoutSettings>) => void];

const LayoutSettingsContext = createContext<Value>([{ ...DEFAULT_LAYOUT_SETTINGS }, () => {}]);

export function LayoutSettingsProvider({ store, children }: { store?: LayoutSettingsStore; children: ReactNode }) {
  const value = useLayoutSettings(store);
  return <LayoutSettingsContext.Provider value={value}>{children}</LayoutSettingsContext.Provider>;
}

export function useLayoutSettingsContext(): Value {
  return useContext(LayoutSettingsContext);
}
