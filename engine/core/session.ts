/**
 * The session, kept in three cookies (portal-core section 3): a logged flag, the token and
 * the user object as JSON. The store only reads and writes them; who may do what is decided
 * by the guard and by the server.
 */
import type { CookieJar, CookieOptions } from './cookie-jar.ts';

export const SESSION_COOKIES = {
  logged: 'logged_in',
  token: 'token',
  user: 'user',
} as const;

export const APPLICANT_TYPE_NAME = 'Applicant';
/** User type 4 (staff) is exempt from the 401 redirect (portal-core section 6). */
export const STAFF_USER_TYPE = 4;
export const STUDENT_USER_TYPE = 3;

export interface SessionApplicant {
  id: number | string;
  applicant_type_id: number | string;
  secret: string;
}

export interface SessionUser {
  id: number | string;
  name: string;
  /** `name`: 'Student', 'Staff', 'Applicant', 'Guest', ...; `type`: 3 student, 4 staff. */
  type: { name: string; type: number | string };
  applicant?: SessionApplicant;
  permissions?: string[];
}

export interface SessionSnapshot {
  loggedIn: boolean;
  token: string | undefined;
  user: SessionUser | null;
}

export interface SessionStore {
  /** True when the logged flag is set and a readable user is stored. */
  isLoggedIn(): boolean;
  getToken(): string | undefined;
  getUser(): SessionUser | null;
  snapshot(): SessionSnapshot;
  /** Stores all three cookies after a successful login. */
  signIn(session: { token: string; user: SessionUser }): void;
  /** Replaces the stored user (profile refresh); keeps the token. */
  setUser(user: SessionUser): void;
  /** Removes the user and the logged flag, keeps the token (the guard's `?token` rule). */
  clearUser(): void;
  /** Removes all three cookies (logout). */
  clear(): void;
}

export interface SessionStoreOptions {
  /** Days the session cookies live; omitted: browser-session cookies. */
  expiresDays?: number;
}

export function createSessionStore(jar: CookieJar, options: SessionStoreOptions = {}): SessionStore {
  const cookieOptions: CookieOptions = options.expiresDays !== undefined ? { expiresDays: options.expiresDays } : {};

  const getUser = (): SessionUser | null => parseUser(jar.get(SESSION_COOKIES.user));
  const getToken = (): string | undefined => jar.get(SESSION_COOKIES.token) || undefined;
  const isLoggedIn = (): boolean => jar.get(SESSION_COOKIES.logged) === 'true' && getUser() !== null;

  const clearUser = (): void => {
    jar.remove(SESSION_COOKIES.user);
    jar.remove(SESSION_COOKIES.logged);
  };

  return {
    isLoggedIn,
    getToken,
    getUser,
    snapshot: () => ({ loggedIn: isLoggedIn(), token: getToken(), user: getUser() }),
    signIn({ token, user }) {
      jar.set(SESSION_COOKIES.token, token, cookieOptions);
      jar.set(SESSION_COOKIES.user, JSON.stringify(user), cookieOptions);
      jar.set(SESSION_COOKIES.logged, 'true', cookieOptions);
    },
    setUser(user) {
      jar.set(SESSION_COOKIES.user, JSON.stringify(user), cookieOptions);
    },
    clearUser,
    clear() {
      clearUser();
      jar.remove(SESSION_COOKIES.token);
    },
  };
}

/** The stored user, or null when the cookie is missing, not JSON or not user-shaped. */
export function parseUser(raw: string | undefined): SessionUser | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  return isSessionUser(value) ? value : null;
}

export function isSessionUser(value: unknown): value is SessionUser {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  const type = v.type as Record<string, unknown> | undefined;
  return (
    (typeof v.id === 'number' || typeof v.id === 'string') &&
    typeof v.name === 'string' &&
    !!type &&
    typeof type === 'object' &&
    typeof type.name === 'string'
  );
}

export function isApplicant(user: SessionUser | null | undefined): boolean {
  return user?.type?.name === APPLICANT_TYPE_NAME;
}

/** The numeric user type (3 student, 4 staff), or undefined. */
export function userTypeNumber(user: SessionUser | null | undefined): number | undefined {
  const n = Number(user?.type?.type);
  return user?.type?.type === undefined || user?.type?.type === '' || Number.isNaN(n) ? undefined : n;
}
