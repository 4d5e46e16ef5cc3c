/** What a workflow operation carries through its guards and effects: one transaction, one user, one step. */
import type { Transaction } from 'kysely';
import type { Entity, Manifest, StatusTable } from '../../generator/manifest-types.ts';
import type { RequestUser } from '../auth/user.ts';
import type { MailMessage } from '../mail/mailer.ts';
import type { Row } from './definition.ts';

export interface StepContext {
  trx: Transaction<any>;
  m: Manifest;
  entity: Entity;
  table: StatusTable;
  user: RequestUser;
  /** The record as it stands (on create, the values about to be written; id 0 until inserted). */
  record: Row;
  /** The step: `create`, `cancel` or a transition's action. */
  action: string;
  from: string | null;
  to: string;
  /** The values of the step's form. */
  form: Row;
  /** University settings (name -> value), read once per step. */
  settings: Map<string, string | null>;
  /** Mails to send once the transaction has committed (a mail cannot be taken back). */
  mails: MailMessage[];
}
