/**
 * One-time sign-in links (POST /login-with-token). An administrator issues a link for a user
 * (POST /users/login-link/{id}); the link's token is 32 random bytes shown once. It is kept
 * in `user_tokens` as "link:" + sha256, a value no session lookup can match (session hashes
 * are bare sha256), valid LINK_TTL_MINUTES, deleted when used. Revoking a user's sessions
 * (password reset, deactivation) revokes their links too.
 */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { hashToken, TOKENS_TABLE } from '../../auth/tokens.ts';
import type { Db } from './tables.ts';

export const LINK_TTL_MINUTES = 24 * 60;
const LINK_PREFIX = 'link:';

function linkHash(token: string): string {
  return LINK_PREFIX + hashToken(token);
}

export async function issueLoginLink(db: Db, userId: number): Promise<{ token: string; expiresAt: Date }> {
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + LINK_TTL_MINUTES * 60_000);
  await db
    .insertInto(TOKENS_TABLE)
    .values({ user_id: userId, token_hash: linkHash(token), expires_at: expiresAt })
    .execute();
  return { token, expiresAt };
}

/** Uses a link: returns its user id and deletes it, or null (unknown, used or expired). */
export async function consumeLoginLink(db: Db, token: string): Promise<number | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const row = await db
    .deleteFrom(TOKENS_TABLE)
    .where('token_hash', '=', linkHash(token))
    .where('expires_at', '>', sql<Date>`now()`)
    .where('revoked_at', 'is', null)
    .returning('user_id')
    .executeTakeFirst();
  return row ? Number(row.user_id) : null;
}
