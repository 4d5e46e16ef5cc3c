/**
 * notistack wiring of engine/core's toast descriptors: the descriptor says title, text,
 * duration, corner and close button; this file only draws it. `useToast()` builds
 * descriptors (toasts/useToast.ts, headless); the API client's toasts arrive through the
 * UI bridge.
 */
import { useCallback, useEffect, type ReactNode } from 'react';
import { closeSnackbar, SnackbarProvider, useSnackbar } from 'notistack';
import { Box, IconButton, Typography } from '@mui/material';
import Close from '@mui/icons-material/Close';
import type { ToastDescriptor } from '../../core/toasts.ts';
import type { UiBridge } from '../data/ui-bridge.ts';
import { ShowToastContext } from './useToast.ts';

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

/** Listens to the UI bridge and gives `useToast()` its drawing function. */
function ToastWiring({ bridge, children }: { bridge?: UiBridge; children: ReactNode }) {
  const show = useShowToast();
  useEffect(() => bridge?.subscribe((event) => event.type === 'toast' && show(event.toast)), [bridge, show]);
  return <ShowToastContext.Provider value={show}>{children}</ShowToastContext.Provider>;
}

export function ToastHost({ bridge, children }: { bridge?: UiBridge; children: ReactNode }) {
  return (
    <SnackbarProvider maxSnack={4} preventDuplicate>
      <ToastWiring bridge={bridge}>{children}</ToastWiring>
    </SnackbarProvider>
  );
}
