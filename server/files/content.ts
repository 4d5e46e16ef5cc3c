/**
 * What a stored file really is, told by its bytes (`file-type` reads the magic numbers), and
 * the refusal of polyglots: a file that is two things at once. A PDF with a ZIP appended opens
 * as a PDF in a viewer and as an archive in an unzip tool, which finds the archive from the
 * end of the file (the end-of-central-directory record). Staff would open one and a filter
 * would scan the other, so a non-archive file carrying that record near its end, or a PDF with
 * anything but white space after its last %%EOF, is refused.
 */
import { open } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';

export interface Detected {
  ext: string;
  mime: string;
}

/** Types whose own format ends in a ZIP central directory: for them the record is legitimate. */
const ZIP_BASED = new Set(['zip', 'docx', 'xlsx', 'pptx', 'jar', 'epub', 'odt', 'ods', 'odp', 'apk']);
/** A ZIP's end-of-central-directory record sits in the last 22 + 65,535 bytes. */
const EOCD = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const TAIL_BYTES = 22 + 65_535;
const PDF_EOF = Buffer.from('%%EOF');

export async function detectType(file: string): Promise<Detected | undefined> {
  const found = await fileTypeFromFile(file);
  return found ? { ext: found.ext, mime: found.mime } : undefined;
}

async function tail(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const length = Math.min(size, TAIL_BYTES);
    const buffer = Buffer.alloc(length);
    await handle.read(buffer, 0, length, size - length);
    return buffer;
  } finally {
    await handle.close();
  }
}

/** True when `file` (of detected type `type`) also carries an archive or trailing data that a second reader would open. */
export async function isPolyglot(file: string, type: Detected): Promise<boolean> {
  return ZIP_BASED.has(type.ext) ? false : polyglotEnd(await tail(file), type);
}

/** The same check on bytes already in memory (files sent inside a JSON body). */
export function isPolyglotBuffer(bytes: Buffer, type: Detected): boolean {
  return ZIP_BASED.has(type.ext) ? false : polyglotEnd(bytes.subarray(Math.max(0, bytes.length - TAIL_BYTES)), type);
}

function polyglotEnd(end: Buffer, type: Detected): boolean {
  if (end.includes(EOCD)) return true;
  if (type.ext === 'pdf') {
    const last = end.lastIndexOf(PDF_EOF);
    // Incremental updates append a body and end in %%EOF again: only the very end counts.
    if (last < 0) return true;
    return (
      end
        .subarray(last + PDF_EOF.length)
        .toString('latin1')
        .trim() !== ''
    );
  }
  return false;
}
