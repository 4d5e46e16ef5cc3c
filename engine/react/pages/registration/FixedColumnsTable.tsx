/**
 * A table repeated card after card (one per term, one per plan semester) whose columns line up
 * from card to card: a fixed layout with the same column widths in every card, where an automatic
 * layout sized each card's columns by its own contents. One column (the course name) takes what
 * is left and wraps; the table keeps a least width and scrolls sideways (with its cue) below it,
 * on a phone, rather than squeezing a mark or a code onto two lines.
 */
import type { ReactNode } from 'react';
import { Table } from '@mui/material';
import { ScrollCue } from '../../renderers/ScrollCue.tsx';

/** A column's width in px; `null`: the column that takes the rest (at least `restMin`). */
export type ColumnWidth = number | null;

/** The least width of the table: every fixed column plus the rest column's least width. */
export function tableMinWidth(widths: readonly ColumnWidth[], restMin: number): number {
  return widths.reduce<number>((sum, w) => sum + (w ?? restMin), 0);
}

export function FixedColumnsTable({
  widths,
  restMin = 160,
  children,
  testId,
}: {
  widths: readonly ColumnWidth[];
  restMin?: number;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <ScrollCue testId={testId}>
      <Table
        size="small"
        sx={{
          tableLayout: 'fixed',
          width: '100%',
          minWidth: tableMinWidth(widths, restMin),
          '& td': { overflowWrap: 'anywhere' },
        }}
      >
        <colgroup>
          {widths.map((w, i) => (
            <col key={i} style={w === null ? undefined : { width: w }} />
          ))}
        </colgroup>
        {children}
      </Table>
    </ScrollCue>
  );
}
