import { describe, expect, it, vi } from 'vitest';
import {
  createApiClient,
  createMemoryCookieJar,
  createOnlyPaymentsFlag,
  createSessionStore,
  logout,
} from '../../../engine/core/index.ts';
import { makeUser, scriptedAdapter } from './helpers.ts';

function deps(post: (path: string) => Promise<unknown>) {
  const jar = createMemoryCookieJar();
  const session = createSessionStore(jar);
  session.signIn({ token: 'tok', user: makeUser() });
  const order: string[] = [];
  return {
    jar,
    order,
    deps: {
      api: {
        post: vi.fn(async (path: string) => {
          order.push(`post ${path}`);
          return post(path);
        }),
      },
      session: {
        clear: () => {
          order.push('clear session');
          session.clear();
        },
      },
      clearPermissions: vi.fn(() => void order.push('clear permissions')),
      clearAppState: vi.fn(() => void order.push('clear app state')),
      stopLiveData: vi.fn(() => void order.push('stop live data')),
      navigate: vi.fn((to: unknown) => void order.push(`navigate ${JSON.stringify(to)}`)),
    },
  };
}

describe('logout', () => {
  it('calls POST /users/logout, clears everything, goes to auth-login', async () => {
    const t = deps(async () => ({}));
    await expect(logout(t.deps)).resolves.toEqual({ callSucceeded: true });
    expect(t.order).toEqual([
      'post /users/logout',
      'stop live data',
      'clear session',
      'clear permissions',
      'clear app state',
      'navigate {"name":"auth-login"}',
    ]);
    expect(t.jar.names()).toEqual([]);
  });

  it('does the same when the call fails, and never rejects', async () => {
    const t = deps(() => Promise.reject(new Error('500')));
    await expect(logout(t.deps)).resolves.toEqual({ callSucceeded: false });
    expect(t.jar.names()).toEqual([]);
    expect(t.deps.clearPermissions).toHaveBeenCalled();
    expect(t.deps.navigate).toHaveBeenCalledWith({ name: 'auth-login' });
  });

  it('gives up waiting on a hanging call', async () => {
    vi.useFakeTimers();
    try {
      const t = deps(() => new Promise(() => {}));
      const done = logout({ ...t.deps, waitMs: 5000 });
      await vi.advanceTimersByTimeAsync(5000);
      await expect(done).resolves.toEqual({ callSucceeded: false });
      expect(t.deps.navigate).toHaveBeenCalledWith({ name: 'auth-login' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('a throwing cleanup step does not stop the others', async () => {
    const t = deps(async () => ({}));
    t.deps.clearPermissions.mockImplementation(() => {
      throw new Error('boom');
    });
    await logout(t.deps);
    expect(t.jar.names()).toEqual([]);
    expect(t.deps.navigate).toHaveBeenCalled();
  });

  it('works over the real API client when the server answers 500, with the bearer token sent', async () => {
    const { adapter, requests } = scriptedAdapter(() => ({ status: 500, data: {} }));
    const jar = createMemoryCookieJar();
    const session = createSessionStore(jar);
    session.signIn({ token: 'tok', user: makeUser() });
    const onToast = vi.fn();
    const api = createApiClient({
      getToken: session.getToken,
      getUser: session.getUser,
      getLocale: () => 'en',
      getPageUrl: () => '/',
      onRedirect: vi.fn(),
      onDialog: vi.fn(),
      onToast,
      flags: { onlyPayments: createOnlyPaymentsFlag() },
      adapter,
    });
    const navigate = vi.fn();
    await logout({ api, session, clearPermissions: () => {}, navigate });
    expect(requests[0]).toMatchObject({ method: 'post', url: '/users/logout' });
    expect(requests[0].headers.Authorization).toBe('Bearer tok');
    expect(session.isLoggedIn()).toBe(false);
    expect(jar.names()).toEqual([]);
    expect(navigate).toHaveBeenCalledWith({ name: 'auth-login' });
    expect(onToast).not.toHaveBeenCalled();
  });
});
