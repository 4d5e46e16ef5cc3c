/**
 * The persistent cache of valid definition files, kept in the generated folder.
 *
 * Every script starts with `npm run gen`; parsing YAML and compiling the schemas are most of
 * its time, and most runs change nothing. A file whose text (hash) and schemas (hash) are
 * unchanged since it last validated cleanly is taken from here without parsing or validating.
 * Files with errors are never cached: their messages always come from the current code.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

interface CacheFile {
  format: 1;
  schemaHash: string;
  /** By path relative to the screens folder. */
  files: Record<string, { hash: string; value: unknown }>;
}

export class FileCache {
  private entries = new Map<string, { hash: string; value: unknown }>();
  private loaded = false;
  private savedSignature = '';

  constructor(
    private file: string,
    private screensDir: string,
  ) {}

  /** Loads the cache once; entries made under other schemas are dropped. */
  async load(schemaHash: string): Promise<void> {
    if (this.loaded) return;
    this.loaded = true;
    try {
      const data = JSON.parse(await readFile(this.file, 'utf8')) as CacheFile;
      if (data.format !== 1 || data.schemaHash !== schemaHash) return;
      for (const [rel, entry] of Object.entries(data.files)) this.entries.set(path.join(this.screensDir, rel), entry);
      this.savedSignature = this.signature(schemaHash);
    } catch {
      // No cache or a corrupt one: compile everything.
    }
  }

  get(file: string, hash: string): { value: unknown } | undefined {
    const entry = this.entries.get(file);
    return entry?.hash === hash ? entry : undefined;
  }

  /** Replaces the whole set with the currently valid files and writes it if it changed. */
  async save(schemaHash: string, valid: { file: string; hash: string; value: unknown }[]): Promise<void> {
    this.entries = new Map(valid.map((v) => [v.file, { hash: v.hash, value: v.value }]));
    const signature = this.signature(schemaHash);
    if (signature === this.savedSignature) return;
    const files: CacheFile['files'] = {};
    for (const [file, entry] of this.entries) files[path.relative(this.screensDir, file)] = entry;
    await mkdir(path.dirname(this.file), { recursive: true });
    await writeFile(this.file, JSON.stringify({ format: 1, schemaHash, files } satisfies CacheFile));
    this.savedSignature = signature;
  }

  private signature(schemaHash: string): string {
    return `${schemaHash}|${[...this.entries]
      .map(([f, e]) => `${f}:${e.hash}`)
      .sort()
      .join('|')}`;
  }
}
