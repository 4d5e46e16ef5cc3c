/**
 * The API client's response rules (portal-core sections 6, 7, 8; admission-and-grid section 8)
 * as a pure decision: what to navigate to, which dialog to show, what to do with the
 * only-payments flag. The client applies the decision; tests read it directly.
 *
 * In order:
 *   - data.redirect_to 'payments' (any status): dialog 'You have to pay your due invoices.',
 *     go to payments, set the only-payments flag.
 *   - data.redirect_to 'dashboard' (any status): dialog 'You have to fill the survery first.',
 *     go to dashboard. This and every other response clears the only-payments flag, except
 *     the answers of reads (`isReadCall`: GET, the generic list POST /{resource}, lookups),
 *     which keep it: the payments screens' own loads must not end the mode they show
 *     (the mode shows "only payments until the invoices are paid").
 *   - 401 for a stored user with an id and a type other than 4: misc-not-authorized when a
 *     token exists, else auth-login. Type 4 (staff) and no stored user: no redirect.
 *   - 404 whose body has no usable message: error-404.
 *   - 503 on a login call (POST /login, /login-with-token, /ms-login/callback):
 *     misc-under-maintenance.
 * A request that got no response at all (network failure, cancel) changes nothing.
 */
import { ROUTE, type RouteTarget } from '../routes.ts';
import { STAFF_USER_TYPE, userTypeNumber, type SessionUser } from '../session.ts';
import { CORE_TEXTS, localize } from '../text.ts';
import { errorMessage } from './errors.ts';

export const LOGIN_PATHS: readonly string[] = ['/login', '/login-with-token', '/ms-login/callback'];

/** Calls that surface the first entry of `errors` (registration, transfer, emtyaz, study plan). */
export const FIRST_ERROR_PREFIXES: readonly string[] = [
  '/registrations',
  '/transfer',
  '/emtyaz',
  '/students/academic/study-plan',
];

export type ResponseReason = 'payments-due' | 'survey-required' | 'unauthorized' | 'not-found' | 'maintenance';

export interface ResponseFacts {
  /** HTTP status; undefined when no response arrived. */
  status: number | undefined;
  /** The request method; undefined counts as a write (the flag is cleared). */
  method?: string;
  data: unknown;
  /** The request path without the base, e.g. '/login'. */
  path: string;
  user: SessionUser | null;
  token: string | undefined;
  locale: string;
}

export interface DialogRequest {
  kind: 'error';
  reason: 'payments-due' | 'survey-required';
  /** The text in the current language. */
  text: string;
}

export interface ResponseDecision {
  onlyPayments: 'set' | 'clear' | 'keep';
  redirect?: RouteTarget;
  dialog?: DialogRequest;
  /** Set when a rule took the response over; callers should not show their own error. */
  reason?: ResponseReason;
}

export function decideResponse(facts: ResponseFacts): ResponseDecision {
  if (facts.status === undefined) return { onlyPayments: 'keep' };

  const redirectTo = redirectToOf(facts.data);
  if (redirectTo === 'payments') {
    return {
      onlyPayments: 'set',
      redirect: { name: ROUTE.payments },
      dialog: { kind: 'error', reason: 'payments-due', text: localize(CORE_TEXTS.payDueInvoices, facts.locale) },
      reason: 'payments-due',
    };
  }
  if (redirectTo === 'dashboard') {
    return {
      onlyPayments: 'clear',
      redirect: { name: ROUTE.dashboard },
      dialog: { kind: 'error', reason: 'survey-required', text: localize(CORE_TEXTS.fillSurveyFirst, facts.locale) },
      reason: 'survey-required',
    };
  }

  const path = normalizePath(facts.path);
  const other = isReadCall(facts.method, path) ? 'keep' : 'clear';
  if (facts.status === 401 && facts.user && hasId(facts.user) && userTypeNumber(facts.user) !== STAFF_USER_TYPE) {
    return {
      onlyPayments: other,
      redirect: { name: facts.token ? ROUTE.notAuthorized : ROUTE.login },
      reason: 'unauthorized',
    };
  }
  if (facts.status === 404 && errorMessage(facts.data, facts.locale) === undefined) {
    return { onlyPayments: other, redirect: { name: ROUTE.error404 }, reason: 'not-found' };
  }
  if (facts.status === 503 && LOGIN_PATHS.includes(path)) {
    return { onlyPayments: other, redirect: { name: ROUTE.maintenance }, reason: 'maintenance' };
  }
  return { onlyPayments: other };
}

const READ_METHODS = ['get', 'head', 'options'];

/**
 * True for calls that only read: GET, HEAD, OPTIONS; POST to a single segment (the generic
 * resource list, `POST /{resource}` with the filters) except the login calls; POST /lookups/*.
 * An unknown method counts as a write.
 */
export function isReadCall(method: string | undefined, path: string): boolean {
  const m = (method ?? '').toLowerCase();
  if (READ_METHODS.includes(m)) return true;
  if (m !== 'post') return false;
  const p = normalizePath(path);
  if (LOGIN_PATHS.includes(p)) return false;
  const segments = p.split('/').filter(Boolean);
  return segments.length === 1 || segments[0] === 'lookups';
}

/** True for the calls whose errors surface the first entry of the errors list. */
export function surfacesFirstError(path: string): boolean {
  const p = normalizePath(path);
  return FIRST_ERROR_PREFIXES.some((prefix) => p === prefix || p.startsWith(prefix + '/'));
}

/** '/emtyaz/courses' from 'emtyaz/courses?x=1' or '/emtyaz/courses/'. */
export function normalizePath(path: string): string {
  const bare = (path.split(/[?#]/)[0] ?? '').replace(/\/+$/, '');
  return bare.startsWith('/') ? bare : '/' + bare;
}

function redirectToOf(data: unknown): unknown {
  return typeof data === 'object' && data !== null ? (data as { redirect_to?: unknown }).redirect_to : undefined;
}

function hasId(user: SessionUser): boolean {
  return user.id !== undefined && user.id !== null && user.id !== '' && user.id !== 0;
}
