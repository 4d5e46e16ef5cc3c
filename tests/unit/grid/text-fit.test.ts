/**
 * text-fit.ts without a canvas to measure with (Node, or a DOM without layout): every text keeps
 * its clip except the empty one. What it decides in a browser, with the grid's font, is checked
 * end to end (tests/e2e/grid.test.ts: a text wider than its column keeps its clip, none spills).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
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

/**
 * With a canvas (a stand-in that counts its measures; its widths: 6 px a character, 10 for 'W'):
 * printable ASCII is summed from the characters' advances, measured once per font, so a scroll
 * bringing new codes and phone numbers measures nothing more; other text is measured whole, once.
 */
describe('textFits with a canvas', () => {
  const measured: string[] = [];
  class FakeContext {
    private value = '10px sans-serif';
    get font() {
      return this.value;
    }
    set font(font: string) {
      this.value = font;
    }
    measureText(text: string) {
      measured.push(text);
      let width = 0;
      for (const ch of text) width += ch === 'W' ? 10 : 6;
      return { width };
    }
  }
  const load = async () => {
    vi.resetModules();
    measured.length = 0;
    vi.stubGlobal(
      'OffscreenCanvas',
      class {
        getContext() {
          return new FakeContext();
        }
      },
    );
    vi.stubGlobal('document', { fonts: { check: () => true } });
    return (await import('../../../engine/plugins/grid/react/text-fit.ts')).textFits;
  };
  afterEach(() => vi.unstubAllGlobals());

  it('sums ASCII text from per-character advances measured once, with 4 px to spare', async () => {
    const fits = await load();
    // 'WW' is 20 px: it fits 24 px of room (20 + 4), not 23.
    expect(fits('WW', 24, '13px Roboto')).toBe(true);
    expect(fits('WW', 23, '13px Roboto')).toBe(false);
    const table = measured.length;
    expect(table).toBe(0x7e - 0x20 + 1);
    expect(measured.every((text) => text.length === 1)).toBe(true);
    for (let i = 0; i < 500; i++) fits(`0100${String(i).padStart(7, '0')}`, 100, '13px Roboto');
    expect(measured.length).toBe(table);
    // 11 characters, 66 px: fits 70, not 69.
    expect(fits('01001234567', 70, '13px Roboto')).toBe(true);
    expect(fits('01001234567', 69, '13px Roboto')).toBe(false);
  });

  it('measures other text whole, once per text, and the table again for another font', async () => {
    const fits = await load();
    expect(fits('أحمد حسن', 100, '13px Roboto')).toBe(true);
    expect(fits('أحمد حسن', 100, '13px Roboto')).toBe(true);
    expect(measured).toEqual(['أحمد حسن']);
    fits('Ahmed', 100, '13px Roboto');
    fits('Ahmed', 100, '14px Roboto');
    expect(measured.filter((text) => text === 'A')).toHaveLength(2);
  });
});
