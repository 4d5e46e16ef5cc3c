import { describe, expect, it } from 'vitest';
import { errorMessage, errorMessageOrFallback, fieldErrors, firstError } from '../../../engine/core/index.ts';

describe('error extraction: data.errors then data.error', () => {
  it('field map of message lists: first field, first message', () => {
    const data = { errors: { email: ['this email incorrect', 'second'], name: ['Please fill this field'] } };
    expect(errorMessage(data, 'en')).toBe('this email incorrect');
  });
  it('field map of {en, ar}: the current locale', () => {
    const data = { errors: { capacity: { en: 'There is no available capacity', ar: 'لا توجد سعة متاحة' } } };
    expect(errorMessage(data, 'en')).toBe('There is no available capacity');
    expect(errorMessage(data, 'ar')).toBe('لا توجد سعة متاحة');
  });
  it('field map of {en: [..], ar: [..]} and lists of {en, ar}', () => {
    expect(
      errorMessage({ errors: { otp: { en: ['Invalid or incorrect one time password'], ar: ['رمز غير صحيح'] } } }, 'ar'),
    ).toBe('رمز غير صحيح');
    expect(errorMessage({ errors: { otp: [{ en: 'Wrong code', ar: 'رمز خاطئ' }] } }, 'en')).toBe('Wrong code');
  });
  it('errors keyed by language at the top', () => {
    const data = { errors: { en: { name: ['Name taken'] }, ar: { name: ['الاسم مستخدم'] } } };
    expect(errorMessage(data, 'ar')).toBe('الاسم مستخدم');
    expect(errorMessage(data, 'en')).toBe('Name taken');
  });
  it('a list of errors: the first entry', () => {
    expect(errorMessage({ errors: ['You cannot drop this course', 'another'] }, 'en')).toBe(
      'You cannot drop this course',
    );
  });
  it('German or French fall back to English; Arabic missing falls back to English', () => {
    const data = { errors: { f: { en: 'English text', ar: 'نص' } } };
    expect(errorMessage(data, 'de')).toBe('English text');
    expect(errorMessage({ errors: { f: { en: 'Only English' } } }, 'ar')).toBe('Only English');
  });
  it('data.error as a string, {en, ar} or {message}', () => {
    expect(errorMessage({ error: 'No place available' }, 'en')).toBe('No place available');
    expect(errorMessage({ error: { en: 'Closed', ar: 'مغلق' } }, 'ar')).toBe('مغلق');
    expect(errorMessage({ error: { message: 'Not enough credit balance' } }, 'en')).toBe('Not enough credit balance');
  });
  it('errors comes before error; empty entries are skipped', () => {
    expect(errorMessage({ errors: { a: [], b: ['  ', 'B'] }, error: 'E' }, 'en')).toBe('B');
    expect(errorMessage({ errors: {}, error: 'E' }, 'en')).toBe('E');
  });
  it('nothing usable: undefined, or the fallback text', () => {
    expect(errorMessage(undefined, 'en')).toBeUndefined();
    expect(errorMessage('<html>', 'en')).toBeUndefined();
    expect(errorMessage({ message: 'Server Error' }, 'en')).toBeUndefined();
    expect(errorMessageOrFallback({}, 'en')).toBe('Something wrong, try one more time');
    expect(errorMessageOrFallback({}, 'ar')).toBe('حدث خطأ، حاول مرة أخرى');
  });
});

describe('firstError and fieldErrors', () => {
  it('firstError is the first entry of data.errors only', () => {
    expect(firstError({ errors: ['Course needs 30 passed hours', 'x'] }, 'en')).toBe('Course needs 30 passed hours');
    expect(firstError({ errors: [{ en: 'Level too low', ar: 'المستوى غير كاف' }] }, 'ar')).toBe('المستوى غير كاف');
    expect(firstError({ error: 'only error' }, 'en')).toBeUndefined();
  });
  it('fieldErrors gives every field its first message in the locale', () => {
    const data = { message: 'invalid', errors: { email: ['bad email'], name: { en: ['Required'], ar: ['مطلوب'] } } };
    expect(fieldErrors(data, 'ar')).toEqual({ email: 'bad email', name: 'مطلوب' });
    expect(fieldErrors({ errors: { en: { a: ['A'] }, ar: { a: ['أ'] } } }, 'ar')).toEqual({ a: 'أ' });
    expect(fieldErrors({ errors: ['x'] }, 'en')).toEqual({});
  });
});
