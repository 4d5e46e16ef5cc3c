/**
 * The body of the per-user access writes, in any of the shapes a client may send:
 *   {permissions: ["a", "b"]}                      - granted
 *   {permissions: [{permission: "a", allowed: false}]} or {access: [...]}
 *   {permission: "a", allowed?: boolean}
 * Every name must be a declared, non-special permission; a holder of admin_system may grant
 * anything, anyone else only what they hold themselves (no granting oneself more).
 */
import type { LocalText, Manifest } from '../../../generator/manifest-types.ts';
import { can } from '../../../engine/core/permissions.ts';
import type { RequestUser } from '../../auth/user.ts';
import { ValidationError } from '../../http/errors.ts';
import type { AccessEntry } from './breakdown.ts';

export const SUPER_PERMISSION = 'admin_system';

const TEXT = {
  unknown: { en: 'Unknown permission "{name}"', ar: 'الصلاحية "{name}" غير معروفة' },
  not_held: {
    en: 'You cannot grant or remove "{name}": you do not hold it yourself',
    ar: 'لا يمكنك منح أو سحب الصلاحية "{name}" لأنك لا تملكها',
  },
  shape: {
    en: 'Send permissions as a list of names or of {permission, allowed}',
    ar: 'أرسل الصلاحيات كقائمة أسماء أو كقائمة من {permission, allowed}',
  },
} satisfies Record<string, LocalText>;

function invalid(key: keyof typeof TEXT, name?: string): ValidationError {
  return ValidationError.single('permissions', { text: TEXT[key], params: name ? { name } : undefined });
}

function entryOf(item: unknown): AccessEntry {
  if (typeof item === 'string') return { permission: item, allowed: true };
  if (item && typeof item === 'object' && typeof (item as AccessEntry).permission === 'string') {
    const allowed = (item as { allowed?: unknown }).allowed;
    if (allowed !== undefined && typeof allowed !== 'boolean') throw invalid('shape');
    return { permission: (item as AccessEntry).permission, allowed: allowed !== false };
  }
  throw invalid('shape');
}

export function parseAccessBody(body: unknown): AccessEntry[] {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const list = b.permissions ?? b.access;
  let entries: AccessEntry[];
  if (Array.isArray(list)) entries = list.map(entryOf);
  else if (typeof b.permission === 'string') entries = [entryOf(b)];
  else throw invalid('shape');
  // The last word on a name wins.
  return [...new Map(entries.map((e) => [e.permission, e])).values()];
}

export function checkGrantable(manifest: Manifest, granter: RequestUser, entries: AccessEntry[]): void {
  for (const { permission } of entries) {
    const declared = Object.hasOwn(manifest.permissions, permission) ? manifest.permissions[permission] : undefined;
    if (!declared || declared.special) throw invalid('unknown', permission);
    if (!can(granter, SUPER_PERMISSION) && !can(granter, permission)) throw invalid('not_held', permission);
  }
}
