/**
 * The attendance QR code: what it says, how it is signed and how a scanned one is judged. Pure
 * (no database): the caller finds the session named by the code and gives its key.
 *
 *   RWQA1.<session id>.<issued at, ms since 1970>.<signature>
 *
 * The signature is HMAC-SHA256 (base64url, 43 characters) of everything before the last dot,
 * keyed by `sessionKey(serverSecret, sessionId, sessionSecret)`: the server secret
 * (ATTENDANCE_QR_SECRET) and the session's own random secret, which never leaves the database.
 * A code cannot be forged without both, nor moved to another session.
 *
 * The limits live here and only here (docs/decisions.md, "Attendance"):
 *  - QR_ROTATE_MS: the instructor's screen asks for a new code this often;
 *  - QR_MAX_AGE_MS: a code is accepted this long after it was issued, enough for a phone to
 *    focus, a student to pick a photo and a slow network, short enough that a photo sent to
 *    someone outside the room is stale before it is of use;
 *  - QR_FUTURE_SKEW_MS: clocks of two server instances may differ this much; a code issued
 *    further in the future than that was not made by us.
 */
import crypto from 'node:crypto';
import { installationSecret } from '../../secrets.ts';

export const QR_PREFIX = 'RWQA1';
export const QR_ROTATE_MS = 10_000;
export const QR_MAX_AGE_MS = 30_000;
export const QR_FUTURE_SKEW_MS = 5_000;

/**
 * ATTENDANCE_QR_SECRET, else this installation's own random secret (server/secrets.ts, kept in
 * DATA_DIR). Every session's key also holds its random database secret, so a leaked database
 * alone cannot forge codes. Every instance must share it (the same variable, or one DATA_DIR).
 */
export function attendanceSecret(config: { attendanceQrSecret?: string; dataDir: string }): string {
  return config.attendanceQrSecret || installationSecret(config.dataDir, 'attendance-qr');
}

/** A new session's random secret (stored in attendance_sessions.secret). */
export function newSessionSecret(): string {
  return crypto.randomBytes(24).toString('base64url');
}

/** The HMAC key of one session's codes. */
export function sessionKey(serverSecret: string, sessionId: number, sessionSecret: string): Buffer {
  return crypto.createHmac('sha256', serverSecret).update(`attendance-session:${sessionId}:${sessionSecret}`).digest();
}

function signature(key: Buffer, signed: string): string {
  return crypto.createHmac('sha256', key).update(signed).digest('base64url');
}

/** The code of a session at `issuedAt` (ms); `timestamp` may be given as text (tests of bad stamps). */
export function makeCode(key: Buffer, sessionId: number, issuedAt: number | string): string {
  const signed = `${QR_PREFIX}.${sessionId}.${issuedAt}`;
  return `${signed}.${signature(key, signed)}`;
}

/** A scanned code split into its parts; null when it is not shaped like ours at all. */
export interface ParsedCode {
  sessionId: number;
  timestamp: string;
  signed: string;
  signature: string;
}

const SHAPE = /^RWQA1\.([1-9][0-9]{0,14})\.([^.\s]{1,32})\.([A-Za-z0-9_-]{43})$/;

export function parseCode(text: unknown): ParsedCode | null {
  if (typeof text !== 'string') return null;
  const match = SHAPE.exec(text.trim());
  if (!match) return null;
  const sessionId = Number(match[1]);
  if (!Number.isSafeInteger(sessionId)) return null;
  return { sessionId, timestamp: match[2]!, signed: `${QR_PREFIX}.${match[1]}.${match[2]}`, signature: match[3]! };
}

/** Constant-time check of the code's signature under the session's key. */
export function signatureValid(key: Buffer, code: ParsedCode): boolean {
  const expected = Buffer.from(signature(key, code.signed), 'base64url');
  const given = Buffer.from(code.signature, 'base64url');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

export type CodeVerdict = 'ok' | 'invalid' | 'invalid_timestamp' | 'expired';

/**
 * What a signed code's time says at `now`: unreadable or from the future -> invalid_timestamp,
 * older than QR_MAX_AGE_MS -> expired. Call after signatureValid.
 */
export function judgeTimestamp(code: ParsedCode, now: number): CodeVerdict {
  if (!/^[0-9]{1,16}$/.test(code.timestamp)) return 'invalid_timestamp';
  const issued = Number(code.timestamp);
  if (!Number.isSafeInteger(issued) || issued > now + QR_FUTURE_SKEW_MS) return 'invalid_timestamp';
  if (now - issued > QR_MAX_AGE_MS) return 'expired';
  return 'ok';
}

/** The whole judgement of a scanned text against a session key (the domain finds the key by parseCode first). */
export function verifyCode(
  text: unknown,
  keyOf: (sessionId: number) => Buffer | undefined,
  now: number,
): { verdict: CodeVerdict; code?: ParsedCode } {
  const code = parseCode(text);
  if (!code) return { verdict: 'invalid' };
  const key = keyOf(code.sessionId);
  if (!key || !signatureValid(key, code)) return { verdict: 'invalid' };
  return { verdict: judgeTimestamp(code, now), code };
}
