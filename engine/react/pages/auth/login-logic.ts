/**
 * Sign-in answers (portal-core 4): a session is accepted only for user type 3 (student) or
 * 4 (staff); otherwise loading stops and nobody is signed in. The single sign-on return
 * carries code, state and session_state in the address.
 */
import {
  isSessionUser,
  STAFF_USER_TYPE,
  STUDENT_USER_TYPE,
  userTypeNumber,
  type SessionUser,
} from '../../../core/session.ts';
import { firstValue, type QueryInput } from '../../../core/query.ts';

export const ACCEPTED_USER_TYPES: readonly number[] = [STUDENT_USER_TYPE, STAFF_USER_TYPE];

/** `{token, user}` from a login answer (also inside `data`), or null when refused. */
export function acceptedSession(body: unknown): { token: string; user: SessionUser } | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as Record<string, unknown>;
  if (typeof b.token !== 'string' && b.data && typeof b.data === 'object') return acceptedSession(b.data);
  if (typeof b.token !== 'string' || !b.token || !isSessionUser(b.user)) return null;
  const type = userTypeNumber(b.user);
  return type !== undefined && ACCEPTED_USER_TYPES.includes(type) ? { token: b.token, user: b.user } : null;
}

/** The single sign-on return parameters, when the address carries a code. */
export function ssoReturn(query: QueryInput): Record<string, string> | null {
  const code = firstValue(query, 'code');
  if (!code) return null;
  const out: Record<string, string> = { code };
  for (const key of ['state', 'session_state', 'iss']) {
    const v = firstValue(query, key);
    if (v !== undefined) out[key] = v;
  }
  return out;
}
