/**
 * Pure facts about an entity's workflow (entity `workflow:` in YAML): its status table, state
 * keys and ids, the owner of a record, the steps leaving a state. No database, no user rights.
 */
import type { Entity, Manifest, StatusTable, Workflow, WorkflowTransition } from '../../generator/manifest-types.ts';
import type { RequestUser } from '../auth/user.ts';

export type Row = Record<string, unknown>;

export function statusTableOf(m: Manifest, entity: Entity): StatusTable {
  const w = entity.workflow!;
  const table = m.statusTables[entity.fields[w.status]?.status ?? ''];
  if (!table) throw new Error(`workflow of ${entity.name}: no status table on ${w.status}`);
  return table;
}

export const stateKey = (table: StatusTable, id: unknown): string | undefined =>
  id === null || id === undefined ? undefined : table.statuses.find((s) => s.id === Number(id))?.key;

export function stateId(table: StatusTable, key: string): number {
  const status = table.statuses.find((s) => s.key === key);
  if (!status) throw new Error(`state ${key} is not in ${table.name}`);
  return status.id;
}

/** The user's value the owner field holds (their id, student id or applicant id); null when they have none. */
export function ownerValue(w: Workflow, user: RequestUser): number | null {
  const key = w.owner.equals.slice('user.'.length) as 'id' | 'student_id' | 'applicant_id';
  const value = user[key];
  return typeof value === 'number' ? value : null;
}

export function isOwner(w: Workflow, user: RequestUser, row: Row): boolean {
  const mine = ownerValue(w, user);
  return mine !== null && Number(row[w.owner.field]) === mine;
}

/** The steps leaving the record's state, whoever may take them. */
export function stepsLeaving(w: Workflow, table: StatusTable, row: Row): WorkflowTransition[] {
  const from = stateKey(table, row[w.status]);
  return from ? (w.transitions ?? []).filter((t) => t.from.includes(from)) : [];
}

/** The state's key of a row, for the `edit` and `cancel.from` lists. */
export const inStates = (table: StatusTable, row: Row, status: string, states: string[] | undefined) =>
  !!states?.includes(stateKey(table, row[status]) ?? '');
