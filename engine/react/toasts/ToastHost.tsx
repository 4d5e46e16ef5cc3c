/**
 * The toasts of the tree: gives `useToast()` its drawing function and listens to the UI
 * bridge (the API client's toasts). Toasts are queued here and drawn by notistack
 * (toasts/Toaster.tsx), which loads with the first toast, so pages that show none (a first
 * visit of sign-in) do not download it. `useToast()` builds the descriptors (headless).
 */
import { Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { ToastDescriptor } from '../../core/toasts.ts';
import type { UiBridge } from '../data/ui-bridge.ts';
import { lazyNamed } from '../lazy.ts';
import type { QueuedToast, ToasterProps } from './Toaster.tsx';
import { ShowToastContext } from './useToast.ts';

const Toaster = lazyNamed<ToasterProps, 'Toaster'>(() => import('./Toaster.tsx'), 'Toaster');

export function ToastHost({ bridge, children }: { bridge?: UiBridge; children: ReactNode }) {
  const [queue, setQueue] = useState<QueuedToast[]>([]);
  const [used, setUsed] = useState(false);
  const next = useRef(0);
  const show = useCallback((toast: ToastDescriptor) => {
    const id = next.current++;
    setUsed(true);
    setQueue((q) => [...q, { id, toast }]);
  }, []);
  const onShown = useCallback((ids: number[]) => setQueue((q) => q.filter((item) => !ids.includes(item.id))), []);
  useEffect(() => bridge?.subscribe((event) => event.type === 'toast' && show(event.toast)), [bridge, show]);
  return (
    <ShowToastContext.Provider value={show}>
      {children}
      {used && (
        <Suspense fallback={null}>
          <Toaster queue={queue} onShown={onShown} />
        </Suspense>
      )}
    </ShowToastContext.Provider>
  );
}
