/**
 * The permission check of the specification (portal-core section 6), shared by the browser
 * guard and the server: one implementation, two callers.
 *
 *  - `public`: true for any signed-in user who is not a Guest.
 *  - `guest`: true only for a Guest.
 *  - any other name: must appear in the user's permission list.
 *  - a negative check inverts the answer (used to hide things from holders of a permission).
 */

export const PUBLIC_PERMISSION = 'public';
export const GUEST_PERMISSION = 'guest';
export const GUEST_TYPE_NAME = 'Guest';

export interface PermissionSubject {
  /** The user's type name: 'Student', 'Staff', 'Applicant', 'Guest', ... */
  typeName: string;
  /** Every permission the user holds: role, direct and user-access permissions together. */
  permissions: readonly string[];
}

export function can(
  subject: PermissionSubject | null | undefined,
  permission: string,
  options: { negative?: boolean } = {},
): boolean {
  const allowed = checkPositive(subject, permission);
  return options.negative ? !allowed : allowed;
}

function checkPositive(subject: PermissionSubject | null | undefined, permission: string): boolean {
  if (!subject) return false;
  const isGuest = subject.typeName === GUEST_TYPE_NAME;
  if (permission === PUBLIC_PERMISSION) return !isGuest;
  if (permission === GUEST_PERMISSION) return isGuest;
  return subject.permissions.includes(permission);
}

/** What `mayOpen` reads of a screen. */
export interface OpenableScreen {
  permission?: string;
  layout?: { anonymous?: boolean };
}

/**
 * Whether the user may open a screen (the guard's permission rule): an anonymous screen always,
 * else when the user holds its permission (none named = 'public'). Links, row links and
 * navigate actions offer only screens this allows, so nobody is led to a refusal.
 */
export function mayOpen(screen: OpenableScreen | undefined, subject: PermissionSubject | null | undefined): boolean {
  if (!screen) return false;
  if (screen.layout?.anonymous) return true;
  return can(subject, screen.permission ?? PUBLIC_PERMISSION);
}
