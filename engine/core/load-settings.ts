/**
 * Load-time settings of the portal (portal-core sections 7 and 9): the university's site icon
 * from its public settings (the load-time favicon fetch), the frontend version the user menu's
 * About entry shows, and how far below the screen images in lists start loading (the lazy image
 * preload factor 1.3: an image loads once its top is within 1.3 screen heights).
 */
import type { UniversitySettings } from './university-settings.ts';

export const FRONTEND_VERSION = '7.13.30';

export const LAZY_PRELOAD_FACTOR = 1.3;

/**
 * The IntersectionObserver root margin of the preload factor: the screen extended downward by
 * (factor - 1) of its height.
 */
export function preloadRootMargin(factor: number = LAZY_PRELOAD_FACTOR): string {
  const below = Math.max(0, Math.round((factor - 1) * 100));
  return `0px 0px ${below}% 0px`;
}

/**
 * The icon the settings name, when it is a path on this site or an http(s) address; anything
 * else (a script URL, a bare word) is ignored and the page keeps its own.
 */
export function faviconHref(settings: UniversitySettings | null | undefined): string | null {
  const value = settings?.favicon?.trim();
  if (!value) return null;
  if (/^\/(?!\/)/.test(value) || /^https?:\/\/[^\s]+$/i.test(value)) return value;
  return null;
}
