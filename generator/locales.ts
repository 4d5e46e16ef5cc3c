/**
 * Labels: inline `{en, ar}` texts or locale keys into locales/en.json and locales/ar.json.
 *
 * The cross-check proves every key exists in both files; the sanitizer resolves keys into
 * `{en, ar, ...}` so that nothing downstream ever looks a label up again.
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { LocalText } from './manifest-types.ts';
import type { RawLabel } from './raw-types.ts';

/** Languages whose files are read; en and ar are mandatory, the others optional. */
export const LANGUAGES = ['en', 'ar', 'de', 'fr', 'pt'] as const;
export type Language = (typeof LANGUAGES)[number];

export interface Locales {
  dir: string;
  texts: Partial<Record<Language, Record<string, unknown>>>;
}

export async function loadLocales(dir: string): Promise<Locales> {
  const texts: Locales['texts'] = {};
  const present = new Set(await readdir(dir).catch(() => [] as string[]));
  for (const lang of LANGUAGES) {
    if (!present.has(`${lang}.json`)) continue;
    const text = await readFile(path.join(dir, `${lang}.json`), 'utf8');
    try {
      texts[lang] = JSON.parse(text) as Record<string, unknown>;
    } catch (e) {
      throw new Error(`${path.join(dir, `${lang}.json`)} is not valid JSON: ${(e as Error).message}`, { cause: e });
    }
  }
  return { dir, texts };
}

/** The text of a dotted key (`common.save`); a flat key containing dots is accepted too. */
export function lookup(tree: Record<string, unknown> | undefined, key: string): string | undefined {
  if (!tree) return undefined;
  if (typeof tree[key] === 'string') return tree[key] as string;
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** The languages (of en, ar) in which a locale key has no text. */
export function missingLanguages(locales: Locales, key: string): Language[] {
  return (['en', 'ar'] as const).filter((lang) => lookup(locales.texts[lang], key) === undefined);
}

/** A label as LocalText. Keys were checked already; a missing text falls back to the key. */
export function resolveLabel(label: RawLabel | undefined, locales: Locales, fallback = ''): LocalText {
  if (label === undefined) return { en: fallback, ar: fallback };
  if (typeof label !== 'string') return { ...label };
  const text: LocalText = {
    en: lookup(locales.texts.en, label) ?? label,
    ar: lookup(locales.texts.ar, label) ?? label,
  };
  for (const lang of ['de', 'fr', 'pt'] as const) {
    const t = lookup(locales.texts[lang], label);
    if (t !== undefined) text[lang] = t;
  }
  return text;
}

const keyCache = new WeakMap<object, string[]>();

/** Every dotted key of a locale tree (for "did you mean" suggestions). */
export function localeKeys(tree: Record<string, unknown> | undefined): string[] {
  if (!tree) return [];
  const hit = keyCache.get(tree);
  if (hit) return hit;
  const keys: string[] = [];
  const walk = (node: unknown, prefix: string) => {
    if (typeof node === 'string') keys.push(prefix);
    else if (node && typeof node === 'object')
      for (const [k, v] of Object.entries(node)) walk(v, prefix ? `${prefix}.${k}` : k);
  };
  walk(tree, '');
  keyCache.set(tree, keys);
  return keys;
}
