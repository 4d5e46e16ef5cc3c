/**
 * Who may grade what. Signed out: 401. Staff holding `edit_registrations` (the registrar) see and
 * grade every section; an instructor holding `manage_grades` only the sections they teach (the
 * section's instructor, else the offering's, linked to their user); anyone else: 403.
 */
import type { FastifyRequest } from 'fastify';
import { can } from '../../../engine/core/permissions.ts';
import { HttpError } from '../../http/errors.ts';
import type { GradingSection } from './store.ts';

export const GRADE_OWN = 'manage_grades';
export const GRADE_ALL = 'edit_registrations';

/** null: every section; a number: only the sections this user teaches. */
export type Scope = { userId: number; teacher: number | null };

export function admit(request: FastifyRequest): Scope {
  const user = request.user;
  if (user.id === null || user.typeName === 'Guest') throw new HttpError(401, 'unauthenticated');
  if (can(user, GRADE_ALL)) return { userId: user.id, teacher: null };
  if (can(user, GRADE_OWN)) return { userId: user.id, teacher: user.id };
  throw new HttpError(403, 'forbidden');
}

export function requireTeaches(scope: Scope, section: GradingSection): void {
  if (scope.teacher !== null && section.teacher_user_id !== scope.teacher)
    throw new HttpError(403, 'grades_not_your_section');
}

export function positiveId(value: unknown): number | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const text = String(value).trim();
  return /^[1-9][0-9]{0,14}$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : undefined;
}
