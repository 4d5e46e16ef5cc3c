/**
 * The layout choice (portal-core section 2, admission-and-grid section 2): full, admission,
 * or the stored vertical/horizontal setting for a signed-in user or a route flagged guest.
 * A logged-out user on any other route (forgot password, maintenance) gets the full layout:
 * the spec names no layout for it, and the menu layouts need a user.
 */
import type { RouteMeta } from './guard.ts';
import type { LayoutType } from './layout-settings.ts';

export type LayoutName = 'full' | 'admission' | LayoutType;

export interface LayoutContext {
  signedIn: boolean;
  /** The stored layout setting. */
  layoutType: LayoutType;
}

export function chooseLayout(meta: RouteMeta | undefined, context: LayoutContext): LayoutName {
  const flags = meta?.layout ?? {};
  if (flags.full) return 'full';
  if (flags.admission) return 'admission';
  if (context.signedIn || flags.guest) return context.layoutType === 'horizontal' ? 'horizontal' : 'vertical';
  return 'full';
}
