/**
 * A student's photo (GET /photo/{id}?hash=): fetched with the signed-in user's token (an <img>
 * could not send it) and shown from a blob URL. The random `hash` defeats caches, as the spec
 * says; the server answers a default avatar when the student has no photo.
 */
import { Avatar, Skeleton } from '@mui/material';
import { useEffect, useState } from 'react';
import { useApi } from '../../data/ApiProvider.tsx';
import { useText } from './texts.ts';

export function photoPath(studentId: number, hash: string = Math.random().toString(36).slice(2)): string {
  return `/photo/${studentId}?hash=${hash}`;
}

export function StudentPhoto({ studentId, name, size = 120 }: { studentId: number | undefined; name: string; size?: number }) {
  const api = useApi();
  const t = useText();
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (studentId === undefined) return;
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
  }, [api, studentId]);
  if (!url && !failed) return <Skeleton variant="circular" width={size} height={size} />;
  return (
    <Avatar src={url ?? undefined} alt={t('photoOf', { name })} sx={{ width: size, height: size }} data-testid="student-photo">
      {name.slice(0, 1)}
    </Avatar>
  );
}
