/** Who may call: signed in, or holding one of some permissions (401 for a Guest, 403 otherwise). */
import type { FastifyRequest } from 'fastify';
import { can } from '../../../engine/core/permissions.ts';
import { HttpError } from '../../http/errors.ts';
import type { RequestUser } from '../../auth/user.ts';

export function requireSignedIn(request: FastifyRequest): RequestUser & { id: number } {
  if (request.user.id === null) throw new HttpError(401, 'unauthenticated');
  return request.user as RequestUser & { id: number };
}

export function requireAnyPermission(request: FastifyRequest, permissions: readonly string[]): RequestUser & { id: number } {
  const user = requireSignedIn(request);
  if (!permissions.some((p) => can(user, p))) throw new HttpError(403, 'forbidden');
  return user;
}

/** A positive whole-number id from the path, or a 400 with the core's message. */
export function pathId(value: unknown): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 1) throw new HttpError(400, 'invalid_id');
  return id;
}
