/**
 * One Emotion cache per direction. The right-to-left cache runs stylis-plugin-rtl, which
 * flips margins, paddings, borders and positions in every style MUI writes.
 */
import createCache, { type EmotionCache } from '@emotion/cache';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';
import type { Direction } from './theme.ts';

const caches: Partial<Record<Direction, EmotionCache>> = {};

export function emotionCache(direction: Direction): EmotionCache {
  const existing = caches[direction];
  if (existing) return existing;
  const cache =
    direction === 'rtl'
      ? createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] })
      : createCache({ key: 'muiltr', stylisPlugins: [prefixer] });
  caches[direction] = cache;
  return cache;
}
