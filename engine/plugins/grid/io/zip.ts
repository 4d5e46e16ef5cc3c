/**
 * A zip's files inflated by the platform (DecompressionStream), for the import worker: SheetJS
 * inflates in JavaScript, about four times slower on a 50,000-row sheet's 39 MB of XML. Only
 * plain archives: ZIP64, encryption or a method other than stored/deflate answers null, and
 * the caller unzips with SheetJS.
 */

const u16 = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u32 = (b: Uint8Array, at: number) => (u16(b, at) | (u16(b, at + 2) << 16)) >>> 0;

async function inflate(data: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([data as BlobPart]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The archive's files by path, or null when it is not a zip read this way. */
export async function unzipNative(bytes: Uint8Array): Promise<Map<string, Uint8Array> | null> {
  if (typeof DecompressionStream === 'undefined') return null;
  // The end of central directory record: 22 bytes, then a comment of up to 65535.
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
  const names = new TextDecoder('utf-8');
  const jobs: Promise<[string, Uint8Array]>[] = [];
  for (let i = 0; i < count; i++) {
    if (u32(bytes, at) !== 0x02014b50) return null;
    const flags = u16(bytes, at + 8);
    const method = u16(bytes, at + 10);
    const size = u32(bytes, at + 20);
    const nameLength = u16(bytes, at + 28);
    const local = u32(bytes, at + 42);
    const name = names.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + u16(bytes, at + 30) + u16(bytes, at + 32);
    if (flags & 1 || size === 0xffffffff || local === 0xffffffff || (method !== 0 && method !== 8)) return null;
    if (u32(bytes, local) !== 0x04034b50) return null;
    const start = local + 30 + u16(bytes, local + 26) + u16(bytes, local + 28);
    const data = bytes.subarray(start, start + size);
    jobs.push(method === 0 ? Promise.resolve([name, data]) : inflate(data).then((out) => [name, out]));
  }
  return new Map(await Promise.all(jobs));
}
