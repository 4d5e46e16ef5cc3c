/**
 * engine/core/dates.ts: one way of writing dates and times in both languages. A calendar date
 * ('YYYY-MM-DD') stays its day in every time zone: the file is run under the process's own zone
 * (vitest's TZ, e.g. `TZ=America/New_York npx vitest run tests/unit/core/dates.test.ts`), and
 * every instant is also checked with an explicit `timeZone` on both sides of UTC.
 */
import { describe, expect, it } from 'vitest';
import {
  dateLocale,
  formatDate,
  formatDateTime,
  formatTime,
  formatTimeRange,
  formatWeekday,
  formatWeekdayDate,
} from '../../../engine/core/dates.ts';

const ZONES = ['America/New_York', 'Asia/Tokyo', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Africa/Cairo', 'UTC'];
const ARABIC_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/;

describe('formatDate', () => {
  it('writes the day first and the month as a word, in English and Arabic (Latin digits)', () => {
    expect(formatDate('2026-11-24', 'en')).toBe('24 Nov 2026');
    expect(formatDate('2026-11-24', 'ar')).toBe('24 نوفمبر 2026');
    expect(formatDate('2026-11-24', 'ar')).not.toMatch(ARABIC_DIGITS);
    expect(formatDate('2027-01-08', 'en')).toBe('8 Jan 2027');
  });

  it(
    'never moves a calendar date with the time zone, whatever the zone (process:' +
      ` ${Intl.DateTimeFormat().resolvedOptions().timeZone})`,
    () => {
      for (const day of ['2026-01-01', '2026-12-31', '2027-03-01', '2024-02-29']) {
        const [y, m, d] = day.split('-').map(Number);
        const month = new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: 'UTC' }).format(
          new Date(Date.UTC(y!, m! - 1, d!)),
        );
        expect(formatDate(day, 'en')).toBe(`${d} ${month} ${y}`);
        for (const timeZone of ZONES) expect(formatDate(day, 'en', { timeZone })).toBe(`${d} ${month} ${y}`);
      }
      expect(formatDate('2026-01-01', 'ar', { timeZone: 'America/New_York' })).toBe('1 يناير 2026');
      expect(formatDate('2026-12-31', 'ar', { timeZone: 'Asia/Tokyo' })).toBe('31 ديسمبر 2026');
    },
  );

  it('writes an instant on its day in the given time zone', () => {
    const instant = '2026-11-24T23:30:00Z';
    expect(formatDate(instant, 'en', { timeZone: 'Asia/Tokyo' })).toBe('25 Nov 2026');
    expect(formatDate(instant, 'en', { timeZone: 'America/New_York' })).toBe('24 Nov 2026');
    expect(formatDate(Date.parse(instant), 'ar', { timeZone: 'Asia/Tokyo' })).toBe('25 نوفمبر 2026');
  });

  it('gives an unreadable value back as it is and nothing for none', () => {
    expect(formatDate('2026-02-30', 'en')).toBe('2026-02-30');
    expect(formatDate('soon', 'ar')).toBe('soon');
    expect(formatDate(null, 'en')).toBe('');
    expect(formatDate(undefined, 'ar')).toBe('');
  });

  it('other languages write the day first too, English is not the US order', () => {
    expect(dateLocale('en')).toBe('en-GB');
    expect(formatDate('2026-11-24', 'de')).toMatch(/^24\. Nov/);
    expect(formatDate('2026-11-24', 'fr')).toMatch(/^24 nov/);
    expect(formatDate('2026-11-24', 'en')).not.toContain('11/24');
  });
});

describe('formatDateTime and formatTime', () => {
  const instant = '2026-11-24T12:05:09Z';

  it('writes 24-hour times without seconds or AM/PM, in the given zone', () => {
    expect(formatDateTime(instant, 'en', { timeZone: 'Africa/Cairo' })).toBe('24 Nov 2026, 14:05');
    expect(formatDateTime(instant, 'ar', { timeZone: 'Africa/Cairo' })).toBe('24 نوفمبر 2026، 14:05');
    expect(formatDateTime(instant, 'en', { timeZone: 'Asia/Tokyo' })).toBe('24 Nov 2026, 21:05');
    expect(formatDateTime(instant, 'en', { timeZone: 'America/New_York' })).toBe('24 Nov 2026, 07:05');
    expect(formatDateTime('2026-11-24T20:00:00Z', 'en', { timeZone: 'Asia/Tokyo' })).toBe('25 Nov 2026, 05:00');
    for (const lang of ['en', 'ar']) expect(formatDateTime(instant, lang)).not.toMatch(/AM|PM|ص|م\b|:\d\d:\d\d/);
  });

  it('gives seconds only when a screen asks for them', () => {
    expect(formatTime(instant, 'en', { timeZone: 'UTC' })).toBe('12:05');
    expect(formatTime(instant, 'ar', { timeZone: 'UTC', seconds: true })).toBe('12:05:09');
    expect(formatDateTime(instant, 'en', { timeZone: 'UTC', seconds: true })).toBe('24 Nov 2026, 12:05:09');
  });

  it('writes a time of day as it is, cut to the minute, in any zone', () => {
    expect(formatTime('09:30:00', 'en')).toBe('09:30');
    expect(formatTime('9:30', 'ar')).toBe('09:30');
    expect(formatTime('14:05:09', 'ar', { seconds: true })).toBe('14:05:09');
    expect(formatTimeRange('10:00:00', '11:30:00', 'ar', { timeZone: 'Asia/Tokyo' })).toBe('10:00–11:30');
  });

  it('a calendar date given as a date-time is its day only', () => {
    expect(formatDateTime('2026-11-24', 'en', { timeZone: 'America/New_York' })).toBe('24 Nov 2026');
  });
});

describe('weekdays', () => {
  it('names the weekday of a calendar date in both languages, in every zone', () => {
    for (const timeZone of [undefined, ...ZONES]) {
      expect(formatWeekday('2026-11-24', 'en', { timeZone })).toBe('Tue');
      expect(formatWeekday('2026-11-24', 'ar', { timeZone, style: 'long' })).toBe('الثلاثاء');
      expect(formatWeekdayDate('2026-11-24', 'en', { timeZone })).toBe('Tue 24 Nov');
      expect(formatWeekdayDate('2026-11-24', 'ar', { timeZone })).toBe('الثلاثاء، 24 نوفمبر');
    }
  });
});

describe('the process time zone', () => {
  it('does not move calendar dates whatever TZ the browser (here, the process) is in', () => {
    const saved = process.env.TZ;
    try {
      for (const tz of ['America/New_York', 'Asia/Tokyo', 'Pacific/Pago_Pago']) {
        process.env.TZ = tz;
        // A plain `new Date('2026-01-01')` is 31 Dec 2025 in New York: the bug this module prevents.
        if (tz === 'America/New_York') expect(new Date('2026-01-01').getDate()).toBe(31);
        expect(formatDate('2026-01-01', 'en')).toBe('1 Jan 2026');
        expect(formatDate('2026-01-01', 'ar')).toBe('1 يناير 2026');
        expect(formatWeekday('2026-01-01', 'en')).toBe('Thu');
      }
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  });
});
