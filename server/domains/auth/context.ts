/** What every route module of the sign-in domain receives. */
import type { Manifest } from '../../../generator/manifest-types.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { OidcClient } from './oidc.ts';
import type { AttemptGuard } from './rate-limit.ts';
import type { Db } from './tables.ts';

export interface AuthContext {
  db: Db;
  manifest: Manifest;
  mailer: Mailer;
  /** Absent when OIDC_* is not configured: the Microsoft sign-in answers 404. */
  oidc?: OidcClient;
  /** Attempt limits per call name ('login', 'forget-password', 'reset-password'). */
  limit: (call: string) => AttemptGuard;
}
