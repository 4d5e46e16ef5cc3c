/** engine/core's live user data poll (every 180000 ms while signed in), its latest answer for the tree. */
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { createLiveDataPoller, type LiveData } from '../../core/live-data.ts';
import { isApplicant } from '../../core/session.ts';
import { useApi } from './ApiProvider.tsx';
import { useSession } from './SessionProvider.tsx';

const LiveDataContext = createContext<LiveData>({});
/** Asks the poll for fresh counters now (between its 180 s turns). */
const RefreshContext = createContext<() => void>(() => {});

export function LiveDataProvider({ children }: { children: ReactNode }) {
  const api = useApi();
  const { loggedIn, store, user } = useSession();
  const [data, setData] = useState<LiveData>({});
  const poll = useRef<ReturnType<typeof createLiveDataPoller> | null>(null);
  const [refresh] = useState(() => () => poll.current?.refresh());
  // An applicant has no account (the emailed link authorises its calls): nothing to poll.
  const applicant = isApplicant(user);
  useEffect(() => {
    if (!loggedIn || applicant) return;
    const poller = createLiveDataPoller({ api, isSignedIn: () => store.isLoggedIn() && !isApplicant(store.getUser()), onData: setData });
    poll.current = poller;
    poller.start();
    return () => {
      poller.stop();
      poll.current = null;
    };
  }, [api, loggedIn, store, applicant]);
  return (
    <RefreshContext.Provider value={refresh}>
      <LiveDataContext.Provider value={data}>{children}</LiveDataContext.Provider>
    </RefreshContext.Provider>
  );
}

export function useLiveDataRefresh(): () => void {
  return useContext(RefreshContext);
}

export function useLiveData(): LiveData {
  return useContext(LiveDataContext);
}
