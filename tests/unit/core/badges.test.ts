import { describe, expect, it } from 'vitest';
import { badge, badgeColor, combineFlags, hasFlag, statusesOf, type BadgeTable } from '../../../engine/core/index.ts';
import type { Colour, Status } from '../../../generator/manifest-types.ts';

const s = (id: number, key: string, name: string, color: Colour, name_local = name): Status => ({
  id,
  key,
  name,
  name_local,
  color,
});

// Portal-core section 4, registration badges, in display (= priority) order.
const registration: BadgeTable = {
  flags: true,
  fallbackColor: 'dark',
  statuses: [
    s(262144, 'registered', 'Registered', 'success', 'مسجل'),
    s(64, 'improve', 'Improve', 'info'),
    s(32, 'repeat', 'Repeat', 'light-danger'),
    s(16, 'fresh', 'Fresh', 'light-dark', 'جديد'),
    s(1048576, 'register_request', 'RegisterRequest', 'warning'),
    s(2097152, 'add_request', 'AddRequest', 'warning'),
    s(4194304, 'drop_request', 'DropRequest', 'warning'),
    s(8388608, 'withdraw_request', 'WithdrawRequest', 'warning'),
    s(16777216, 'excuse_request', 'ExcuseRequest', 'warning'),
    s(1024, 'withdrawn', 'Withdrawn', 'danger'),
    s(2048, 'excused', 'Excused', 'danger'),
    s(4294967296, 'incomplete', 'Incomplete', 'danger'),
    s(549755813888, 'dropped', 'Dropped', 'danger'),
    s(536870912, 'banned_study_absence', 'BannedStudyAbsence', 'danger'),
    s(134217728, 'banned_misconduct', 'BannedMisconduct', 'danger'),
    s(32768, 'audit', 'Audit', 'danger'),
  ],
};

// Portal-core section 4, ticket badges: a plain table without a fallback.
const ticket: BadgeTable = {
  flags: false,
  statuses: [
    s(0, 'open', 'Open', 'primary'),
    s(1, 'pending', 'Pending', 'warning'),
    s(2, 'answered', 'Answered', 'warning'),
    s(3, 'rejected', 'Rejected', 'danger'),
    s(4, 'closed', 'Closed', 'success'),
  ],
};

describe('plain status tables', () => {
  it.each([
    [0, 'primary'],
    [1, 'warning'],
    [2, 'warning'],
    [3, 'danger'],
    [4, 'success'],
    ['4', 'success'],
  ] as const)('ticket %s is %s', (value, colour) => {
    expect(badgeColor(ticket, value)).toBe(colour);
  });
  it('an unknown id without fallbackColor is secondary; no combination on plain tables', () => {
    expect(badgeColor(ticket, 9)).toBe('secondary');
    expect(badgeColor(ticket, 5)).toBe('secondary'); // 1|4 is not a status of a plain table
    expect(badgeColor(ticket, null)).toBe('secondary');
  });
  it('looks statuses up by key or name (the grid colours by name)', () => {
    expect(badgeColor(ticket, 'Closed')).toBe('success');
    expect(badgeColor(ticket, 'rejected')).toBe('danger');
  });
});

describe('bit-flag status tables', () => {
  it('a single flag', () => {
    expect(badgeColor(registration, 262144)).toBe('success');
    expect(badgeColor(registration, 16)).toBe('light-dark');
  });
  it('combined flags: every set flag matches; colour of the first in table order', () => {
    const value = combineFlags(262144, 16);
    expect(value).toBe(262160);
    expect(statusesOf(registration, value).map((x) => x.key)).toEqual(['registered', 'fresh']);
    expect(badgeColor(registration, value)).toBe('success');
    expect(badgeColor(registration, 16 | 1048576)).toBe('light-dark');
    expect(badgeColor(registration, 1024 | 2048)).toBe('danger');
  });
  it('flags beyond 32 bits (Incomplete, Dropped) combine correctly', () => {
    const value = combineFlags(549755813888, 32);
    expect(value).toBe(549755813920);
    expect(statusesOf(registration, value).map((x) => x.key)).toEqual(['repeat', 'dropped']);
    expect(statusesOf(registration, 4294967296 + 64).map((x) => x.key)).toEqual(['improve', 'incomplete']);
    expect(hasFlag(549755813920, 549755813888)).toBe(true);
    expect(hasFlag(549755813920, 4294967296)).toBe(false);
    expect(hasFlag('549755813920', 32)).toBe(true);
    expect(statusesOf(registration, 549755813888n | 16n).map((x) => x.key)).toEqual(['fresh', 'dropped']);
  });
  it('a value with no known flag takes the fallback colour (any other: dark)', () => {
    expect(badgeColor(registration, 1)).toBe('dark');
    expect(badgeColor(registration, 0)).toBe('dark');
  });
  it('badge text joins the matching names in the locale', () => {
    expect(badge(registration, 262160, 'en')).toMatchObject({ color: 'success', text: 'Registered, Fresh' });
    expect(badge(registration, 262160, 'ar').text).toBe('مسجل، جديد');
    expect(badge(registration, 1, 'en')).toEqual({ color: 'dark', statuses: [], text: '' });
  });
});
