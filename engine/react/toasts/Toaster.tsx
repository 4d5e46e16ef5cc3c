/**
 * The notistack side of the toasts, its own chunk (loaded with the first toast): draws
 * engine/core's toast descriptors, which say title, text, duration, corner and close button.
 */
import { useEffect, useRef } from 'react';
import { closeSnackbar, enqueueSnackbar, SnackbarProvider } from 'notistack';
import { Box, IconButton, Typography } from '@mui/material';
import Close from '@mui/icons-material/Close';
import type { ToastDescriptor } from '../../core/toasts.ts';

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

export interface QueuedToast {
  id: number;
  toast: ToastDescriptor;
}

export interface ToasterProps {
  queue: readonly QueuedToast[];
  /** The toasts handed to notistack, to drop from the queue. */
  onShown: (ids: number[]) => void;
}

/** notistack's provider (no children: it only draws the stack) and the queue's drain. */
export function Toaster({ queue, onShown }: ToasterProps) {
  const shown = useRef(new Set<number>());
  useEffect(() => {
    const fresh = queue.filter((q) => !shown.current.has(q.id));
    if (fresh.length === 0) return;
    for (const { id, toast } of fresh) {
      shown.current.add(id);
      enqueueSnackbar(<ToastContent toast={toast} />, snackbarOptions(toast));
    }
    onShown(fresh.map((q) => q.id));
  }, [queue, onShown]);
  return <SnackbarProvider maxSnack={4} preventDuplicate />;
}
