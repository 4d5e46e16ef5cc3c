/**
 * The subject of a request (`request.user`): who is calling and every permission they hold.
 * Loaded from the user tables in one query (with the session, by token: `loadUserByToken`); permissions come from the user's roles (resolved
 * through the manifest's role definitions), direct grants and user-access grants together,
 * which is the list `can()` from engine/core/permissions.ts checks.
 */
import crypto from 'node:crypto';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { Manifest } from '../../generator/manifest-types.ts';
import { GUEST_TYPE_NAME, type PermissionSubject } from '../../engine/core/permissions.ts';
import { preparedStatement } from '../db/prepared.ts';
import { hashToken, TOKENS_TABLE } from './tokens.ts';

export type UserTypeName = 'Student' | 'Staff' | 'Applicant' | 'Guest';

/**
 * users.type values (status table user_type: 3 student, 4 staff). Applicants and Guests are
 * type names without a users row; their subjects carry type 0.
 */
export const USER_TYPE = { student: 3, staff: 4, none: 0 } as const;

const TYPE_NAMES: Record<number, UserTypeName> = { 3: 'Student', 4: 'Staff' };

export interface RequestUser extends PermissionSubject {
  /** null for a Guest. */
  id: number | null;
  name: string;
  email: string | null;
  /** users.type: 3 student, 4 staff; 0 for an Applicant or a Guest. */
  type: number;
  typeName: UserTypeName;
  permissions: string[];
  /** Role names, as in user_roles. */
  roles: string[];
  /** students.id of this user, when the user is a student. */
  student_id?: number;
  /** applicants.id of this user, when the user is an applicant. */
  applicant_id?: number;
  /** users.faculty_id, when the users entity declares it (faculty-scoped staff). */
  faculty_id?: number;
}

/** Permissions of the roles declared for a user type (`userType: guest | applicant | 3 | 4`). */
export function rolePermissionsOfType(
  manifest: Manifest,
  userType: Manifest['roles'][string]['userType'],
): { roles: string[]; permissions: string[] } {
  // Computed once per manifest and type (every anonymous request needs the guest's): the lists are frozen and shared.
  let byType = rolePermissionsCache.get(manifest);
  if (!byType) rolePermissionsCache.set(manifest, (byType = new Map()));
  let known = byType.get(userType);
  if (!known) {
    const roles = Object.values(manifest.roles).filter((r) => r.userType === userType);
    known = {
      roles: Object.freeze(roles.map((r) => r.name)) as string[],
      permissions: Object.freeze([...new Set(roles.flatMap((r) => r.permissions))].sort()) as string[],
    };
    byType.set(userType, known);
  }
  return { roles: known.roles, permissions: known.permissions };
}
const rolePermissionsCache = new WeakMap<
  Manifest,
  Map<Manifest['roles'][string]['userType'], { roles: string[]; permissions: string[] }>
>();

/** The subject of a caller without a session: the permissions of the `userType: guest` roles. */
export function guestUser(manifest: Manifest): RequestUser {
  return {
    id: null,
    name: GUEST_TYPE_NAME,
    email: null,
    type: USER_TYPE.none,
    typeName: 'Guest',
    ...rolePermissionsOfType(manifest, 'guest'),
  };
}

/**
 * The subject of an applicant identified by the emailed id and secret (the admission domain
 * checks those and then calls this): the permissions of the `userType: applicant` roles.
 */
export function applicantUser(
  manifest: Manifest,
  applicant: { id: number; name?: string | null; email?: string | null },
): RequestUser {
  return {
    id: null,
    name: applicant.name ?? '',
    email: applicant.email ?? null,
    type: USER_TYPE.none,
    typeName: 'Applicant',
    ...rolePermissionsOfType(manifest, 'applicant'),
    applicant_id: applicant.id,
  };
}

/**
 * The tables and columns this reads. Entities missing from the manifest are skipped, so a
 * manifest without applicants (say) still works.
 */
export const USER_TABLES = {
  users: 'users',
  roles: { entity: 'user_roles', column: 'role' },
  direct: { entity: 'user_permissions', column: 'permission' },
  /** `allowed: false` rows take a permission away (the negative grant), others add it. */
  access: { entity: 'user_access', column: 'permission', allowed: 'allowed' },
  students: 'students',
  applicants: 'applicants',
} as const;

type UserRow = {
  id: number;
  name: string | null;
  email: string | null;
  type: number | null;
  roles: string[];
  direct: string[];
  access: string[];
  denied: string[];
  student_id: number | null;
  applicant_id: number | null;
  faculty_id: number | null;
};

/**
 * The select list and the live-user condition over `users u`: roles, direct and user-access
 * grants as json aggregates (correlated subqueries, so still one statement).
 */
function userParts(manifest: Manifest) {
  const users = manifest.entities[USER_TABLES.users];
  if (!users) return null;
  const e = manifest.entities;
  const live = (entity: string, alias: string) =>
    e[entity]?.softDelete ? sql.raw(` and ${alias}.deleted_at is null`) : sql``;
  const list = (spec: { entity: string; column: string }) =>
    e[spec.entity]
      ? sql`coalesce((select json_agg(x.${sql.ref(spec.column)}) from ${sql.table(e[spec.entity]!.table)} x where x.user_id = u.id${live(spec.entity, 'x')}), '[]'::json)`
      : sql`'[]'::json`;
  const idOf = (entity: string) =>
    e[entity]?.fields.user_id
      ? sql`(select min(x.id) from ${sql.table(e[entity]!.table)} x where x.user_id = u.id${live(entity, 'x')})`
      : sql`null`;
  const accessEntity = e[USER_TABLES.access.entity];
  const hasAllowed = !!accessEntity?.fields[USER_TABLES.access.allowed];
  const accessList = (allowed: boolean) =>
    accessEntity
      ? sql`coalesce((select json_agg(x.${sql.ref(USER_TABLES.access.column)}) from ${sql.table(accessEntity.table)} x where x.user_id = u.id${live(USER_TABLES.access.entity, 'x')}${
          hasAllowed
            ? sql.raw(allowed ? ' and x.allowed is not false' : ' and x.allowed is false')
            : allowed
              ? sql``
              : sql` and false`
        }), '[]'::json)`
      : sql`'[]'::json`;
  const faculty = users.fields.faculty_id ? sql`u.faculty_id` : sql`null`;
  const active = users.fields.active ? sql` and u.active is not false` : sql``;
  const select = sql`u.id, u.name, u.email, u.type,
      ${list(USER_TABLES.roles)} as roles,
      ${list(USER_TABLES.direct)} as direct,
      ${accessList(true)} as access,
      ${accessList(false)} as denied,
      ${idOf(USER_TABLES.students)} as student_id,
      ${idOf(USER_TABLES.applicants)} as applicant_id,
      ${faculty} as faculty_id`;
  return { table: sql.table(users.table), select, liveUser: sql`${live(USER_TABLES.users, 'u')}${active}` };
}

export async function loadUser(db: Kysely<any>, manifest: Manifest, userId: number): Promise<RequestUser | null> {
  const parts = userParts(manifest);
  if (!parts) return null;
  const { rows } = await sql<UserRow>`
    select ${parts.select}
    from ${parts.table} u
    where u.id = ${userId}${parts.liveUser}`.execute(db);
  return rows[0] ? toRequestUser(manifest, rows[0]) : null;
}

/** base64url of 32 bytes is 43 characters; anything else cannot be one of our tokens. */
export const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * The caller of a bearer token in ONE statement: the session (known, not expired, not
 * revoked) joined to a live user (not deleted, not inactive) with roles and grants. Checked
 * on every request by default: a sign-out or a disabled account takes effect at once. (Routes
 * that opt in to the session cache, current-user.ts, check the session in their own statement.)
 */
export async function loadUserByToken(
  db: Kysely<any>,
  manifest: Manifest,
  token: string,
  tokenHash?: string,
): Promise<RequestUser | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const text = byTokenSql(manifest, db);
  if (!text) return null;
  const { rows } = await db.executeQuery<UserRow>(CompiledQuery.raw(text, [tokenHash ?? hashToken(token)]));
  return rows[0] ? toRequestUser(manifest, rows[0]) : null;
}

/**
 * The statement text of loadUserByToken, built once per manifest (it depends only on the
 * manifest's entities; the token hash is its one parameter, $1), since it runs on nearly
 * every request. Null when the manifest has no users entity. Compiled without plugins: the text
 * must not depend on which instance (with which plugins) asked first.
 */
const byTokenTexts = new WeakMap<Manifest, string | null>();
function byTokenSql(manifest: Manifest, db: Kysely<any>): string | null {
  let text = byTokenTexts.get(manifest);
  if (text === undefined) {
    const parts = userParts(manifest);
    const compiled =
      parts &&
      sql`
      select ${parts.select}
      from ${sql.table(TOKENS_TABLE)} t
      join ${parts.table} u on u.id = t.user_id
      where t.token_hash = ${'$hash'} and t.expires_at > now() and t.revoked_at is null${parts.liveUser}`.compile(
        db.withoutPlugins(),
      );
    if (compiled && (compiled.parameters.length !== 1 || !compiled.sql.includes('$1')))
      throw new Error('loadUserByToken: unexpected statement parameters');
    // Sent as a prepared statement; the text depends on the manifest, so its name carries a digest of it.
    text = compiled
      ? preparedStatement(
          `user_by_token_${crypto.createHash('sha1').update(compiled.sql).digest('hex').slice(0, 12)}`,
          compiled.sql,
        )
      : null;
    byTokenTexts.set(manifest, text);
  }
  return text;
}

/**
 * The same session condition as loadUserByToken (a known, unexpired, unrevoked session of a
 * live user), as SQL text for a statement or a PL/pgSQL function of a route that uses the
 * session cache: `hashRef` is the token hash expression, `userRef` the user id expression.
 * It is true exactly when loadUserByToken would find the user now.
 */
export function liveSessionSql(manifest: Manifest, hashRef: string, userRef: string): string {
  const users = manifest.entities[USER_TABLES.users];
  if (!users) return 'false';
  const deleted = users.softDelete ? ' and u.deleted_at is null' : '';
  const active = users.fields.active ? ' and u.active is not false' : '';
  return `exists(select 1 from ${TOKENS_TABLE} t join ${users.table} u on u.id = t.user_id
    where t.token_hash = ${hashRef} and t.user_id = ${userRef} and t.expires_at > now() and t.revoked_at is null${deleted}${active})`;
}

function toRequestUser(manifest: Manifest, row: UserRow): RequestUser {
  const permissions = new Set<string>();
  for (const role of row.roles) for (const p of manifest.roles[role]?.permissions ?? []) permissions.add(p);
  for (const p of [...row.direct, ...row.access]) if (p) permissions.add(p);
  for (const p of row.denied) permissions.delete(p);
  const type = Number(row.type ?? USER_TYPE.staff);
  const user: RequestUser = {
    id: Number(row.id),
    name: row.name ?? '',
    email: row.email,
    type,
    typeName: TYPE_NAMES[type] ?? 'Staff',
    permissions: [...permissions].sort(),
    roles: row.roles.filter(Boolean),
  };
  if (row.student_id != null) user.student_id = Number(row.student_id);
  if (row.applicant_id != null) user.applicant_id = Number(row.applicant_id);
  if (row.faculty_id != null) user.faculty_id = Number(row.faculty_id);
  return user;
}
