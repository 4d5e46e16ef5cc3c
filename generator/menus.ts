/**
 * A screen's `menu:` key, merged into the main navigation. The navigation file orders the menu
 * by hand; a screen that names a `menu:` but that file does not list would otherwise never be
 * offered to anyone (an instructor's grade entry, the staff's course grid). Merged here, once,
 * so the menu, the reachability warning and the runtime all see the same items.
 *
 * `group: home` is the top level; any other group is the navigation's group labelled
 * `nav.<group>` (the cross-check refuses a group that has none). Within the group the item goes
 * after the last sibling whose own screen's `menu.order` is not larger, else before the first
 * larger one, else at the end.
 */
import type { Def } from './definitions-index.ts';
import type { GenError } from './errors.ts';
import type { RawNavigation, RawNavItem, RawScreen } from './raw-types.ts';

/** The navigation a screen's `menu:` key adds to. */
export const MAIN_NAVIGATION = 'main';
/** The group name meaning the menu's top level. */
export const TOP_GROUP = 'home';

/** The label key of the navigation group a `menu.group` names. */
export const groupLabel = (group: string): string => `nav.${group}`;

/** The group item (at the top level) a `menu.group` names; undefined when the menu has none. */
export function findGroup(items: readonly RawNavItem[], group: string): RawNavItem | undefined {
  return items.find((item) => !item.route && item.label === groupLabel(group));
}

/** Every route an item list names, nested ones included. */
export function navRoutes(items: readonly RawNavItem[]): Set<string> {
  const out = new Set<string>();
  const walk = (list: readonly RawNavItem[]) =>
    list.forEach((item) => {
      if (item.route) out.add(item.route);
      if (item.children) walk(item.children);
    });
  walk(items);
  return out;
}

/** The items with every screen's `menu:` entry the items do not list yet, in place by order. */
export function mergeScreenMenus(items: readonly RawNavItem[], screens: readonly RawScreen[]): RawNavItem[] {
  const out = items.map((item) => ({ ...item, children: item.children ? [...item.children] : undefined }));
  const listed = navRoutes(items);
  const orderOf = new Map(screens.map((s) => [s.name, s.menu?.order]));
  const pending = screens
    .filter((s) => s.menu && !listed.has(s.name))
    .sort((a, b) => (a.menu?.order ?? Infinity) - (b.menu?.order ?? Infinity));
  for (const screen of pending) {
    const group = screen.menu?.group ?? TOP_GROUP;
    const item: RawNavItem = {
      label: screen.title,
      route: screen.name,
      ...(screen.menu?.icon ? { icon: screen.menu.icon } : {}),
    };
    if (group === TOP_GROUP) insertByOrder(out, item, screen.menu?.order, orderOf);
    else {
      const parent = findGroup(out, group);
      if (parent) insertByOrder((parent.children ??= []), item, screen.menu?.order, orderOf);
    }
  }
  return out;
}

function insertByOrder(
  siblings: RawNavItem[],
  item: RawNavItem,
  order: number | undefined,
  orderOf: Map<string, number | undefined>,
): void {
  const orders = siblings.map((s) => (s.route ? orderOf.get(s.route) : undefined));
  if (order === undefined) {
    siblings.push(item);
    return;
  }
  let after = -1;
  orders.forEach((o, i) => {
    if (o !== undefined && o <= order) after = i;
  });
  if (after >= 0) {
    siblings.splice(after + 1, 0, item);
    return;
  }
  const before = orders.findIndex((o) => o !== undefined && o > order);
  if (before >= 0) siblings.splice(before, 0, item);
  else siblings.push(item);
}

/**
 * A screen `menu.group` that names no group of the main navigation: an error at the group. A
 * screen the navigation file lists already is placed by that file, and its group is not read.
 */
export function menuGroupErrors(defs: readonly Def[]): GenError[] {
  const main = defs.find((d) => d.value.kind === 'navigation' && d.value.name === MAIN_NAVIGATION)?.value as
    RawNavigation | undefined;
  const out: GenError[] = [];
  const listed = main ? navRoutes(main.items) : new Set<string>();
  for (const def of defs) {
    const s = def.value as RawScreen;
    const group = s.kind === 'screen' && !listed.has(s.name) ? s.menu?.group : undefined;
    if (!group || group === TOP_GROUP || !main || findGroup(main.items, group)) continue;
    const groups = main.items.filter((i) => !i.route && typeof i.label === 'string').map((i) => String(i.label));
    const pos = def.file.locate(['menu', 'group']);
    out.push({
      file: def.file.file,
      line: pos.line,
      column: pos.column,
      message: `menu group '${group}' is not a group of the main navigation`,
      hint: `use ${TOP_GROUP} or a group labelled ${groups.join(', ') || 'nav.<group>'} (the name after nav.)`,
    });
  }
  return out;
}
