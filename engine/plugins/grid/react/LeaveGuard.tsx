/**
 * Asks before leaving a page with unsaved changes: inside the portal (a menu link, the back
 * button) through the router's blocker and the portal's own dialog; closing or reloading the tab
 * through the browser's beforeunload question. Draw it only under the portal's data router.
 */
import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { useConfirm } from '../../../react/popup/confirm.ts';
import { saveText } from './save-texts.ts';

export function LeaveGuard({ count, lang }: { count: number; lang: string }) {
  const confirm = useConfirm();
  // A change of the address's query only (the grid's filters and sort) is no leaving.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => count > 0 && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirm(saveText(lang, 'leaveAsk', { n: count })).then((leave) =>
      leave ? blocker.proceed() : blocker.reset(),
    );
  }, [blocker, confirm, lang, count]);
  useEffect(() => {
    if (!count) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [count]);
  return null;
}
