/**
 * The signed-in user for React: engine/core's session store (cookies) behind a context that
 * re-renders when the session changes. `subject` is what the permission check takes.
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { PermissionSubject } from '../../core/permissions.ts';
import { subjectOf } from '../../core/guard.ts';
import type { SessionSnapshot, SessionStore, SessionUser } from '../../core/session.ts';

export interface SessionValue extends SessionSnapshot {
  store: SessionStore;
  subject: PermissionSubject | null;
  signIn(session: { token: string; user: SessionUser }): void;
  signOut(): void;
  /** Re-read the cookies (after the API client or the guard changed them). */
  refresh(): void;
}

const SessionContext = createContext<SessionValue | null>(null);


export function SessionProvider({ store, children }: { store: SessionStore; children: ReactNode }) {
  const [snapshot, setSnapshot] = useState<SessionSnapshot>(() => store.snapshot());
  const refresh = useCallback(() => setSnapshot(store.snapshot()), [store]);
  const value = useMemo<SessionValue>(
    () => ({
      ...snapshot,
      store,
      subject: snapshot.loggedIn && snapshot.user ? subjectOf(snapshot.user) : null,
      signIn(session) {
        store.signIn(session);
        refresh();
      },
      signOut() {
        store.clear();
        refresh();
      },
      refresh,
    }),
    [snapshot, store, refresh],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession() needs a <SessionProvider> above it');
  return value;
}

/**
 * What tells one signed-in session from another (the token; '' signed out or outside a
 * provider): caches of what a user may read are kept per session.
 */
export function useSessionKey(): string {
  return useContext(SessionContext)?.token ?? '';
}
