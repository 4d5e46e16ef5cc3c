/**
 * The closed gates of the signed-in user (GET /users/gates, server/domains/finance/routes-gates.ts):
 * the gated actions the server would refuse now with 403 {redirect_to}, each with the refusal's
 * message in the user's language. A screen that names the action it leads to (`gate:` in its
 * YAML) warns before the user acts; the registration page also disables its request buttons.
 */
import { decideResponse, type ResponseDecision } from './api/rules.ts';
import { ROUTE, type RouteTarget } from './routes.ts';

export const GATES_PATH = '/users/gates';

export type GateRedirect = 'payments' | 'dashboard';

export interface ClosedGate {
  redirect_to: GateRedirect;
  /** The refusal's message, in the language of the call. */
  message: string;
}

/** Action name (`registration.request`) -> its closed gate; an open action is absent. */
export type ClosedGates = Readonly<Record<string, ClosedGate>>;

/** The button of the warning, per redirect. */
export const GATE_TEXTS = {
  payments: { en: 'Go to payments', ar: 'الذهاب إلى المدفوعات' },
  dashboard: { en: 'Go to the dashboard', ar: 'الذهاب إلى لوحة التحكم' },
} as const satisfies Record<GateRedirect, { en: string; ar: string }>;

/**
 * What following the warning's button does: what the server's refusal of the action would have
 * done (engine/core/api/rules.ts `decideResponse`, the one rule): the route it sends the user to,
 * and the only-payments mode it sets (payments) or clears (dashboard). The dialog is left out:
 * the warning already says it.
 */
export function gateOutcome(
  gate: ClosedGate,
  locale: string,
): { to: RouteTarget; onlyPayments: ResponseDecision['onlyPayments'] } {
  const decision = decideResponse({
    status: 403,
    method: 'POST',
    data: { redirect_to: gate.redirect_to },
    path: '',
    user: null,
    token: undefined,
    locale,
  });
  return { to: decision.redirect ?? { name: ROUTE.dashboard }, onlyPayments: decision.onlyPayments };
}

/** The answer's `data`, keeping only well-formed entries (anything else is no gate: the warning is advice, the server decides). */
export function parseClosedGates(body: unknown): ClosedGates {
  const data = (body as { data?: unknown } | null | undefined)?.data;
  const out: Record<string, ClosedGate> = {};
  if (!data || typeof data !== 'object' || Array.isArray(data)) return out;
  for (const [action, value] of Object.entries(data as Record<string, unknown>)) {
    const gate = value as Partial<ClosedGate> | null;
    if (
      gate &&
      (gate.redirect_to === 'payments' || gate.redirect_to === 'dashboard') &&
      typeof gate.message === 'string' &&
      gate.message
    ) {
      out[action] = { redirect_to: gate.redirect_to, message: gate.message };
    }
  }
  return out;
}

/** The part of the API client the loader needs. */
export interface GatesApi {
  get<T = unknown>(path: string, config?: { toast?: boolean }): Promise<T>;
}

const inFlight = new WeakMap<GatesApi, Map<string, Promise<ClosedGates>>>();

/**
 * Asks the server once for everyone who asks at the same time (the screen's warning and the
 * page's buttons mount together) in the same language; the next visit asks again, so a payment
 * opens the gate at once. A failure is no gate (the server still refuses), and is not toasted.
 */
export function loadClosedGates(api: GatesApi, language: string): Promise<ClosedGates> {
  const byLanguage = inFlight.get(api) ?? new Map<string, Promise<ClosedGates>>();
  inFlight.set(api, byLanguage);
  const running = byLanguage.get(language);
  if (running) return running;
  const promise = api
    .get<unknown>(GATES_PATH, { toast: false })
    .then(parseClosedGates, () => ({}))
    .finally(() => byLanguage.delete(language));
  byLanguage.set(language, promise);
  return promise;
}
