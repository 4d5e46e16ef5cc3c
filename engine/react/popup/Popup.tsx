/**
 * The popup (spec portal-core 8): a message dialog with a Go Back button that goes back one
 * page. Requests come from the UI bridge (the API client's redirect dialogs) or `usePopup()`.
 * The dialog (MUI Dialog, Modal) is its own chunk, loaded with the first popup.
 */
import { createContext, Suspense, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import type { PopupRequest, UiBridge } from '../data/ui-bridge.ts';
import { lazyNamed } from '../lazy.ts';
import type { PopupDialogProps } from './PopupDialog.tsx';

const PopupDialog = lazyNamed<PopupDialogProps, 'PopupDialog'>(() => import('./PopupDialog.tsx'), 'PopupDialog');

const PopupContext = createContext<(popup: PopupRequest) => void>(() => {});

export function usePopup(): (popup: PopupRequest) => void {
  return useContext(PopupContext);
}

export function PopupHost({ bridge, children }: { bridge?: UiBridge; children: ReactNode }) {
  const [popup, setPopup] = useState<PopupRequest | null>(null);
  const [used, setUsed] = useState(false);
  const open = useCallback((p: PopupRequest) => {
    setUsed(true);
    setPopup(p);
  }, []);
  useEffect(() => bridge?.subscribe((event) => event.type === 'popup' && open(event.popup)), [bridge, open]);
  return (
    <PopupContext.Provider value={open}>
      {children}
      {used && (
        <Suspense fallback={null}>
          <PopupDialog popup={popup} onClose={() => setPopup(null)} />
        </Suspense>
      )}
    </PopupContext.Provider>
  );
}
