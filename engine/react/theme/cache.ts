/**
 * One Emotion cache per direction. The right-to-left cache runs stylis-plugin-rtl, which
 * flips margins, paddings, borders and positions in every style MUI writes. The plugin (and
 * cssjanus under it) is its own chunk: a visitor reading left to right never downloads it.
 * `prepareDirection('rtl')` loads it; the app awaits it before drawing in a right-to-left
 * language, as it awaits the language's locale file.
 */
import createCache, { type EmotionCache } from '@emotion/cache';
import { prefixer, type Middleware } from 'stylis';
import type { Direction } from './theme.ts';

const caches: Partial<Record<Direction, EmotionCache>> = {};
let rtlPlugin: Middleware | undefined;
let loading: Promise<void> | undefined;

/** Resolves once `emotionCache(direction)` can flip: at once for left to right. */
export function prepareDirection(direction: Direction): Promise<void> {
  if (direction === 'ltr' || rtlPlugin) return Promise.resolve();
  loading ??= import('stylis-plugin-rtl').then(
    (module) => {
      rtlPlugin = module.default as Middleware;
    },
    (error: unknown) => {
      loading = undefined; // the next switch tries again
      throw error;
    },
  );
  return loading;
}

/** Whether `emotionCache(direction)` is the flipping one (false until prepareDirection resolved). */
export function directionReady(direction: Direction): boolean {
  return direction === 'ltr' || !!rtlPlugin;
}

export function emotionCache(direction: Direction): EmotionCache {
  // Before the plugin is in, right to left draws unflipped for the moment it takes; not kept.
  if (!directionReady(direction)) return caches.ltr ?? emotionCache('ltr');
  const existing = caches[direction];
  if (existing) return existing;
  const cache =
    direction === 'rtl'
      ? createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin!] })
      : createCache({ key: 'muiltr', stylisPlugins: [prefixer] });
  caches[direction] = cache;
  return cache;
}
