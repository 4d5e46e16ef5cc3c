/**
 * Toast descriptors (portal-core sections 8 and 9): what to show, for how long and where.
 * The React layer hands them to notistack; nothing here draws.
 *
 * Error: title 'error', 5000 ms, close button, top-left in a left-to-right language and
 * top-right in a right-to-left one (the reading start). The message is a translation key or
 * text (passed through `translate` when given), or an {en, ar} object shown in the current
 * language; an optional suffix is appended; fallback 'Something went wrong'.
 * Success: title 'Success', 3000 ms, no close button, fallback 'Operation successful'.
 */
import { isRtl } from './rtl.ts';
import { CORE_TEXTS, localize } from './text.ts';

export const ERROR_TOAST_MS = 5000;
export const SUCCESS_TOAST_MS = 3000;

export interface ToastDescriptor {
  variant: 'error' | 'success';
  title: string;
  message: string;
  autoHideDuration: number;
  closeButton: boolean;
  anchorOrigin: { vertical: 'top'; horizontal: 'left' | 'right' };
}

/** A message as callers give it: a key or text, or a text per language. */
export type ToastMessage = string | Readonly<Record<string, string | undefined>> | null | undefined;

export interface ToastOptions {
  locale: string;
  suffix?: string;
  /** The i18n translate function; a string message is passed through it. */
  translate?: (key: string) => string;
}

export function errorToast(message: ToastMessage, options: ToastOptions): ToastDescriptor {
  return {
    variant: 'error',
    title: localize(CORE_TEXTS.errorTitle, options.locale),
    message: messageText(message, options) ?? localize(CORE_TEXTS.somethingWentWrong, options.locale),
    autoHideDuration: ERROR_TOAST_MS,
    closeButton: true,
    anchorOrigin: anchor(options.locale),
  };
}

export function successToast(message: ToastMessage, options: ToastOptions): ToastDescriptor {
  return {
    variant: 'success',
    title: localize(CORE_TEXTS.successTitle, options.locale),
    message: messageText(message, options) ?? localize(CORE_TEXTS.operationSuccessful, options.locale),
    autoHideDuration: SUCCESS_TOAST_MS,
    closeButton: false,
    anchorOrigin: anchor(options.locale),
  };
}

function messageText(message: ToastMessage, options: ToastOptions): string | undefined {
  let text: string | undefined;
  if (typeof message === 'string') {
    text = message.trim() ? (options.translate ? options.translate(message) : message) : undefined;
  } else if (message && typeof message === 'object') {
    text = localize(message, options.locale) || undefined;
  }
  if (!text) return undefined;
  return options.suffix ? `${text} ${options.suffix}` : text;
}

function anchor(locale: string): ToastDescriptor['anchorOrigin'] {
  return { vertical: 'top', horizontal: isRtl(locale) ? 'right' : 'left' };
}
