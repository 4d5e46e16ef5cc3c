import { describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  createApiClient,
  createOnlyPaymentsFlag,
  type ApiClientOptions,
  type SessionUser,
} from '../../../engine/core/index.ts';
import { makeUser, scriptedAdapter, type RecordedRequest, type Reply } from './helpers.ts';

function setup(
  handler: (r: RecordedRequest) => Reply | Error,
  over: Partial<ApiClientOptions> & { user?: SessionUser | null } = {},
) {
  const { adapter, requests } = scriptedAdapter(handler);
  const onRedirect = vi.fn();
  const onDialog = vi.fn();
  const onToast = vi.fn();
  const onlyPayments = createOnlyPaymentsFlag();
  let token: string | undefined = 'tok';
  const user = over.user === undefined ? makeUser() : over.user;
  const api = createApiClient({
    getToken: () => token,
    getUser: () => user,
    getLocale: () => 'en',
    getPageUrl: () => 'https://portal.example/students?page=2',
    onRedirect,
    onDialog,
    flags: { onlyPayments },
    adapter,
    ...over,
  });
  return { api, requests, onRedirect, onDialog, onToast, onlyPayments, setToken: (t?: string) => (token = t) };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('API client: requests', () => {
  it('uses /api/sis, the huge timeout, page-url, bearer token and JSON', async () => {
    const { api, requests } = setup(() => ({ status: 200, data: { ok: 1 } }));
    await expect(api.post('/students/search', { q: 'a' })).resolves.toEqual({ ok: 1 });
    const [r] = requests;
    expect(r.baseURL).toBe('/api/sis');
    expect(r.url).toBe('/students/search');
    expect(r.timeout).toBe(150000000);
    expect(r.headers['page-url']).toBe('https://portal.example/students?page=2');
    expect(r.headers.Authorization).toBe('Bearer tok');
    expect(r.headers['Content-Type']).toBe('application/json');
  });
  it('admission: true switches the base to /api', async () => {
    const { api, requests } = setup(() => ({ status: 200, data: {} }));
    await api.get('/website/admissionData', { admission: true, params: { language: 'ar' } });
    expect(requests[0].baseURL).toBe('/api');
  });
  it('sends no Authorization without a token', async () => {
    const { api, requests, setToken } = setup(() => ({ status: 200, data: {} }));
    setToken(undefined);
    await api.get('/university/data');
    expect(requests[0].headers.Authorization).toBeUndefined();
  });
  it('leaves the content type of form data to the platform', async () => {
    const { api, requests } = setup(() => ({ status: 200, data: {} }));
    const form = new FormData();
    form.append('file', new Blob(['x']), 'x.pdf');
    await api.post('/archive/upload', form);
    expect(String(requests[0].headers['Content-Type'] ?? '')).not.toContain('application/json');
  });
});

describe('API client: response rules', () => {
  it('redirect_to payments: dialog, navigate, flag set, and the call rejects as handled', async () => {
    const { api, onRedirect, onDialog, onlyPayments } = setup(() => ({
      status: 200,
      data: { redirect_to: 'payments' },
    }));
    const error = await failure(api.get('/students/dashboard'));
    expect(onDialog).toHaveBeenCalledWith({
      kind: 'error',
      reason: 'payments-due',
      text: 'You have to pay your due invoices.',
    });
    expect(onRedirect).toHaveBeenCalledWith({ name: 'payments' });
    expect(onlyPayments.get()).toBe(true);
    expect(error.handled).toBe(true);
    expect(error.reason).toBe('payments-due');
  });
  it('redirect_to dashboard: survey dialog and dashboard', async () => {
    const { api, onRedirect, onDialog } = setup(() => ({ status: 200, data: { redirect_to: 'dashboard' } }));
    await failure(api.get('/x'));
    expect(onDialog).toHaveBeenCalledWith(expect.objectContaining({ text: 'You have to fill the survery first.' }));
    expect(onRedirect).toHaveBeenCalledWith({ name: 'dashboard' });
  });
  it('any other response clears the only-payments flag, errors included; reads keep it', async () => {
    let reply: Reply = { status: 200, data: { redirect_to: 'payments' } };
    const { api, onlyPayments } = setup(() => reply);
    await failure(api.get('/a'));
    expect(onlyPayments.get()).toBe(true);
    reply = { status: 200, data: { data: [] } };
    await api.get('/b');
    await api.post('/installments', {});
    expect(onlyPayments.get()).toBe(true);
    await api.post('/b/pay');
    expect(onlyPayments.get()).toBe(false);
    onlyPayments.set(true);
    reply = { status: 422, data: { errors: ['bad'] } };
    await failure(api.put('/c'));
    expect(onlyPayments.get()).toBe(false);
  });
  it('a network failure leaves the flag alone and does not redirect', async () => {
    const { api, onlyPayments, onRedirect } = setup(() => new Error('offline'));
    onlyPayments.set(true);
    const error = await failure(api.get('/a'));
    expect(error.status).toBeUndefined();
    expect(error.message).toBe('Something wrong, try one more time');
    expect(onlyPayments.get()).toBe(true);
    expect(onRedirect).not.toHaveBeenCalled();
  });
  it('401 for a student with a token: misc-not-authorized; without: auth-login', async () => {
    const s = setup(() => ({ status: 401, data: {} }));
    await failure(s.api.get('/a'));
    expect(s.onRedirect).toHaveBeenLastCalledWith({ name: 'misc-not-authorized' });
    s.setToken(undefined);
    await failure(s.api.get('/a'));
    expect(s.onRedirect).toHaveBeenLastCalledWith({ name: 'auth-login' });
  });
  it('401 for type 4 is exempt', async () => {
    const s = setup(() => ({ status: 401, data: {} }), { user: makeUser({ type: { name: 'Staff', type: 4 } }) });
    const error = await failure(s.api.get('/a'));
    expect(s.onRedirect).not.toHaveBeenCalled();
    expect(error.handled).toBe(false);
  });
  it('404 without a usable body: error-404; with a message: the caller gets it', async () => {
    let reply: Reply = { status: 404, data: '' };
    const s = setup(() => reply);
    await failure(s.api.get('/students/99'));
    expect(s.onRedirect).toHaveBeenCalledWith({ name: 'error-404' });
    reply = { status: 404, data: { error: 'Student not found' } };
    const error = await failure(s.api.get('/students/98'));
    expect(error.message).toBe('Student not found');
    expect(s.onRedirect).toHaveBeenCalledTimes(1);
  });
  it('503 on login: misc-under-maintenance', async () => {
    const s = setup(() => ({ status: 503, data: {} }), { user: null });
    const error = await failure(s.api.post('/login', { email: 'a@b.c', password: 'x' }));
    expect(s.onRedirect).toHaveBeenCalledWith({ name: 'misc-under-maintenance' });
    expect(error.reason).toBe('maintenance');
  });
});

describe('API client: errors', () => {
  it('reads the message in the current locale with field errors', async () => {
    const s = setup(
      () => ({ status: 422, data: { errors: { email: [{ en: 'this email incorrect', ar: 'البريد غير صحيح' }] } } }),
      {
        getLocale: () => 'ar',
      },
    );
    const error = await failure(s.api.post('/users/profile', {}));
    expect(error.message).toBe('البريد غير صحيح');
    expect(error.fieldErrors).toEqual({ email: 'البريد غير صحيح' });
    expect(error.status).toBe(422);
    expect(error.firstError).toBeUndefined();
  });
  it('registration, transfer, emtyaz and study plan calls surface the first errors entry', async () => {
    const s = setup(() => ({
      status: 422,
      data: { errors: ['There is no available capacity', 'second'], error: 'generic' },
    }));
    for (const path of [
      '/registrations/students/request-offering',
      '/transfer/out/request',
      'emtyaz/registration',
      '/students/academic/study-plan',
    ]) {
      const error = await failure(s.api.put(path, {}));
      expect(error.firstError).toBe('There is no available capacity');
      expect(error.message).toBe('There is no available capacity');
    }
  });
  it('falls back to "Something wrong, try one more time"', async () => {
    const s = setup(() => ({ status: 500, data: '<html>' }));
    expect((await failure(s.api.get('/a'))).message).toBe('Something wrong, try one more time');
  });
  it('reads a JSON error body of a failed blob download', async () => {
    const s = setup(() => ({
      status: 422,
      data: new Blob([JSON.stringify({ error: 'No students to export' })], { type: 'application/json' }),
    }));
    expect((await failure(s.api.post('/students/export', {}, { responseType: 'blob' }))).message).toBe(
      'No students to export',
    );
  });
  it('toasts unhandled errors when onToast is given, unless the call opts out', async () => {
    const onToast = vi.fn();
    let reply: Reply = { status: 422, data: { error: 'No place available' } };
    const s = setup(() => reply, { onToast });
    await failure(s.api.post('/hotels/reservations/create', {}));
    expect(onToast).toHaveBeenCalledWith(
      expect.objectContaining({ variant: 'error', message: 'No place available', autoHideDuration: 5000 }),
    );
    await failure(s.api.post('/hotels/reservations/create', {}, { toast: false }));
    reply = { status: 404, data: {} };
    await failure(s.api.get('/nothing'));
    expect(onToast).toHaveBeenCalledTimes(1);
  });
  it('a cancelled call is handled and not toasted', async () => {
    const onToast = vi.fn();
    const s = setup(() => ({ status: 200, data: {} }), { onToast });
    const controller = new AbortController();
    controller.abort();
    const error = await failure(s.api.get('/a', { signal: controller.signal }));
    expect(error.canceled).toBe(true);
    expect(error.handled).toBe(true);
    expect(onToast).not.toHaveBeenCalled();
  });
});
