/**
 * The seed hook main.ts runs after schema sync. This minimal version makes sure a fresh
 * installation can be signed into: when there is no user at all, it creates one
 * administrator holding every role that grants admin_system (or every staff role when none
 * does). The demo university (`demo: true`) is another engineer's; it plugs in here.
 */
import crypto from 'node:crypto';
import argon2 from 'argon2';
import type { Kysely } from 'kysely';
import type { Manifest } from '../../../generator/manifest-types.ts';
import { USER_TABLES, USER_TYPE } from '../../auth/user.ts';

export interface SeedOptions {
  demo: boolean;
  /** Defaults: ADMIN_EMAIL / ADMIN_PASSWORD from the environment, else admin@rowaq.local and a random password. */
  adminEmail?: string;
  adminPassword?: string;
}

export interface SeedResult {
  /** Set when an administrator was created: the password to show the operator once. */
  admin?: { email: string; password: string; generated: boolean };
}

export async function seed(db: Kysely<any>, manifest: Manifest, options: SeedOptions): Promise<SeedResult> {
  const users = manifest.entities[USER_TABLES.users];
  if (!users) return {};
  return db.transaction().execute(async (trx) => {
    const any = await trx.selectFrom(users.table).select('id').limit(1).executeTakeFirst();
    if (any) return {};
    const email = options.adminEmail ?? process.env.ADMIN_EMAIL ?? 'admin@rowaq.local';
    const given = options.adminPassword ?? process.env.ADMIN_PASSWORD;
    const password = given ?? crypto.randomBytes(12).toString('base64url');
    const candidates: Record<string, unknown> = {
      name: 'Administrator',
      name_local: 'مدير النظام',
      email,
      password_hash: await argon2.hash(password, { type: argon2.argon2id }),
      type: USER_TYPE.staff,
    };
    const values = Object.fromEntries(Object.entries(candidates).filter(([k]) => users.fields[k]));
    const { id } = await trx.insertInto(users.table).values(values).returning('id').executeTakeFirstOrThrow();
    const rolesEntity = manifest.entities[USER_TABLES.roles.entity];
    if (rolesEntity) {
      for (const role of adminRoles(manifest)) {
        await trx.insertInto(rolesEntity.table).values({ user_id: id, [USER_TABLES.roles.column]: role }).execute();
      }
    }
    return { admin: { email, password, generated: given === undefined } };
  });
}

function adminRoles(manifest: Manifest): string[] {
  const roles = Object.values(manifest.roles);
  const admin = roles.filter((r) => r.permissions.includes('admin_system'));
  return (admin.length ? admin : roles.filter((r) => r.userType === 4)).map((r) => r.name);
}
