/**
 * The user rows the sign-in calls read and write, through the manifest's `users` entity
 * (its table name, whether it soft-deletes). Emails are compared trimmed and case-blind.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Manifest } from '../../../generator/manifest-types.ts';

type Executor = Kysely<any> | Transaction<any>;

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

function usersTable(manifest: Manifest): { table: string; softDelete: boolean } {
  const users = manifest.entities.users;
  if (!users) throw new Error('the manifest declares no users entity');
  return { table: users.table, softDelete: users.softDelete };
}

/** Columns read when the entity declares them (a university may drop active or sso_subject). */
const OPTIONAL_COLUMNS = ['active', 'password_hash', 'sso_subject'] as const;

function selectUsers(db: Executor, manifest: Manifest) {
  const { table, softDelete } = usersTable(manifest);
  const fields = manifest.entities.users!.fields;
  const columns = ['id', 'email', 'name', 'type', ...OPTIONAL_COLUMNS.filter((c) => fields[c])];
  let query = db.selectFrom(table).select(columns);
  if (softDelete) query = query.where('deleted_at', 'is', null);
  return query;
}

export async function findUserByEmail(db: Executor, manifest: Manifest, email: string): Promise<UserRow | undefined> {
  if (!email) return undefined;
  const row = await selectUsers(db, manifest)
    .where(sql`lower(email)`, '=', email)
    .orderBy('id')
    .executeTakeFirst();
  return row ? toUser(row) : undefined;
}

export async function findUserBySubject(db: Executor, manifest: Manifest, subject: string): Promise<UserRow | undefined> {
  if (!manifest.entities.users?.fields.sso_subject) return undefined;
  const row = await selectUsers(db, manifest).where('sso_subject', '=', subject).executeTakeFirst();
  return row ? toUser(row) : undefined;
}

export async function findUserById(db: Executor, manifest: Manifest, id: number): Promise<UserRow | undefined> {
  const row = await selectUsers(db, manifest).where('id', '=', id).executeTakeFirst();
  return row ? toUser(row) : undefined;
}

export async function updateUser(
  db: Executor, manifest: Manifest, id: number,
  values: Partial<{ password_hash: string; sso_subject: string; last_login_at: Date }>,
): Promise<void> {
  const { table } = usersTable(manifest);
  const users = manifest.entities.users!;
  const declared = Object.fromEntries(Object.entries(values).filter(([k]) => users.fields[k]));
  if (!Object.keys(declared).length) return;
  const timestamps = users.timestamps ? { updated_at: new Date() } : {};
  await db.updateTable(table).set({ ...declared, ...timestamps }).where('id', '=', id).execute();
}

export function isActive(user: UserRow): boolean {
  return user.active !== false;
}

function toUser(row: Record<string, unknown>): UserRow {
  return {
    id: Number(row.id),
    email: String(row.email ?? ''),
    name: String(row.name ?? ''),
    type: Number(row.type),
    active: (row.active as boolean | null | undefined) ?? null,
    password_hash: (row.password_hash as string | null) ?? null,
    sso_subject: (row.sso_subject as string | null) ?? null,
  };
}
