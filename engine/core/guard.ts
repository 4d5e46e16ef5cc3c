/**
 * The navigation guard (portal-core section 2, admission-and-grid sections 2 and 6), as a pure
 * function: it says where to go and which side effects to perform; the router performs them.
 *
 * Rules, in order (the first redirect wins):
 *   1. admission    a route flagged admission passes.
 *   2. sso-code     a non-empty `?code` sends the user to auth-login with code, session_state and
 *                   state (the single sign-on return). Not applied on auth-login itself (no loop).
 *   3. logged-out   a logged-out user goes to auth-login unless the route is anonymous or the
 *                   maintenance page (auth-login itself always counts as anonymous: no loop).
 *   A. applicant    a signed-in Applicant may only reach applicant-information-form,
 *                   applyForm-success, credit, dashboard and error-404; anything else goes to
 *                   admissionForm on the nationality tab with the applicant's own id, type and
 *                   secret (admission-and-grid section 2). Their dashboard is their application's
 *                   page (applicant-information-form). Checked before rule 4 so that an
 *                   applicant is steered to the form rather than to not-authorized.
 *   B. only-payments  while the only-payments flag is set (an answer with redirect_to payments,
 *                   only-payments.ts), a signed-in user reaching anything but the payment
 *                   screens (or the always-open pages) goes to payments. Before rule 4 for the
 *                   same reason as A.
 *   4. permission   a signed-in user without the named route's permission goes to
 *                   misc-not-authorized (the shared `can`: 'public' = any non-Guest, 'guest' = a
 *                   Guest, else a held permission). A route without a permission counts as
 *                   'public'. Anonymous routes, the maintenance page, auth-login and
 *                   misc-not-authorized itself are open to every signed-in user (no loop).
 *   5. token        a `?token` clears the stored user (effect `clear-user`); navigation goes on,
 *                   and the rules after it see a logged-out user.
 *   6. logged-in    a signed-in user reaching auth-login goes to dashboard. `afterNavigation`
 *                   gives the rest of rule 6: hide the loading splash, scroll to the top.
 */
import { confineToPayments } from './only-payments.ts';
import { can, type PermissionSubject } from './permissions.ts';
import { firstValue, hasKey, type QueryInput } from './query.ts';
import { ROUTE, type RouteTarget } from './routes.ts';
import { isApplicant, type SessionUser } from './session.ts';
import type { Screen } from '../../generator/manifest-types.ts';

/** What the guard reads of a route's definition: a `Screen`, or a built-in route's meta. */
export interface RouteMeta {
  permission?: Screen['permission'];
  layout?: Partial<Screen['layout']>;
}

export interface GuardRoute {
  name?: string;
  path: string;
  params?: Readonly<Record<string, string | undefined>>;
  query?: QueryInput;
  meta?: RouteMeta;
}

export interface GuardState {
  /** The stored user when signed in, else null. */
  user: SessionUser | null;
  /** Every permission the user holds; defaults to `user.permissions`. */
  permissions?: readonly string[];
  /** The only-payments flag (only-payments.ts); default false. */
  onlyPayments?: boolean;
}

export type GuardRule =
  | 'admission'
  | 'sso-code'
  | 'logged-out'
  | 'applicant'
  | 'only-payments'
  | 'permission'
  | 'token'
  | 'logged-in'
  | 'none';

export type GuardEffect = { type: 'clear-user' };

export type GuardResult =
  | { action: 'next'; rule: GuardRule; effects: GuardEffect[] }
  | { action: 'redirect'; rule: GuardRule; to: RouteTarget; effects: GuardEffect[] };

export const APPLICANT_ALLOWED_ROUTES: readonly string[] = [
  ROUTE.applicantInformationForm,
  ROUTE.applyFormSuccess,
  ROUTE.credit,
  ROUTE.dashboard,
  ROUTE.error404,
];

/** The admission form tab an applicant is sent to. */
export const APPLICANT_FIRST_TAB = 'nationality';

const SSO_KEYS = ['code', 'session_state', 'state'] as const;

export function guard(to: GuardRoute, state: GuardState): GuardResult {
  const layout = to.meta?.layout ?? {};
  const effects: GuardEffect[] = [];
  let user = state.user;

  // 1. admission routes pass freely
  if (layout.admission) return { action: 'next', rule: 'admission', effects };

  // 2. single sign-on return
  if (firstValue(to.query, 'code') && to.name !== ROUTE.login) {
    const query: Record<string, string> = {};
    for (const key of SSO_KEYS) {
      const value = firstValue(to.query, key);
      if (value !== undefined) query[key] = value;
    }
    return redirect('sso-code', { name: ROUTE.login, query }, effects);
  }

  // 3. logged-out users
  if (!user) {
    if (!layout.anonymous && to.name !== ROUTE.maintenance && to.name !== ROUTE.login) {
      return redirect('logged-out', { name: ROUTE.login }, effects);
    }
  } else {
    // A. applicant confinement
    if (isApplicant(user)) {
      const confined = confineApplicant(to, user);
      if (confined) return redirect('applicant', confined, effects);
    }
    // B. only payments until the student acts on them
    const toPayments = confineToPayments(to.name, !!state.onlyPayments && !to.meta?.layout?.anonymous);
    if (toPayments) return redirect('only-payments', toPayments, effects);
    // 4. permission
    if (to.name && !isOpenRoute(to) && !can(subjectOf(user, state.permissions), to.meta?.permission ?? 'public')) {
      return redirect('permission', { name: ROUTE.notAuthorized }, effects);
    }
  }

  // 5. ?token clears the stored user
  if (hasKey(to.query, 'token')) {
    effects.push({ type: 'clear-user' });
    user = null;
  }

  // 6. a signed-in user has nothing to do on the login page
  if (user && to.name === ROUTE.login) {
    return redirect('logged-in', { name: ROUTE.dashboard }, effects);
  }

  return { action: 'next', rule: effects.length ? 'token' : 'none', effects };
}

/** Rule 6's other duties, after every navigation. */
export type AfterNavigationEffect = { type: 'hide-splash' } | { type: 'scroll-top' };

export function afterNavigation(): AfterNavigationEffect[] {
  return [{ type: 'hide-splash' }, { type: 'scroll-top' }];
}

/** The subject `can` checks: the user's type name and permissions. */
export function subjectOf(user: SessionUser, permissions?: readonly string[]): PermissionSubject {
  return { typeName: user.type?.name ?? '', permissions: permissions ?? user.permissions ?? [] };
}

/**
 * Null when the applicant may stay, else where to send them. An applicant's dashboard is their
 * application's page (applicant-information-form, their own id, type and secret): the portal's
 * dashboard shows a student's or a staff member's data, which an applicant has none of.
 */
export function confineApplicant(to: Pick<GuardRoute, 'name'>, user: SessionUser): RouteTarget | null {
  const applicant = user.applicant;
  if (to.name === ROUTE.dashboard && applicant) {
    return {
      name: ROUTE.applicantInformationForm,
      params: { type: String(applicant.applicant_type_id), id: String(applicant.id), secretKey: applicant.secret },
    };
  }
  if (to.name && APPLICANT_ALLOWED_ROUTES.includes(to.name)) return null;
  // A broken applicant session (no applicant data) cannot build the form address.
  if (!applicant) return { name: ROUTE.error404 };
  return {
    name: ROUTE.admissionForm,
    params: {
      type: String(applicant.applicant_type_id),
      id: String(applicant.id),
      secretKey: applicant.secret,
      name: APPLICANT_FIRST_TAB,
    },
  };
}

function isOpenRoute(to: GuardRoute): boolean {
  return (
    !!to.meta?.layout?.anonymous ||
    to.name === ROUTE.maintenance ||
    to.name === ROUTE.notAuthorized ||
    to.name === ROUTE.login
  );
}

function redirect(rule: GuardRule, to: RouteTarget, effects: GuardEffect[]): GuardResult {
  return { action: 'redirect', rule, to, effects };
}
