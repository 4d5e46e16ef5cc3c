/**
 * Password hashing with argon2id (OWASP's recommended parameters: 19 MiB, 2 passes).
 * Verification never throws: a malformed stored hash is simply a wrong password.
 */
import argon2 from 'argon2';

const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Minimum length of a new password (reset, change). */
export const MIN_PASSWORD_LENGTH = 8;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash || !hash.startsWith('$argon2')) return false;
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/**
 * A hash to verify against when the email is unknown, so a wrong email costs as long as a
 * wrong password and response times do not tell which accounts exist.
 */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword('rowaq-decoy-password');
  return decoy;
}
