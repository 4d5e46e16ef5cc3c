/** Thin hooks over react-i18next: the current language, labels of the manifest, the ui texts. */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocalText } from '../../../generator/manifest-types.ts';
import { isLanguage, DEFAULT_LANGUAGE, type Language } from './index.ts';
import { localText } from './text.ts';
import type { UiKey } from './ui-strings.ts';

export function useLanguage(): Language {
  const { i18n } = useTranslation();
  const lang = (i18n.language ?? DEFAULT_LANGUAGE).slice(0, 2);
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

/** `label(screen.title)`: the current language's text of a manifest label. */
export function useLabel(): (label: Partial<LocalText> | string | undefined) => string {
  const { i18n } = useTranslation();
  const lang = i18n.language ?? DEFAULT_LANGUAGE;
  return useCallback((label) => localText(label, lang), [lang]);
}

/** `ui('signIn')`: the engine's own texts (namespace `ui`), typed by key. */
export function useUi(): (key: UiKey, values?: Record<string, unknown>) => string {
  const { t } = useTranslation('ui');
  return useCallback((key, values) => t(key, values ?? {}) as string, [t]);
}
