import { describe, expect, it } from 'vitest';
import { decideResponse, normalizePath, surfacesFirstError, type ResponseFacts } from '../../../engine/core/index.ts';
import { makeUser } from './helpers.ts';

const facts = (over: Partial<ResponseFacts>): ResponseFacts => ({
  status: 200,
  data: {},
  path: '/students',
  user: makeUser(),
  token: 'tok',
  locale: 'en',
  ...over,
});

describe('response rules: redirect_to', () => {
  it('payments: dialog, go to payments, set the only-payments flag', () => {
    expect(decideResponse(facts({ data: { redirect_to: 'payments' } }))).toEqual({
      onlyPayments: 'set',
      redirect: { name: 'payments' },
      dialog: { kind: 'error', reason: 'payments-due', text: 'You have to pay your due invoices.' },
      reason: 'payments-due',
    });
  });
  it('dashboard: the survey dialog (spec text), go to dashboard, clear the flag', () => {
    expect(decideResponse(facts({ data: { redirect_to: 'dashboard' } }))).toEqual({
      onlyPayments: 'clear',
      redirect: { name: 'dashboard' },
      dialog: { kind: 'error', reason: 'survey-required', text: 'You have to fill the survery first.' },
      reason: 'survey-required',
    });
  });
  it('dialog text in Arabic', () => {
    expect(decideResponse(facts({ locale: 'ar', data: { redirect_to: 'payments' } })).dialog?.text).toBe(
      'يجب عليك سداد الفواتير المستحقة.',
    );
  });
  it('applies on error responses too, before the status rules', () => {
    expect(decideResponse(facts({ status: 401, data: { redirect_to: 'payments' } })).reason).toBe('payments-due');
  });
  it('any other response clears the flag; no response keeps it', () => {
    expect(decideResponse(facts({ data: { items: [] } }))).toEqual({ onlyPayments: 'clear' });
    expect(decideResponse(facts({ data: { redirect_to: 'elsewhere' } }))).toEqual({ onlyPayments: 'clear' });
    expect(decideResponse(facts({ status: 422, data: { errors: ['x'] } }))).toEqual({ onlyPayments: 'clear' });
    expect(decideResponse(facts({ status: undefined, data: undefined }))).toEqual({ onlyPayments: 'keep' });
  });
});

describe('response rules: 401', () => {
  it('a stored non-staff user with a token goes to misc-not-authorized', () => {
    expect(decideResponse(facts({ status: 401 })).redirect).toEqual({ name: 'misc-not-authorized' });
  });
  it('without a token goes to auth-login', () => {
    expect(decideResponse(facts({ status: 401, token: undefined })).redirect).toEqual({ name: 'auth-login' });
  });
  it('type 4 is exempt (number or string)', () => {
    expect(
      decideResponse(facts({ status: 401, user: makeUser({ type: { name: 'Staff', type: 4 } }) })).redirect,
    ).toBeUndefined();
    expect(
      decideResponse(facts({ status: 401, user: makeUser({ type: { name: 'Staff', type: '4' } }) })).redirect,
    ).toBeUndefined();
  });
  it('no stored user, or a user without an id: no redirect', () => {
    expect(decideResponse(facts({ status: 401, user: null })).redirect).toBeUndefined();
    expect(decideResponse(facts({ status: 401, user: makeUser({ id: '' }) })).redirect).toBeUndefined();
  });
});

describe('response rules: 404 and 503', () => {
  it('404 without a usable error body goes to error-404', () => {
    expect(decideResponse(facts({ status: 404, data: '<html>Not Found</html>' })).redirect).toEqual({
      name: 'error-404',
    });
    expect(decideResponse(facts({ status: 404, data: { errors: {} } })).redirect).toEqual({ name: 'error-404' });
  });
  it('404 with a message stays with the caller', () => {
    expect(decideResponse(facts({ status: 404, data: { error: 'Student not found' } }))).toEqual({
      onlyPayments: 'clear',
    });
  });
  it('503 on a login call goes to misc-under-maintenance', () => {
    for (const path of ['/login', 'login', '/login-with-token', '/ms-login/callback', '/login?x=1']) {
      expect(decideResponse(facts({ status: 503, path, user: null })).redirect).toEqual({
        name: 'misc-under-maintenance',
      });
    }
  });
  it('503 elsewhere stays with the caller', () => {
    expect(decideResponse(facts({ status: 503, path: '/students' })).redirect).toBeUndefined();
  });
});

describe('call families', () => {
  it.each([
    ['/registrations/students/request-offering', true],
    ['registrations/export', true],
    ['/transfer/internal/request', true],
    ['emtyaz/course/add_emtyaz', true],
    ['/students/academic/study-plan', true],
    ['/students/academic/terms-grades', false],
    ['/registrationsX', false],
    ['/payments/pay/1', false],
  ])('%s surfaces the first error: %s', (path, expected) => {
    expect(surfacesFirstError(path)).toBe(expected);
  });
  it('normalizePath', () => {
    expect(normalizePath('emtyaz/courses/?a=1#x')).toBe('/emtyaz/courses');
  });
});
