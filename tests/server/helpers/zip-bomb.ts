/**
 * Decompression bombs for the upload tests: a real .xlsx with one more entry of zeros that
 * deflate squeezes about a thousandfold. `lie` makes the central directory (and local header)
 * declare the entry tiny, as a hostile archive would, so only real inflation can tell.
 */
import zlib from 'node:zlib';
import * as XLSX from 'xlsx';

interface ZipEntry {
  name: string;
  data: Buffer;
  method: 0 | 8;
  size: number;
  crc: number;
}

function zip(entries: ZipEntry[], declare: (e: ZipEntry) => number): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(e.method, 8);
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(declare(e), 22);
    local.writeUInt16LE(name.length, 26);
    parts.push(local, name, e.data);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(e.method, 10);
    dir.writeUInt32LE(e.crc >>> 0, 16);
    dir.writeUInt32LE(e.data.length, 20);
    dir.writeUInt32LE(declare(e), 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    central.push(dir, name);
    offset += 30 + name.length + e.data.length;
  }
  const dirBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dirBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, dirBytes, end]);
}

let zeros: { data: Buffer; size: number; crc: number } | undefined;

/** `valid` (an .xlsx) plus `inflatedMb` MB of zeros in xl/media/bomb.bin. */
export function xlsxBomb(valid: Buffer, inflatedMb: number, lie = false): Buffer {
  const cfb = XLSX.CFB.read(valid, { type: 'buffer' }) as unknown as {
    FullPaths: string[];
    FileIndex: { content?: Uint8Array; type: number }[];
  };
  const entries: ZipEntry[] = [];
  cfb.FullPaths.forEach((full, i) => {
    const entry = cfb.FileIndex[i];
    if (entry?.type !== 2 || !entry.content) return;
    const raw = Buffer.from(entry.content);
    entries.push({
      name: full.slice(full.indexOf('/') + 1),
      data: zlib.deflateRawSync(raw),
      method: 8,
      size: raw.length,
      crc: zlib.crc32(raw),
    });
  });
  if (zeros?.size !== inflatedMb * 2 ** 20) {
    const raw = Buffer.alloc(inflatedMb * 2 ** 20);
    zeros = { data: zlib.deflateRawSync(raw, { level: 9 }), size: raw.length, crc: zlib.crc32(raw) };
  }
  entries.push({ name: 'xl/media/bomb.bin', method: 8, ...zeros });
  return zip(entries, (e) => (lie && e.name.endsWith('bomb.bin') ? 1024 : e.size));
}
