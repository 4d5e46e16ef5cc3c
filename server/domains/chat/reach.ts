/**
 * Who may start a conversation with whom. A student reaches their advisor, the instructors of the
 * sections they are registered in, and support (staff holding manage_tickets). Staff reach the
 * students they serve: those they advise, those in the sections they teach and, for support, those
 * who opened a ticket. Anyone already in a conversation may keep writing in it (membership, not
 * reach, is checked there), so a staff member answers a student who wrote first.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Manifest } from '../../../generator/manifest-types.ts';
import { can } from '../../../engine/core/permissions.ts';
import type { RequestUser } from '../../auth/user.ts';
import type { Db } from './store.ts';

export type Relation = 'advisor' | 'instructor' | 'support' | 'student';

export interface Contact {
  id: number;
  name: string;
  name_local: string | null;
  relation: Relation;
}

/** The permission that makes a staff member "support" for students. */
export const SUPPORT_PERMISSION = 'manage_tickets';

/** registration_code 2: a seat held (a request not yet accepted does not make a teacher theirs). */
const REGISTERED = 2;

const ORDER: Relation[] = ['advisor', 'instructor', 'support', 'student'];

function tables(m: Manifest) {
  const t = (name: string) => sql.table(m.entities[name]?.table ?? name);
  const live = (name: string, alias: string): RawBuilder<unknown> =>
    m.entities[name]?.softDelete ? sql.raw(` and ${alias}.deleted_at is null`) : sql``;
  return { t, live, has: (name: string) => !!m.entities[name] };
}

/** Role names whose permissions include manage_tickets (roles are YAML, not rows). */
function supportRoles(m: Manifest): string[] {
  return Object.values(m.roles)
    .filter((r) => r.permissions.includes(SUPPORT_PERMISSION))
    .map((r) => r.name);
}

function studentQuery(m: Manifest, studentId: number): RawBuilder<Contact> {
  const { t, live, has } = tables(m);
  const person = sql`u.id, u.name, u.name_local`;
  const parts: RawBuilder<unknown>[] = [];
  if (has('instructors')) {
    parts.push(sql`select ${person}, 'advisor' as relation from ${t('students')} s
      join ${t('instructors')} i on i.id = s.advisor_id join ${t('users')} u on u.id = i.user_id
      where s.id = ${studentId}${live('users', 'u')}`);
    if (has('registrations') && has('sections'))
      parts.push(sql`select distinct ${person}, 'instructor' as relation from ${t('registrations')} r
        join ${t('sections')} se on se.id = r.section_id join ${t('instructors')} i on i.id = se.instructor_id
        join ${t('users')} u on u.id = i.user_id
        where r.student_id = ${studentId} and r.status_code = ${REGISTERED}${live('registrations', 'r')}${live('users', 'u')}`);
  }
  const roles = supportRoles(m);
  const byRole =
    roles.length && has('user_roles')
      ? sql`exists (select 1 from ${t('user_roles')} ur where ur.user_id = u.id and ur.role in (${sql.join(roles)})${live('user_roles', 'ur')})`
      : sql`false`;
  const direct = has('user_permissions')
    ? sql`exists (select 1 from ${t('user_permissions')} up where up.user_id = u.id and up.permission = ${SUPPORT_PERMISSION}${live('user_permissions', 'up')})`
    : sql`false`;
  parts.push(sql`select ${person}, 'support' as relation from ${t('users')} u
    where u.type = 4 and (${byRole} or ${direct})${live('users', 'u')}`);
  return sql<Contact>`${sql.join(parts, sql` union all `)}`;
}

function staffQuery(m: Manifest, user: RequestUser & { id: number }): RawBuilder<Contact> | null {
  const { t, live, has } = tables(m);
  const person = sql`u.id, u.name, u.name_local`;
  const parts: RawBuilder<unknown>[] = [];
  if (has('instructors') && has('students')) {
    const me = sql`(select i.id from ${t('instructors')} i where i.user_id = ${user.id}${live('instructors', 'i')} limit 1)`;
    parts.push(sql`select ${person}, 'student' as relation from ${t('students')} s join ${t('users')} u on u.id = s.user_id
      where s.advisor_id = ${me}${live('students', 's')}${live('users', 'u')}`);
    if (has('registrations') && has('sections'))
      parts.push(sql`select distinct ${person}, 'student' as relation from ${t('sections')} se
        join ${t('registrations')} r on r.section_id = se.id join ${t('students')} s on s.id = r.student_id
        join ${t('users')} u on u.id = s.user_id
        where se.instructor_id = ${me} and r.status_code = ${REGISTERED}${live('registrations', 'r')}${live('users', 'u')}`);
  }
  if (can(user, SUPPORT_PERMISSION) && has('tickets'))
    parts.push(sql`select distinct ${person}, 'student' as relation from ${t('tickets')} tk
      join ${t('users')} u on u.id = tk.owner_id where u.type = 3${live('tickets', 'tk')}${live('users', 'u')}`);
  return parts.length ? sql<Contact>`${sql.join(parts, sql` union all `)}` : null;
}

/** The people this user may start a conversation with, each once (its closest relation), by name. */
export async function contactsOf(db: Db, m: Manifest, user: RequestUser & { id: number }): Promise<Contact[]> {
  const query =
    typeof user.student_id === 'number'
      ? studentQuery(m, user.student_id)
      : user.type === 4
        ? staffQuery(m, user)
        : null;
  if (!query) return [];
  const { rows } = await query.execute(db);
  const best = new Map<number, Contact>();
  for (const row of rows) {
    const id = Number(row.id);
    if (id === user.id) continue;
    const known = best.get(id);
    if (!known || ORDER.indexOf(row.relation) < ORDER.indexOf(known.relation))
      best.set(id, { id, name: row.name, name_local: row.name_local ?? null, relation: row.relation });
  }
  return [...best.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** The ids among `ids` this user may not reach (empty when all may be reached). */
export async function unreachable(
  db: Db,
  m: Manifest,
  user: RequestUser & { id: number },
  ids: readonly number[],
): Promise<number[]> {
  const reach = new Set((await contactsOf(db, m, user)).map((c) => c.id));
  return ids.filter((id) => !reach.has(id));
}
