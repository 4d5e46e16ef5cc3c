/**
 * The inflated size of a zip (an .xlsx is one) before anything unpacks it. A few hundred
 * kilobytes of deflate can hold gigabytes of zeros: a reader that trusts the archive blocks
 * and swells the process. Two checks, both bounded by the limit rather than by the archive:
 *  - declaredZipSize: the sizes the central directory declares, summed (microseconds, on the
 *    request's thread), which catches every archive honest about its sizes;
 *  - assertInflatesWithin: each entry actually inflated with zlib's maxOutputLength, so an
 *    archive that lies about its sizes stops at the limit too (in the parsing worker).
 * ZIP64 archives are refused: no spreadsheet a person uploads needs 4 GB entries.
 */
import zlib from 'node:zlib';

export class InflateLimitError extends Error {
  constructor(readonly limitBytes: number) {
    super(`the archive inflates to more than ${limitBytes} bytes`);
  }
}

const u16 = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u32 = (b: Uint8Array, at: number) => (u16(b, at) | (u16(b, at + 2) << 16)) >>> 0;

interface Entry {
  method: number;
  compressed: number;
  size: number;
  local: number;
}

/** The central directory's entries, or null when `bytes` is not a zip (no end record). */
function entries(bytes: Uint8Array): Entry[] | null {
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (u32(bytes, at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const count = u16(bytes, end + 10);
  let at = u32(bytes, end + 16);
  const found: Entry[] = [];
  for (let i = 0; i < count && at + 46 <= bytes.length; i++) {
    if (u32(bytes, at) !== 0x02014b50) break;
    found.push({
      method: u16(bytes, at + 10),
      compressed: u32(bytes, at + 20),
      size: u32(bytes, at + 24),
      local: u32(bytes, at + 42),
    });
    at += 46 + u16(bytes, at + 28) + u16(bytes, at + 30) + u16(bytes, at + 32);
  }
  return found;
}

/** The declared inflated size of a zip; Infinity for ZIP64 or a count that does not add up; 0 when not a zip. */
export function declaredZipSize(bytes: Uint8Array): number {
  const list = entries(bytes);
  if (!list) return 0;
  let total = 0;
  for (const e of list) {
    if (e.size === 0xffffffff || e.compressed === 0xffffffff || e.local === 0xffffffff) return Infinity;
    total += e.size;
  }
  return total;
}

/** Throws InflateLimitError when the declared size is over the limit. Cheap: reads the directory only. */
export function assertDeclaredWithin(bytes: Uint8Array, limitBytes: number): void {
  if (declaredZipSize(bytes) > limitBytes) throw new InflateLimitError(limitBytes);
}

/** Inflates every deflated entry with a ceiling of what is left of the limit; throws InflateLimitError past it. */
export function assertInflatesWithin(bytes: Uint8Array, limitBytes: number): void {
  const list = entries(bytes);
  if (!list) return;
  assertDeclaredWithin(bytes, limitBytes);
  let left = limitBytes;
  for (const e of list) {
    if (e.local + 30 > bytes.length || u32(bytes, e.local) !== 0x04034b50) continue;
    const start = e.local + 30 + u16(bytes, e.local + 26) + u16(bytes, e.local + 28);
    const data = bytes.subarray(start, start + e.compressed);
    let out: number;
    if (e.method === 0) out = data.length;
    else if (e.method === 8) {
      try {
        out = zlib.inflateRawSync(data, { maxOutputLength: Math.max(left, 0) + 1 }).length;
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new InflateLimitError(limitBytes);
        continue; // a damaged entry: the reader will say the file is not a spreadsheet
      }
    } else continue;
    left -= out;
    if (left < 0) throw new InflateLimitError(limitBytes);
  }
}
