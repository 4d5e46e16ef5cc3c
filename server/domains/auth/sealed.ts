/**
 * Small sealed values (AES-256-GCM, key derived with HKDF from a server secret): the
 * OpenID Connect state, nonce and PKCE verifier travel in an HttpOnly cookie between
 * GET /get-ms-login-url and POST /ms-login/callback, so any instance can finish a sign-in
 * started on another one, and the callback is bound to the browser that started it.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export function sealKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'rowaq', purpose, 32));
}

export function seal(key: Buffer, value: unknown): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The sealed value, or undefined when it was tampered with, truncated or sealed with another key. */
export function unseal<T>(key: Buffer, sealed: string): T | undefined {
  try {
    const raw = Buffer.from(sealed, 'base64url');
    if (raw.length < 29) return undefined;
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}
