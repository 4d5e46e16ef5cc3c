import { describe, expect, it, vi } from 'vitest';
import {
  confineToPayments,
  createApiClient,
  createMemoryStorage,
  createStoredOnlyPaymentsFlag,
  decideResponse,
  guard,
  isReadCall,
  ONLY_PAYMENTS_KEY,
  ONLY_PAYMENTS_ROUTES,
  type GuardRoute,
  type ResponseFacts,
} from '../../../engine/core/index.ts';
import { makeUser, scriptedAdapter, type Reply } from './helpers.ts';

const facts = (over: Partial<ResponseFacts>): ResponseFacts => ({
  status: 200,
  data: {},
  path: '/students',
  user: makeUser(),
  token: 'tok',
  locale: 'en',
  ...over,
});
const route = (name: string, anonymous = false): GuardRoute => ({
  name,
  path: `/${name}`,
  params: {},
  query: {},
  meta: anonymous ? { layout: { anonymous: true } } : {},
});

describe('only payments: which answers keep the flag', () => {
  it('reads: GET, HEAD, the generic list POST /{resource}, lookups', () => {
    expect(isReadCall('get', '/payments/7')).toBe(true);
    expect(isReadCall('GET', '/credit-transactions/balance')).toBe(true);
    expect(isReadCall('head', '/x')).toBe(true);
    expect(isReadCall('post', '/installments')).toBe(true);
    expect(isReadCall('post', 'installments?page=2')).toBe(true);
    expect(isReadCall('post', '/lookups/get')).toBe(true);
  });
  it('writes: paying, charging, registering, the login calls, an unknown method', () => {
    expect(isReadCall('post', '/payments/pay/7/1')).toBe(false);
    expect(isReadCall('post', '/payments/7')).toBe(false);
    expect(isReadCall('post', '/credit-transactions/charge-my-credit')).toBe(false);
    expect(isReadCall('put', '/registrations/students/request-offering')).toBe(false);
    expect(isReadCall('delete', '/students')).toBe(false);
    expect(isReadCall('post', '/login')).toBe(false);
    expect(isReadCall('post', '/login-with-token')).toBe(false);
    expect(isReadCall(undefined, '/x')).toBe(false);
  });
  it('decideResponse: a read keeps the flag (even when it fails), a write clears it (even when it fails)', () => {
    expect(decideResponse(facts({ method: 'get', path: '/payments/7' }))).toEqual({ onlyPayments: 'keep' });
    expect(decideResponse(facts({ method: 'post', path: '/installments' }))).toEqual({ onlyPayments: 'keep' });
    expect(decideResponse(facts({ method: 'get', status: 404, data: '' }))).toMatchObject({
      onlyPayments: 'keep',
      redirect: { name: 'error-404' },
    });
    expect(decideResponse(facts({ method: 'post', path: '/payments/pay/7/1' }))).toEqual({ onlyPayments: 'clear' });
    expect(
      decideResponse(
        facts({ method: 'post', path: '/payments/pay/7/1', status: 422, data: { error: 'not enough credit balance' } }),
      ),
    ).toEqual({ onlyPayments: 'clear' });
  });
  it('redirect_to wins whatever the method: payments sets, dashboard clears', () => {
    expect(decideResponse(facts({ method: 'get', data: { redirect_to: 'payments' } })).onlyPayments).toBe('set');
    expect(
      decideResponse(facts({ method: 'put', status: 403, data: { redirect_to: 'payments', error: 'x' } })).onlyPayments,
    ).toBe('set');
    expect(decideResponse(facts({ method: 'get', data: { redirect_to: 'dashboard' } })).onlyPayments).toBe('clear');
  });
});

describe('only payments: the client end to end (scripted server)', () => {
  it('gate 403 sets the mode; the payments screen loads keep it; paying ends it; the gate brings it back', async () => {
    const replies: Record<string, Reply> = {
      'put /registrations/students/request-offering': {
        status: 403,
        data: { redirect_to: 'payments', error: 'You have to pay your due invoices.' },
      },
      'post /installments': { status: 200, data: { data: [{ id: 1 }] } },
      'get /credit-transactions/balance': { status: 200, data: { data: { balance: 0 } } },
      'post /payments/pay/4/1': { status: 422, data: { error: 'not enough credit balance' } },
    };
    const { adapter } = scriptedAdapter((r) => replies[`${r.method} ${r.url}`] ?? { status: 200, data: {} });
    const storage = createMemoryStorage();
    const onlyPayments = createStoredOnlyPaymentsFlag(storage, () => '12');
    const onRedirect = vi.fn();
    const onDialog = vi.fn();
    const api = createApiClient({
      getToken: () => 'tok',
      getUser: () => makeUser(),
      getLocale: () => 'ar',
      onRedirect,
      onDialog,
      flags: { onlyPayments },
      adapter,
    });
    const refused = await api
      .put('/registrations/students/request-offering', { section_id: 3 })
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ handled: true, reason: 'payments-due', status: 403 });
    expect(onDialog).toHaveBeenCalledWith({
      kind: 'error',
      reason: 'payments-due',
      text: 'يجب عليك سداد الفواتير المستحقة.',
    });
    expect(onRedirect).toHaveBeenCalledWith({ name: 'payments' });
    expect(onlyPayments.get()).toBe(true);
    await api.post('/installments', { filters: {} });
    await api.get('/credit-transactions/balance');
    expect(onlyPayments.get()).toBe(true);
    await api.post('/payments/pay/4/1').catch(() => undefined);
    expect(onlyPayments.get()).toBe(false);
    await api.put('/registrations/students/request-offering', {}).catch(() => undefined);
    expect(onlyPayments.get()).toBe(true);
  });
});

describe('only payments: the guard', () => {
  it('the payment screens stay reachable, everything else goes to payments', () => {
    for (const name of ONLY_PAYMENTS_ROUTES) expect(confineToPayments(name, true)).toBeNull();
    expect(ONLY_PAYMENTS_ROUTES).toEqual([
      'payments',
      'payment-confirmation',
      'payment-info',
      'credit',
      'credit-charge',
    ]);
    expect(confineToPayments('dashboard', true)).toEqual({ name: 'payments' });
    expect(confineToPayments('offering-registration', true)).toEqual({ name: 'payments' });
    expect(confineToPayments('dashboard', false)).toBeNull();
  });
  it('rule B: a confined student is sent to payments before the permission rule', () => {
    const student = makeUser({ permissions: [] });
    expect(
      guard({ ...route('students-list'), meta: { permission: 'access_users' } }, { user: student, onlyPayments: true }),
    ).toEqual({
      action: 'redirect',
      rule: 'only-payments',
      to: { name: 'payments' },
      effects: [],
    });
    expect(guard(route('dashboard'), { user: student, onlyPayments: true })).toMatchObject({
      action: 'redirect',
      to: { name: 'payments' },
    });
    expect(guard(route('payments'), { user: student, onlyPayments: true })).toMatchObject({ action: 'next' });
    expect(guard(route('credit-charge'), { user: student, onlyPayments: true })).toMatchObject({ action: 'next' });
    expect(guard(route('dashboard'), { user: student, onlyPayments: false })).toMatchObject({ action: 'next' });
  });
  it('never loops and keeps the way out: sign-in, not-authorized, 404, anonymous pages', () => {
    const student = makeUser();
    expect(guard(route('misc-not-authorized'), { user: student, onlyPayments: true }).action).toBe('next');
    expect(guard(route('error-404'), { user: student, onlyPayments: true }).action).toBe('next');
    expect(guard(route('news', true), { user: student, onlyPayments: true }).action).toBe('next');
    expect(guard(route('auth-login', true), { user: student, onlyPayments: true })).toMatchObject({
      rule: 'logged-in',
    });
    expect(guard(route('dashboard'), { user: null, onlyPayments: true })).toMatchObject({ rule: 'logged-out' });
  });
});

describe('only payments: the stored flag', () => {
  it('persists for the user it was set for, not for another user or nobody', () => {
    const storage = createMemoryStorage();
    let user: string | undefined = '12';
    const flag = createStoredOnlyPaymentsFlag(storage, () => user);
    const listener = vi.fn();
    flag.subscribe(listener);
    flag.set(true);
    expect(storage.getItem(ONLY_PAYMENTS_KEY)).toBe('12');
    expect(listener).toHaveBeenCalledTimes(1);
    // a reload: a new flag on the same storage
    expect(createStoredOnlyPaymentsFlag(storage, () => '12').get()).toBe(true);
    user = '13';
    expect(flag.get()).toBe(false);
    user = undefined;
    expect(flag.get()).toBe(false);
    flag.set(true); // nobody signed in: nothing to confine
    expect(storage.getItem(ONLY_PAYMENTS_KEY)).toBe('12');
    user = '12';
    flag.set(false);
    expect(flag.get()).toBe(false);
    expect(storage.getItem(ONLY_PAYMENTS_KEY)).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
    flag.set(false);
    expect(listener).toHaveBeenCalledTimes(2); // no change, no call
  });
  it('a storage that throws: the mode simply does not persist', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    const flag = createStoredOnlyPaymentsFlag(broken, () => '12');
    expect(() => flag.set(true)).not.toThrow();
    expect(flag.get()).toBe(false);
  });
});
