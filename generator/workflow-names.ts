/**
 * The names of the workflow registry (server/workflows): the guards and effects written in
 * TypeScript that YAML may name. The generator checks names against these lists; the server's
 * registries are typed by them, so a name here without its code (or code without its name) does
 * not compile.
 */
export const WORKFLOW_GUARDS = ['no_open_duplicate', 'date_window'] as const;
export const WORKFLOW_EFFECTS = ['assign_to_me', 'reference_code'] as const;
export const WORKFLOW_DOCUMENTS = [] as const;

export type WorkflowGuardName = (typeof WORKFLOW_GUARDS)[number];
export type WorkflowEffectName = (typeof WORKFLOW_EFFECTS)[number];
export type WorkflowDocumentName = (typeof WORKFLOW_DOCUMENTS)[number];

/** The fields a history entity declares (who, when by created_at, from, to, the step, the note). */
export const HISTORY_FIELDS = ['record_id', 'action', 'from_status_id', 'to_status_id', 'note', 'by_id'] as const;

/** Values an effect's `set` may name besides literals. */
export const SPECIAL_VALUES = ['now', 'user.id'] as const;
