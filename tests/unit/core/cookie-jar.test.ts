// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import Cookies from 'js-cookie';
import { createBrowserCookieJar, createLanguageStore, createSessionStore } from '../../../engine/core/index.ts';
import { makeUser } from './helpers.ts';

afterEach(() => {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
});

describe('browser cookie jar on js-cookie', () => {
  it('writes real document cookies the session reads back', () => {
    const session = createSessionStore(createBrowserCookieJar());
    const user = makeUser({ name: 'منى عادل' });
    session.signIn({ token: 'tok', user });
    expect(document.cookie).toContain('logged_in=true');
    expect(document.cookie).toContain('token=tok');
    expect(session.getUser()).toEqual(user);
    session.clear();
    expect(document.cookie).toBe('');
  });

  it('passes expiry days and defaults to js-cookie', () => {
    const calls: unknown[] = [];
    const fake = {
      get: () => undefined,
      set: (name: string, value: string, attributes?: unknown) => {
        calls.push([name, value, attributes]);
        return value;
      },
      remove: () => {},
    };
    createLanguageStore(createBrowserCookieJar(fake)).set('ar');
    expect(calls).toEqual([['language', 'ar', { path: '/', sameSite: 'lax', secure: false, expires: 360 }]]);
  });
});
