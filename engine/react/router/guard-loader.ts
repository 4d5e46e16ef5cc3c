/**
 * engine/core's navigation guard applied on navigation: every screen route's loader asks
 * `guard()` and either lets the navigation through or throws a redirect. Its effects
 * (`clear-user` for `?token`) are performed on the session store here.
 */
import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import type { ClientManifest, Screen } from '../../../generator/manifest-types.ts';
import { guard, type GuardState } from '../../core/guard.ts';
import type { RouteTarget } from '../../core/routes.ts';
import { ROUTE } from '../../core/routes.ts';
import type { SessionStore } from '../../core/session.ts';
import { hrefFor } from './paths.ts';

/** The address of a guard target; the 404 page (or `/`) when the target is not a screen. */
export function targetHref(manifest: Pick<ClientManifest, 'screens'>, to: RouteTarget): string {
  const base = hrefFor(manifest, to.name, to.params) ?? hrefFor(manifest, ROUTE.error404) ?? '/';
  const query = to.query && Object.keys(to.query).length ? `?${new URLSearchParams(to.query).toString()}` : '';
  return base + query;
}

/** `onlyPayments`: reads the only-payments flag (engine/core/only-payments.ts) at each navigation. */
export function guardLoader(
  screen: Screen,
  manifest: Pick<ClientManifest, 'screens'>,
  session: SessionStore,
  onlyPayments?: () => boolean,
) {
  return ({ request, params }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const state: GuardState = {
      user: session.isLoggedIn() ? session.getUser() : null,
      onlyPayments: onlyPayments?.() ?? false,
    };
    const result = guard(
      {
        name: screen.name,
        path: url.pathname,
        params,
        query: url.searchParams,
        meta: { permission: screen.permission, layout: screen.layout },
      },
      state,
    );
    for (const effect of result.effects) {
      if (effect.type === 'clear-user') session.clearUser();
    }
    if (result.action === 'redirect') {
      const href = targetHref(manifest, result.to);
      // Never redirect onto the same address (a missing screen would loop).
      if (href !== url.pathname + url.search) throw redirect(href);
    }
    return null;
  };
}
