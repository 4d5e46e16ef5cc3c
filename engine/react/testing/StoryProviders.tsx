/**
 * The app's providers around a story or a spec, from values: a manifest, a language, a
 * signed-in user (or none) and the fixture API (./fixture-api.ts). The same providers as
 * `createApp()` (app.tsx) in the same order, with in-memory cookies and layout storage; the
 * router is left to the child (`<ScreenStory>`), since every story has its own address.
 * Children are drawn once the language's locale file is loaded.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { ClientManifest } from '../../../generator/manifest-types.ts';
import { createOnlyPaymentsFlag } from '../../core/api/client.ts';
import { createMemoryCookieJar } from '../../core/cookie-jar.ts';
import { LANGUAGE_COOKIE } from '../../core/language.ts';
import { createLanguageStore } from '../../core/language.ts';
import {
  createLayoutSettingsStore,
  createMemoryStorage,
  LAYOUT_SETTINGS_KEY,
  type LayoutSettings,
} from '../../core/layout-settings.ts';
import { createSessionStore, type SessionUser } from '../../core/session.ts';
import { createAppApi } from '../data/ApiProvider.tsx';
import { AppProviders } from '../data/AppProviders.tsx';
import type { StoredOnlyPaymentsFlag } from '../../core/only-payments.ts';
import { createUiBridge } from '../data/ui-bridge.ts';
import { createI18n, loadLanguage, type Language } from '../i18n/index.ts';
import { directionOf } from '../i18n/direction.ts';
import { prepareDirection } from '../theme/cache.ts';
import { defaultRegistry } from '../registry/defaults.ts';
import { registerPlugin, type RowaqPlugin } from '../registry/registry.ts';
import { PLUGINS } from '../../plugins/index.ts';
import { createFixtureAdapter, type FixtureApiOptions } from './fixture-api.ts';

/** A staff member holding every permission of the manifest: every menu entry and action shows. */
export function staffUser(manifest: Pick<ClientManifest, 'permissions'>, name = 'Mona Hassan'): SessionUser {
  return { id: 1, name, type: { name: 'Staff', type: 4 }, permissions: Object.keys(manifest.permissions) };
}

export interface StoryProvidersProps extends Omit<FixtureApiOptions, 'manifest'> {
  manifest: ClientManifest;
  language: Language;
  /** The signed-in user; null: signed out. Default: `staffUser(manifest)`. */
  user?: SessionUser | null;
  /** Stored layout settings (vertical or horizontal menu, collapsed, skin). */
  layout?: Partial<LayoutSettings>;
  /** The plugins registered (as `createApp` gets them); default the ones the portal ships (engine/plugins). */
  plugins?: readonly RowaqPlugin[];
  /** The only-payments flag, as the app's (tests that read the mode); default: one in memory, off. */
  onlyPayments?: StoredOnlyPaymentsFlag;
  children: ReactNode;
}

export function StoryProviders({
  manifest,
  language,
  user,
  layout,
  plugins = PLUGINS,
  onlyPayments,
  children,
  ...api
}: StoryProvidersProps) {
  const signedIn = user === undefined ? staffUser(manifest) : user;
  const key = JSON.stringify([language, signedIn, layout]);
  const app = useMemo(() => {
    const jar = createMemoryCookieJar({ [LANGUAGE_COOKIE]: language });
    const session = createSessionStore(jar);
    if (signedIn) session.signIn({ token: 'story-token', user: signedIn });
    const i18n = createI18n(language);
    const bridge = createUiBridge();
    const storage = createMemoryStorage(layout ? { [LAYOUT_SETTINGS_KEY]: JSON.stringify(layout) } : {});
    return {
      session,
      i18n,
      bridge,
      languageStore: createLanguageStore(jar),
      layoutStore: createLayoutSettingsStore(storage),
      // The app's plugins too: a `plugin: grid#Grid` screen's story draws the grid, not the Unknown renderer.
      registry: plugins.reduce(registerPlugin, defaultRegistry()),
      api: createAppApi({
        session,
        getLocale: () => i18n.language,
        navigate: () => undefined,
        bridge,
        onlyPayments: onlyPayments ?? createOnlyPaymentsFlag(),
        adapter: createFixtureAdapter({ manifest, ...api }),
      }),
      ...(onlyPayments ? { onlyPayments } : {}),
    };
    // The fixture options are values of the story: a new story remounts, a re-render does not rebuild.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [manifest, key, plugins, onlyPayments]);

  // As the app does before its first render: the language's locale file first, no flash of English.
  const [loaded, setLoaded] = useState<object | null>(null);
  useEffect(() => {
    let live = true;
    void Promise.all([loadLanguage(app.i18n, language), prepareDirection(directionOf(language))])
      .catch(() => undefined)
      .then(() => live && setLoaded(app));
    return () => {
      live = false;
    };
  }, [app, language]);
  if (loaded !== app) return null;

  return (
    <AppProviders manifest={{ manifest }} {...app}>
      {children}
    </AppProviders>
  );
}
