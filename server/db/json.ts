/**
 * A JSON value as a query parameter. pg turns JS arrays into Postgres arrays and PGlite
 * encodes a jsonb parameter itself, so a plain parameter means different things on the two
 * drivers; sending text and casting in SQL means the same on both.
 */
import { sql, type RawBuilder } from 'kysely';

export function jsonValue(value: unknown): RawBuilder<unknown> {
  return sql`cast(cast(${JSON.stringify(value)} as text) as jsonb)`;
}
