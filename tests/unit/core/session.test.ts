import { describe, expect, it } from 'vitest';
import {
  SESSION_COOKIES,
  createMemoryCookieJar,
  createSessionStore,
  isApplicant,
  parseUser,
  userTypeNumber,
} from '../../../engine/core/index.ts';
import { makeApplicant, makeUser } from './helpers.ts';

describe('session store: three cookies', () => {
  it('signIn writes the logged flag, the token and the user as JSON', () => {
    const jar = createMemoryCookieJar();
    const session = createSessionStore(jar);
    const user = makeUser();
    session.signIn({ token: 'tok', user });
    expect(jar.get(SESSION_COOKIES.logged)).toBe('true');
    expect(jar.get(SESSION_COOKIES.token)).toBe('tok');
    expect(JSON.parse(jar.get(SESSION_COOKIES.user)!)).toEqual(user);
    expect(session.snapshot()).toEqual({ loggedIn: true, token: 'tok', user });
  });

  it('reads an applicant with its applicant object', () => {
    const session = createSessionStore(createMemoryCookieJar());
    session.signIn({ token: 't', user: makeApplicant() });
    expect(session.getUser()?.applicant).toEqual({ id: 1234, applicant_type_id: 4, secret: 's3cr3t' });
    expect(isApplicant(session.getUser())).toBe(true);
  });

  it('is logged out with no cookies, a missing flag, or an unreadable user', () => {
    expect(createSessionStore(createMemoryCookieJar()).isLoggedIn()).toBe(false);
    const user = JSON.stringify(makeUser());
    expect(createSessionStore(createMemoryCookieJar({ user })).isLoggedIn()).toBe(false);
    expect(createSessionStore(createMemoryCookieJar({ logged_in: 'true', user: '{not json' })).isLoggedIn()).toBe(
      false,
    );
    expect(createSessionStore(createMemoryCookieJar({ logged_in: 'true', user: '{"id":1}' })).getUser()).toBeNull();
  });

  it('clearUser removes the user and flag but keeps the token', () => {
    const jar = createMemoryCookieJar();
    const session = createSessionStore(jar);
    session.signIn({ token: 'tok', user: makeUser() });
    session.clearUser();
    expect(session.isLoggedIn()).toBe(false);
    expect(session.getUser()).toBeNull();
    expect(session.getToken()).toBe('tok');
  });

  it('clear removes all three cookies', () => {
    const jar = createMemoryCookieJar();
    const session = createSessionStore(jar);
    session.signIn({ token: 'tok', user: makeUser() });
    session.clear();
    expect(jar.names()).toEqual([]);
  });

  it('setUser replaces the user and keeps the token', () => {
    const session = createSessionStore(createMemoryCookieJar());
    session.signIn({ token: 'tok', user: makeUser() });
    session.setUser(makeUser({ name: 'New Name' }));
    expect(session.getUser()?.name).toBe('New Name');
    expect(session.getToken()).toBe('tok');
  });

  it('writes browser-session cookies by default, or expiring ones when asked', () => {
    const jar = createMemoryCookieJar();
    createSessionStore(jar).signIn({ token: 't', user: makeUser() });
    expect(jar.options('token')?.expiresDays).toBeUndefined();
    const jar2 = createMemoryCookieJar();
    createSessionStore(jar2, { expiresDays: 7 }).signIn({ token: 't', user: makeUser() });
    expect(jar2.options('user')).toMatchObject({ expiresDays: 7, path: '/' });
  });
});

describe('user helpers', () => {
  it('parseUser accepts the user shape only', () => {
    expect(parseUser(undefined)).toBeNull();
    expect(parseUser('null')).toBeNull();
    expect(parseUser(JSON.stringify({ id: 1, name: 'x', type: { name: 'Staff', type: 4 } }))).not.toBeNull();
  });
  it('userTypeNumber reads numbers and numeric strings', () => {
    expect(userTypeNumber(makeUser({ type: { name: 'Staff', type: '4' } }))).toBe(4);
    expect(userTypeNumber(makeUser())).toBe(3);
    expect(userTypeNumber(null)).toBeUndefined();
  });
});
