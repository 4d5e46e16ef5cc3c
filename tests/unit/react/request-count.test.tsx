// @vitest-environment jsdom
/**
 * One request per list state change, also under React's StrictMode (its mount effects run twice
 * in a development build of React, which is what the e2e build is): first render, a page
 * change, a filter change, a rerender with the same state (no request), a reload; and an answer
 * to a superseded request never overwrites the newer one. And a detail page names its referenced
 * rows from GET /{resource}/details/{id} (`related`, `meta.lookup`), not from option lists.
 */
import { StrictMode, useState } from 'react';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { ClientEntity, ClientManifest } from '../../../generator/manifest-types.ts';
import { createMemoryCookieJar } from '../../../engine/core/cookie-jar.ts';
import { createSessionStore } from '../../../engine/core/session.ts';
import { LANGUAGE_COOKIE } from '../../../engine/core/language.ts';
import { createMemoryStorage } from '../../../engine/core/layout-settings.ts';
import { createApp } from '../../../engine/react/app.tsx';
import {
  useListController,
  type ListController,
  type ListFetcher,
} from '../../../engine/react/renderers/list/useListController.ts';
import { detailRefLabel } from '../../../engine/react/renderers/ref-labels.ts';
import { detailPath } from '../../../engine/react/renderers/DetailRenderer.tsx';
import { fixtureManifest, screen as screenDef } from './fixture-manifest.ts';

type Row = Record<string, unknown>;

afterEach(cleanup);
window.scrollTo = () => {};

const usersList = fixtureManifest().screens['users-list'];

function mountList(url: string, fetcher: ListFetcher) {
  const seen: { current?: ListController; rerender?: () => void } = {};
  function Probe() {
    const [, setTick] = useState(0);
    seen.rerender = () => setTick((n) => n + 1);
    seen.current = useListController(usersList, fetcher);
    return null;
  }
  const router = createMemoryRouter([{ path: '/users', element: <Probe /> }], { initialEntries: [url] });
  render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  return seen;
}

describe('list requests', () => {
  it('asks once per list state: first render, page change, filter change; not on a rerender; again on reload', async () => {
    const fetcher = vi.fn<ListFetcher>(async () => ({ data: [{ id: 1, name: 'Ali' }], meta: { count: 31 } }));
    const seen = mountList('/users', fetcher);
    await act(async () => {});
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(seen.current?.rows).toEqual([{ id: 1, name: 'Ali' }]);

    await act(async () => seen.current?.setPage(2));
    expect(fetcher).toHaveBeenCalledTimes(2);
    expect(fetcher.mock.calls[1][1]).toMatchObject({ page: 2 });

    await act(async () => seen.current?.setFilter('type', ['3']));
    expect(fetcher).toHaveBeenCalledTimes(3);
    expect(fetcher.mock.calls[2][1]).toMatchObject({ page: 1, filters: { type: '3' } });

    await act(async () => seen.rerender?.());
    await act(async () => seen.rerender?.());
    expect(fetcher).toHaveBeenCalledTimes(3);

    await act(async () => seen.current?.reload());
    expect(fetcher).toHaveBeenCalledTimes(4);
    expect(fetcher.mock.calls[3][1]).toEqual(fetcher.mock.calls[2][1]);
  });

  it('drops the answer of a superseded request, even when it arrives last', async () => {
    const answers: Array<(body: unknown) => void> = [];
    const fetcher = vi.fn<ListFetcher>(() => new Promise((resolve) => answers.push(resolve)));
    const seen = mountList('/users', fetcher);
    await act(async () => {});
    expect(fetcher).toHaveBeenCalledTimes(1);
    await act(async () => seen.current?.setPage(2));
    expect(fetcher).toHaveBeenCalledTimes(2);
    await act(async () => answers[1]({ data: [{ id: 2, name: 'Page two' }], meta: { count: 31 } }));
    await act(async () => answers[0]({ data: [{ id: 1, name: 'Page one (stale)' }], meta: { count: 31 } }));
    expect(seen.current?.rows).toEqual([{ id: 2, name: 'Page two' }]);
    expect(seen.current?.loading).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------
// detail labels

function field(name: string, extra: Partial<ClientEntity['fields'][string]> = {}): ClientEntity['fields'][string] {
  return {
    name,
    type: 'string',
    label: { en: name, ar: name },
    required: false,
    unique: false,
    rules: [],
    search: false,
    readOnly: false,
    ...extra,
  };
}

function entity(name: string, fields: ClientEntity['fields']): ClientEntity {
  return {
    name,
    table: name,
    label: { en: name, ar: name },
    fields,
    access: { read: 'public', write: 'manage_users', delete: 'manage_users' },
    search: [],
    sort: { field: 'name', order: 'asc' },
    softDelete: false,
    timestamps: false,
    expose: true,
  };
}

const user = (id: number): Row => ({ id, name: `User ${id}`, name_local: `المستخدم ${id}` });
/** The option list is capped at 1,000 rows, as POST /lookups/get is. */
const FIRST_1000 = Array.from({ length: 1000 }, (_, i) => user(i + 1));
const FACULTY = { id: 2, name: 'Faculty of Engineering', name_local: 'كلية الهندسة' };
const RECORD: Row = { id: 7, name: 'Mona Hassan', name_local: 'منى حسن', advisor_id: 1117, faculty_id: 2 };

function manifest(): ClientManifest {
  const m = fixtureManifest();
  const labels = { name: field('name'), name_local: field('name_local') };
  m.entities.users = entity('users', labels);
  m.entities.faculties = entity('faculties', labels);
  m.entities.students = entity('students', {
    ...labels,
    advisor_id: field('advisor_id', { type: 'integer', ref: 'users', label: { en: 'Advisor', ar: 'المرشد' } }),
    faculty_id: field('faculty_id', { type: 'integer', ref: 'faculties', label: { en: 'Faculty', ar: 'الكلية' } }),
  });
  m.screens['students-show'] = screenDef({
    name: 'students-show',
    path: '/students/:id',
    view: 'detail',
    title: { en: 'Student', ar: 'الطالب' },
    source: { resource: 'students' },
    columns: ['name', 'advisor_id', 'faculty_id'].map((f) => ({ field: f, label: { en: '', ar: '' } })),
  });
  return m;
}

type DetailShape = 'details' | 'lookup-only' | 'bare';

function server(shape: DetailShape) {
  const calls: string[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    calls.push(`${(config.method ?? 'get').toUpperCase()} ${config.url ?? ''}`);
    const body: unknown = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
    let data: unknown = {};
    if (config.url === '/students/details/7') {
      const lookup = { users: [{ id: 1117, name: 'User 1117', name_local: 'المستخدم 1117' }], faculties: [FACULTY] };
      if (shape === 'details')
        data = {
          data: RECORD,
          related: { advisor_id: { ...user(1117), email: 'u1117@x' }, faculty_id: FACULTY },
          meta: { lookup },
        };
      else if (shape === 'lookup-only') data = { data: RECORD, meta: { lookup } };
      else data = { data: RECORD };
    } else if (config.url === '/lookups/get') {
      const names = (body as { lookups: string[] }).lookups;
      const found = Object.fromEntries(
        names.map((n) => [n, n === 'users' ? FIRST_1000 : n === 'faculties' ? [FACULTY] : []]),
      );
      data = { data: found, lookup: found };
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
    return { data, status: 200, statusText: 'OK', headers: {}, config };
  };
  return { adapter, calls };
}

async function openDetail(language: 'en' | 'ar', shape: DetailShape) {
  const jar = createMemoryCookieJar();
  jar.set(LANGUAGE_COOKIE, language);
  createSessionStore(jar).signIn({
    token: 't',
    user: { id: 9, name: 'Staff', type: { name: 'Staff', type: 4 }, permissions: ['access_users'] },
  });
  const { adapter, calls } = server(shape);
  const app = createApp({
    manifest: manifest(),
    jar,
    storage: createMemoryStorage(),
    adapter,
    memory: { initialEntries: ['/students/7'] },
  });
  await app.ready;
  render(
    <StrictMode>
      <app.App />
    </StrictMode>,
  );
  await screen.findByText(language === 'en' ? 'Mona Hassan' : 'Mona Hassan', {}, { timeout: 5000 });
  await act(async () => new Promise((resolve) => setTimeout(resolve, 30)));
  return { calls, main: document.querySelector('[data-screen="students-show"]') as HTMLElement };
}

beforeAll(async () => {
  await Promise.all([
    import('../../../engine/react/renderers/DetailRenderer.tsx'),
    import('../../../engine/react/shell/VerticalLayout.tsx'),
  ]);
});

describe('detail labels', () => {
  it('asks GET /{resource}/details/{id}', () => {
    expect(detailPath(manifest().screens['students-show'], { id: '7' })).toBe('/students/details/7');
  });

  it('names a referenced row beyond the first 1,000 from the details answer, in English, with one request and no option list', async () => {
    const { calls, main } = await openDetail('en', 'details');
    expect(within(main).getByText('User 1117')).toBeTruthy();
    expect(within(main).getByText('Faculty of Engineering')).toBeTruthy();
    expect(calls.filter((c) => c === 'GET /students/details/7')).toHaveLength(1);
    expect(calls.filter((c) => c.includes('/lookups/get'))).toHaveLength(0);
  });

  it('in Arabic: name_local', async () => {
    const { main } = await openDetail('ar', 'details');
    expect(within(main).getByText('المستخدم 1117')).toBeTruthy();
    expect(within(main).getByText('كلية الهندسة')).toBeTruthy();
  });

  it('uses meta.lookup when the answer has no related rows', async () => {
    const { calls, main } = await openDetail('ar', 'lookup-only');
    expect(within(main).getByText('المستخدم 1117')).toBeTruthy();
    expect(calls.filter((c) => c.includes('/lookups/get'))).toHaveLength(0);
  });

  it('falls back to the option list when the answer names nothing (a bare id beyond it stays an id)', async () => {
    const { calls, main } = await openDetail('en', 'bare');
    expect(within(main).getByText('Faculty of Engineering')).toBeTruthy();
    expect(within(main).getByText('1117')).toBeTruthy();
    expect(calls.some((c) => c.includes('/lookups/get'))).toBe(true);
  });
});

describe('detailRefLabel', () => {
  const body = {
    data: RECORD,
    related: { advisor_id: user(1117), faculty_id: null },
    meta: { lookup: { faculties: [FACULTY], users: [] } },
  };
  it('takes the related row, then meta.lookup, in the language; undefined when not named; a dash when empty', () => {
    expect(detailRefLabel(body, 'advisor_id', 'users', 1117, 'en')).toBe('User 1117');
    expect(detailRefLabel(body, 'advisor_id', 'users', 1117, 'ar')).toBe('المستخدم 1117');
    expect(detailRefLabel(body, 'faculty_id', 'faculties', 2, 'ar')).toBe('كلية الهندسة');
    expect(detailRefLabel(body, 'faculty_id', 'faculties', 5, 'en')).toBeUndefined();
    expect(detailRefLabel({ data: RECORD }, 'advisor_id', 'users', 1117, 'en')).toBeUndefined();
    expect(detailRefLabel(body, 'advisor_id', 'users', null, 'en')).toBe('—');
  });
});
