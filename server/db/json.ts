/**
 * A JSON value as a query parameter. pg turns JS arrays into Postgres arrays and PGlite
 * encodes a jsonb parameter itself, so a plain parameter means different things on the two
 * drivers; sending text and casting in SQL means the same on both.
 *
 * JavaScript strings may hold a lone UTF-16 surrogate (half of a pair, sent as \ud800 in a
 * JSON body); JSON.stringify writes it as that escape, and jsonb refuses it, failing the whole
 * statement (an access-log row lost with it). Each is replaced by U+FFFD, as pg already does
 * for text columns when it encodes UTF-8.
 */
import { sql, type RawBuilder } from 'kysely';

// JSON.stringify escapes only lone surrogates (pairs stay as characters); an escape is real
// when preceded by an even number of backslashes.
const LONE_SURROGATE = /(?<!\\)((?:\\\\)*)\\ud[89a-f][0-9a-f]{2}/gi;

/** JSON text that PostgreSQL's jsonb accepts, whatever strings `value` holds. */
export function wellFormedJson(value: unknown): string {
  return JSON.stringify(value).replace(LONE_SURROGATE, '$1\\ufffd');
}

export function jsonValue(value: unknown): RawBuilder<unknown> {
  return sql`cast(cast(${wellFormedJson(value)} as text) as jsonb)`;
}
