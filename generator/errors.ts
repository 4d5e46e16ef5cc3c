/**
 * One definition error, positioned in its source file.
 *
 * Every stage (load, validate, cross-check) reports through this shape so the CLI, the tests and
 * the Vite overlay print the same line: `screens/a.yaml:12:5 message (how to fix)`.
 */
export interface GenError {
  /** Absolute path of the file the error is in. */
  file: string;
  /** 1-based line and column of the offending node. */
  line: number;
  column: number;
  /** What is wrong, in the analyst's words. */
  message: string;
  /** How to fix it; printed in parentheses after the message. */
  hint?: string;
}

/** `path:LINE:COLUMN message (hint)`, with `path` relative to `cwd` when it is inside it. */
export function formatError(error: GenError, cwd: string = process.cwd()): string {
  const file = relativePath(error.file, cwd);
  const hint = error.hint ? ` (${error.hint})` : '';
  return `${file}:${error.line}:${error.column} ${error.message}${hint}`;
}

function relativePath(file: string, cwd: string): string {
  const base = cwd.endsWith('/') ? cwd : `${cwd}/`;
  return file.startsWith(base) ? file.slice(base.length) : file;
}

/** Errors sorted by file, then position, so output is stable between runs. */
export function sortErrors(errors: GenError[]): GenError[] {
  return [...errors].sort(
    (a, b) =>
      a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column || a.message.localeCompare(b.message),
  );
}
