/** What the benchmark page needs from a grid: mount it, then drive the scenario's steps. */
import type { GridColumn, GridRow } from '../../engine/plugins/grid/model/types.ts';

export interface GridControls {
  filter(column: string, text: string): void;
  clearFilter(): void;
  sort(column: string, direction: 'asc' | 'desc'): void;
  clearSort(): void;
  search(text: string): void;
  clearSearch(): void;
  /** The grid's own CSV export of its rows, where it has one (for the reference); the length. */
  exportCsv?(): number;
  /** Imports the file as a user does, through the grid's own file input (where it has one). */
  importFile?(file: File): void;
  /** The grid's report of its last import ('' before one). */
  importReport?(): string;
  /** The element that scrolls the rows. */
  scroller(): HTMLElement;
  /**
   * The grid's own line saying how many rows match ('12 of 100000 rows'): a step that changes
   * the result (the fuzzy search) is over when this text changed, not when its input did.
   */
  resultText(): string;
}

export interface GridAdapter {
  name: string;
  /** Renders the grid into the element; resolves with its controls once mounted. */
  mount(element: HTMLElement, rows: GridRow[], columns: GridColumn[]): Promise<GridControls>;
  /** A selector matching one data row in the DOM. */
  rowSelector: string;
}

/** The element under `root` that scrolls the most (the grid's virtual scroller). */
export function largestScroller(root: HTMLElement): HTMLElement {
  let best: HTMLElement = root;
  let room = 0;
  for (const el of root.querySelectorAll<HTMLElement>('*')) {
    const r = el.scrollHeight - el.clientHeight;
    if (r > room && getComputedStyle(el).overflowY !== 'visible') {
      room = r;
      best = el;
    }
  }
  return best;
}
