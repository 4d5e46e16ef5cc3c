/**
 * Asking the user to confirm, headless: `useConfirm()` returns a function that asks a question
 * and resolves with the answer. The PopupHost (Popup.tsx) provides it and draws the question as
 * the portal's own dialog in the portal's language (PopupDialog.tsx), not the browser's
 * `window.confirm` (unstyled, with buttons in the browser's language).
 */
import { createContext, useContext } from 'react';

/** Asks a question; true when the user confirms. */
export type Confirm = (question: string) => Promise<boolean>;

/** A question waiting for its answer. */
export interface ConfirmRequest {
  text: string;
  resolve: (ok: boolean) => void;
}

// Outside a PopupHost (a lone story or test) the browser's own dialog answers.
export const ConfirmContext = createContext<Confirm>((question) => Promise.resolve(window.confirm(question)));

export function useConfirm(): Confirm {
  return useContext(ConfirmContext);
}
