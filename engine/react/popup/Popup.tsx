/**
 * The popup (spec portal-core 8): a message dialog with a Go Back button that goes back one
 * page. Requests come from the UI bridge (the API client's redirect dialogs) or `usePopup()`.
 */
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useUi } from '../i18n/hooks.ts';
import type { PopupRequest, UiBridge } from '../data/ui-bridge.ts';

const PopupContext = createContext<(popup: PopupRequest) => void>(() => {});

export function usePopup(): (popup: PopupRequest) => void {
  return useContext(PopupContext);
}

export function PopupHost({ bridge, children }: { bridge?: UiBridge; children: ReactNode }) {
  const [popup, setPopup] = useState<PopupRequest | null>(null);
  const ui = useUi();
  const open = useCallback((p: PopupRequest) => setPopup(p), []);
  useEffect(() => bridge?.subscribe((event) => event.type === 'popup' && setPopup(event.popup)), [bridge]);
  const close = () => setPopup(null);
  return (
    <PopupContext.Provider value={open}>
      {children}
      <Dialog open={popup !== null} onClose={close} aria-labelledby="rowaq-popup-title" maxWidth="xs" fullWidth>
        {popup?.title && <DialogTitle id="rowaq-popup-title">{popup.title}</DialogTitle>}
        <DialogContent>
          <DialogContentText>{popup?.text}</DialogContentText>
        </DialogContent>
        <DialogActions>
          {popup?.goBack !== false && (
            <Button
              variant="contained"
              onClick={() => {
                close();
                window.history.back();
              }}
            >
              {ui('goBack')}
            </Button>
          )}
          <Button onClick={close}>{ui('ok')}</Button>
        </DialogActions>
      </Dialog>
    </PopupContext.Provider>
  );
}
