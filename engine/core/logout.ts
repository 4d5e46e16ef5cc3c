/**
 * Logout (portal-core section 4): POST /users/logout, then, whatever the call did, clear the
 * session cookies, the roles and permissions and the rest of the user's state, stop the
 * live-data poll and go to auth-login.
 * The call is given at most `waitMs` (the request timeout is 150000000 ms, far too long to
 * keep a user waiting on the way out).
 */
import { ROUTE, type RouteTarget } from './routes.ts';

export const LOGOUT_PATH = '/users/logout';
export const LOGOUT_WAIT_MS = 10_000;

export interface LogoutDeps {
  api: { post(path: string, data?: unknown, config?: { toast?: boolean }): Promise<unknown> };
  session: { clear(): void };
  /** Forgets the loaded roles and permissions. */
  clearPermissions: () => void;
  navigate: (to: RouteTarget) => void;
  stopLiveData?: () => void;
  /** Anything else held for the user (the only-payments flag, cached lookups). */
  clearAppState?: () => void;
  waitMs?: number;
}

export interface LogoutResult {
  /** Whether the server confirmed the logout; the local session is cleared either way. */
  callSucceeded: boolean;
}

/** Never rejects. */
export async function logout(deps: LogoutDeps): Promise<LogoutResult> {
  let callSucceeded = false;
  let timeout: ReturnType<typeof setTimeout> | undefined;
  try {
    const call = deps.api.post(LOGOUT_PATH, undefined, { toast: false });
    const giveUp = new Promise<never>((_, reject) => {
      timeout = setTimeout(() => reject(new Error('logout call timed out')), deps.waitMs ?? LOGOUT_WAIT_MS);
    });
    await Promise.race([call, giveUp]);
    callSucceeded = true;
  } catch {
    // The server may be down or the token already invalid: the user still leaves.
  } finally {
    clearTimeout(timeout);
    runSafely(() => deps.stopLiveData?.());
    runSafely(() => deps.session.clear());
    runSafely(() => deps.clearPermissions());
    runSafely(() => deps.clearAppState?.());
    deps.navigate({ name: ROUTE.login });
  }
  return { callSucceeded };
}

function runSafely(step: () => void): void {
  try {
    step();
  } catch {
    // One failing step must not keep the others from running.
  }
}
