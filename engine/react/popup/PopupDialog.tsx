/** The popup's dialog: title, text, Go Back (one page back) unless told not to, and OK. */
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import type { PopupRequest } from '../data/ui-bridge.ts';
import { useUi } from '../i18n/hooks.ts';

export interface PopupDialogProps {
  popup: PopupRequest | null;
  onClose: () => void;
}

export function PopupDialog({ popup, onClose }: PopupDialogProps) {
  const ui = useUi();
  return (
    // Without a title (the payments and survey messages) the text itself names the dialog.
    <Dialog
      open={popup !== null}
      onClose={onClose}
      aria-labelledby={popup?.title ? 'rowaq-popup-title' : 'rowaq-popup-text'}
      aria-describedby={popup?.title ? 'rowaq-popup-text' : undefined}
      maxWidth="xs"
      fullWidth
    >
      {popup?.title && <DialogTitle id="rowaq-popup-title">{popup.title}</DialogTitle>}
      <DialogContent>
        <DialogContentText id="rowaq-popup-text">{popup?.text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        {popup?.goBack !== false && (
          <Button
            variant="contained"
            onClick={() => {
              onClose();
              window.history.back();
            }}
          >
            {ui('goBack')}
          </Button>
        )}
        <Button onClick={onClose}>{ui('ok')}</Button>
      </DialogActions>
    </Dialog>
  );
}
