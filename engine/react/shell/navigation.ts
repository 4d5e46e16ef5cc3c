/**
 * The navigation menu the user sees: the manifest's `navigation` items whose screen the
 * user may open (the item's permission, else the screen's, through engine/core's `can`),
 * groups kept only when a child survives. Pure; the menu components only draw the result.
 */
import type { ClientManifest, LocalText, NavigationItem, Screen } from '../../../generator/manifest-types.ts';
import { ONLY_PAYMENTS_ROUTES } from '../../core/only-payments.ts';
import { can, type PermissionSubject } from '../../core/permissions.ts';
import type { UniversitySettings } from '../../core/university-settings.ts';
import { evaluateCondition } from '../../core/conditions.ts';
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

/**
 * Whether a screen exists for this user now: its `visibleWhen` (a university setting, a
 * permission) holds. A condition on a setting is false while the settings are unknown (null):
 * a screen is never offered on a guess.
 */
export function screenVisible(
  screen: Pick<Screen, 'visibleWhen'>,
  subject: PermissionSubject | null,
  settings: UniversitySettings | null,
): boolean {
  if (!screen.visibleWhen) return true;
  return evaluateCondition(screen.visibleWhen, { subject, settings: settings ?? {} });
}

/**
 * `onlyPayments`: keep only the payment screens (engine/core/only-payments.ts). `settings`: the
 * university's (engine/core/university-settings.ts), for screens shown only under a setting.
 */
export function visibleMenu(
  manifest: Pick<ClientManifest, 'screens' | 'navigation'>,
  subject: PermissionSubject | null,
  navigationName = 'main',
  onlyPayments = false,
  settings: UniversitySettings | null = null,
): MenuEntry[] {
  const nav = manifest.navigation[navigationName] ?? Object.values(manifest.navigation)[0];
  if (!nav) return [];
  return filterItems(nav.items, manifest, subject, navigationName, onlyPayments, settings);
}

function filterItems(
  items: readonly NavigationItem[],
  manifest: Pick<ClientManifest, 'screens'>,
  subject: PermissionSubject | null,
  prefix: string,
  onlyPayments: boolean,
  settings: UniversitySettings | null,
): MenuEntry[] {
  const out: MenuEntry[] = [];
  items.forEach((item, i) => {
    const key = `${prefix}.${item.route ?? i}`;
    const children = filterItems(item.children ?? [], manifest, subject, key, onlyPayments, settings);
    if (item.route) {
      const screen = manifest.screens[item.route];
      if (!screen) return;
      if (onlyPayments && !ONLY_PAYMENTS_ROUTES.includes(item.route)) return;
      const permission = item.permission ?? screen.permission;
      if (!can(subject, permission) || !screenVisible(screen, subject, settings)) return;
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
