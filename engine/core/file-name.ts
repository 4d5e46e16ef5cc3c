/**
 * The file name a server gives a download in its Content-Disposition header (RFC 6266):
 * `filename*=UTF-8''<percent-encoded>` (an Arabic or spaced name) wins over `filename="..."`.
 * Only the base name is kept: a name never carries a folder.
 */
export function fileNameFromDisposition(header: unknown): string | undefined {
  if (typeof header !== 'string' || !header) return undefined;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  let name: string | undefined;
  if (extended) {
    try {
      name = decodeURIComponent(extended[2]!.trim().replace(/^"|"$/g, ''));
    } catch {
      name = undefined;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
    name = plain ? (plain[1] !== undefined ? plain[1].replace(/\\(.)/g, '$1') : plain[2]!.trim()) : undefined;
  }
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base ? base : undefined;
}
