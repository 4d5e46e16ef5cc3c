/**
 * The popup (spec portal-core 8): a message dialog with a Go Back button that goes back one
 * page. Requests come from the UI bridge (the API client's redirect dialogs) or `usePopup()`.
 * The same host asks questions: `useConfirm()` (confirm.ts) opens a Cancel / Confirm dialog in
 * the portal's language (not the browser's `window.confirm`) and resolves with the answer.
 * The dialogs (MUI Dialog, Modal) are their own chunk, loaded with the first popup or question.
 */
import { createContext, Suspense, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import type { PopupRequest, UiBridge } from '../data/ui-bridge.ts';
import { lazyNamed } from '../lazy.ts';
import { ConfirmContext, type Confirm, type ConfirmRequest } from './confirm.ts';
import type { ConfirmDialogProps, PopupDialogProps } from './PopupDialog.tsx';

const PopupDialog = lazyNamed<PopupDialogProps, 'PopupDialog'>(() => import('./PopupDialog.tsx'), 'PopupDialog');
const ConfirmDialog = lazyNamed<ConfirmDialogProps, 'ConfirmDialog'>(
  () => import('./PopupDialog.tsx'),
  'ConfirmDialog',
);

const PopupContext = createContext<(popup: PopupRequest) => void>(() => {});

export function usePopup(): (popup: PopupRequest) => void {
  return useContext(PopupContext);
}

export function PopupHost({ bridge, children }: { bridge?: UiBridge; children: ReactNode }) {
  const [popup, setPopup] = useState<PopupRequest | null>(null);
  const [question, setQuestion] = useState<ConfirmRequest | null>(null);
  const [used, setUsed] = useState(false);
  const open = useCallback((p: PopupRequest) => {
    setUsed(true);
    setPopup(p);
  }, []);
  const ask = useCallback<Confirm>(
    (text) =>
      new Promise<boolean>((resolve) => {
        setUsed(true);
        // a question still open is answered "no" by the new one
        setQuestion((previous) => {
          previous?.resolve(false);
          return { text, resolve };
        });
      }),
    [],
  );
  const answer = useCallback((ok: boolean) => {
    setQuestion((current) => {
      current?.resolve(ok);
      return null;
    });
  }, []);
  useEffect(() => bridge?.subscribe((event) => event.type === 'popup' && open(event.popup)), [bridge, open]);
  return (
    <PopupContext.Provider value={open}>
      <ConfirmContext.Provider value={ask}>
        {children}
        {used && (
          <Suspense fallback={null}>
            <PopupDialog popup={popup} onClose={() => setPopup(null)} />
            <ConfirmDialog question={question} onAnswer={answer} />
          </Suspense>
        )}
      </ConfirmContext.Provider>
    </PopupContext.Provider>
  );
}
