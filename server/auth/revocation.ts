/**
 * Deactivating or deleting a user ends their sessions and sign-in links for good. The sign-in
 * check already refuses an inactive user, but only while they are inactive: without this, the
 * old token would work again the moment the account is re-activated. A trigger on the users
 * table revokes them in the same transaction as the change, whichever path makes it (the
 * generic API, a domain, an import, SQL by hand).
 */
import { sql, type Kysely } from 'kysely';
import type { Manifest } from '../../generator/manifest-types.ts';
import { TOKENS_TABLE } from './tokens.ts';
import { USER_TABLES } from './user.ts';

export async function installSessionRevocation(db: Kysely<any>, manifest: Manifest): Promise<void> {
  const users = manifest.entities[USER_TABLES.users];
  if (!users || !manifest.entities[TOKENS_TABLE]) return;
  const ended: string[] = [];
  if (users.fields.active) ended.push('(new.active is false and old.active is distinct from false)');
  if (users.softDelete) ended.push('(new.deleted_at is not null and old.deleted_at is null)');
  if (!ended.length) return;
  const statements = [
    `create or replace function rowaq_revoke_ended_user() returns trigger language plpgsql as $fn$
begin
  if ${ended.join(' or ')} then
    update ${TOKENS_TABLE} set revoked_at = now() where user_id = new.id and revoked_at is null;
  end if;
  return null;
end $fn$`,
    `create or replace trigger rowaq_revoke_ended_user after update on ${users.table} for each row execute function rowaq_revoke_ended_user()`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
