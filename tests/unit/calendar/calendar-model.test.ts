/**
 * The calendar screen's pure pieces (engine/plugins/calendar/calendar-model.ts): the kind filter,
 * the moments sent to the server, and where a key moves an event (mirrored right to left).
 */
import { describe, expect, it } from 'vitest';
import {
  keyMove,
  visibleEvents,
  wallClock,
  type CalendarEvent,
} from '../../../engine/plugins/calendar/calendar-model.ts';
import { foldLine } from '../../../server/domains/calendar/ics.ts';

const at = (text: string) => new Date(text);

describe('the calendar model', () => {
  it('keeps the kinds selected and always the university entries', () => {
    const events = [{ kind_id: 1 }, { kind_id: 5 }, { kind_id: null }] as CalendarEvent[];
    expect(visibleEvents(events, new Set([5])).map((e) => e.kind_id)).toEqual([5, null]);
  });

  it('writes wall-clock moments', () => {
    expect(wallClock(at('2026-11-24T09:05:00'))).toBe('2026-11-24T09:05');
  });

  it('moves by 15 minutes, stretches with Shift, moves a day mirrored right to left', () => {
    const start = at('2026-11-24T10:00:00');
    const end = at('2026-11-24T11:30:00');
    const fmt = (m: ReturnType<typeof keyMove>) => m && [wallClock(m.start), wallClock(m.end)];
    expect(fmt(keyMove('ArrowDown', false, start, end, false))).toEqual(['2026-11-24T10:15', '2026-11-24T11:45']);
    expect(fmt(keyMove('ArrowUp', true, start, end, false))).toEqual(['2026-11-24T10:00', '2026-11-24T11:15']);
    expect(fmt(keyMove('ArrowRight', false, start, end, false))).toEqual(['2026-11-25T10:00', '2026-11-25T11:30']);
    expect(fmt(keyMove('ArrowRight', false, start, end, true))).toEqual(['2026-11-23T10:00', '2026-11-23T11:30']);
    expect(keyMove('x', false, start, end, false)).toBeNull();
    // Never empty, never past midnight.
    expect(keyMove('ArrowUp', true, start, at('2026-11-24T10:15:00'), false)).toBeNull();
    expect(keyMove('ArrowDown', false, at('2026-11-24T22:30:00'), at('2026-11-24T23:59:00'), false)).toBeNull();
  });

  it('folds .ics lines at 75 octets without splitting an Arabic letter', () => {
    const folded = foldLine(`SUMMARY:${'هياكل البيانات '.repeat(10)}`);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.every((l) => Buffer.byteLength(l) <= 75)).toBe(true);
    expect(lines.map((l, i) => (i ? l.slice(1) : l)).join('')).toBe(`SUMMARY:${'هياكل البيانات '.repeat(10)}`);
  });
});
