/** Status chips: every manifest colour's chip text meets WCAG AA (4.5:1) on its fill; numbers keep Latin digits and a column's precision. */
import { describe, expect, it } from 'vitest';
import { CHIP_COLOURS, chipColours, formatValue, valueDirection } from '../../../engine/react/renderers/cells.tsx';
import { figureText } from '../../../engine/react/renderers/DashboardRenderer.tsx';

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}
// The Colour list of generator/manifest-types.ts (schemas/common.schema.json).
const COLOURS = [
  'primary',
  'secondary',
  'success',
  'info',
  'warning',
  'danger',
  'light',
  'dark',
  'light-danger',
  'light-dark',
  'light-success',
  'light-warning',
  'light-info',
  'grey',
  'green',
  'blue',
  'yellow',
  'red',
] as const;

describe('status chip colours', () => {
  it('covers every manifest colour', () => {
    expect(Object.keys(CHIP_COLOURS).sort()).toEqual([...COLOURS].sort());
  });

  it.each(COLOURS)('%s: the chip text is at least 4.5:1 on its fill', (colour) => {
    const c = chipColours(colour);
    expect(contrast(c.color, c.background)).toBeGreaterThanOrEqual(4.5);
  });

  it('warning is dark text on orange (MUI default white on #ed6c02 is 3.11:1)', () => {
    expect(contrast('#ffffff', '#ed6c02')).toBeLessThan(4.5);
    expect(chipColours('warning').color).toBe('#1a1a1a');
  });
});

describe('formatValue: numbers', () => {
  it('Arabic keeps Latin digits, like the rest of the portal', () => {
    expect(formatValue(2400, 'number', undefined, 'ar')).toBe('2,400');
    expect(formatValue(2026, undefined, 'integer', 'ar')).toBe('2026');
    expect(formatValue(1500.5, 'money', undefined, 'ar')).toBe('1,500.50');
    expect(formatValue('2026-09-01', 'date', undefined, 'ar')).not.toMatch(/[٠-٩]/);
    expect(formatValue(3.42, undefined, 'number', 'ar')).toBe('3.42');
  });

  it('a GPA has two decimals in both languages (3.00, not 3)', () => {
    for (const lang of ['en', 'ar']) {
      expect(formatValue(3, undefined, 'gpa', lang)).toBe('3.00');
      expect(formatValue(2.91, undefined, 'gpa', lang)).toBe('2.91');
    }
  });
});

describe('valueDirection', () => {
  it('isolates letterless values (amounts, phones, codes) left to right, lettered ones by their first letter', () => {
    expect(valueDirection('-1,500.00')).toBe('ltr');
    expect(valueDirection('+201089759410')).toBe('ltr');
    expect(valueDirection('2025/2026')).toBe('ltr');
    expect(valueDirection('El Nasr Road, Alexandria 25')).toBe('auto');
    expect(valueDirection('محمد أحمد')).toBe('auto');
  });

  it('lets a value with direction marks but no letters take its own direction', () => {
    expect(valueDirection('26\u200F/04\u200F/2006')).toBe('auto');
  });

  it('isolates a date by its month word: an Arabic date reads right to left, an English one left to right', () => {
    const date = formatValue('2006-04-26', undefined, 'date', 'ar');
    expect(date).toBe('26 أبريل 2006');
    expect(valueDirection(date)).toBe('auto');
    expect(formatValue('2006-04-26', undefined, 'date', 'en')).toBe('26 Apr 2006');
  });
});

describe('formatValue: dates (engine/core/dates.ts)', () => {
  it('writes a date day first with the month as a word, never the US numeric order', () => {
    expect(formatValue('2026-11-24', 'date', undefined, 'en')).toBe('24 Nov 2026');
    expect(formatValue('2026-11-24', undefined, 'date', 'ar')).toBe('24 نوفمبر 2026');
    expect(formatValue('2026-01-01', 'date', undefined, 'en')).toBe('1 Jan 2026');
  });

  it('writes a date-time on the 24-hour clock without seconds, a time of day cut to the minute', () => {
    const text = formatValue('2026-11-24T12:05:09Z', 'datetime', undefined, 'en');
    expect(text).toMatch(/^2[45] Nov 2026, \d\d:05$/);
    expect(formatValue('2026-11-24T12:05:09Z', undefined, 'datetime', 'ar')).toMatch(/^2[45] نوفمبر 2026، \d\d:05$/);
    expect(formatValue('10:30:00', undefined, 'time', 'ar')).toBe('10:30');
  });
});

describe('dashboard figures', () => {
  it('counts with thousands separators in both languages, a GPA with two decimals, words as they are', () => {
    expect(figureText('students', 2401, 'en')).toBe('2,401');
    expect(figureText('students', 2401, 'ar')).toBe('2,401');
    expect(figureText('gpa', 3.1, 'ar')).toBe('3.10');
    expect(figureText('level', 3, 'en')).toBe('3');
    expect(figureText('current_term', 'Fall 2026', 'en')).toBe('Fall 2026');
  });
});
