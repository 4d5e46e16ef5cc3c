import { describe, expect, it } from 'vitest';
import { afterNavigation, guard, type GuardRoute, type RouteMeta } from '../../../engine/core/index.ts';
import { makeApplicant, makeUser } from './helpers.ts';

const route = (name: string, meta: RouteMeta = {}, query: GuardRoute['query'] = {}, path = `/${name}`): GuardRoute => ({
  name,
  path,
  params: {},
  query,
  meta,
});
const anonymous: RouteMeta = { layout: { anonymous: true } };
const admission: RouteMeta = { layout: { admission: true } };
const loginRoute = (query: GuardRoute['query'] = {}) => route('auth-login', anonymous, query, '/login');
const student = makeUser();
const staff = makeUser({ id: 2, type: { name: 'Staff', type: 4 }, permissions: ['access_users'] });
const guest = makeUser({ id: 3, type: { name: 'Guest', type: 6 }, permissions: [] });

describe('guard rule 1: admission routes pass freely', () => {
  it('lets a logged-out visitor onto an admission route', () => {
    expect(guard(route('admissionForm', admission), { user: null })).toMatchObject({
      action: 'next',
      rule: 'admission',
    });
  });
  it('wins over ?code, ?token and a missing permission', () => {
    const to = route('admissionForm', { ...admission, permission: 'admin_system' }, { code: 'x', token: 't' });
    expect(guard(to, { user: student })).toEqual({ action: 'next', rule: 'admission', effects: [] });
  });
  it('lets an applicant onto the admission form without confinement', () => {
    expect(guard(route('admissionForm', admission), { user: makeApplicant() }).action).toBe('next');
  });
});

describe('guard rule 2: ?code goes to auth-login carrying code, session_state and state', () => {
  it('carries all three', () => {
    const to = route('dashboard', {}, { code: 'abc', session_state: 'ss', state: 'st', other: 'x' });
    expect(guard(to, { user: null })).toEqual({
      action: 'redirect',
      rule: 'sso-code',
      to: { name: 'auth-login', query: { code: 'abc', session_state: 'ss', state: 'st' } },
      effects: [],
    });
  });
  it('carries only what is present, from a search string too', () => {
    const to = route('dashboard', {}, '?code=abc');
    expect(guard(to, { user: null })).toMatchObject({ to: { name: 'auth-login', query: { code: 'abc' } } });
  });
  it('comes before the logged-out rule and the permission rule', () => {
    expect(guard(route('students', { permission: 'access_users' }, { code: 'c' }), { user: student }).rule).toBe(
      'sso-code',
    );
  });
  it('does not loop on auth-login itself', () => {
    expect(guard(loginRoute({ code: 'abc', state: 'st' }), { user: null })).toMatchObject({ action: 'next' });
  });
  it('ignores an empty code', () => {
    expect(guard(route('dashboard', {}, { code: '' }), { user: student }).action).toBe('next');
  });
});

describe('guard rule 3: logged-out users go to auth-login', () => {
  it('redirects from a protected route', () => {
    expect(guard(route('dashboard'), { user: null })).toEqual({
      action: 'redirect',
      rule: 'logged-out',
      to: { name: 'auth-login' },
      effects: [],
    });
  });
  it('lets them onto an anonymous route', () => {
    expect(guard(route('forgot-password', anonymous), { user: null }).action).toBe('next');
  });
  it('lets them onto the maintenance page even when it is not flagged anonymous', () => {
    expect(guard(route('misc-under-maintenance'), { user: null }).action).toBe('next');
  });
  it('never sends auth-login to itself', () => {
    expect(guard(route('auth-login', {}, {}, '/login'), { user: null }).action).toBe('next');
  });
  it('comes before rule 5: a logged-out ?token on a protected route still goes to login, with no effect', () => {
    expect(guard(route('dashboard', {}, { token: 't' }), { user: null })).toMatchObject({
      action: 'redirect',
      rule: 'logged-out',
      effects: [],
    });
  });
});

describe('guard rule 4: a signed-in user without the route permission goes to misc-not-authorized', () => {
  it('redirects when the permission is missing', () => {
    expect(guard(route('students', { permission: 'access_users' }), { user: student })).toEqual({
      action: 'redirect',
      rule: 'permission',
      to: { name: 'misc-not-authorized' },
      effects: [],
    });
  });
  it('allows a held permission, from state.permissions over user.permissions', () => {
    expect(
      guard(route('students', { permission: 'access_users' }), { user: student, permissions: ['access_users'] }).action,
    ).toBe('next');
    expect(guard(route('students', { permission: 'access_users' }), { user: staff }).action).toBe('next');
  });
  it('allows a public route (or one naming no permission) to any non-Guest', () => {
    expect(guard(route('dashboard', { permission: 'public' }), { user: student }).action).toBe('next');
    expect(guard(route('dashboard'), { user: staff }).action).toBe('next');
  });
  it('uses the shared check: a Guest is refused a public route and allowed a guest route', () => {
    expect(guard(route('dashboard', { permission: 'public' }), { user: guest }).rule).toBe('permission');
    expect(guard(route('guest-home', { permission: 'guest', layout: { guest: true } }), { user: guest }).action).toBe(
      'next',
    );
    expect(guard(route('guest-home', { permission: 'guest' }), { user: student }).rule).toBe('permission');
  });
  it('leaves anonymous routes and misc-not-authorized open (no loop)', () => {
    expect(
      guard(route('forgot-password', { ...anonymous, permission: 'admin_system' }), { user: student }).action,
    ).toBe('next');
    expect(guard(route('misc-not-authorized', { permission: 'public' }), { user: guest }).action).toBe('next');
  });
  it('skips unnamed routes', () => {
    expect(guard({ path: '/x', meta: { permission: 'admin_system' } }, { user: student }).action).toBe('next');
  });
  it('comes before rule 5: no permission and ?token redirects without clearing the user', () => {
    expect(guard(route('overview', { permission: 'admin_system' }, { token: 't' }), { user: student })).toMatchObject({
      action: 'redirect',
      rule: 'permission',
      effects: [],
    });
  });
});

describe('guard rule 5: ?token clears the stored user', () => {
  it('returns a clear-user effect and goes on', () => {
    expect(guard(route('dashboard', {}, { token: 'abc' }), { user: student })).toEqual({
      action: 'next',
      rule: 'token',
      effects: [{ type: 'clear-user' }],
    });
  });
  it('counts a bare ?token', () => {
    expect(guard(loginRoute('?token'), { user: null }).effects).toEqual([{ type: 'clear-user' }]);
  });
  it('comes before rule 6: a signed-in user on /login?token=… stays for the token login', () => {
    expect(guard(loginRoute({ token: 'abc' }), { user: student })).toEqual({
      action: 'next',
      rule: 'token',
      effects: [{ type: 'clear-user' }],
    });
  });
});

describe('guard rule 6: a signed-in user reaching auth-login goes to dashboard', () => {
  it('redirects to dashboard', () => {
    expect(guard(loginRoute(), { user: student })).toEqual({
      action: 'redirect',
      rule: 'logged-in',
      to: { name: 'dashboard' },
      effects: [],
    });
  });
  it('leaves a logged-out user on auth-login', () => {
    expect(guard(loginRoute(), { user: null })).toEqual({ action: 'next', rule: 'none', effects: [] });
  });
  it('after every navigation: hide the splash, scroll to the top', () => {
    expect(afterNavigation()).toEqual([{ type: 'hide-splash' }, { type: 'scroll-top' }]);
  });
});

describe('applicant confinement (admission-and-grid section 2)', () => {
  const applicant = makeApplicant();
  const toForm = {
    name: 'admissionForm',
    params: { type: '4', id: '1234', secretKey: 's3cr3t', name: 'nationality' },
  };
  it.each(['applicant-information-form', 'applyForm-success', 'credit', 'error-404'])(
    'lets an applicant reach %s',
    (name) => {
      expect(guard(route(name), { user: applicant }).action).toBe('next');
    },
  );
  it("takes an applicant's dashboard to their application's page (the portal's dashboard holds no applicant data)", () => {
    expect(guard(route('dashboard'), { user: applicant })).toEqual({
      action: 'redirect',
      rule: 'applicant',
      effects: [],
      to: { name: 'applicant-information-form', params: { type: '4', id: '1234', secretKey: 's3cr3t' } },
    });
  });
  it.each(['payments', 'students', 'auth-login', 'misc-not-authorized'])(
    'sends an applicant from %s to the form',
    (name) => {
      expect(guard(route(name), { user: applicant })).toEqual({
        action: 'redirect',
        rule: 'applicant',
        to: toForm,
        effects: [],
      });
    },
  );
  it('comes before the permission rule', () => {
    expect(guard(route('overview', { permission: 'admin_system' }), { user: applicant }).rule).toBe('applicant');
  });
  it('comes after rule 2 (?code) and rule 1 (admission)', () => {
    expect(guard(route('payments', {}, { code: 'c' }), { user: applicant }).rule).toBe('sso-code');
    expect(guard(route('apply', admission), { user: applicant }).rule).toBe('admission');
  });
  it('sends a broken applicant session (no applicant data) to error-404, which it may reach', () => {
    const broken = { ...applicant, applicant: undefined };
    expect(guard(route('payments'), { user: broken })).toMatchObject({ to: { name: 'error-404' } });
    expect(guard(route('error-404'), { user: broken }).action).toBe('next');
  });
});
