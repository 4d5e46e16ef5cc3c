/**
 * The PDF fonts: Vazirmatn (the `vazirmatn` package) covers Arabic and Latin in one face,
 * so a line mixing both needs no font switching. Read once and kept: pdfkit parses a Buffer
 * faster than a path it has to open for every document.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export type FontWeight = 'regular' | 'bold';

const FILES: Record<FontWeight, string> = { regular: 'Vazirmatn-Regular.ttf', bold: 'Vazirmatn-Bold.ttf' };
const cache = new Map<FontWeight, Buffer>();

function fontDirectory(): string {
  const packageJson = createRequire(import.meta.url).resolve('vazirmatn/package.json');
  return join(dirname(packageJson), 'fonts', 'ttf');
}

export function fontData(weight: FontWeight): Buffer {
  let data = cache.get(weight);
  if (!data) {
    data = readFileSync(join(fontDirectory(), FILES[weight]));
    cache.set(weight, data);
  }
  return data;
}
