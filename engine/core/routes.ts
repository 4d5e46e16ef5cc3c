/**
 * The named routes the core redirects to (portal-core section 2, admission-and-grid section 2)
 * and the shape of a redirect target. The React layer maps a target onto its router.
 */

export const ROUTE = {
  dashboard: 'dashboard',
  login: 'auth-login',
  notAuthorized: 'misc-not-authorized',
  maintenance: 'misc-under-maintenance',
  error404: 'error-404',
  payments: 'payments',
  applicantInformationForm: 'applicant-information-form',
  admissionForm: 'admissionForm',
  applyFormSuccess: 'applyForm-success',
  credit: 'credit',
} as const;

export type CoreRouteName = (typeof ROUTE)[keyof typeof ROUTE];

/** Where to go: a route name with optional params and query. */
export interface RouteTarget {
  name: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
}
