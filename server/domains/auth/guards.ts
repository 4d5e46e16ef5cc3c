/**
 * Who may call, and the parts of a request every domain reads: signed in, holding a permission,
 * a student (401 for a Guest, 403 otherwise); the JSON body as an object; a record id from the path.
 */
import type { FastifyRequest } from 'fastify';
import { can } from '../../../engine/core/permissions.ts';
import { HttpError } from '../../http/errors.ts';
import type { MessageKey } from '../../http/messages.ts';
import type { RequestUser } from '../../auth/user.ts';
import { parseId } from '../../resources/routes.ts';

export function requireSignedIn(request: FastifyRequest): RequestUser & { id: number } {
  if (request.user.id === null) throw new HttpError(401, 'unauthenticated');
  return request.user as RequestUser & { id: number };
}

export function requireAnyPermission(
  request: FastifyRequest,
  permissions: readonly string[],
): RequestUser & { id: number } {
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

/** A signed-in student holding `permission` (default access_student): their student id; else 401/403 with `refusal`. */
export function requireStudent(request: FastifyRequest, refusal: MessageKey, permission = 'access_student'): number {
  const user = requireSignedIn(request);
  if (typeof user.student_id !== 'number' || !can(user, permission)) throw new HttpError(403, refusal);
  return user.student_id;
}

/** Signed in and holding `permission` (401 for a Guest, 403 'forbidden' otherwise). */
export function requirePermission(request: FastifyRequest, permission: string): RequestUser & { id: number } {
  return requireAnyPermission(request, [permission]);
}

/** The JSON body as a plain object ({} for none, an array or a scalar: each field is then missing, and said so). */
export function bodyObject(request: FastifyRequest): Record<string, unknown> {
  const b = request.body;
  return b && typeof b === 'object' && !Array.isArray(b) ? (b as Record<string, unknown>) : {};
}

/** A record id from the path parameter `name`, or 404 with `notFound` (a malformed id finds no record). */
export function recordId(request: FastifyRequest, notFound: MessageKey, name = 'id'): number {
  const id = parseId((request.params as Record<string, string | undefined>)[name]);
  if (id === null) throw new HttpError(404, notFound);
  return id;
}
