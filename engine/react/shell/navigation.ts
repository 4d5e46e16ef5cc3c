/**
 * The navigation menu the user sees: the manifest's `navigation` items whose screen the
 * user may open (the item's permission, else the screen's, through engine/core's `can`),
 * groups kept only when a child survives. Pure; the menu components only draw the result.
 */
import type { ClientManifest, LocalText, NavigationItem } from '../../../generator/manifest-types.ts';
import { ONLY_PAYMENTS_ROUTES } from '../../core/only-payments.ts';
import { can, type PermissionSubject } from '../../core/permissions.ts';
import { hrefFor } from '../router/paths.ts';

export interface MenuEntry {
  key: string;
  label: LocalText;
  icon?: string;
  /** Address to open; absent for a group. */
  href?: string;
  route?: string;
  children: MenuEntry[];
}

/** `onlyPayments`: keep only the payment screens (engine/core/only-payments.ts). */
export function visibleMenu(
  manifest: Pick<ClientManifest, 'screens' | 'navigation'>,
  subject: PermissionSubject | null,
  navigationName = 'main',
  onlyPayments = false,
): MenuEntry[] {
  const nav = manifest.navigation[navigationName] ?? Object.values(manifest.navigation)[0];
  if (!nav) return [];
  return filterItems(nav.items, manifest, subject, navigationName, onlyPayments);
}

function filterItems(
  items: readonly NavigationItem[],
  manifest: Pick<ClientManifest, 'screens'>,
  subject: PermissionSubject | null,
  prefix: string,
  onlyPayments: boolean,
): MenuEntry[] {
  const out: MenuEntry[] = [];
  items.forEach((item, i) => {
    const key = `${prefix}.${item.route ?? i}`;
    const children = filterItems(item.children ?? [], manifest, subject, key, onlyPayments);
    if (item.route) {
      const screen = manifest.screens[item.route];
      if (!screen) return;
      if (onlyPayments && !ONLY_PAYMENTS_ROUTES.includes(item.route)) return;
      const permission = item.permission ?? screen.permission;
      if (!can(subject, permission)) return;
      // Screens with required parameters cannot be opened from a menu.
      const href = hrefFor(manifest, item.route);
      if (!href || href.includes(':')) return;
      out.push({ key, label: item.label, icon: item.icon, href, route: item.route, children });
    } else if (children.length > 0 && (!item.permission || can(subject, item.permission))) {
      out.push({ key, label: item.label, icon: item.icon, children });
    }
  });
  return out;
}

/** Whether an entry (or one of its children) is the current route. */
export function isActive(entry: MenuEntry, currentRoute: string | undefined): boolean {
  if (!currentRoute) return false;
  return entry.route === currentRoute || entry.children.some((c) => isActive(c, currentRoute));
}
