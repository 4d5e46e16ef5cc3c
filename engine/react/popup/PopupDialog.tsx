/**
 * The popup's dialog: title, text, Go Back (one page back) unless told not to, and OK; and the
 * question's dialog (`useConfirm`).
 */
import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import type { PopupRequest } from '../data/ui-bridge.ts';
import type { ConfirmRequest } from './confirm.ts';
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

export interface ConfirmDialogProps {
  question: ConfirmRequest | null;
  onAnswer: (ok: boolean) => void;
}

/** The question's dialog: its text, Cancel and Confirm; Escape or a click outside cancels. */
export function ConfirmDialog({ question, onAnswer }: ConfirmDialogProps) {
  const ui = useUi();
  // the text stays while the dialog fades out
  const [text, setText] = useState(question?.text);
  if (question && question.text !== text) setText(question.text);
  return (
    <Dialog
      open={question !== null}
      onClose={() => onAnswer(false)}
      aria-labelledby="rowaq-confirm-text"
      maxWidth="xs"
      fullWidth
    >
      <DialogContent>
        <DialogContentText id="rowaq-confirm-text">{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onAnswer(false)}>{ui('cancel')}</Button>
        <Button variant="contained" autoFocus onClick={() => onAnswer(true)}>
          {ui('confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
