/** The study plan's warnings (portal-core sections 4 and 8): what remains before suspension, and the suspension. */
import { describe, expect, it } from 'vitest';
import { standingMessages, warningStanding } from '../../../engine/core/standing.ts';
import en from '../../../locales/en.json';
import ar from '../../../locales/ar.json';

describe('study plan standing', () => {
  it('counts what remains under each maximum; 0 or none means no limit', () => {
    expect(warningStanding({ consecutive: 1, total: 4, max_consecutive: 3, max_total: 6 })).toEqual({
      consecutive: 1,
      total: 4,
      max_consecutive: 3,
      max_total: 6,
      consecutive_remaining: 2,
      total_remaining: 2,
      dismissed: false,
    });
    expect(warningStanding({ consecutive: 5, total: 5, max_consecutive: 0, max_total: null })).toMatchObject({
      consecutive_remaining: null,
      total_remaining: null,
      dismissed: false,
    });
    expect(warningStanding({ consecutive: 3, total: 3, max_consecutive: 3, max_total: 6 }).dismissed).toBe(true);
  });

  it('no warning yet: nothing to say; warned: the remaining counts; past a maximum: the suspension only', () => {
    expect(standingMessages(warningStanding({ consecutive: 0, total: 0, max_consecutive: 3, max_total: 6 }))).toEqual(
      [],
    );
    expect(standingMessages(warningStanding({ consecutive: 1, total: 2, max_consecutive: 3, max_total: 6 }))).toEqual([
      { key: 'consecutive_warnings_left', count: 2, severity: 'warning' },
      { key: 'total_warnings_left', count: 4, severity: 'warning' },
    ]);
    expect(standingMessages(warningStanding({ consecutive: 1, total: 6, max_consecutive: 3, max_total: 6 }))).toEqual([
      { key: 'suspended_total', severity: 'error' },
    ]);
    expect(
      standingMessages(warningStanding({ consecutive: 3, total: 6, max_consecutive: 3, max_total: 6 })).map(
        (m) => m.key,
      ),
    ).toEqual(['suspended_consecutive', 'suspended_total']);
    expect(standingMessages(null)).toEqual([]);
  });

  it('every message is in both languages', () => {
    for (const key of ['consecutive_warnings_left', 'total_warnings_left', 'suspended_consecutive', 'suspended_total'])
      for (const locale of [en, ar]) expect((locale.errors as Record<string, string>)[key]).toBeTruthy();
  });
});
