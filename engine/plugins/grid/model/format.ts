/**
 * Display helpers: thousands separators, shortening with an ellipsis (admission-and-grid
 * section 9: long text shortened to 15 or 18 characters plus an ellipsis; thousands
 * separators added to numbers), and digits typed in Arabic.
 */

export const ELLIPSIS = '…';
/** Cells shorten to 18 characters by default; the filter's value list to 15. */
export const CELL_SHORTEN = 18;
export const LIST_SHORTEN = 15;

/** '1234567.891' -> '1,234,567.891'; the fraction is left as written. */
export function withThousands(value: number | string): string {
  const text = typeof value === 'number' ? numberText(value) : value;
  const match = /^(-?)(\d+)(\.\d*)?$/.exec(text);
  if (!match) return text;
  const [, sign, whole, fraction = ''] = match;
  return sign + whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',') + fraction;
}

/** A number as plain digits (no exponent for ordinary magnitudes). */
export function numberText(value: number): string {
  if (Number.isInteger(value) && Math.abs(value) < 1e21) return value.toFixed(0);
  const text = String(value);
  if (!/e/i.test(text)) return text;
  // Small fractions: toFixed with enough places, trailing zeros removed.
  return value.toFixed(20).replace(/\.?0+$/, '');
}

/** The text cut to `max` characters (by code point) plus an ellipsis when longer. */
export function shorten(text: string, max: number = CELL_SHORTEN): string {
  // A text of at most `max` UTF-16 units has at most `max` characters: no need to split it.
  if (text.length <= max) return text;
  const chars = Array.from(text);
  return chars.length > max ? chars.slice(0, max).join('') + ELLIPSIS : text;
}

/** True when shorten() would cut the text (the cell then shows the full text on hover). */
export function isShortened(text: string, max: number = CELL_SHORTEN): boolean {
  return text.length > max && Array.from(text).length > max;
}

const ARABIC_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;
const ARABIC_MARKS = /[\u0660-\u066C\u06F0-\u06F9]/;

/** Arabic-Indic and Persian digits to ASCII, Arabic decimal and thousands marks to '.' and ','. */
export function asciiDigits(text: string): string {
  // One test instead of three replacements: an import parses a million cells through here.
  if (!ARABIC_MARKS.test(text)) return text;
  return text
    .replace(ARABIC_DIGITS, (d) => String((d.charCodeAt(0) & 0xf) % 10))
    .replace(/\u066B/g, '.')
    .replace(/\u066C/g, ',');
}
