/**
 * Password-reset one-time passwords (`password_otps`): six digits, stored as an argon2id
 * hash, valid 15 minutes, five guesses, single use. Asking for a new one retires the old.
 */
import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { Manifest } from '../../../generator/manifest-types.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { requireEntity, type Db } from './tables.ts';

export const OTP_TTL_MINUTES = 15;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_PATTERN = /^[0-9]{6}$/;

function otpTable(manifest: Manifest) {
  return requireEntity(manifest, 'password_otps').table;
}

/** Creates a new code for the user and returns it in clear (to be mailed, never stored). */
export async function issueOtp(db: Db, manifest: Manifest, user: { id: number; email: string }): Promise<string> {
  const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const otpHash = await hashPassword(otp);
  const table = otpTable(manifest);
  const email = user.email.trim().toLowerCase();
  await db.transaction().execute(async (trx) => {
    await retireOtps(trx, manifest, email);
    await trx
      .insertInto(table)
      .values({
        email,
        user_id: user.id,
        otp_hash: otpHash,
        expires_at: new Date(Date.now() + OTP_TTL_MINUTES * 60_000),
        attempts: 0,
      })
      .execute();
  });
  return otp;
}

/**
 * Checks a code against the live one of this email. Every guess is counted first, in one
 * conditional UPDATE that also enforces the cap, and only a counted guess is compared: guesses
 * sent at once cannot all read "0 attempts so far" and each get checked.
 * Returns the row id to consume, or null when the code is wrong, used, expired or exhausted.
 */
export async function checkOtp(db: Db, manifest: Manifest, email: string, otp: string): Promise<number | null> {
  if (!OTP_PATTERN.test(otp)) return null;
  const table = otpTable(manifest);
  const row = await db
    .selectFrom(table)
    .select(['id', 'otp_hash'])
    .where('email', '=', email)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row) return null;
  const counted = await db
    .updateTable(table)
    .set({ attempts: sql`coalesce(attempts, 0) + 1` })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .where(sql<boolean>`coalesce(attempts, 0) < ${OTP_MAX_ATTEMPTS}`)
    .executeTakeFirst();
  if (Number(counted.numUpdatedRows) !== 1) return null;
  return (await verifyPassword(row.otp_hash, otp)) ? Number(row.id) : null;
}

/** Marks the code used; false when another request used it first (single use under races). */
export async function consumeOtp(trx: Db, manifest: Manifest, id: number): Promise<boolean> {
  const result = await trx
    .updateTable(otpTable(manifest))
    .set({ used_at: new Date() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Retires every unused code of this email (a new code was issued, or the password changed). */
export async function retireOtps(trx: Db, manifest: Manifest, email: string): Promise<void> {
  await trx
    .updateTable(otpTable(manifest))
    .set({ used_at: new Date() })
    .where('email', '=', email)
    .where('used_at', 'is', null)
    .execute();
}
