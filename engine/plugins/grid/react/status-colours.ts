/**
 * A grid status badge's colour (admission-and-grid section 4, "Grid status badge colours (by
 * student status name)"): the grid colours a status by its NAME through the status table
 * `grid_student_status` (Registered, Fresh: info; Succeeded: success; Repeat: secondary;
 * Improve, Elective: primary; Drop / Register / Withdraw Request: warning; Dropped, Failed,
 * Withdrawn: danger). A status whose English name is one of those (case-insensitive) takes that
 * colour, whatever table the column uses; any other status keeps its own table's colour.
 */
import { badge, type BadgeTable, type StatusValue } from '../../../core/badges.ts';
import type { Colour } from '../../../../generator/manifest-types.ts';

/** The status table holding the grid's colours by name. */
export const GRID_STATUS_TABLE = 'grid_student_status';

export interface GridBadge {
  color: Colour;
  text: string;
}

/** Name (lower case) -> colour of the grid's table. */
export function gridColoursByName(table: BadgeTable | undefined): ReadonlyMap<string, Colour> {
  return new Map((table?.statuses ?? []).map((s) => [s.name.trim().toLowerCase(), s.color]));
}

export function gridBadge(
  table: BadgeTable,
  value: StatusValue,
  lang: string,
  byName: ReadonlyMap<string, Colour>,
): GridBadge {
  const b = badge(table, value, lang);
  const first = b.statuses[0];
  const named = first ? byName.get(first.name.trim().toLowerCase()) : undefined;
  return { color: named ?? b.color, text: b.text };
}
