/**
 * Rate limits of the sign-in calls (login, forgot password, reset password with its one-time
 * code, and the other calls that mail or verify a secret), counted in the database so every
 * instance behind a load balancer shares them: with per-process counters, four instances would
 * give an attacker four times the attempts. Two counts per call:
 *  - per client address and email (AUTH_RATE_LIMIT_MAX, default 10): guessing one account;
 *  - per client address across emails (AUTH_RATE_LIMIT_ADDRESS_MAX, default 60): one password
 *    tried on every account (spraying). A campus behind one NAT address may need it higher.
 * Both per AUTH_RATE_LIMIT_WINDOW_MS (default 60000). Checked inside the handler, after the
 * body is parsed, so the email is part of the key and the refusal is a translated 429.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { refuse } from './respond.ts';

export interface RateLimitSettings {
  max: number;
  /** Attempts per client address, whatever the email. */
  addressMax: number;
  windowMs: number;
}

const positive = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

export function rateLimitFromEnv(env: NodeJS.ProcessEnv = process.env): RateLimitSettings {
  return {
    max: positive(env.AUTH_RATE_LIMIT_MAX, 10),
    // Never below the per-account count: raising that one (tests, a trusted network) raises both.
    addressMax: positive(env.AUTH_RATE_LIMIT_ADDRESS_MAX, Math.max(60, positive(env.AUTH_RATE_LIMIT_MAX, 10))),
    windowMs: positive(env.AUTH_RATE_LIMIT_WINDOW_MS, 60_000),
  };
}

/** Returns true when the request may go on; otherwise it has answered 429. */
export type AttemptGuard = (request: FastifyRequest, reply: FastifyReply, email: string) => Promise<boolean>;

export const ATTEMPTS_TABLE = 'rowaq_attempts';
const tablesMade = new WeakSet<object>();

/** The counters' table: operational state, not a record of the university, so not an entity. */
async function ensureTable(db: Kysely<any>): Promise<void> {
  if (tablesMade.has(db)) return;
  try {
    await sql
      .raw(
        `create table if not exists ${ATTEMPTS_TABLE} (key varchar(400) primary key, hits integer not null, reset_at timestamptz not null)`,
      )
      .execute(db);
  } catch (error) {
    // Two instances starting at once: the other one made it.
    const exists = await sql`select 1 from ${sql.table(ATTEMPTS_TABLE)} limit 1`.execute(db).then(
      () => true,
      () => false,
    );
    if (!exists) throw error;
  }
  tablesMade.add(db);
}

/** Counts one attempt under `key` in one atomic statement; the count in the window and the seconds left. */
export async function countAttempt(
  db: Kysely<any>,
  key: string,
  windowMs: number,
): Promise<{ hits: number; seconds: number }> {
  const { rows } = await sql<{ hits: number; seconds: number }>`
    insert into ${sql.table(ATTEMPTS_TABLE)} as a (key, hits, reset_at)
    values (${key.slice(0, 400)}, 1, now() + cast(cast(${String(windowMs)} as text) || ' milliseconds' as interval))
    on conflict (key) do update set
      hits = case when a.reset_at <= now() then 1 else a.hits + 1 end,
      reset_at = case when a.reset_at <= now() then excluded.reset_at else a.reset_at end
    returning hits, ceil(extract(epoch from (reset_at - now()))) as seconds`.execute(db);
  const row = rows[0]!;
  // Now and then, clear what has long expired (any instance may).
  if (Math.random() < 0.01)
    await sql`delete from ${sql.table(ATTEMPTS_TABLE)} where reset_at < now() - interval '1 hour'`.execute(db);
  return { hits: Number(row.hits), seconds: Math.max(1, Number(row.seconds)) };
}

/** The guard of a call name: the same call served under two prefixes shares one count. */
export async function attemptLimiter(
  db: Kysely<any>,
  settings: RateLimitSettings,
): Promise<(call: string) => AttemptGuard> {
  await ensureTable(db);
  return (call) => async (request, reply, email) => {
    const ip = request.ip ?? '';
    const account = await countAttempt(db, `${call}|${ip}|${email.trim().toLowerCase()}`, settings.windowMs);
    const address = await countAttempt(db, `${call}|${ip}`, settings.windowMs);
    const over = [
      account.hits > settings.max ? account.seconds : 0,
      address.hits > settings.addressMax ? address.seconds : 0,
    ];
    const seconds = Math.max(...over);
    if (seconds === 0) return true;
    reply.header('retry-after', seconds);
    await refuse(request, reply, 429, 'too_many_attempts', { seconds });
    return false;
  };
}
