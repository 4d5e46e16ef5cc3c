import { describe, expect, it } from 'vitest';
import { createUniversitySettingsStore, settingsFromAnswer } from '../../../engine/core/university-settings.ts';

describe('university settings store', () => {
  it('reads the name/value list of GET /university/data', () => {
    expect(
      settingsFromAnswer({
        data: [
          { name: 'attendance_with_qr_code', value: 'true' },
          { name: 'favicon', value: null },
        ],
      }),
    ).toEqual({ attendance_with_qr_code: 'true', favicon: null });
    expect(settingsFromAnswer(null)).toEqual({});
  });

  it('loads once, shares the answer, tells listeners, and tries again after a failure', async () => {
    let calls = 0;
    let fail = true;
    const store = createUniversitySettingsStore(async () => {
      calls += 1;
      if (fail) throw new Error('offline');
      return { data: [{ name: 'attendance_with_qr_code', value: 'false' }] };
    });
    expect(store.get()).toBeNull();
    expect(await store.load()).toBeNull();
    expect(store.get()).toBeNull();
    fail = false;
    let told = 0;
    store.subscribe(() => {
      told += 1;
    });
    const [a, b] = await Promise.all([store.load(), store.load()]);
    expect(a).toEqual({ attendance_with_qr_code: 'false' });
    expect(b).toBe(a);
    expect(await store.load()).toBe(a);
    expect(calls).toBe(2);
    expect(told).toBe(1);
  });
});
