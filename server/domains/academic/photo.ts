/**
 * GET /photo/{id}?hash=: a student's photo (the `hash` only defeats caches and is ignored).
 * The photo is the file the student's `photo` field names, relative to the uploads folder;
 * without one (or when the file is gone) the answer is a default avatar: an SVG with the
 * student's initials. Only images are served: the file's bytes decide, not its name.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/bmp', 'image/tiff']);
/** Largest photo served; a larger file is treated as missing. */
const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

export interface Photo {
  type: string;
  body: Buffer | string;
}

/** The bytes of `relative` under `root` when it is an image inside `root`; else undefined. */
export async function readPhoto(root: string, relative: string | null | undefined): Promise<Photo | undefined> {
  if (!relative) return undefined;
  const base = path.resolve(root);
  const file = path.resolve(base, relative.replace(/^\/+/, ''));
  if (file !== base && !file.startsWith(base + path.sep)) return undefined; // never outside the uploads folder
  try {
    const stat = await fs.stat(file);
    if (!stat.isFile() || stat.size > MAX_PHOTO_BYTES) return undefined;
    const body = await fs.readFile(file);
    const type = await fileTypeFromBuffer(body);
    return type && IMAGE_TYPES.has(type.mime) ? { type: type.mime, body } : undefined;
  } catch {
    return undefined;
  }
}

const COLOURS = ['#1565c0', '#2e7d32', '#6a1b9a', '#c62828', '#ef6c00', '#00838f', '#4e342e', '#37474f'];

function escapeXml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
}

/** Up to two initials of a name (Latin or Arabic). */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return (
    parts
      .slice(0, 2)
      .map((p) => [...p][0]!.toUpperCase())
      .join('') || '?'
  );
}

/** The default avatar: a coloured circle with the initials, the colour fixed per student. */
export function defaultAvatar(studentId: number, name: string): Photo {
  const colour = COLOURS[studentId % COLOURS.length];
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256" role="img">` +
    `<circle cx="128" cy="128" r="128" fill="${colour}"/>` +
    `<text x="50%" y="50%" dy=".35em" text-anchor="middle" font-family="Vazirmatn, Roboto, Arial, sans-serif" font-size="96" fill="#fff">${escapeXml(initials(name))}</text></svg>`;
  return { type: 'image/svg+xml', body: svg };
}
