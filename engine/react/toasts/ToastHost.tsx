/**
 * notistack wiring of engine/core's toast descriptors: the descriptor says title, text,
 * duration, corner and close button; this file only draws it. `useToast()` builds
 * descriptors in the current language for React code; the API client's toasts arrive
 * through the UI bridge.
 */
import { useCallback, useEffect, useMemo, type ReactNode } from 'react';
import { closeSnackbar, SnackbarProvider, useSnackbar } from 'notistack';
import { Box, IconButton, Typography } from '@mui/material';
import Close from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';
import { errorToast, successToast, type ToastDescriptor, type ToastMessage } from '../../core/toasts.ts';
import type { UiBridge } from '../data/ui-bridge.ts';

/** What notistack gets for a descriptor (pure, tested apart from the drawing). */
export function snackbarOptions(toast: ToastDescriptor) {
  return {
    variant: toast.variant,
    autoHideDuration: toast.autoHideDuration,
    anchorOrigin: toast.anchorOrigin,
    action: toast.closeButton
      ? (key: string | number) => (
          <IconButton size="small" color="inherit" aria-label="close" onClick={() => closeSnackbar(key)}>
            <Close fontSize="small" />
          </IconButton>
        )
      : undefined,
  };
}

export function ToastContent({ toast }: { toast: ToastDescriptor }) {
  return (
    <Box>
      <Typography variant="subtitle2" component="div" sx={{ fontWeight: 700 }}>
        {toast.title}
      </Typography>
      <Typography variant="body2" component="div">
        {toast.message}
      </Typography>
    </Box>
  );
}

export function useShowToast(): (toast: ToastDescriptor) => void {
  const { enqueueSnackbar } = useSnackbar();
  return useCallback((toast) => void enqueueSnackbar(<ToastContent toast={toast} />, snackbarOptions(toast)), [enqueueSnackbar]);
}

/** `toast.error(message, suffix?)`, `toast.success(message?)` in the current language. */
export function useToast() {
  const show = useShowToast();
  const { i18n, t } = useTranslation();
  return useMemo(() => {
    const options = (suffix?: string) => ({ locale: i18n.language, suffix, translate: (key: string) => t(key) as string });
    return {
      error: (message?: ToastMessage, suffix?: string) => show(errorToast(message, options(suffix))),
      success: (message?: ToastMessage) => show(successToast(message, options())),
    };
  }, [show, i18n.language, t]);
}

function BridgeListener({ bridge }: { bridge: UiBridge }) {
  const show = useShowToast();
  useEffect(() => bridge.subscribe((event) => event.type === 'toast' && show(event.toast)), [bridge, show]);
  return null;
}

export function ToastHost({ bridge, children }: { bridge?: UiBridge; children: ReactNode }) {
  return (
    <SnackbarProvider maxSnack={4} preventDuplicate>
      {bridge && <BridgeListener bridge={bridge} />}
      {children}
    </SnackbarProvider>
  );
}
