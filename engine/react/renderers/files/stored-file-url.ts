/**
 * A stored file's bytes as a page may use them: files are read through the API with the
 * user's token (GET /uploads/{id}), never from a public address, so a picture is fetched as a
 * blob and shown from an object URL, released when the picture leaves the page.
 */
import { useEffect, useState } from 'react';
import { useApi } from '../../data/ApiProvider.tsx';

export const storedFilePath = (id: number) => `/uploads/${id}`;

export function useStoredFileUrl(id: number, enabled: boolean): string | undefined {
  const api = useApi();
  const [url, setUrl] = useState<string | undefined>();
  useEffect(() => {
    if (!enabled) return undefined;
    let live = true;
    let made: string | undefined;
    api
      .get<Blob>(storedFilePath(id), { responseType: 'blob', toast: false })
      .then((blob) => {
        if (!live) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [api, id, enabled]);
  return url;
}
