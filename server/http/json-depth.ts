/**
 * The nesting depth of a JSON text, checked before it is parsed. Parsing a deep text is cheap,
 * but whatever walks the value afterwards (field rules, validation, jsonb encoding) recurses,
 * and 10,000 nested arrays overflow the stack: a 500 for a client's mistake. No request of the
 * API nests anywhere near the limit (an admission tab is four levels deep).
 */
export const MAX_JSON_DEPTH = 32;

/** True when no array or object in `text` is nested deeper than `max`; strings are skipped. */
export function jsonDepthWithin(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // a backslash escapes the next character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > max) return false;
    } else if (c === 93 || c === 125) depth--;
  }
  return true;
}
