/**
 * Headless toasts: `useToast()` builds engine/core toast descriptors in the current language
 * and hands them to whatever view the ToastHost put in context (notistack). Controllers use
 * this file and never touch MUI.
 */
import { createContext, useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorToast, successToast, type ToastDescriptor, type ToastMessage } from '../../core/toasts.ts';

export const ShowToastContext = createContext<(toast: ToastDescriptor) => void>(() => {});

/** `toast.error(message, suffix?)`, `toast.success(message?)` in the current language. */
export function useToast() {
  const show = useContext(ShowToastContext);
  const { i18n, t } = useTranslation();
  return useMemo(() => {
    const options = (suffix?: string) => ({
      locale: i18n.language,
      suffix,
      translate: (key: string) => t(key) as string,
    });
    return {
      error: (message?: ToastMessage, suffix?: string) => show(errorToast(message, options(suffix))),
      success: (message?: ToastMessage) => show(successToast(message, options())),
    };
  }, [show, i18n.language, t]);
}
