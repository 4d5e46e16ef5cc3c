/**
 * POST /login, POST /users/logout, POST /login-with-token, POST /users/login-link/{id},
 * GET /users/profile.
 */
import type { FastifyInstance } from 'fastify';
import { loadUser } from '../../auth/user.ts';
import { revokeToken } from '../../auth/tokens.ts';
import { addFieldError, notFound, ValidationError, type FieldErrors } from '../../http/errors.ts';
import type { AuthContext } from './context.ts';
import { logAccess } from './access-log.ts';
import { consumeLoginLink, issueLoginLink } from './link-tokens.ts';
import { decoyHash, verifyPassword } from './passwords.ts';
import { authText, refuse } from './respond.ts';
import { openSession, PORTAL_USER_TYPES, userPayload } from './session.ts';
import { findUserByEmail, findUserById, isActive, normalizeEmail } from './users.ts';
import { pathId, requireAnyPermission, requireSignedIn } from './guards.ts';

/** Who may issue sign-in links for other users. */
export const LOGIN_LINK_PERMISSIONS = ['manage_users', 'admin_system'] as const;

type Body = Record<string, unknown> | undefined;

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function sessionRoutes(app: FastifyInstance, ctx: AuthContext): void {
  const { db, manifest } = ctx;
  const loginGuard = ctx.limit('login');

  app.post('/login', async (request, reply) => {
    const body = request.body as Body;
    const email = normalizeEmail(body?.email);
    const password = text(body?.password);
    const errors: FieldErrors = {};
    if (!email) addFieldError(errors, 'email', { key: 'required' });
    if (!password) addFieldError(errors, 'password', { key: 'required' });
    if (Object.keys(errors).length) throw new ValidationError(errors);
    if (!(await loginGuard(request, reply, email))) return reply;

    const user = await findUserByEmail(db, manifest, email);
    const ok = await verifyPassword(user?.password_hash ?? (await decoyHash()), password);
    if (!user || !ok) {
      await logAccess(db, manifest, request, { userId: user?.id ?? null, action: 'login_failed', details: { email } });
      return refuse(request, reply, 401, 'wrong_credentials');
    }
    if (!isActive(user) || !PORTAL_USER_TYPES.includes(user.type)) {
      await logAccess(db, manifest, request, { userId: user.id, action: 'login_failed', details: { email } });
      return refuse(request, reply, 403, isActive(user) ? 'type_not_allowed' : 'deactivated');
    }
    const session = await openSession(db, manifest, request, user.id, 'login');
    if (!session) return refuse(request, reply, 401, 'wrong_credentials');
    return session;
  });

  app.post('/users/logout', async (request) => {
    const user = requireSignedIn(request);
    if (request.token) await revokeToken(db, request.token);
    await logAccess(db, manifest, request, { userId: user.id, action: 'logout' });
    return { message: authText(request, 'signed_out') };
  });

  // The portal's /login/:token route: a one-time link an administrator issued.
  app.post('/login-with-token', async (request, reply) => {
    const token = text((request.body as Body)?.token).trim();
    if (!token) throw ValidationError.single('token', { key: 'required' });
    // Token sign-in signs out first (portal-core section 4): the caller's current session ends.
    if (request.token) {
      await revokeToken(db, request.token);
      await logAccess(db, manifest, request, { userId: request.user.id, action: 'logout' });
    }
    const userId = await consumeLoginLink(db, token);
    const user = userId === null ? undefined : await findUserById(db, manifest, userId);
    if (!user) {
      await logAccess(db, manifest, request, { userId: null, action: 'login_failed', details: { via: 'link' } });
      return refuse(request, reply, 401, 'login_token_invalid');
    }
    if (!isActive(user) || !PORTAL_USER_TYPES.includes(user.type)) {
      await logAccess(db, manifest, request, { userId: user.id, action: 'login_failed', details: { via: 'link' } });
      return refuse(request, reply, 403, isActive(user) ? 'type_not_allowed' : 'deactivated');
    }
    const session = await openSession(db, manifest, request, user.id, 'login_token');
    if (!session) return refuse(request, reply, 401, 'login_token_invalid');
    return session;
  });

  app.post('/users/login-link/:id', async (request) => {
    const admin = requireAnyPermission(request, LOGIN_LINK_PERMISSIONS);
    const id = pathId((request.params as { id: string }).id);
    const user = await findUserById(db, manifest, id);
    if (!user) throw notFound();
    const { token, expiresAt } = await issueLoginLink(db, id);
    await logAccess(db, manifest, request, {
      userId: admin.id,
      action: 'login_link_issued',
      resource: 'users',
      recordId: id,
    });
    return { token, path: `/login/${token}`, expires_at: expiresAt.toISOString() };
  });

  app.get('/users/profile', async (request) => {
    const signedIn = requireSignedIn(request);
    const user = (await loadUser(db, manifest, signedIn.id)) ?? signedIn;
    return { data: await userPayload(db, manifest, user) };
  });
}
