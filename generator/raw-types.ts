/**
 * The definitions as written in YAML, after schema validation.
 *
 * The full raw types are generated from schemas/ into .generated/types/definitions.ts; the
 * generator cannot import its own output (it must compile before that file exists), so it
 * reads definitions through these loose hand-written shapes: only the keys it resolves.
 * Validation has already checked the shapes, so optional here means "may be absent".
 */
import type { Colour, Condition, FieldType, LocalText, ScreenAction, ScreenView, UploadRule } from './manifest-types.ts';

/** A label as written: inline text or a locale key. */
export type RawLabel = LocalText | string;

export interface RawPermissions { kind: 'permissions'; permissions: { name: string; label: RawLabel; special?: 'public' | 'guest'; description?: string }[] }

export interface RawRole { kind: 'role'; name: string; label: RawLabel; userType: 3 | 4 | 'applicant' | 'guest'; permissions?: string[]; signatory?: boolean }

export interface RawStatus { id: number; key: string; name: string; name_local: string; color: Colour }
export interface RawTransition { from: string[] | string; to: string; permission?: string; action?: string }
export interface RawStatusTable {
  kind: 'statusTable'; name: string; label: RawLabel; flags?: boolean; fallbackColor?: Colour;
  statuses: RawStatus[]; initial?: string; transitions?: RawTransition[];
}

export interface RawRule {
  description?: string; pattern?: string; anyOfPatterns?: string[]; minLength?: number; maxLength?: number;
  minimum?: number; maximum?: number; const?: unknown; format?: 'email' | 'date' | 'date-time' | 'year' | 'uri';
  compare?: { op: '<' | '<=' | '>' | '>=' | '==' | '!='; field: string }; distinctFrom?: string[]; message: RawLabel;
}
export interface RawRules { kind: 'rules'; rules?: Record<string, RawRule>; filters?: Record<string, { allow: string; description?: string }> }

export interface RawEntityField {
  type: FieldType; label?: RawLabel; required?: boolean; unique?: boolean; default?: unknown; ref?: string; status?: string;
  rules?: string[]; filter?: string; minLength?: number; maxLength?: number; minimum?: number; maximum?: number;
  enum?: unknown[]; search?: boolean; serverOnly?: boolean; readOnly?: boolean; description?: string;
}
export interface RawEntity {
  kind: 'entity'; name: string; table?: string; label: RawLabel; fields: Record<string, RawEntityField>;
  access?: { read?: string; write?: string; delete?: string };
  scope?: { field: string; equals: 'user.id' | 'user.student_id' | 'user.applicant_id' | 'user.faculty_id'; unless?: string };
  search?: string[]; sort?: { field: string; order?: 'asc' | 'desc' }; softDelete?: boolean; timestamps?: boolean; expose?: boolean;
}

export interface RawFormField {
  field?: string; name?: string; schema?: Record<string, unknown>; label?: RawLabel; required?: boolean; rules?: string[];
  filter?: string; widget?: string; upload?: UploadRule; visibleWhen?: Condition; requiredWhen?: Condition;
  options?: { status?: string; ref?: string };
}
export interface RawForm { kind: 'form'; name: string; title: RawLabel; entity?: string; fields: RawFormField[]; submit?: { method?: string; path: string } }

export interface RawWizard {
  kind: 'wizard'; name: string; title: RawLabel; entity?: string;
  tabs: Record<string, { label: RawLabel; form: string; visibleWhen?: Condition }>;
  tabSets?: { param: string; sets: Record<string, string[]>; default?: string };
}

export interface RawAction {
  name: string; label?: RawLabel; type: ScreenAction['type']; route?: string; params?: Record<string, string>; method?: string;
  path?: string; fileName?: string; confirm?: RawLabel; permission?: string; visibleWhen?: Condition; row?: boolean;
}
export interface RawScreen {
  kind: 'screen'; name: string; path: string; view: ScreenView; title: RawLabel; permission?: string;
  layout?: Partial<Record<'full' | 'admission' | 'guest' | 'anonymous', boolean>>;
  source?: { resource?: string; path?: string; filters?: Record<string, unknown>; sort?: { field: string; order?: 'asc' | 'desc' } };
  columns?: { field: string; label?: RawLabel; badge?: string; format?: string }[];
  filters?: { field: string; label?: RawLabel; statusTable?: string; ref?: string }[];
  rowLink?: { route: string; params?: Record<string, string>; newTab?: boolean };
  actions?: RawAction[]; form?: string; wizard?: string; plugin?: string;
  menu?: { group?: string; icon?: string; order?: number }; visibleWhen?: Condition;
}

export interface RawNavItem { label: RawLabel; icon?: string; route?: string; permission?: string; children?: RawNavItem[] }
export interface RawNavigation { kind: 'navigation'; name: string; items: RawNavItem[] }

export type RawDefinition =
  | RawPermissions | RawRole | RawStatusTable | RawRules | RawEntity | RawForm | RawWizard | RawScreen | RawNavigation;
