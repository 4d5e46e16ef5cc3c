/**
 * The provider tree every Rowaq page sits in, in the order the layers depend on each other:
 * manifest, language, layout settings and theme, session, API, the only-payments flag, live data,
 * renderers, toasts and the popup. The app (app.tsx) and the previews (testing/StoryProviders.tsx)
 * both use it, so a story renders inside exactly what the portal renders inside.
 */
import type { ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import type { ClientManifest } from '../../../generator/manifest-types.ts';
import type { ApiClient } from '../../core/api/client.ts';
import type { LanguageStore } from '../../core/language.ts';
import type { LayoutSettingsStore } from '../../core/layout-settings.ts';
import type { SessionStore } from '../../core/session.ts';
import { I18nProvider } from '../i18n/I18nProvider.tsx';
import { PopupHost } from '../popup/Popup.tsx';
import type { Registry } from '../registry/registry.ts';
import { RegistryProvider } from '../registry/RegistryProvider.tsx';
import { LayoutSettingsProvider, useLayoutSettingsContext } from '../shell/LayoutSettingsContext.tsx';
import { DirectionProvider } from '../theme/DirectionProvider.tsx';
import { ToastHost } from '../toasts/ToastHost.tsx';
import { ApiProvider } from './ApiProvider.tsx';
import { LiveDataProvider } from './LiveDataProvider.tsx';
import type { ManifestStore } from './manifest-store.ts';
import { ManifestProvider } from './ManifestProvider.tsx';
import { OnlyPaymentsProvider } from './OnlyPaymentsProvider.tsx';
import type { StoredOnlyPaymentsFlag } from '../../core/only-payments.ts';
import { SessionProvider } from './SessionProvider.tsx';
import type { UiBridge } from './ui-bridge.ts';
import type { UniversitySettingsStore } from '../../core/university-settings.ts';
import { UniversitySettingsProvider } from './UniversitySettingsProvider.tsx';

export interface AppProvidersProps {
  /** A whole manifest (previews, tests) or the app's manifest store. */
  manifest: { manifest: ClientManifest } | { store: ManifestStore };
  i18n: I18n;
  languageStore: LanguageStore;
  layoutStore: LayoutSettingsStore;
  session: SessionStore;
  api: ApiClient;
  registry: Registry;
  bridge: UiBridge;
  /** The only-payments flag (the app's); absent: the mode is off. */
  onlyPayments?: StoredOnlyPaymentsFlag;
  /** The university's settings (the app's, shared with the router); absent: loaded from the API. */
  settings?: UniversitySettingsStore;
  children: ReactNode;
}

/** The theme follows the stored skin (light or dark) and the language's direction. */
function ThemedByLayout({ children }: { children: ReactNode }) {
  const [settings] = useLayoutSettingsContext();
  return <DirectionProvider skin={settings.skin}>{children}</DirectionProvider>;
}

export function AppProviders(props: AppProvidersProps) {
  const source = props.manifest;
  const content = (
    <I18nProvider i18n={props.i18n} store={props.languageStore}>
      <LayoutSettingsProvider store={props.layoutStore}>
        <ThemedByLayout>
          <SessionProvider store={props.session}>
            <ApiProvider api={props.api}>
              <UniversitySettingsProvider store={props.settings}>
                <OnlyPaymentsProvider flag={props.onlyPayments}>
                  <LiveDataProvider>
                    <RegistryProvider registry={props.registry}>
                      <ToastHost bridge={props.bridge}>
                        <PopupHost bridge={props.bridge}>{props.children}</PopupHost>
                      </ToastHost>
                    </RegistryProvider>
                  </LiveDataProvider>
                </OnlyPaymentsProvider>
              </UniversitySettingsProvider>
            </ApiProvider>
          </SessionProvider>
        </ThemedByLayout>
      </LayoutSettingsProvider>
    </I18nProvider>
  );
  return 'store' in source ? <ManifestProvider store={source.store}>{content}</ManifestProvider> : <ManifestProvider manifest={source.manifest}>{content}</ManifestProvider>;
}
