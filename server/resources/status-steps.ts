/**
 * The named steps of a status table with `transitions` (edge + action + permission), for domains
 * that move a record by action name ("ask", "resolve") rather than by a target status: which
 * steps leave a status, and which of them a user's permissions open. The same edges
 * `transitionAllowed` (write-checks.ts) checks for generic writes. Used by certificates, tickets,
 * excuses and grade rechecks.
 */
import type { StatusTable } from '../../generator/manifest-types.ts';
import { can } from '../../engine/core/permissions.ts';
import type { RequestUser } from '../auth/user.ts';

export interface StatusStep {
  action: string;
  from: string;
  to: string;
  toId: number;
  permission?: string;
}

export function statusKeyOf(table: StatusTable, id: unknown): string | undefined {
  return id === null || id === undefined ? undefined : table.statuses.find((s) => s.id === Number(id))?.key;
}

export function statusIdOf(table: StatusTable, key: string): number {
  const status = table.statuses.find((s) => s.key === key);
  if (!status) throw new Error(`status ${key} is not in ${table.name}`);
  return status.id;
}

/** Every step (edge with an action) leaving the status, whoever may take it. */
export function stepsLeaving(table: StatusTable, fromId: unknown): StatusStep[] {
  const from = statusKeyOf(table, fromId);
  if (!from) return [];
  return (table.transitions ?? [])
    .filter((t) => t.action && (t.from.includes('*') || t.from.includes(from)))
    .map((t) => ({ action: t.action!, from, to: t.to, toId: statusIdOf(table, t.to), permission: t.permission }));
}

/** The steps leaving the status whose permission the user holds (or that name none). */
export function stepsOpenTo(table: StatusTable, user: RequestUser, fromId: unknown): StatusStep[] {
  return stepsLeaving(table, fromId).filter((s) => !s.permission || can(user, s.permission));
}

/** Every action name of the table (one `can_<action>` flag each on a detail answer). */
export function actionsOf(table: StatusTable): string[] {
  return [...new Set((table.transitions ?? []).flatMap((t) => (t.action ? [t.action] : [])))];
}
