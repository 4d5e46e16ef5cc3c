/**
 * Reading an address query whatever form the router hands it in: a search string,
 * URLSearchParams, or a plain record (values may repeat as arrays).
 */

export type QueryValue = string | null | undefined | readonly (string | null | undefined)[];
export type QueryRecord = Readonly<Record<string, QueryValue>>;
export type QueryInput = string | URLSearchParams | QueryRecord | null | undefined;

/** Every value of every key, in order; empty keys dropped. */
export function toEntries(query: QueryInput): [string, string][] {
  if (query == null) return [];
  if (typeof query === 'string') return [...new URLSearchParams(query).entries()];
  if (query instanceof URLSearchParams) return [...query.entries()];
  const entries: [string, string][] = [];
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) if (v != null) entries.push([key, String(v)]);
  }
  return entries;
}

/** The first value of `key`, or undefined. */
export function firstValue(query: QueryInput, key: string): string | undefined {
  return toEntries(query).find(([k]) => k === key)?.[1];
}

/** True when `key` is present at all (even with an empty value: `?token`). */
export function hasKey(query: QueryInput, key: string): boolean {
  return toEntries(query).some(([k]) => k === key);
}
