/**
 * Opening a session after any successful sign-in (password, link, Microsoft), and the user
 * payload the portal keeps: id, name, type {type, name}, roles and permissions.
 */
import type { FastifyRequest } from 'fastify';
import type { Manifest } from '../../../generator/manifest-types.ts';
import { issueToken, purgeExpiredTokens } from '../../auth/tokens.ts';
import { loadUser, type RequestUser } from '../../auth/user.ts';
import { visibleColumns } from '../../resources/entity-info.ts';
import { logAccess } from './access-log.ts';
import { dynamicTables, requireEntity, type Db } from './tables.ts';
import { updateUser } from './users.ts';

/** User types accepted by the portal's sign-in (portal-core section 1): 3 student, 4 staff. */
export const PORTAL_USER_TYPES: readonly number[] = [3, 4];

export interface UserPayload extends Record<string, unknown> {
  id: number;
  name: string;
  type: { type: number; name: string };
  roles: string[];
  permissions: string[];
}

/** The signed-in user as the portal stores it (login response, GET /users/profile). */
export async function userPayload(db: Db, manifest: Manifest, user: RequestUser): Promise<UserPayload> {
  const users = requireEntity(manifest, 'users');
  // The columns the browser may see, whichever the entity declares: chosen at run time.
  const row = await dynamicTables(db)
    .selectFrom(users.table)
    .select(visibleColumns(users))
    .where('id', '=', user.id)
    .executeTakeFirst();
  const payload: UserPayload = {
    ...(row ?? {}),
    id: user.id!,
    name: user.name,
    type: { type: user.type, name: user.typeName },
    roles: user.roles,
    permissions: user.permissions,
  };
  if (user.student_id !== undefined) payload.student_id = user.student_id;
  if (user.applicant_id !== undefined) payload.applicant_id = user.applicant_id;
  return payload;
}

export interface LoginResponse {
  token: string;
  expires_at: string;
  type: { type: number; name: string };
  user: UserPayload;
}

/** Issues a token, stamps the sign-in and logs it; `action` names the way in (login, login_token, login_sso). */
export async function openSession(
  db: Db,
  manifest: Manifest,
  request: FastifyRequest,
  userId: number,
  action: string,
): Promise<LoginResponse | null> {
  const user = await loadUser(db, manifest, userId);
  if (!user) return null;
  await purgeExpiredTokens(db);
  const { token, expiresAt } = await issueToken(db, userId, undefined, {
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
  });
  await updateUser(db, manifest, userId, { last_login_at: new Date() });
  await logAccess(db, manifest, request, { userId, action });
  const payload = await userPayload(db, manifest, user);
  return { token, expires_at: expiresAt.toISOString(), type: payload.type, user: payload };
}
