/**
 * Screens nobody can get to. A screen is reached when a menu lists it (a navigation file or its
 * own `menu:`), a list row or an action opens it, a saved form or a gate leads to it, or it says
 * how users arrive (`entry:`: the sign-in page, a mailed link, the engine's own pages). Anything
 * else is a page no user will ever see: almost always a forgotten menu entry, so the generator
 * warns (it still compiles: a screen may be under construction).
 */
import type { Def } from './definitions-index.ts';
import type { GenError } from './errors.ts';
import { mergeScreenMenus, navRoutes } from './menus.ts';
import type { RawForm, RawNavigation, RawRules, RawScreen } from './raw-types.ts';

/** The route names something in the definitions leads to. */
export function reachedRoutes(defs: readonly Def[]): Set<string> {
  const screens = defs.map((d) => d.value).filter((v): v is RawScreen => v.kind === 'screen');
  const out = new Set<string>();
  const add = (route: string | undefined) => route && out.add(route);
  for (const { value } of defs) {
    if (value.kind === 'navigation')
      for (const r of navRoutes(mergeScreenMenus((value as RawNavigation).items, screens))) add(r);
    if (value.kind === 'screen') {
      const s = value as RawScreen;
      if (s.menu) add(s.name);
      for (let link = s.rowLink; link; link = link.otherwise) add(link.route);
      for (const a of s.actions ?? []) add(a.route);
    }
    if (value.kind === 'form') for (const n of (value as RawForm).submit?.next ?? []) add(n.route);
    if (value.kind === 'rules') for (const g of Object.values((value as RawRules).gates ?? {})) add(g.redirect_to);
  }
  return out;
}

/** One warning per screen that nothing reaches and that names no `entry:`. */
export function unreachableScreens(defs: readonly Def[]): GenError[] {
  const reached = reachedRoutes(defs);
  const out: GenError[] = [];
  for (const def of defs) {
    const s = def.value as RawScreen;
    if (s.kind !== 'screen' || reached.has(s.name) || s.entry) continue;
    const pos = def.file.locate(['name']);
    out.push({
      file: def.file.file,
      line: pos.line,
      column: pos.column,
      message: `no menu, row link, action, form or gate leads to screen '${s.name}' (${s.path}): no user can reach it`,
      hint: `add it to a menu (menu: {group: ..., order: ...}), link it from a list or an action, or say how users arrive: entry: <how>`,
    });
  }
  return out;
}
