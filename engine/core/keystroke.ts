/**
 * Keystroke filters (admission-and-grid section 5): a filter's `allow` is a regular-expression
 * character class matching ONE allowed character, e.g. "[0-9.]" or "[\\u0600-\\u06FF0-9\\s]".
 * Applying it keeps the allowed characters of an input (typed or pasted) and drops the rest.
 * Characters are taken by code point, so letters outside the basic plane stay whole.
 */

const cache = new Map<string, RegExp>();

/** The anchored single-character pattern of a class; throws on an invalid class. */
export function compileFilter(allow: string): RegExp {
  let re = cache.get(allow);
  if (!re) {
    const source = `^(?:${allow})$`;
    try {
      re = new RegExp(source, 'u');
    } catch {
      re = new RegExp(source); // classes written without the unicode flag in mind
    }
    cache.set(allow, re);
  }
  return re;
}

/** True when one character passes the filter. */
export function allowsChar(allow: string, char: string): boolean {
  return compileFilter(allow).test(char);
}

/** The input with every character the filter does not allow removed. */
export function applyKeystrokeFilter(input: string, allow: string): string {
  const re = compileFilter(allow);
  let out = '';
  for (const char of input) if (re.test(char)) out += char;
  return out;
}

/** The filter of a named field from the manifest's filters, or the input unchanged. */
export function applyNamedFilter(
  input: string,
  name: string | undefined,
  filters: Readonly<Record<string, { allow: string }>>,
): string {
  const filter = name ? filters[name] : undefined;
  return filter ? applyKeystrokeFilter(input, filter.allow) : input;
}
