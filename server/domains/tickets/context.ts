/** What every ticket operation gets: the transaction, the manifest, the caller, and where files go. */
import type { Kysely } from 'kysely';
import type { Manifest } from '../../../generator/manifest-types.ts';
import type { RequestUser } from '../../auth/user.ts';

export interface OpContext {
  trx: Kysely<any>;
  m: Manifest;
  user: RequestUser;
  ip: string | null;
  uploadsDir: string;
  /** Files written during the operation: removed by the caller when the transaction fails. */
  written: Array<{ ticketId: number; stored: string }>;
}

export type Body = Record<string, unknown>;

export const textOf = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
