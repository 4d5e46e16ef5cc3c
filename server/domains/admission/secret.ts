/**
 * The applicant's secret: the key of the emailed link /admissionForm/{type}/{id}/{secretKey}.
 * 32 random bytes (base64url, 43 characters); only its sha256 is stored, compared in constant
 * time, so a leaked database does not open anyone's application.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const SECRET_HEADER = 'x-applicant-secret';

export function newSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: hashSecret(secret) };
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** True when `secret` hashes to `storedHash`; always hashes, whatever it is given. */
export function secretMatches(secret: string, storedHash: string | null | undefined): boolean {
  const given = Buffer.from(hashSecret(secret), 'hex');
  const stored = Buffer.from(
    typeof storedHash === 'string' && /^[0-9a-f]{64}$/.test(storedHash) ? storedHash : '0'.repeat(64),
    'hex',
  );
  return timingSafeEqual(given, stored) && !!storedHash;
}
