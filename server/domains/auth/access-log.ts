/**
 * The sign-in domain's entries in the access log (through the core's recordAccess): sign-in,
 * failed sign-in, sign-out and this domain's writes, with the caller's address. Outside a
 * transaction a log that cannot be written never fails the call it records; it is logged.
 */
import type { FastifyRequest } from 'fastify';
import type { Manifest } from '../../../generator/manifest-types.ts';
import { recordAccess } from '../../resources/access-log.ts';
import type { Db } from './tables.ts';

export const AUTH_RESOURCE = 'auth';

export interface AccessEntry {
  userId: number | null;
  /** login, login_failed, logout, login_token, login_sso, login_sso_failed, password_otp, password_reset, ... */
  action: string;
  resource?: string;
  recordId?: number | null;
  details?: unknown;
}

export async function logAccess(
  db: Db,
  manifest: Manifest,
  request: FastifyRequest,
  entry: AccessEntry,
): Promise<void> {
  const record = {
    user: entry.userId === null ? null : { id: entry.userId },
    action: entry.action,
    resource: entry.resource ?? AUTH_RESOURCE,
    recordId: entry.recordId ?? entry.userId,
    ip: request.ip.slice(0, 45),
    details: entry.details,
  };
  if (db.isTransaction) return recordAccess(db, manifest, record);
  try {
    await recordAccess(db, manifest, record);
  } catch (error) {
    request.log.error({ err: error, action: entry.action }, 'access log not written');
  }
}
