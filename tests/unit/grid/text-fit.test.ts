/**
 * text-fit.ts without a canvas to measure with (Node, or a DOM without layout): every text keeps
 * its clip except the empty one. What it decides in a browser, with the grid's font, is checked
 * end to end (tests/e2e/grid.test.ts: a text wider than its column keeps its clip, none spills).
 */
import { describe, expect, it } from 'vitest';
import { textFits } from '../../../engine/plugins/grid/react/text-fit.ts';

describe('textFits without a canvas', () => {
  it('keeps every cell clipped, however wide the column', () => {
    expect(typeof OffscreenCanvas).toBe('undefined');
    expect(textFits('Ahmed', 1000, '13px Roboto')).toBe(false);
    expect(textFits('أحمد', 1000, '13px Cairo')).toBe(false);
  });
  it('an empty text fits any column; with no font given nothing is measured', () => {
    expect(textFits('', 0, '13px Roboto')).toBe(true);
    expect(textFits('Ahmed', 1000, '')).toBe(false);
  });
});
