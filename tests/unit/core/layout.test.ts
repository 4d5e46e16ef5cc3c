import { describe, expect, it } from 'vitest';
import { chooseLayout } from '../../../engine/core/index.ts';

const signedIn = { signedIn: true, layoutType: 'vertical' as const };

describe('layout choice', () => {
  it('full routes use the full layout, even when also flagged admission', () => {
    expect(chooseLayout({ layout: { full: true } }, signedIn)).toBe('full');
    expect(chooseLayout({ layout: { full: true, admission: true } }, signedIn)).toBe('full');
  });
  it('admission routes use the admission layout', () => {
    expect(chooseLayout({ layout: { admission: true } }, { signedIn: false, layoutType: 'vertical' })).toBe(
      'admission',
    );
  });
  it('a signed-in user gets the stored setting', () => {
    expect(chooseLayout({}, signedIn)).toBe('vertical');
    expect(chooseLayout(undefined, { signedIn: true, layoutType: 'horizontal' })).toBe('horizontal');
  });
  it('a guest-flagged route gets the stored setting without a user', () => {
    expect(chooseLayout({ layout: { guest: true } }, { signedIn: false, layoutType: 'horizontal' })).toBe('horizontal');
  });
  it('a logged-out user elsewhere gets the full layout', () => {
    expect(chooseLayout({ layout: { anonymous: true } }, { signedIn: false, layoutType: 'horizontal' })).toBe('full');
  });
});
