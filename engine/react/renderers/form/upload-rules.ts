/**
 * Upload limits checked before anything is sent (admission-and-grid section 5 and 9): 30 MB
 * per file in the admission forms; accepted types by extension, `image` standing for jpg,
 * png, gif, tif, jpeg, bmp; extra files zip/rar/pdf; the archive form at most 12 files, each
 * under 3 MB.
 */
import type { UploadRule } from '../../../../generator/manifest-types.ts';

export const DEFAULT_MAX_SIZE_MB = 30;
export const IMAGE_EXTENSIONS = ['jpg', 'png', 'gif', 'tif', 'jpeg', 'bmp'];
export const DOCUMENT_EXTENSIONS = ['pdf', 'jpg', 'png'];
export const EXTRA_FILE_EXTENSIONS = ['zip', 'rar', 'pdf'];
export const ARCHIVE_LIMITS: Readonly<UploadRule> = Object.freeze({ maxFiles: 12, maxFileSizeMB: 3 });

const MB = 1024 * 1024;

export interface FileFacts {
  name: string;
  size: number;
}

export type UploadProblem =
  | { kind: 'too-many'; max: number }
  | { kind: 'too-large'; file: string; maxMB: number }
  | { kind: 'type'; file: string; accept: string[] };

/** The accepted extensions of a rule: `image`/`images` expanded, lower case, no dots. */
export function acceptedExtensions(rule: UploadRule | undefined): string[] | undefined {
  if (!rule?.accept?.length) return undefined;
  const out = new Set<string>();
  for (const raw of rule.accept) {
    const ext = raw.toLowerCase().replace(/^\./, '');
    if (ext === 'image' || ext === 'images') IMAGE_EXTENSIONS.forEach((e) => out.add(e));
    else out.add(ext);
  }
  return [...out];
}

/** The `accept` attribute of the file input. */
export function acceptAttribute(rule: UploadRule | undefined): string | undefined {
  return acceptedExtensions(rule)
    ?.map((e) => `.${e}`)
    .join(',');
}

function extensionOf(name: string): string {
  const i = name.lastIndexOf('.');
  return i >= 0 ? name.slice(i + 1).toLowerCase() : '';
}

/**
 * The problems of a selection, in order: too many files, then per file a wrong type or a size
 * over the limit (a file must be strictly under `maxFileSizeMB`, and at most `maxSizeMB`).
 */
export function checkFiles(files: readonly FileFacts[], rule: UploadRule | undefined): UploadProblem[] {
  const problems: UploadProblem[] = [];
  if (rule?.maxFiles !== undefined && files.length > rule.maxFiles)
    problems.push({ kind: 'too-many', max: rule.maxFiles });
  const accept = acceptedExtensions(rule);
  const maxMB = rule?.maxSizeMB ?? DEFAULT_MAX_SIZE_MB;
  for (const file of files) {
    if (accept && !accept.includes(extensionOf(file.name))) {
      problems.push({ kind: 'type', file: file.name, accept });
      continue;
    }
    if (rule?.maxFileSizeMB !== undefined && file.size >= rule.maxFileSizeMB * MB) {
      problems.push({ kind: 'too-large', file: file.name, maxMB: rule.maxFileSizeMB });
    } else if (file.size > maxMB * MB) {
      problems.push({ kind: 'too-large', file: file.name, maxMB });
    }
  }
  return problems;
}
