/** Pick the current language's text of a manifest label; English when the language is missing. */
import type { LocalText } from '../../../generator/manifest-types.ts';

export function localText(label: Partial<LocalText> | string | undefined | null, language: string): string {
  if (label == null) return '';
  if (typeof label === 'string') return label;
  const lang = language.slice(0, 2) as keyof LocalText;
  return label[lang] ?? label.en ?? label.ar ?? '';
}
