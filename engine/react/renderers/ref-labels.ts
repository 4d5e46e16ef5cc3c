/**
 * Labels of referenced rows (`ref: faculties`), computed by pure functions: a row's name in
 * the current language, a foreign key's label among label rows, drop-down options, and the
 * rows of one name in the answer of POST /lookups/get (server/domains/system/lookups.ts:
 * `{data: {[name]: rows}, lookup: {[name]: rows}}`).
 */

export type LabelRow = Record<string, unknown>;

export interface Option {
  value: string;
  label: string;
}

/** The server's drop-down options call: `{lookups: [name, ...]}` -> `{data: {[name]: rows}}`. */
export const LOOKUPS_PATH = '/lookups/get';

/** A row's display name: name_local in Arabic, else name, else code, else the id. */
export function rowLabel(row: LabelRow, language: string): string {
  const name = language === 'ar' ? (row.name_local ?? row.name) : (row.name ?? row.name_local);
  return String(name ?? row.code ?? row.title ?? row.id ?? '');
}

/** Whether a value is empty (drawn as a dash). */
export function isEmptyValue(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

/** The label of `value` among `rows` (by id); the id itself when no row has it; '—' when empty. */
export function labelFor(rows: readonly LabelRow[] | undefined, value: unknown, language: string): string {
  if (isEmptyValue(value)) return '—';
  const row = rows?.find((r) => String(r.id) === String(value));
  return row ? rowLabel(row, language) : String(value);
}

/** Rows as drop-down options: the id as the value, the name in the language as the label. */
export function optionsOf(rows: readonly LabelRow[], language: string): Option[] {
  return rows.map((r) => ({ value: String(r.id), label: rowLabel(r, language) }));
}

const rowsIn = (holder: unknown, name: string): LabelRow[] | undefined => {
  if (!holder || typeof holder !== 'object' || Array.isArray(holder)) return undefined;
  const rows = Object.hasOwn(holder, name) ? (holder as Record<string, unknown>)[name] : undefined;
  return Array.isArray(rows) ? (rows as LabelRow[]) : undefined;
};

/** The rows of `name` in a /lookups/get answer (`data`, else `lookup`, else the body itself); [] when absent. */
export function lookupAnswerRows(body: unknown, name: string): LabelRow[] {
  const b = body as Record<string, unknown> | null | undefined;
  return rowsIn(b?.data, name) ?? rowsIn(b?.lookup, name) ?? rowsIn(b, name) ?? [];
}

const recordOf = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/**
 * A referenced id's label from the answer of GET /{resource}/details/{id}
 * (server/resources/operations.ts getDetails: `{data: row, related: {[field]: row | null},
 * meta: {lookup: {[entity]: [{id, name, name_local}]}}}`): the related row of the field, else
 * the entity's row in `meta.lookup`; '—' when empty; undefined when the answer does not name it
 * (the caller falls back to the entity's option list).
 */
export function detailRefLabel(
  body: unknown,
  field: string,
  ref: string,
  value: unknown,
  language: string,
): string | undefined {
  if (isEmptyValue(value)) return '—';
  const b = recordOf(body);
  const related = recordOf(b?.related);
  const row = related && Object.hasOwn(related, field) ? recordOf(related[field]) : undefined;
  if (row && (row.id === undefined || String(row.id) === String(value))) return rowLabel(row, language);
  const meta = recordOf(b?.meta);
  const rows = rowsIn(meta?.lookup ?? b?.lookup, ref);
  const found = rows?.find((r) => String(r.id) === String(value));
  return found ? rowLabel(found, language) : undefined;
}
