/** The attendance QR code's signing and judgement (server/domains/attendance/qr-code.ts), and when a section meets. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.ts';
import {
  attendanceSecret,
  judgeTimestamp,
  makeCode,
  newSessionSecret,
  parseCode,
  QR_FUTURE_SKEW_MS,
  QR_MAX_AGE_MS,
  QR_ROTATE_MS,
  sessionKey,
  signatureValid,
  verifyCode,
} from '../../../server/domains/attendance/qr-code.ts';
import { nextOccurrences, parseDate, slotsOn, weekDayOf } from '../../../server/domains/attendance/occurrences.ts';

const NOW = Date.parse('2026-11-24T09:00:00Z');
const key = sessionKey('server-secret', 7, 'session-secret');

describe('attendance QR code', () => {
  it('is the session id, the time and a signature, and verifies', () => {
    const code = makeCode(key, 7, NOW);
    expect(code).toMatch(new RegExp(`^RWQA1\\.7\\.${NOW}\\.[A-Za-z0-9_-]{43}$`));
    expect(verifyCode(code, (id) => (id === 7 ? key : undefined), NOW + 1000)).toMatchObject({
      verdict: 'ok',
      code: { sessionId: 7 },
    });
  });

  it('keys each session apart: the server secret, the session id and its own secret all count', () => {
    const code = parseCode(makeCode(key, 7, NOW))!;
    expect(signatureValid(key, code)).toBe(true);
    expect(signatureValid(sessionKey('other', 7, 'session-secret'), code)).toBe(false);
    expect(signatureValid(sessionKey('server-secret', 8, 'session-secret'), code)).toBe(false);
    expect(signatureValid(sessionKey('server-secret', 7, 'other'), code)).toBe(false);
    // The code names session 7; a code for session 8 under 7's key does not verify.
    expect(verifyCode(makeCode(key, 8, NOW), () => sessionKey('server-secret', 8, 'session-secret'), NOW).verdict).toBe(
      'invalid',
    );
  });

  it('refuses anything not shaped like a code, and a changed part', () => {
    const code = makeCode(key, 7, NOW);
    for (const text of [
      '',
      'RWQA1',
      'RWQA1.7',
      `${code}.x`,
      code.replace('RWQA1', 'rwqa1'),
      'RWQA1.0.1.' + 'A'.repeat(43),
      42,
      null,
      undefined,
      {},
    ]) {
      expect(parseCode(text), String(text)).toBeNull();
    }
    const tampered = code.replace(`.${NOW}.`, `.${NOW + 1}.`);
    expect(verifyCode(tampered, () => key, NOW).verdict).toBe('invalid');
    expect(verifyCode(code, () => undefined, NOW).verdict).toBe('invalid');
    expect(parseCode(`  ${code}\n`)?.sessionId).toBe(7);
  });

  it('judges the time: unreadable or future -> invalid_timestamp, older than the limit -> expired', () => {
    const at = (stamp: number | string, now = NOW) => verifyCode(makeCode(key, 7, stamp), () => key, now).verdict;
    expect(at('abc')).toBe('invalid_timestamp');
    expect(at('1e12')).toBe('invalid_timestamp');
    expect(at('99999999999999999')).toBe('invalid_timestamp');
    expect(at(NOW + QR_FUTURE_SKEW_MS + 1)).toBe('invalid_timestamp');
    expect(at(NOW + QR_FUTURE_SKEW_MS)).toBe('ok');
    expect(at(NOW - QR_MAX_AGE_MS)).toBe('ok');
    expect(at(NOW - QR_MAX_AGE_MS - 1)).toBe('expired');
    expect(judgeTimestamp(parseCode(makeCode(key, 7, 0))!, NOW)).toBe('expired');
  });

  it('rotates well within its lifetime, and the secrets', () => {
    expect(QR_ROTATE_MS * 2).toBeLessThanOrEqual(QR_MAX_AGE_MS);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rowaq-qr-'));
    try {
      // Not configured: this installation's own random secret, the same on every call.
      const own = attendanceSecret({ dataDir });
      expect(own).toMatch(/^[0-9a-f]{64}$/);
      expect(attendanceSecret(loadConfig({ DATA_DIR: dataDir, ATTENDANCE_QR_SECRET: '  ' }))).toBe(own);
      expect(attendanceSecret(loadConfig({ DATA_DIR: dataDir, ATTENDANCE_QR_SECRET: ' s3cret ' }))).toBe('s3cret');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    expect(newSessionSecret()).not.toBe(newSessionSecret());
  });
});

describe('occurrences of a weekly slot', () => {
  const slots = [
    { id: 1, day: 4, start_time: '10:15', end_time: '11:45' },
    { id: 2, day: 1, start_time: '08:30', end_time: '10:00' },
    { id: 3, day: 4, start_time: '08:30', end_time: '10:00' },
  ];
  const term = { start_date: '2026-09-20', end_date: '2027-01-20' };

  it('reads calendar dates only', () => {
    expect(parseDate('2026-11-24')).toBe('2026-11-24');
    for (const text of ['2026-02-30', '2026-13-01', '24/11/2026', '2026-11-24T00:00', '', 20261124])
      expect(parseDate(text)).toBeNull();
  });

  it('numbers days from Saturday (week_day)', () => {
    expect(
      ['2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27'].map(weekDayOf),
    ).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('finds the slots of a date inside the term, earliest first', () => {
    expect(slotsOn('2026-11-24', slots, term).map((s) => s.id)).toEqual([3, 1]);
    expect(slotsOn('2026-11-25', slots, term)).toEqual([]);
    expect(slotsOn('2027-01-26', slots, term)).toEqual([]);
    expect(slotsOn('2026-09-15', slots, term)).toEqual([]);
  });

  it('lists the next meeting dates from a day, starting no earlier than the term', () => {
    expect(nextOccurrences('2026-11-25', slots, term, 3)).toEqual(['2026-11-28', '2026-12-01', '2026-12-05']);
    expect(nextOccurrences('2026-08-01', slots, term, 1)).toEqual(['2026-09-22']);
    expect(nextOccurrences('2027-01-19', slots, term)).toEqual(['2027-01-19']); // a Tuesday, the term's last
    expect(nextOccurrences('2027-01-20', slots, term)).toEqual([]);
    expect(nextOccurrences('2026-11-25', [], term)).toEqual([]);
  });
});
