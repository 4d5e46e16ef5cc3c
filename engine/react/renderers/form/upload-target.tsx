/**
 * Where a form's file fields send their files. Without a target the upload widget reads the
 * file into the form's values (a data URL sent with the form); a page that stores files on the
 * server as soon as they are chosen (the admission documents) provides a target, and the field
 * then holds the server's reference to the stored file.
 */
import { createContext, useContext, type ReactNode } from 'react';

export interface UploadTarget {
  /** Sends one file of `field`; resolves to the value the field keeps. `onProgress` gets 0..1. */
  upload(field: string, file: File, onProgress: (fraction: number) => void): Promise<string>;
  /** Deletes the stored file of `field`. */
  remove(field: string, value: string): Promise<void>;
  /** false once the record may no longer change (an application past incomplete): no replace or delete. */
  editable: boolean;
}

const UploadTargetContext = createContext<UploadTarget | null>(null);

export function UploadTargetProvider({ target, children }: { target: UploadTarget | null; children: ReactNode }) {
  return <UploadTargetContext.Provider value={target}>{children}</UploadTargetContext.Provider>;
}

export function useUploadTarget(): UploadTarget | null {
  return useContext(UploadTargetContext);
}

/** The file name a field value carries (`...;name=<encoded>` as RJSF writes data URLs, or a stored reference). */
export function fileNameOf(value: unknown): string {
  if (typeof value !== 'string' || !value) return '';
  const m = /;name=([^;,]+)/.exec(value);
  if (m) {
    try {
      return decodeURIComponent(m[1]);
    } catch {
      return m[1];
    }
  }
  return value.startsWith('data:') ? 'file' : (value.split('/').pop() ?? value);
}
