/** engine/core's live user data poll (every 180000 ms while signed in), its latest answer for the tree. */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { createLiveDataPoller, type LiveData } from '../../core/live-data.ts';
import { isApplicant } from '../../core/session.ts';
import { useApi } from './ApiProvider.tsx';
import { useSession } from './SessionProvider.tsx';

const LiveDataContext = createContext<LiveData>({});

export function LiveDataProvider({ children }: { children: ReactNode }) {
  const api = useApi();
  const { loggedIn, store, user } = useSession();
  const [data, setData] = useState<LiveData>({});
  // An applicant has no account (the emailed link authorises its calls): nothing to poll.
  const applicant = isApplicant(user);
  useEffect(() => {
    if (!loggedIn || applicant) return;
    const poller = createLiveDataPoller({ api, isSignedIn: () => store.isLoggedIn() && !isApplicant(store.getUser()), onData: setData });
    poller.start();
    return () => poller.stop();
  }, [api, loggedIn, store, applicant]);
  return <LiveDataContext.Provider value={data}>{children}</LiveDataContext.Provider>;
}

export function useLiveData(): LiveData {
  return useContext(LiveDataContext);
}
