/**
 * The only-payments mode (portal-core section 8): after an answer with
 * data.redirect_to = payments the student sees and reaches only the payment screens, until the
 * student does something that changes state; the server's gate brings the mode back on the
 * next gated call while an installment is still overdue.
 *
 * - `ONLY_PAYMENTS_ROUTES`: what stays reachable (and in the menu): the payments list, paying
 *   an invoice, the provider's return page and the wallet (its movements and charging it).
 * - Which answers clear the flag: api/rules.ts (`isReadCall`: reads keep it).
 * - `confineToPayments`: the navigation guard's rule.
 * - `createStoredOnlyPaymentsFlag`: the flag kept in (session) storage for the signed-in user,
 *   so that the provider's hosted page round trip or a reload does not end the mode, and
 *   another user signing in in the same tab does not inherit it.
 */
import type { KeyValueStorage } from './layout-settings.ts';
import { ROUTE, type RouteTarget } from './routes.ts';

export const ONLY_PAYMENTS_ROUTES: readonly string[] = [
  ROUTE.payments,
  'payment-confirmation',
  'payment-info',
  ROUTE.credit,
  'credit-charge',
];

/** Routes every signed-in user keeps in the mode (no loop, and a way out). */
const ALWAYS_OPEN: readonly string[] = [ROUTE.login, ROUTE.notAuthorized, ROUTE.maintenance, ROUTE.error404];

/** Null when the route may be shown, else where to send the user (the payments screen). */
export function confineToPayments(routeName: string | undefined, onlyPayments: boolean): RouteTarget | null {
  if (!onlyPayments || !routeName) return null;
  if (ONLY_PAYMENTS_ROUTES.includes(routeName) || ALWAYS_OPEN.includes(routeName)) return null;
  return { name: ROUTE.payments };
}

export const ONLY_PAYMENTS_KEY = 'rowaq.onlyPayments';

export interface StoredOnlyPaymentsFlag {
  get(): boolean;
  set(value: boolean): void;
  subscribe(listener: () => void): () => void;
}

/**
 * The flag in `storage` under ONLY_PAYMENTS_KEY, holding the id of the user it was set for;
 * it reads true only while that user is the one signed in (`currentUserId`).
 */
export function createStoredOnlyPaymentsFlag(
  storage: KeyValueStorage,
  currentUserId: () => string | undefined,
): StoredOnlyPaymentsFlag {
  const listeners = new Set<() => void>();
  const read = (): boolean => {
    const owner = currentUserId();
    return owner !== undefined && safe(() => storage.getItem(ONLY_PAYMENTS_KEY)) === owner;
  };
  return {
    get: read,
    set(value) {
      const before = read();
      const owner = currentUserId();
      if (!value) safe(() => storage.removeItem(ONLY_PAYMENTS_KEY));
      else if (owner !== undefined) safe(() => storage.setItem(ONLY_PAYMENTS_KEY, owner));
      // else: nobody is signed in, there is nobody to confine
      if (read() !== before) for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** Storage may throw (private mode, quota): the mode then simply does not persist. */
function safe<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch {
    return undefined;
  }
}
