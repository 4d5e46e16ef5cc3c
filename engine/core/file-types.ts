/**
 * The file types an upload field may accept, by MIME type as YAML writes them
 * (`accept: [image/jpeg, application/pdf]`), with the extensions each may carry and whether a
 * page may show it as a picture. The browser uses it for the file picker's filter and its own
 * checks; the server for the check of the content (magic bytes) and the name's extension; the
 * generator to refuse a type nobody could verify.
 */
export interface FileTypeInfo {
  /** Extensions a file of this type may be named with; the first is the usual one. */
  extensions: readonly string[];
  /** An image a browser draws safely from its bytes (never SVG: it can carry scripts). */
  image: boolean;
}

export const FILE_TYPES: Readonly<Record<string, FileTypeInfo>> = {
  'image/jpeg': { extensions: ['jpg', 'jpeg', 'jpe'], image: true },
  'image/png': { extensions: ['png'], image: true },
  'image/gif': { extensions: ['gif'], image: true },
  'image/webp': { extensions: ['webp'], image: true },
  'image/bmp': { extensions: ['bmp'], image: false },
  'image/tiff': { extensions: ['tif', 'tiff'], image: false },
  'application/pdf': { extensions: ['pdf'], image: false },
  'application/zip': { extensions: ['zip'], image: false },
  'application/x-rar-compressed': { extensions: ['rar'], image: false },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { extensions: ['docx'], image: false },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { extensions: ['xlsx'], image: false },
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': { extensions: ['pptx'], image: false },
};

/** What an upload field accepts when its YAML says nothing: documents and photos. */
export const DEFAULT_ACCEPT: readonly string[] = ['application/pdf', 'image/jpeg', 'image/png'];
/** The size limit of an upload field when its YAML says nothing. */
export const DEFAULT_MAX_FILE_BYTES = 5 * 1024 * 1024;

/** `image/*` stands for every image type of the table. */
export function expandAccept(accept: readonly string[]): string[] {
  const out = new Set<string>();
  for (const entry of accept) {
    const wildcard = /^([a-z]+)\/\*$/.exec(entry);
    if (wildcard) {
      for (const mime of Object.keys(FILE_TYPES)) if (mime.startsWith(`${wildcard[1]}/`)) out.add(mime);
    } else if (FILE_TYPES[entry]) out.add(entry);
  }
  return [...out];
}

/** True when the generator can check files of `entry` (a type of the table, or `<group>/*` covering one). */
export function knownAcceptEntry(entry: string): boolean {
  return expandAccept([entry]).length > 0;
}

/** The extensions of the accepted types, lower case, without dots. */
export function acceptedExtensionsOf(accept: readonly string[]): string[] {
  return [...new Set(expandAccept(accept).flatMap((m) => FILE_TYPES[m]!.extensions))];
}

/** The type whose extensions include `ext` (case-insensitive), if any. */
export function mimeOfExtension(ext: string): string | undefined {
  const lower = ext.toLowerCase();
  return Object.keys(FILE_TYPES).find((m) => FILE_TYPES[m]!.extensions.includes(lower));
}

export function isPictureType(mime: string | null | undefined): boolean {
  return !!mime && !!FILE_TYPES[mime]?.image;
}

/** "5MB", "300 KB", "1.5 MB" or a number of bytes -> bytes; undefined when unreadable. */
export function parseByteSize(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) && value > 0 ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const m = /^\s*(\d+(?:\.\d+)?)\s*(B|KB|MB|GB)?\s*$/i.exec(value);
  if (!m) return undefined;
  const unit = { B: 1, KB: 1024, MB: 1024 * 1024, GB: 1024 * 1024 * 1024 }[(m[2] ?? 'B').toUpperCase() as 'B'];
  const bytes = Math.round(Number(m[1]) * unit);
  return bytes > 0 ? bytes : undefined;
}

/** Bytes as a person reads them: "5 MB", "300 KB", "12 bytes". */
export function formatByteSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/**
 * What one stored file of a record's file field looks like in the record and in API answers:
 * the store's id (the reference), the name as uploaded, its checked type and size.
 */
export interface StoredFileRef {
  id: number;
  name: string;
  mime: string;
  size: number;
}

/** The stored files a field value lists (anything else in the value is ignored). */
export function storedFilesOf(value: unknown): StoredFileRef[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (v): v is StoredFileRef =>
      !!v &&
      typeof v === 'object' &&
      Number.isInteger((v as StoredFileRef).id) &&
      typeof (v as StoredFileRef).name === 'string',
  );
}
