/**
 * Cross-checks of an entity's workflow: every state is a key of the status field's table, every
 * field named (owner, form, set, fee, conditions) is a field of the entity, every guard, effect and
 * document name is in the registry (workflow-names.ts), a fee names a billing kind, a history
 * entity declares the history fields, a `related` path follows reference fields.
 */
import type { JsonPath } from './load.ts';
import type { Condition } from './manifest-types.ts';
import type { RawEntity } from './raw-types.ts';
import type { Declared, DefinitionIndex } from './definitions-index.ts';
import { closest } from './validate.ts';
import {
  HISTORY_FIELDS,
  SPECIAL_VALUES,
  WORKFLOW_DOCUMENTS,
  WORKFLOW_EFFECTS,
  WORKFLOW_GUARDS,
} from './workflow-names.ts';

/** What the checker of crosscheck.ts lends a workflow check. */
export interface WorkflowChecker {
  index: DefinitionIndex;
  error(path: JsonPath, message: string, hint: string, key?: boolean): void;
  permission(path: JsonPath, name: unknown): void;
  entityRef(path: JsonPath, name: unknown): Declared<RawEntity> | undefined;
  field(path: JsonPath, name: unknown, entity: Declared<RawEntity> | undefined, owner: string): void;
  condition(path: JsonPath, cond: Condition | undefined, fields?: string[], owner?: string): void;
}

type Raw = NonNullable<RawEntity['workflow']>;
type Effect = NonNullable<NonNullable<Raw['transitions']>[number]['effects']>[number];
type Guard = NonNullable<NonNullable<Raw['transitions']>[number]['guards']>[number];

const W = 'workflow';
const didYouMean = (name: string, names: readonly string[]) => {
  const close = closest(name, [...names]);
  return close ? `did you mean '${close}'? ` : '';
};

export function checkWorkflow(c: WorkflowChecker, self: Declared<RawEntity>): void {
  const entity = self.value;
  const w = entity.workflow;
  if (!w) return;
  const fields = Object.keys(entity.fields ?? {});
  const owner = 'fields of this entity';
  const field = (path: JsonPath, name: unknown) => c.field(path, name, self, owner);

  field([W, 'status'], w.status);
  field([W, 'owner', 'field'], w.owner?.field);
  const tableName = entity.fields?.[w.status]?.status;
  if (entity.fields?.[w.status] && !tableName)
    c.error([W, 'status'], `field '${w.status}' holds no status`, `add status: <status table> to the field`);
  const table = tableName ? c.index.statusTables.get(tableName)?.value : undefined;
  const keys = (table?.statuses ?? []).map((s) => s.key);
  const state = (path: JsonPath, key: unknown, what = 'state') => {
    if (!table || typeof key !== 'string' || keys.includes(key)) return;
    c.error(
      path,
      `${what} '${key}' is not a state`,
      `${didYouMean(key, keys)}states of ${table.name}: ${keys.join(', ')}`,
    );
  };
  state([W, 'initial'], w.initial);
  (w.edit ?? []).forEach((k, i) => state([W, 'edit', i], k));
  (w.cancel?.from ?? []).forEach((k, i) => state([W, 'cancel', 'from', i], k));
  state([W, 'cancel', 'to'], w.cancel?.to);
  c.condition([W, 'cancel', 'delete'], w.cancel?.delete, fields, owner);
  effects(c, self, [W, 'cancel', 'effects'], w.cancel?.effects, []);
  guards(c, [W, 'create', 'guards'], w.create?.guards, fields);
  effects(c, self, [W, 'create', 'effects'], w.create?.effects, fields);

  const actions = new Set<string>();
  (w.transitions ?? []).forEach((t, i) => {
    const at: JsonPath = [W, 'transitions', i];
    if (actions.has(t.action))
      c.error([...at, 'action'], `duplicate step '${t.action}'`, 'each step of a workflow has its own action name');
    actions.add(t.action);
    t.from.forEach((k, j) => state([...at, 'from', j], k));
    state([...at, 'to'], t.to, 'transition to');
    if (typeof t.by === 'string' && t.by !== 'owner') c.permission([...at, 'by'], t.by);
    else if (typeof t.by === 'object') related(c, self, [...at, 'by', 'related'], t.by.related);
    const formFields = (t.form ?? []).map((f) => f.field);
    (t.form ?? []).forEach((f, j) => field([...at, 'form', j, 'field'], f.field));
    guards(c, [...at, 'guards'], t.guards, fields);
    effects(c, self, [...at, 'effects'], t.effects, formFields);
  });
}

function guards(c: WorkflowChecker, path: JsonPath, list: Guard[] | undefined, fields: string[]): void {
  (list ?? []).forEach((g, i) => {
    if (!g.when === !g.guard)
      c.error([...path, i], 'a guard is either a rule or a name', 'write when: <condition> or guard: <name>, not both');
    if (g.when) c.condition([...path, i, 'when'], g.when, fields, 'fields of this entity');
    if (g.guard && !(WORKFLOW_GUARDS as readonly string[]).includes(g.guard))
      c.error(
        [...path, i, 'guard'],
        `unknown guard '${g.guard}'`,
        `${didYouMean(g.guard, WORKFLOW_GUARDS)}named guards: ${WORKFLOW_GUARDS.join(', ')}; or write the rule as when:`,
      );
  });
}

function effects(
  c: WorkflowChecker,
  self: Declared<RawEntity>,
  path: JsonPath,
  list: Effect[] | undefined,
  formFields: string[],
): void {
  const owner = 'fields of this entity';
  (list ?? []).forEach((e, i) => {
    const at = [...path, i];
    if (e.when) c.condition([...at, 'when'], e.when, Object.keys(self.value.fields ?? {}), owner);
    for (const [name, value] of Object.entries(e.set ?? {})) {
      c.field([...at, 'set', name], name, self, owner);
      setValue(c, [...at, 'set', name], value, formFields);
    }
    if (e.history) history(c, [...at, 'history'], e.history);
    if (e.fee) {
      if (!e.fee.billing)
        c.error(
          [...at, 'fee'],
          'a fee without a billing kind',
          'add billing: a key of the billing_kind status table (service_fees, say)',
        );
      else billing(c, [...at, 'fee', 'billing'], e.fee.billing);
      c.field([...at, 'fee', 'invoice'], e.fee.invoice, self, owner);
      for (const [name, value] of Object.entries(e.fee.paid ?? {})) {
        c.field([...at, 'fee', 'paid', name], name, self, owner);
        setValue(c, [...at, 'fee', 'paid', name], value, []);
      }
    }
    named(c, [...at, 'document'], e.document, WORKFLOW_DOCUMENTS, 'document');
    named(c, [...at, 'effect'], e.effect, WORKFLOW_EFFECTS, 'effect');
  });
}

function named(c: WorkflowChecker, path: JsonPath, name: string | undefined, names: readonly string[], what: string) {
  if (name === undefined || names.includes(name)) return;
  c.error(path, `unknown ${what} '${name}'`, `${didYouMean(name, names)}named ${what}s: ${names.join(', ')}`);
}

/** `form.<field>` must be a field of the step's form. */
function setValue(c: WorkflowChecker, path: JsonPath, value: unknown, formFields: string[]): void {
  if (typeof value !== 'string' || !value.startsWith('form.')) return;
  const name = value.slice('form.'.length);
  if (!formFields.includes(name))
    c.error(
      path,
      `'${value}' is not a field of the step's form`,
      formFields.length
        ? `its form: ${formFields.join(', ')}`
        : `add form: [{field: ${name}}] to the step, or use ${SPECIAL_VALUES.join(' / ')}`,
    );
}

function history(c: WorkflowChecker, path: JsonPath, name: string): void {
  const target = c.entityRef(path, name);
  if (!target) return;
  const missing = HISTORY_FIELDS.filter((f) => !target.value.fields?.[f]);
  if (missing.length)
    c.error(
      path,
      `history entity '${name}' lacks ${missing.join(', ')}`,
      `a history entity declares ${HISTORY_FIELDS.join(', ')}`,
    );
}

function billing(c: WorkflowChecker, path: JsonPath, key: string): void {
  const kinds = (c.index.statusTables.get('billing_kind')?.value.statuses ?? []).map((s) => s.key);
  if (!kinds.length || kinds.includes(key)) return;
  c.error(path, `unknown billing kind '${key}'`, `${didYouMean(key, kinds)}billing kinds: ${kinds.join(', ')}`);
}

/** `a.b.c`: a and b reference fields (each from the entity the previous one points at), c a field of the last. */
function related(c: WorkflowChecker, self: Declared<RawEntity>, path: JsonPath, chain: string): void {
  let entity: Declared<RawEntity> | undefined = self;
  const parts = chain.split('.');
  parts.forEach((part, i) => {
    if (!entity) return;
    const f: NonNullable<RawEntity['fields']>[string] | undefined = entity.value.fields?.[part];
    if (!f) {
      c.error(
        path,
        `'${part}' in '${chain}' is not a field of '${entity.value.name}'`,
        `${didYouMean(part, Object.keys(entity.value.fields ?? {}))}each part names a field of the entity the previous part points at`,
      );
      entity = undefined;
      return;
    }
    if (i === parts.length - 1) return;
    if (!f.ref) {
      c.error(path, `'${part}' in '${chain}' points at no record`, `every part but the last is a field with ref:`);
      entity = undefined;
      return;
    }
    entity = c.index.entities.get(f.ref);
  });
}
