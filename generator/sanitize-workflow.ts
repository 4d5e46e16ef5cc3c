/**
 * A workflow's sanitized form: labels resolved to both languages (locale keys included) and the
 * initial state taken from the status table when the workflow names none.
 */
import type { LocalText, Manifest, Workflow, WorkflowEffect, WorkflowGuard } from './manifest-types.ts';
import type { RawEntity, RawLabel } from './raw-types.ts';

type LabelFn = (l: RawLabel, fallback?: string) => LocalText;

const guards = (list: WorkflowGuard[] | undefined, label: LabelFn) =>
  list?.map((g) => ({ ...g, message: label(g.message) }));

function effects(list: WorkflowEffect[] | undefined, label: LabelFn): WorkflowEffect[] | undefined {
  return list?.map((e) =>
    e.notify ? { ...e, notify: { subject: label(e.notify.subject), body: label(e.notify.body) } } : { ...e },
  );
}

export function sanitizeWorkflow(
  d: RawEntity,
  m: Pick<Manifest, 'statusTables'>,
  label: LabelFn,
): Workflow | undefined {
  const w = d.workflow;
  if (!w) return undefined;
  const table = m.statusTables[d.fields[w.status]?.status ?? ''];
  return {
    ...w,
    initial: w.initial ?? table?.initial ?? table?.statuses[0]?.key ?? '',
    ...(w.create
      ? { create: { guards: guards(w.create.guards, label), effects: effects(w.create.effects, label) } }
      : {}),
    ...(w.cancel ? { cancel: { ...w.cancel, effects: effects(w.cancel.effects, label) } } : {}),
    transitions: (w.transitions ?? []).map((t) => ({
      ...t,
      ...(t.label ? { label: label(t.label, t.action) } : {}),
      guards: guards(t.guards, label),
      effects: effects(t.effects, label),
    })),
  };
}
