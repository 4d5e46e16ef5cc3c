/**
 * Session tokens. The token itself is 32 random bytes shown to the client once; the
 * database keeps only its sha256, so a leaked database copy cannot be replayed as sessions.
 * Table `user_tokens`: user_id, token_hash (64 hex), expires_at, revoked_at, ip, user_agent.
 * Revoking sets revoked_at (the row stays as a record of the session) rather than deleting.
 */
import crypto from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';

export const TOKENS_TABLE = 'user_tokens';
/** Default session length: 7 days. */
export const DEFAULT_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;

type Executor = Kysely<any> | Transaction<any>;

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** Creates a session for the user; returns the token (the only time it exists in clear). */
export async function issueToken(
  db: Executor,
  userId: number,
  ttlSeconds = DEFAULT_TOKEN_TTL_SECONDS,
  client: { ip?: string | null; userAgent?: string | null } = {},
): Promise<{ token: string; expiresAt: Date }> {
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
  await db
    .insertInto(TOKENS_TABLE)
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      expires_at: expiresAt,
      ip: client.ip?.slice(0, 45) ?? null,
      user_agent: client.userAgent?.slice(0, 400) ?? null,
    })
    .execute();
  return { token, expiresAt };
}

/** The user id a live token belongs to, or null (unknown, expired, or revoked). */
export async function resolveToken(db: Executor, token: string): Promise<number | null> {
  // base64url of 32 bytes is 43 characters; anything else cannot be ours, skip the query.
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const row = await db
    .selectFrom(TOKENS_TABLE)
    .select('user_id')
    .where('token_hash', '=', hashToken(token))
    .where('expires_at', '>', sql<Date>`now()`)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return row ? Number(row.user_id) : null;
}

/** Ends a session (sign-out). Returns whether a session was ended. */
export async function revokeToken(db: Executor, token: string): Promise<boolean> {
  const result = await db
    .updateTable(TOKENS_TABLE)
    .set({ revoked_at: sql`now()` })
    .where('token_hash', '=', hashToken(token))
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Ends every session of a user (password change, account disabled). */
export async function revokeUserTokens(db: Executor, userId: number): Promise<number> {
  const result = await db
    .updateTable(TOKENS_TABLE)
    .set({ revoked_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes rows expired or revoked more than `keepDays` ago; call it now and then. */
export async function purgeExpiredTokens(db: Executor, keepDays = 30): Promise<number> {
  const cutoff = new Date(Date.now() - keepDays * 86_400_000);
  const result = await db
    .deleteFrom(TOKENS_TABLE)
    .where((eb) => eb.or([eb('expires_at', '<', cutoff), eb('revoked_at', '<', cutoff)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
