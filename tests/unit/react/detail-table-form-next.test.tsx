// @vitest-environment jsdom
/**
 * A detail column with `table:` draws the record's list (its history) as a small table with its
 * own headers, formats and badges, "Nothing yet" when empty, in English and Arabic; a form with
 * `submit.next` opens the page the server's answer leads to (a payment when there is one, else
 * the saved record), and without a match the user stays on the form.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import type { ClientManifest, FormNext } from '../../../generator/manifest-types.ts';
import { createMemoryCookieJar } from '../../../engine/core/cookie-jar.ts';
import { createSessionStore } from '../../../engine/core/session.ts';
import { LANGUAGE_COOKIE } from '../../../engine/core/language.ts';
import { createMemoryStorage } from '../../../engine/core/layout-settings.ts';
import { createApp } from '../../../engine/react/app.tsx';
import { nextHref } from '../../../engine/react/renderers/form/form-next.ts';
import { tableItems } from '../../../engine/react/renderers/DetailTable.tsx';
import { fixtureManifest, screen as screenDef } from './fixture-manifest.ts';

const NEXT: FormNext[] = [
  { route: 'pay', params: { id: 'payment_id' }, when: { field: 'payment_id', empty: false } },
  { route: 'orders-show', params: { id: 'id' } },
];

function manifest(): ClientManifest {
  const m = fixtureManifest();
  m.screens['orders-show'] = screenDef({
    name: 'orders-show',
    path: '/orders/show/:id',
    view: 'detail',
    title: { en: 'Order', ar: 'طلب' },
    source: { path: '/orders/details/:id' },
    columns: [
      { field: 'code', label: { en: 'Code', ar: 'الرمز' } },
      {
        field: 'history',
        label: { en: 'History', ar: 'السجل' },
        table: {
          columns: [
            { field: 'at', label: { en: 'When', ar: 'التاريخ' }, format: 'date' },
            { field: 'by', label: { en: 'By', ar: 'بواسطة' } },
            { field: 'from_id', label: { en: 'From', ar: 'من' }, badge: 'user_type' },
            { field: 'to_id', label: { en: 'To', ar: 'إلى' }, badge: 'user_type' },
            { field: 'note', label: { en: 'Note', ar: 'ملاحظة' } },
          ],
        },
      },
    ],
  });
  m.forms.order = {
    name: 'order',
    title: { en: 'Order', ar: 'طلب' },
    version: 'x',
    fields: [
      { name: 'item', label: { en: 'Item', ar: 'الصنف' }, schema: { type: 'string' }, required: true, rules: [] },
    ],
    submit: { method: 'POST', path: '/orders', next: NEXT },
  };
  m.screens['orders-add'] = screenDef({
    name: 'orders-add',
    path: '/orders/add',
    view: 'form',
    form: 'order',
    title: { en: 'New order', ar: 'طلب جديد' },
  });
  m.screens.pay = screenDef({
    name: 'pay',
    path: '/pay/:id',
    view: 'page',
    title: { en: 'Pay', ar: 'الدفع' },
    text: { en: 'Pay here', ar: 'ادفع هنا' },
  });
  return m;
}

const HISTORY = [
  { at: '2026-03-01T09:30:00.000Z', by: 'Mona Hassan', from_id: null, to_id: 3, note: null },
  { at: '2026-03-02T10:00:00.000Z', by: 'Registrar', from_id: 3, to_id: 4, note: 'Name misspelt' },
];

/** Order 7 has a history, order 8 none; POST /orders answers with the payment the item costs. */
function server(answer: Record<string, unknown>) {
  const posted: unknown[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    let data: unknown = {};
    if (config.url === '/orders/details/7') data = { data: { id: 7, code: 'ORD-7', history: HISTORY } };
    if (config.url === '/orders/details/8') data = { data: { id: 8, code: 'ORD-8', history: [] } };
    if (config.url === '/orders' && config.method === 'post') {
      posted.push(typeof config.data === 'string' ? JSON.parse(config.data) : config.data);
      data = { data: answer, payment_id: answer.payment_id };
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
    return { data, status: config.method === 'post' ? 201 : 200, statusText: 'OK', headers: {}, config };
  };
  return { adapter, posted };
}

async function start(path: string, language: 'en' | 'ar', answer: Record<string, unknown> = {}) {
  const jar = createMemoryCookieJar();
  jar.set(LANGUAGE_COOKIE, language);
  createSessionStore(jar).signIn({
    token: 't',
    user: { id: 9, name: 'Staff Member', type: { name: 'Staff', type: 4 }, permissions: [] },
  });
  const { adapter, posted } = server(answer);
  const app = createApp({
    manifest: manifest(),
    jar,
    storage: createMemoryStorage(),
    adapter,
    memory: { initialEntries: [path] },
  });
  await app.ready;
  render(<app.App />);
  return { app, posted };
}

const rows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));

window.scrollTo = () => {};
afterEach(cleanup);

beforeAll(async () => {
  await Promise.all([
    import('../../../engine/react/renderers/DetailRenderer.tsx'),
    import('../../../engine/react/renderers/form/FormRenderer.tsx'),
    import('../../../engine/react/renderers/form/SimpleFormRenderer.tsx'),
    import('../../../engine/react/shell/VerticalLayout.tsx'),
  ]);
}, 120_000);

describe('detail column table:', () => {
  it('in English: the list under its label, with its own headers, dates, badges and — for nothing', async () => {
    await start('/orders/show/7', 'en');
    const table = await screen.findByRole('table', { name: 'History' }, { timeout: 5000 });
    expect(rows(table)).toEqual([
      ['When', 'By', 'From', 'To', 'Note'],
      ['1 Mar 2026', 'Mona Hassan', '—', 'Student', '—'],
      ['2 Mar 2026', 'Registrar', 'Student', 'Staff', 'Name misspelt'],
    ]);
    expect(screen.getByRole('heading', { name: 'History' })).toBeTruthy();
    expect(screen.getByText('ORD-7')).toBeTruthy();
  });

  it('in Arabic: headers and badges in Arabic', async () => {
    await start('/orders/show/7', 'ar');
    const table = await screen.findByRole('table', { name: 'السجل' }, { timeout: 5000 });
    expect(rows(table)[0]).toEqual(['التاريخ', 'بواسطة', 'من', 'إلى', 'ملاحظة']);
    expect(rows(table)[2]?.slice(2, 4)).toEqual(['طالب', 'موظف']);
  });

  it('an empty list: a short line in the language, no table', async () => {
    await start('/orders/show/8', 'ar');
    await screen.findByText('لا شيء بعد', {}, { timeout: 5000 });
    expect(screen.queryByRole('table')).toBeNull();
    cleanup();
    await start('/orders/show/8', 'en');
    await screen.findByText('Nothing yet', {}, { timeout: 5000 });
  });

  it('reads only the object items of the list', () => {
    expect(tableItems([{ a: 1 }, null, 3, [1], { b: 2 }])).toEqual([{ a: 1 }, { b: 2 }]);
    expect(tableItems('x')).toEqual([]);
    expect(tableItems(undefined)).toEqual([]);
  });
});

describe('form submit.next', () => {
  it('picks the first entry whose when holds, params from the answer data', () => {
    const m = manifest();
    expect(nextHref(NEXT, { data: { id: 5, payment_id: 42 }, payment_id: 42 }, m)).toBe('/pay/42');
    expect(nextHref(NEXT, { data: { id: 6, payment_id: null }, payment_id: null }, m)).toBe('/orders/show/6');
    // no entry whose address can be made: stay
    expect(nextHref(NEXT, { data: {} }, m)).toBeUndefined();
    expect(nextHref(undefined, { data: { id: 1 } }, m)).toBeUndefined();
    expect(nextHref([{ route: 'unknown-route' }], { data: { id: 1 } }, m)).toBeUndefined();
  });

  async function submitOrder(answer: Record<string, unknown>) {
    const { app, posted } = await start('/orders/add', 'en', answer);
    const input = await screen.findByRole('textbox', { name: /Item/ }, { timeout: 5000 });
    await act(async () => fireEvent.change(input, { target: { value: 'Transcript' } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(posted).toEqual([{ item: 'Transcript' }]));
    return app;
  }

  it('with a payment in the answer: opens the payment page', async () => {
    const app = await submitOrder({ id: 5, payment_id: 42 });
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/pay/42'));
    await screen.findByText('Pay here');
  });

  it('free: opens the saved record', async () => {
    const app = await submitOrder({ id: 6, payment_id: null });
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/orders/show/6'));
  });
});
