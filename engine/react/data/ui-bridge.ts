/**
 * The channel from code outside React (the API client's response rules) to the toasts and
 * the popup drawn inside it. A plain subscribe/emit value: created once per app, passed down.
 */
import type { ToastDescriptor } from '../../core/toasts.ts';
import type { DialogRequest } from '../../core/api/rules.ts';

export interface PopupRequest {
  title?: string;
  text: string;
  /** Show the Go Back button (goes back one page). */
  goBack?: boolean;
}

export type UiEvent = { type: 'toast'; toast: ToastDescriptor } | { type: 'popup'; popup: PopupRequest };

export interface UiBridge {
  toast(toast: ToastDescriptor): void;
  popup(popup: PopupRequest): void;
  dialog(dialog: DialogRequest): void;
  subscribe(listener: (event: UiEvent) => void): () => void;
}

export function createUiBridge(): UiBridge {
  const listeners = new Set<(event: UiEvent) => void>();
  const pending: UiEvent[] = [];
  const emit = (event: UiEvent) => {
    if (listeners.size === 0) pending.push(event);
    for (const listener of listeners) listener(event);
  };
  return {
    toast: (toast) => emit({ type: 'toast', toast }),
    popup: (popup) => emit({ type: 'popup', popup }),
    dialog: (dialog) => emit({ type: 'popup', popup: { text: dialog.text, goBack: false } }),
    subscribe(listener) {
      listeners.add(listener);
      // Events raised before anything listened (a redirect during the first load) are delivered now.
      while (pending.length) listener(pending.shift() as UiEvent);
      return () => void listeners.delete(listener);
    },
  };
}
