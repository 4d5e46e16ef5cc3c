/**
 * A file name as a user sent it, made safe to store and to show: the last path part only,
 * control characters and slashes replaced, and the bidirectional controls removed. Those
 * (U+202E RIGHT-TO-LEFT OVERRIDE and its kin) make "invoice‮fdp.exe" display as
 * "invoiceexe.pdf" in a staff list: a name must read as what it is, in either direction.
 */
// eslint-disable-next-line no-control-regex -- control characters are what a file name must lose
const CONTROLS = /[\u0000-\u001f\u007f/\\]/g;
/** ALM, LRM, RLM, LRE/RLE/PDF/LRO/RLO, LRI/RLI/FSI/PDI. */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export const MAX_FILE_NAME_LENGTH = 200;

export function safeFileName(raw: unknown, fallback = 'file'): string {
  if (typeof raw !== 'string') return fallback;
  const base = raw.split(/[\\/]/).pop() ?? '';
  const clean = base.replace(BIDI_CONTROLS, '').replace(CONTROLS, '_').trim();
  // Keep the end: the extension says what the file is.
  return [...clean].slice(-MAX_FILE_NAME_LENGTH).join('') || fallback;
}
