/**
 * The private .ics address of a user: a random token (32 bytes, base64url) of which only the
 * SHA-256 is stored, one per user. Making a new one replaces the old (which stops working at
 * once); revoking deletes it.
 */
import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Manifest } from '../../../generator/manifest-types.ts';
import { table } from '../academic/tables.ts';

export const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export async function issueFeed(db: Kysely<any>, m: Manifest, userId: number): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await sql`insert into ${table(m, 'calendar_feeds')} (user_id, token_hash) values (${userId}, ${hashOf(token)})
    on conflict (user_id) do update set token_hash = excluded.token_hash, updated_at = now()`.execute(db);
  return token;
}

export async function revokeFeed(db: Kysely<any>, m: Manifest, userId: number): Promise<boolean> {
  const result = await sql`delete from ${table(m, 'calendar_feeds')} where user_id = ${userId}`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

export async function feedOf(db: Kysely<any>, m: Manifest, userId: number): Promise<{ created_at: string } | null> {
  const { rows } =
    await sql<any>`select updated_at from ${table(m, 'calendar_feeds')} where user_id = ${userId}`.execute(db);
  return rows[0] ? { created_at: new Date(rows[0].updated_at).toISOString() } : null;
}

/** The user whose feed the token opens, or null (unknown, revoked or malformed). */
export async function feedOwner(db: Kysely<any>, m: Manifest, token: string): Promise<number | null> {
  if (!FEED_TOKEN.test(token)) return null;
  const { rows } =
    await sql<any>`select user_id from ${table(m, 'calendar_feeds')} where token_hash = ${hashOf(token)}`.execute(db);
  return rows[0] ? Number(rows[0].user_id) : null;
}
