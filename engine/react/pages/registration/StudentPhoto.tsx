/**
 * A student's photo (GET /photo/{id}?hash=): fetched with the signed-in user's token (an <img>
 * could not send it) and shown from a blob URL. The random `hash` defeats caches, as the spec
 * says; the server answers a default avatar when the student has no photo. In a list (`lazy`),
 * a photo is asked for only once it comes within the preload factor (1.3 screen heights) of the
 * screen, so a long list does not ask for every photo at once.
 */
import { Avatar, Skeleton } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { preloadRootMargin } from '../../../core/load-settings.ts';
import { useApi } from '../../data/ApiProvider.tsx';
import { useText } from './texts.ts';

export function photoPath(studentId: number, hash: string = Math.random().toString(36).slice(2)): string {
  return `/photo/${studentId}?hash=${hash}`;
}

export function StudentPhoto({
  studentId,
  name,
  size = 120,
  lazy = false,
}: {
  studentId: number | undefined;
  name: string;
  size?: number;
  lazy?: boolean;
}) {
  const api = useApi();
  const t = useText();
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const near = useNearScreen(lazy);
  useEffect(() => {
    if (studentId === undefined || !near.seen) return;
    let live = true;
    let made: string | null = null;
    api.get<Blob>(photoPath(studentId), { responseType: 'blob', toast: false }).then(
      (blob) => {
        if (!live) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [api, studentId, near.seen]);
  if (!url && !failed)
    return <Skeleton ref={near.ref} variant="circular" width={size} height={size} data-lazy={lazy || undefined} />;
  return (
    <Avatar
      src={url ?? undefined}
      alt={t('photoOf', { name })}
      sx={{ width: size, height: size }}
      data-testid="student-photo"
    >
      {name.slice(0, 1)}
    </Avatar>
  );
}

/** Seen once the element comes within the preload factor of the screen (always, when not lazy). */
function useNearScreen(lazy: boolean): { ref: (el: HTMLElement | null) => void; seen: boolean } {
  const [seen, setSeen] = useState(!lazy || typeof IntersectionObserver === 'undefined');
  const observer = useRef<IntersectionObserver | null>(null);
  useEffect(() => () => observer.current?.disconnect(), []);
  const ref = (el: HTMLElement | null) => {
    observer.current?.disconnect();
    if (!el || seen) return;
    observer.current = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.current?.disconnect();
          setSeen(true);
        }
      },
      { rootMargin: preloadRootMargin() },
    );
    observer.current.observe(el);
  };
  return { ref, seen };
}
