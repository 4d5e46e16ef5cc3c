/**
 * The user rows the sign-in calls read and write, through the manifest's `users` entity
 * (its table name, whether it soft-deletes). Emails are compared trimmed and case-blind.
 */
import { sql, type Selectable, type Updateable } from 'kysely';
import type { UsersTable } from '../../../.generated/types/entities.ts';
import type { Manifest } from '../../../generator/manifest-types.ts';
import { DELETED_AT, requireEntity, type Db } from './tables.ts';

export interface UserRow {
  id: number;
  email: string;
  name: string;
  type: number;
  active: boolean | null;
  password_hash: string | null;
  sso_subject: string | null;
}

export function normalizeEmail(email: unknown): string {
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}

/** Columns read when the entity declares them (a university may drop active or sso_subject). */
const OPTIONAL_COLUMNS = ['active', 'password_hash', 'sso_subject'] as const;

/** A users row as selectUsers reads it: the optional columns may be missing. */
type SelectedUser = Pick<Selectable<UsersTable>, 'id' | 'email' | 'name' | 'type'> &
  Partial<Pick<Selectable<UsersTable>, (typeof OPTIONAL_COLUMNS)[number]>>;

function selectUsers(db: Db, manifest: Manifest) {
  const { table, softDelete, fields } = requireEntity(manifest, 'users');
  const columns = ['id', 'email', 'name', 'type', ...OPTIONAL_COLUMNS.filter((c) => fields[c])] as const;
  let query = db.selectFrom(table).select(columns);
  if (softDelete) query = query.where(DELETED_AT, 'is', null);
  return query;
}

export async function findUserByEmail(db: Db, manifest: Manifest, email: string): Promise<UserRow | undefined> {
  if (!email) return undefined;
  const row = await selectUsers(db, manifest)
    .where(sql`lower(email)`, '=', email)
    .orderBy('id')
    .executeTakeFirst();
  return row ? toUser(row) : undefined;
}

export async function findUserBySubject(db: Db, manifest: Manifest, subject: string): Promise<UserRow | undefined> {
  if (!manifest.entities.users?.fields.sso_subject) return undefined;
  const row = await selectUsers(db, manifest).where('sso_subject', '=', subject).executeTakeFirst();
  return row ? toUser(row) : undefined;
}

export async function findUserById(db: Db, manifest: Manifest, id: number): Promise<UserRow | undefined> {
  const row = await selectUsers(db, manifest).where('id', '=', id).executeTakeFirst();
  return row ? toUser(row) : undefined;
}

export async function updateUser(
  db: Db,
  manifest: Manifest,
  id: number,
  values: Partial<{ password_hash: string; sso_subject: string; last_login_at: Date }>,
): Promise<void> {
  const users = requireEntity(manifest, 'users');
  const declared: Updateable<UsersTable> = Object.fromEntries(Object.entries(values).filter(([k]) => users.fields[k]));
  if (!Object.keys(declared).length) return;
  const timestamps = users.timestamps ? { updated_at: new Date() } : {};
  await db
    .updateTable(users.table)
    .set({ ...declared, ...timestamps })
    .where('id', '=', id)
    .execute();
}

export function isActive(user: UserRow): boolean {
  return user.active !== false;
}

function toUser(row: SelectedUser): UserRow {
  return {
    id: Number(row.id),
    email: String(row.email ?? ''),
    name: String(row.name ?? ''),
    type: Number(row.type),
    active: row.active ?? null,
    password_hash: row.password_hash ?? null,
    sso_subject: row.sso_subject ?? null,
  };
}
