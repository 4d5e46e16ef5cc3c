/**
 * Fastify onRequest hook: `Authorization: Bearer <token>` -> `request.user`.
 * No token, or a token that is unknown, expired or revoked, makes the caller a Guest: public
 * routes still work, and protected ones answer 401 through the access checks.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Manifest } from '../../generator/manifest-types.ts';
import { guestUser, loadUserByToken, type RequestUser } from './user.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller; a Guest subject when not signed in. Set by the current-user hook. */
    user: RequestUser;
    /** The bearer token of this request, when it resolved to a user (sign-out revokes it). */
    token: string | null;
  }
}

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

export function registerCurrentUser(app: FastifyInstance, db: Kysely<any>, manifest: Manifest): void {
  app.decorateRequest('user', null as unknown as RequestUser);
  app.decorateRequest('token', null);
  app.addHook('onRequest', async (request) => {
    request.user = guestUser(manifest);
    request.token = null;
    const token = bearerToken(request.headers.authorization);
    if (!token) return;
    // One statement: token -> live session -> live user with roles and grants.
    const user = await loadUserByToken(db, manifest, token);
    if (!user) return;
    request.user = user;
    request.token = token;
  });
}
