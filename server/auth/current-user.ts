/**
 * Fastify onRequest hook: `Authorization: Bearer <token>` -> `request.user`.
 * No token, or a token that is unknown, expired or revoked, makes the caller a Guest: public
 * routes still work, and protected ones answer 401 through the access checks.
 *
 * Session cache (opt-in per route, `config: { cachedSession: true }`): a hot route may take the
 * caller from a per-process cache of resolved users keyed by the token's hash (SESSION_CACHE_MS,
 * default 30000; 0 turns it off) instead of the one-statement load. Such a route MUST check the
 * session in its own statement with `liveSessionSql` (server/auth/user.ts) over
 * `request.sessionToCheck`, and answer 401 when it is gone: so a sign-out, a revoked session, an
 * expired one or a disabled/deleted account still take effect at once, in every process. What
 * may lag by up to the TTL on those routes only is the rest of the subject: role and permission
 * changes (and name/email). Every other route loads the user on every request, as before.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Manifest } from '../../generator/manifest-types.ts';
import { hashToken } from './tokens.ts';
import { guestUser, loadUserByToken, TOKEN_SHAPE, type RequestUser } from './user.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller; a Guest subject when not signed in. Set by the current-user hook. */
    user: RequestUser;
    /** The bearer token of this request, when it resolved to a user (sign-out revokes it). */
    token: string | null;
    /**
     * On a route with `cachedSession`: the token hash whose session the route must check in its
     * own statement (liveSessionSql), since `user` may come from the cache. Null elsewhere.
     */
    sessionToCheck: string | null;
  }
  interface FastifyContextConfig {
    /** The route checks the session itself (liveSessionSql), so the caller may come from the session cache. */
    cachedSession?: boolean;
  }
}

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

/** Resolved users by token hash, each for `ttlMs`; the oldest entries go first when full. */
export class SessionCache {
  private readonly entries = new Map<string, { user: RequestUser; until: number }>();
  constructor(
    readonly ttlMs: number,
    readonly maxEntries = 100_000,
  ) {}

  get(hash: string, now = Date.now()): RequestUser | null {
    const hit = this.entries.get(hash);
    if (!hit) return null;
    if (hit.until > now) return hit.user;
    this.entries.delete(hash);
    return null;
  }

  set(hash: string, user: RequestUser, now = Date.now()): void {
    if (this.ttlMs <= 0) return;
    this.entries.delete(hash);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(hash, { user, until: now + this.ttlMs });
  }

  /** Drops a session (its route found it gone) or, without a hash, every session. */
  forget(hash?: string): void {
    if (hash === undefined) this.entries.clear();
    else this.entries.delete(hash);
  }
}

export function sessionCacheTtl(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.SESSION_CACHE_MS;
  return raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : 30_000;
}

export function registerCurrentUser(app: FastifyInstance, db: Kysely<any>, manifest: Manifest): SessionCache {
  const cache = new SessionCache(sessionCacheTtl());
  app.decorateRequest('user', null as unknown as RequestUser);
  app.decorateRequest('token', null);
  app.decorateRequest('sessionToCheck', null);
  app.decorate('sessionCache', cache);
  app.addHook('onRequest', async (request) => {
    request.user = guestUser(manifest);
    request.token = null;
    request.sessionToCheck = null;
    const token = bearerToken(request.headers.authorization);
    if (!token || !TOKEN_SHAPE.test(token)) return;
    if (request.routeOptions.config?.cachedSession && cache.ttlMs > 0) {
      const hash = hashToken(token);
      let user = cache.get(hash);
      if (!user) {
        user = await loadUserByToken(db, manifest, token, hash);
        if (!user) return;
        cache.set(hash, user);
      }
      request.user = user;
      request.token = token;
      request.sessionToCheck = hash;
      return;
    }
    // One statement: token -> live session -> live user with roles and grants.
    const user = await loadUserByToken(db, manifest, token);
    if (!user) return;
    request.user = user;
    request.token = token;
  });
  return cache;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's session cache (see the file comment). */
    sessionCache: SessionCache;
  }
}
