/**
 * Receives one uploaded file from a multipart part into the uploads store: streamed to a
 * temporary file while its size is counted (refused past the limit, with the real limit in the
 * message), then checked by content: its type told by its bytes must be one the field accepts
 * and agree with the name's extension (an .exe renamed .pdf is refused), and it must not be a
 * polyglot (./content.ts). Only then is it renamed to a random stored name. Every file field
 * of the application goes through here: records' file fields and the applicant's documents.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { acceptedExtensionsOf, FILE_TYPES, formatByteSize } from '../../engine/core/file-types.ts';
import { safeFileName } from '../../engine/core/safe-file-name.ts';
import { HttpError, ValidationError } from '../http/errors.ts';
import type { MessageKey } from '../http/messages.ts';
import { detectType, isPolyglot } from './content.ts';

export interface ReceivedFile {
  /** The name as uploaded, made safe (no path, no control or bidi characters). */
  name: string;
  /** Random name of the file inside `dir`. */
  storedName: string;
  mime: string;
  /** The extension, as the detected type spells it (jpg, pdf...). */
  ext: string;
  size: number;
  sha256: string;
}

export interface ReceiveOptions {
  /** Folder of the store the file lands in (created when missing). */
  dir: string;
  maxBytes: number;
  /** Accepted MIME types (wildcards already expanded). */
  accept: readonly string[];
  /** The field errors are reported on. */
  field: string;
  /** Message keys, for a caller that keeps its own wording of the same refusals. */
  messages?: Partial<Record<'tooLarge' | 'type' | 'content' | 'missing', MessageKey>>;
  /** The limit as the message says it (default: the bytes formatted, "5 MB"). */
  limitText?: string | number;
  /** The accepted types as the message lists them (default: their extensions). */
  typesText?: string;
}

/** Extensions that name the same type (jpeg = jpg). */
function sameType(nameExt: string, detectedMime: string): boolean {
  return FILE_TYPES[detectedMime]?.extensions.includes(nameExt) ?? false;
}

function sizeGuard(limit: number, tooLarge: () => Error) {
  let size = 0;
  const hash = createHash('sha256');
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > limit) return done(tooLarge());
      hash.update(chunk);
      done(null, chunk);
    },
  });
  return { stream, size: () => size, digest: () => hash.digest('hex') };
}

/** Receives `part` into the store, or throws (413, 422) leaving nothing behind. */
export async function receiveFile(part: MultipartFile, options: ReceiveOptions): Promise<ReceivedFile> {
  const keys = {
    tooLarge: 'upload_too_large',
    type: 'upload_type',
    content: 'upload_content',
    missing: 'upload_missing',
    ...options.messages,
  } satisfies Record<string, MessageKey>;
  const limit = { limit: options.limitText ?? formatByteSize(options.maxBytes) };
  const tooLarge = () => new HttpError(413, keys.tooLarge, limit);
  await mkdir(options.dir, { recursive: true });
  const temp = path.join(options.dir, `.upload-${randomBytes(8).toString('hex')}`);
  const guard = sizeGuard(options.maxBytes, tooLarge);
  const sink = createWriteStream(temp, { flags: 'wx' });
  try {
    try {
      await pipeline(part.file, guard.stream, sink);
    } catch (error) {
      if (error instanceof HttpError || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw tooLarge();
      throw error;
    }
    if (part.file.truncated) throw tooLarge();
    if (guard.size() === 0) throw ValidationError.single(options.field, { key: keys.missing });

    const name = safeFileName(part.filename);
    const nameExt = path.extname(name).slice(1).toLowerCase();
    const extensions = acceptedExtensionsOf(options.accept);
    if (!extensions.includes(nameExt))
      throw ValidationError.single(options.field, {
        key: keys.type,
        params: { types: options.typesText ?? extensions.join(', ') },
      });
    const detected = await detectType(temp);
    if (!detected || !options.accept.includes(detected.mime) || !sameType(nameExt, detected.mime))
      throw ValidationError.single(options.field, { key: keys.content });
    if (await isPolyglot(temp, detected)) throw ValidationError.single(options.field, { key: 'upload_polyglot' });

    const storedName = `${randomBytes(16).toString('hex')}.${detected.ext}`;
    await rename(temp, path.join(options.dir, storedName));
    return { name, storedName, mime: detected.mime, ext: detected.ext, size: guard.size(), sha256: guard.digest() };
  } finally {
    // A refused file can end the pipeline while the sink is still opening; the open would then
    // create the temp file after the rm below, so the rm waits for the sink to close.
    if (!sink.closed) {
      // Not events.once: it rejects on the sink's own 'error', which is the refusal already thrown.
      const closed = new Promise<void>((resolve) => sink.once('close', () => resolve()));
      sink.destroy();
      await closed;
    }
    await rm(temp, { force: true });
    // Whatever was not read of the request (a refused file) is drained, so the answer can be sent.
    part.file.resume();
  }
}
