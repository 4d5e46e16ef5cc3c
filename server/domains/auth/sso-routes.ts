/**
 * GET /get-ms-login-url: the provider's authorization URL (state, nonce, PKCE), the pending
 * sign-in sealed into an HttpOnly cookie. POST /ms-login/callback {code, state,
 * session_state}: exchanges the code, finds the user by subject or email, accepts type 3 only
 * (portal-core section 4). Without OIDC_* configured both answer 404 and the portal hides
 * the Microsoft button.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthContext } from './context.ts';
import { logAccess } from './access-log.ts';
import { OIDC_COOKIE, OIDC_PENDING_MS, OidcError, type OidcIdentity } from './oidc.ts';
import { refuse } from './respond.ts';
import { openSession } from './session.ts';
import { findUserByEmail, findUserBySubject, isActive, updateUser } from './users.ts';

/** The only user type the Microsoft sign-in accepts: students. */
export const SSO_USER_TYPE = 3;
const COOKIE_PATH = '/api';

export function ssoRoutes(app: FastifyInstance, ctx: AuthContext): void {
  const { db, manifest } = ctx;

  app.get('/get-ms-login-url', async (request, reply) => {
    if (!ctx.oidc) return refuse(request, reply, 404, 'sso_not_configured');
    let started: { url: string; cookie: string };
    try {
      started = await ctx.oidc.start();
    } catch (error) {
      request.log.error({ err: error }, 'OpenID Connect discovery failed');
      return refuse(request, reply, 503, 'sso_unavailable');
    }
    reply.setCookie(OIDC_COOKIE, started.cookie, cookieOptions(request, OIDC_PENDING_MS / 1000));
    return { url: started.url };
  });

  app.post('/ms-login/callback', async (request, reply) => {
    if (!ctx.oidc) return refuse(request, reply, 404, 'sso_not_configured');
    const body = (request.body ?? {}) as Record<string, unknown>;
    const params: Record<string, string> = {};
    for (const name of ['code', 'state', 'session_state', 'iss']) {
      if (typeof body[name] === 'string') params[name] = body[name] as string;
    }
    const cookie = request.cookies[OIDC_COOKIE];
    reply.clearCookie(OIDC_COOKIE, cookieOptions(request, 0));
    let identity: OidcIdentity;
    try {
      identity = await ctx.oidc.finish(params, cookie);
    } catch (error) {
      request.log.warn({ err: error }, 'Microsoft sign-in failed');
      await logAccess(db, manifest, request, { userId: null, action: 'login_sso_failed' });
      return error instanceof OidcError
        ? refuse(request, reply, 401, 'sso_failed')
        : refuse(request, reply, 503, 'sso_unavailable');
    }
    return signIn(request, reply, ctx, identity);
  });
}

async function signIn(request: FastifyRequest, reply: FastifyReply, ctx: AuthContext, identity: OidcIdentity) {
  const { db, manifest } = ctx;
  const user =
    (await findUserBySubject(db, manifest, identity.subject)) ?? (await findUserByEmail(db, manifest, identity.email));
  const failed = (userId: number | null) =>
    logAccess(db, manifest, request, { userId, action: 'login_sso_failed', details: { email: identity.email } });
  // An account already tied to another Microsoft identity is not taken over by email.
  if (!user || (user.sso_subject && user.sso_subject !== identity.subject)) {
    await failed(user?.id ?? null);
    return refuse(request, reply, 401, 'sso_no_account');
  }
  if (!isActive(user) || user.type !== SSO_USER_TYPE) {
    await failed(user.id);
    return refuse(request, reply, 403, isActive(user) ? 'sso_students_only' : 'deactivated');
  }
  if (!user.sso_subject) await updateUser(db, manifest, user.id, { sso_subject: identity.subject });
  const session = await openSession(db, manifest, request, user.id, 'login_sso');
  if (!session) return refuse(request, reply, 401, 'sso_no_account');
  return session;
}

function cookieOptions(request: FastifyRequest, maxAgeSeconds: number) {
  return {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: request.protocol === 'https',
    maxAge: maxAgeSeconds,
  };
}
