/** engine/core's live user data poll (every 180000 ms while signed in), its latest answer for the tree. */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { createLiveDataPoller, type LiveData } from '../../core/live-data.ts';
import { useApi } from './ApiProvider.tsx';
import { useSession } from './SessionProvider.tsx';

const LiveDataContext = createContext<LiveData>({});

export function LiveDataProvider({ children }: { children: ReactNode }) {
  const api = useApi();
  const { loggedIn, store } = useSession();
  const [data, setData] = useState<LiveData>({});
  useEffect(() => {
    if (!loggedIn) return;
    const poller = createLiveDataPoller({ api, isSignedIn: () => store.isLoggedIn(), onData: setData });
    poller.start();
    return () => poller.stop();
  }, [api, loggedIn, store]);
  return <LiveDataContext.Provider value={data}>{children}</LiveDataContext.Provider>;
}

export function useLiveData(): LiveData {
  return useContext(LiveDataContext);
}
