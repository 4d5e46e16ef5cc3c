/**
 * A `plugin: grid#Grid` screen's columns as grid columns: the list column's field and label,
 * its `grid:` options, and choices filled in where the manifest knows them: a `badge` column
 * (a status table) and a referenced entity's column (the answer's lookups) become map columns,
 * so they filter, sort, export and import by their labels rather than by ids.
 */
import type { ClientEntity, Screen, StatusTable } from '../../../../generator/manifest-types.ts';
import { columnLabel } from '../../../react/renderers/list/list-model.ts';
import type { GridColumn, GridOption } from '../model/types.ts';

export type LabelRow = { id: unknown; name?: string; name_local?: string };

export function screenGridColumns(
  screen: Pick<Screen, 'columns'>,
  entity: ClientEntity | undefined,
  statusTables: Readonly<Record<string, StatusTable>>,
  lookup: Readonly<Record<string, readonly LabelRow[]>> = {},
): GridColumn[] {
  const seen = new Set<string>();
  return screen.columns.map((c) => {
    const { message, options, ...grid } = c.grid ?? {};
    // A field shown twice (an amount in digits, then `words: true`): the second is its own column.
    const name = seen.has(c.field) && grid.words ? wordsColumnName(c.field) : c.field;
    seen.add(c.field);
    // An empty label falls back to the entity field's label, as on a list screen.
    const column: GridColumn = { name, label: columnLabel(c, entity), ...grid };
    if (message) column.mandatoryMessage = message;
    if (options) column.options = options;
    const table = c.badge ? statusTables[c.badge] : undefined;
    const ref = (entity?.fields as Record<string, { ref?: string }> | undefined)?.[c.field]?.ref;
    let choices: GridOption[] | undefined;
    // A flag table's value is a combination of flags, not one of its statuses: such a column
    // keeps its number (as text) and is drawn as a badge of the flags it holds.
    if (table && !table.flags) {
      choices = table.statuses.map((s) => ({ value: String(s.id), label: { en: s.name, ar: s.name_local || s.name } }));
    } else if (ref && lookup[ref]) {
      choices = lookup[ref].map((r) => ({
        value: String(r.id),
        label: { en: r.name ?? String(r.id), ar: r.name_local || r.name || String(r.id) },
      }));
    }
    if (choices && !column.options && (!column.type || column.type === 'string')) {
      column.type = 'map';
      column.options = choices;
    }
    return column;
  });
}

const WORDS_SUFFIX = '__words';

/** The name of the words column of a field shown twice. */
export function wordsColumnName(field: string): string {
  return `${field}${WORDS_SUFFIX}`;
}

/**
 * Ids come from the server as numbers; a map column holds its option's value as text. A words
 * column of a field shown twice gets the field's value.
 */
export function normalizeChoiceValues(
  rows: Record<string, unknown>[],
  columns: readonly GridColumn[],
): Record<string, unknown>[] {
  const mapped = columns.filter((c) => c.type === 'map' || c.type === 'select').map((c) => c.name);
  const twins = columns.filter((c) => c.name.endsWith(WORDS_SUFFIX)).map((c) => c.name);
  if (!mapped.length && !twins.length) return rows;
  return rows.map((row) => {
    const out = { ...row };
    for (const name of twins) out[name] = row[name.slice(0, -WORDS_SUFFIX.length)];
    for (const name of mapped) {
      const value = out[name];
      if (typeof value === 'number' || typeof value === 'bigint') out[name] = String(value);
    }
    return out;
  });
}
