/** Puts the university's site icon (engine/core/load-settings.ts) in the page's head, once its settings load. */
import { faviconHref } from '../../core/load-settings.ts';
import type { UniversitySettingsStore } from '../../core/university-settings.ts';

export function applyFavicon(doc: Document, href: string | null): void {
  if (!href) return;
  let link = doc.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = doc.createElement('link');
    link.rel = 'icon';
    doc.head.appendChild(link);
  }
  link.href = href;
}

export function loadFavicon(doc: Document, settings: UniversitySettingsStore): void {
  void settings.load().then((s) => applyFavicon(doc, faviconHref(s)));
}
