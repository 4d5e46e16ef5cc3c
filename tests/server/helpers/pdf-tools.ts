/**
 * Reading a PDF back in tests with poppler (pdftotext, pdfinfo, pdftoppm): its text page by
 * page, its page count, the words' positions, and the QR code drawn on a page (jsQR on the
 * page rendered at 150 dpi). The page is rendered as PPM, whose pixels are read here in a few
 * lines: pngjs is only a dependency of qrcode, not of the project.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';

export const POPPLER = ['/usr/bin/pdftotext', '/usr/bin/pdfinfo', '/usr/bin/pdftoppm'];
export const hasPoppler = POPPLER.every((p) => fs.existsSync(p));

function withFile<T>(buffer: Buffer, fn: (file: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rowaq-pdf-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    fs.writeFileSync(file, buffer);
    return fn(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * pdftotext -layout, one string per page. Poppler wraps embedded runs in bidi marks and moves
 * their separating spaces: the marks become spaces and spaces are collapsed, line by line.
 */
export function pdfPages(buffer: Buffer): string[][] {
  const text = withFile(buffer, (file) =>
    execFileSync('/usr/bin/pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }),
  );
  const pages = text.split('\f');
  if (pages.at(-1)!.trim() === '') pages.pop();
  return pages.map((page) =>
    page
      .replace(/[\u200e\u200f\u202a-\u202e]/g, ' ')
      .split('\n')
      .map((l) => l.trim().replace(/\s+/g, ' '))
      .filter(Boolean),
  );
}

export function pageCount(buffer: Buffer): number {
  const info = withFile(buffer, (file) => execFileSync('/usr/bin/pdfinfo', [file], { encoding: 'utf8' }));
  return Number(/^Pages:\s+(\d+)/m.exec(info)![1]);
}

/** Each word's page (1-based) and top edge in points (pdftotext -bbox). */
export function wordBoxes(buffer: Buffer): Array<{ page: number; word: string; yMin: number; pageHeight: number }> {
  const html = withFile(buffer, (file) =>
    execFileSync('/usr/bin/pdftotext', ['-bbox', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }),
  );
  const out: Array<{ page: number; word: string; yMin: number; pageHeight: number }> = [];
  let page = 0;
  let pageHeight = 0;
  for (const m of html.matchAll(
    /<page width="[\d.]+" height="([\d.]+)">|<word xMin="[\d.]+" yMin="([\d.]+)"[^>]*>([^<]*)<\/word>/g,
  )) {
    if (m[1]) {
      page++;
      pageHeight = Number(m[1]);
    } else out.push({ page, word: m[3]!, yMin: Number(m[2]), pageHeight });
  }
  return out;
}

/** The text of the QR code on a page (1-based), or null when none is found. */
export function qrOnPage(buffer: Buffer, page: number): string | null {
  const ppm = withFile(buffer, (file) =>
    execFileSync('/usr/bin/pdftoppm', ['-r', '150', '-f', String(page), '-l', String(page), file], {
      maxBuffer: 64 * 1024 * 1024,
    }),
  );
  const { width, height, pixels } = readPpm(ppm);
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0, j = 0; i < width * height; i++, j += 3) {
    rgba[i * 4] = pixels[j]!;
    rgba[i * 4 + 1] = pixels[j + 1]!;
    rgba[i * 4 + 2] = pixels[j + 2]!;
    rgba[i * 4 + 3] = 255;
  }
  return jsQR(rgba, width, height)?.data ?? null;
}

/** Binary PPM (P6, 8 bits): "P6 <width> <height> <maxval>", one whitespace, then RGB bytes. */
function readPpm(data: Buffer): { width: number; height: number; pixels: Buffer } {
  const fields: string[] = [];
  let i = 0;
  while (fields.length < 4) {
    while (/\s/.test(String.fromCharCode(data[i]!))) i++;
    let field = '';
    while (!/\s/.test(String.fromCharCode(data[i]!))) field += String.fromCharCode(data[i++]!);
    fields.push(field);
  }
  const [magic, width, height, max] = fields;
  if (magic !== 'P6' || max !== '255') throw new Error(`unexpected PPM header ${fields.join(' ')}`);
  return { width: Number(width), height: Number(height), pixels: data.subarray(i + 1) };
}
