/**
 * The seed hook main.ts runs after schema sync, on an empty database only (no row in users):
 *
 * - demo (`npm start`): the demo university (demo/), whose accounts the README lists, all
 *   with the password Rowaq-demo-2026. Never in production: NODE_ENV=production turns it off
 *   whatever the caller asks.
 * - otherwise (a production start): no demo data, one administrator (ADMIN_EMAIL or
 *   admin@rowaq.local) holding every role that grants admin_system, with a random one-time
 *   password returned for main.ts to print once, and marked to be changed when the users
 *   entity has a column for it (see MUST_CHANGE_COLUMNS).
 *
 * Both modes write the countries (reference data students and applicants point at) when that
 * table is empty. Everything happens in one transaction: a failed seed leaves nothing behind.
 */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Manifest } from '../../../generator/manifest-types.ts';
import { USER_TABLES, USER_TYPE } from '../../auth/user.ts';
import { hashPassword } from '../../domains/auth/passwords.ts';
import { findEntity, type Db } from '../../domains/auth/tables.ts';
import { seedCountries } from './countries.ts';
import { seedAdmissionReference } from './admission-reference.ts';
import { DEMO_PASSWORD, loadDemo } from './demo/index.ts';
import { SeedWriter } from './writer.ts';

export interface SeedOptions {
  demo: boolean;
  /** Defaults: ADMIN_EMAIL / ADMIN_PASSWORD from the environment, else admin@rowaq.local and a random password. */
  adminEmail?: string;
  adminPassword?: string;
  /** Demo only: the day it is loaded for (decides the current term); today by default. */
  today?: Date;
}

export interface SeedResult {
  /** Set when an administrator was created: the password to show the operator once. */
  admin?: { email: string; password: string; generated: boolean };
  /** Set when the demo university was loaded: rows written per entity, and how long it took. */
  demo?: { counts: Record<string, number>; ms: number };
}

/** Arbitrary constant: the advisory lock a seeding instance holds (schema sync uses another). */
const SEED_LOCK_KEY = 7_202_612;

/** Columns of the users entity that mark a password to be changed at the next sign-in, if declared. */
export const MUST_CHANGE_COLUMNS = ['must_change_password', 'password_change_required'] as const;

/** NODE_ENV=production never loads demo data, whatever the caller asks. */
export function demoAllowed(options: SeedOptions, env: NodeJS.ProcessEnv = process.env): boolean {
  return options.demo && env.NODE_ENV !== 'production';
}

export async function seed(db: Db, manifest: Manifest, options: SeedOptions): Promise<SeedResult> {
  const users = findEntity(manifest, USER_TABLES.users);
  if (!users) return {};
  const demo = demoAllowed(options);
  // Every start but the first ends here, before spending time on a password hash.
  if (await db.selectFrom(users.table).select('id').limit(1).executeTakeFirst()) return {};
  // Hash outside the transaction: it takes tens of milliseconds and PGlite has one connection.
  const given = options.adminPassword ?? process.env.ADMIN_PASSWORD;
  const password = demo ? DEMO_PASSWORD : (given ?? crypto.randomBytes(12).toString('base64url'));
  const hash = await hashPassword(password);
  const started = performance.now();
  return db.transaction().execute(async (trx) => {
    // Two instances starting at once on one server: the second waits here, then finds users.
    await sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
    const any = await trx.selectFrom(users.table).select('id').limit(1).executeTakeFirst();
    if (any) return {};
    const writer = new SeedWriter(trx, manifest);
    const countries = findEntity(manifest, 'countries');
    const noCountries =
      !!countries && !(await trx.selectFrom(countries.table).select('id').limit(1).executeTakeFirst());
    await seedCountries(writer, noCountries);
    await seedAdmissionReference(writer);
    if (demo) {
      await loadDemo(writer, manifest, hash, { today: options.today, adminRoles: adminRoles(manifest) });
      await writer.finish();
      return { demo: { counts: writer.counts, ms: Math.round(performance.now() - started) } };
    }

    const email = options.adminEmail ?? process.env.ADMIN_EMAIL ?? 'admin@rowaq.local';
    await writer.prepare([USER_TABLES.users, USER_TABLES.roles.entity]);
    const id = writer.id(USER_TABLES.users);
    const row: Record<string, unknown> = {
      id,
      name: 'Administrator',
      name_local: 'مدير النظام',
      email,
      password_hash: hash,
      type: USER_TYPE.staff,
      active: true,
    };
    // Only a generated password is one-time; one the operator chose is theirs to keep.
    for (const column of MUST_CHANGE_COLUMNS) if (given === undefined && users.fields[column]) row[column] = true;
    await writer.insert(USER_TABLES.users, [row]);
    await writer.insert(
      USER_TABLES.roles.entity,
      adminRoles(manifest).map((role) => ({
        id: writer.id(USER_TABLES.roles.entity),
        user_id: id,
        [USER_TABLES.roles.column]: role,
      })),
    );
    await writer.finish();
    return { admin: { email, password, generated: given === undefined } };
  });
}

/** Every role that grants admin_system (or every staff role when none does). */
export function adminRoles(manifest: Manifest): string[] {
  const roles = Object.values(manifest.roles);
  const admin = roles.filter((r) => r.permissions.includes('admin_system'));
  return (admin.length ? admin : roles.filter((r) => r.userType === 4)).map((r) => r.name);
}
