/**
 * The undo stack: each entry is one user action (a typed cell, a paste, a set-in-all-selected),
 * holding every cell it changed with the value before, so undo restores the action whole.
 */
import type { CellValue } from './types.ts';

export interface CellChange {
  /** Index of the row in the grid's rows. */
  row: number;
  column: string;
  before: CellValue;
  after: CellValue;
}

export const UNDO_LIMIT = 100;

export class UndoStack {
  private readonly actions: CellChange[][] = [];
  constructor(private readonly limit = UNDO_LIMIT) {}

  push(changes: readonly CellChange[]): void {
    if (!changes.length) return;
    this.actions.push([...changes]);
    if (this.actions.length > this.limit) this.actions.shift();
  }

  /** The last action's changes reversed (after <-> before), or null when nothing is left. */
  pop(): CellChange[] | null {
    const last = this.actions.pop();
    if (!last) return null;
    return last.map((c) => ({ ...c, before: c.after, after: c.before })).reverse();
  }

  get size(): number {
    return this.actions.length;
  }

  clear(): void {
    this.actions.length = 0;
  }
}
