/** Scrolls to the top after every navigation (spec portal-core 2, guard rule 6). */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

export function ScrollReset() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (typeof window !== 'undefined' && typeof window.scrollTo === 'function') {
      try {
        window.scrollTo({ top: 0, left: 0 });
      } catch {
        // jsdom has no window.scrollTo: it throws there, and a test page need not scroll
      }
    }
  }, [pathname, search]);
  return null;
}
