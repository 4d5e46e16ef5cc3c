// @vitest-environment jsdom
/**
 * Referenced ids (`ref: instructors`) in lists, filters and forms: a list cell is named from the
 * list answer's `meta.lookup` (no extra request, any id however far in the table), and a filter
 * drop-down or form select takes its options from POST /lookups/get, once per entity.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import type { ClientEntity, ClientManifest } from '../../../generator/manifest-types.ts';
import { createMemoryCookieJar } from '../../../engine/core/cookie-jar.ts';
import { createSessionStore } from '../../../engine/core/session.ts';
import { LANGUAGE_COOKIE } from '../../../engine/core/language.ts';
import { createMemoryStorage } from '../../../engine/core/layout-settings.ts';
import { createApp } from '../../../engine/react/app.tsx';
import { readListLookup, refCellLabel } from '../../../engine/react/renderers/list/list-model.ts';
import { loadRefRows } from '../../../engine/react/renderers/useRefOptions.ts';
import { labelFor, lookupAnswerRows, optionsOf, rowLabel } from '../../../engine/react/renderers/ref-labels.ts';
import { answerFixture } from '../../../engine/react/testing/fixture-api.ts';
import { fixtureManifest, screen as screenDef } from './fixture-manifest.ts';

type Row = Record<string, unknown>;

const INSTRUCTORS = 120;
/** Instructor n: "Instructor 007" / "المدرس 7". */
const instructor = (id: number): Row => ({
  id,
  name: `Instructor ${String(id).padStart(3, '0')}`,
  name_local: `المدرس ${id}`,
  code: `I-${id}`,
});
const ALL_INSTRUCTORS = Array.from({ length: INSTRUCTORS }, (_, i) => instructor(i + 1));
const FACULTIES: Row[] = [
  { id: 1, name: 'Faculty of Medicine', name_local: 'كلية الطب' },
  { id: 2, name: 'Faculty of Engineering', name_local: 'كلية الهندسة' },
];

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

function manifest(): ClientManifest {
  const m = fixtureManifest();
  const labels = { name: field('name'), name_local: field('name_local') };
  m.entities.instructors = entity('instructors', { code: field('code'), ...labels });
  m.entities.faculties = entity('faculties', labels);
  m.entities.students = entity('students', {
    ...labels,
    advisor_id: field('advisor_id', { type: 'integer', ref: 'instructors', label: { en: 'Advisor', ar: 'المرشد' } }),
    faculty_id: field('faculty_id', { type: 'integer', ref: 'faculties', label: { en: 'Faculty', ar: 'الكلية' } }),
  });
  m.screens['students-list'] = screenDef({
    name: 'students-list',
    path: '/students',
    view: 'list',
    title: { en: 'Students', ar: 'الطلاب' },
    source: { resource: 'students' },
    columns: ['name', 'advisor_id', 'faculty_id'].map((f) => ({ field: f, label: { en: '', ar: '' } })), // headers from the entity
    filters: [
      { field: 'advisor_id', label: { en: 'Advisor', ar: 'المرشد' }, ref: 'instructors' },
      { field: 'faculty_id', label: { en: 'Faculty', ar: 'الكلية' }, ref: 'faculties' },
    ],
  });
  return m;
}

/** The page the server answers: the advisor is instructor 117, beyond the first 100 rows. */
const STUDENTS: Row[] = [
  { id: 1, name: 'Mona Hassan', name_local: 'منى حسن', advisor_id: 117, faculty_id: 2 },
  { id: 2, name: 'Omar Khaled', name_local: 'عمر خالد', advisor_id: 3, faculty_id: null },
];

/** Answers like the Rowaq server: the list with `meta.lookup`, POST /lookups/get with `{data, lookup}`. */
function server() {
  const calls: { url: string; body: unknown }[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const body: unknown = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
    calls.push({ url: config.url ?? '', body });
    let data: unknown = {};
    if (config.url === '/students') {
      const ids = new Set(STUDENTS.map((s) => s.advisor_id));
      data = {
        data: STUDENTS,
        meta: {
          count: 2,
          page: 1,
          perPage: 10,
          lookup: {
            instructors: ALL_INSTRUCTORS.filter((i) => ids.has(i.id)).map(({ id, name, name_local }) => ({
              id,
              name,
              name_local,
            })),
            faculties: FACULTIES.filter((f) => f.id === 2),
          },
        },
      };
    } else if (config.url === '/instructors' || config.url === '/faculties') {
      // the old way: a list call, first 100 rows only
      const rows = config.url === '/instructors' ? ALL_INSTRUCTORS : FACULTIES;
      data = { data: rows.slice(0, 100), meta: { count: rows.length, lookup: {} } };
    } else if (config.url === '/excuses/get_lookups') {
      // a server call answering only the records this user may choose
      data = {
        data: {
          courses: [{ id: 7, code: 'CS301', name: 'Data Structures II', name_local: 'هياكل البيانات 2' }],
          term: null,
        },
      };
    } else if (config.url === '/lookups/get') {
      const names = (body as { lookups: string[] }).lookups;
      const found = Object.fromEntries(
        names.map((n) => [n, n === 'instructors' ? ALL_INSTRUCTORS : n === 'faculties' ? FACULTIES : []]),
      );
      data = { data: found, lookup: found };
    }
    // answers come a moment later, so callers overlap as in a browser
    await new Promise((resolve) => setTimeout(resolve, 5));
    return { data, status: 200, statusText: 'OK', headers: {}, config };
  };
  return { adapter, calls };
}

async function start(language: 'en' | 'ar') {
  const jar = createMemoryCookieJar();
  jar.set(LANGUAGE_COOKIE, language);
  createSessionStore(jar).signIn({
    token: 't',
    user: { id: 9, name: 'Staff Member', type: { name: 'Staff', type: 4 }, permissions: ['access_users'] },
  });
  const { adapter, calls } = server();
  const app = createApp({
    manifest: manifest(),
    jar,
    storage: createMemoryStorage(),
    adapter,
    memory: { initialEntries: ['/students'] },
  });
  await app.ready;
  render(<app.App />);
  const table = await screen.findByRole('table', {}, { timeout: 5000 });
  await within(table).findByText('Mona Hassan', {}, { timeout: 5000 });
  return { app, calls, table };
}

const cells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );

window.scrollTo = () => {};
afterEach(cleanup);

beforeAll(async () => {
  await Promise.all([
    import('../../../engine/react/renderers/list/ListRenderer.tsx'),
    import('../../../engine/react/shell/VerticalLayout.tsx'),
  ]);
}, 120_000);

describe('list cells of referenced ids: named from meta.lookup', () => {
  it('in English: the name of the page lookup, even for an id beyond the first 100 rows', async () => {
    const { table, calls } = await start('en');
    expect(cells(table)).toEqual([
      ['Mona Hassan', 'Instructor 117', 'Faculty of Engineering'],
      ['Omar Khaled', 'Instructor 003', '—'],
    ]);
    // no list call for the referenced entities
    expect(calls.map((c) => c.url)).not.toContain('/instructors');
    expect(calls.map((c) => c.url)).not.toContain('/faculties');
  });

  it('in Arabic: name_local', async () => {
    const { table } = await start('ar');
    expect(cells(table)).toEqual([
      ['Mona Hassan', 'المدرس 117', 'كلية الهندسة'],
      ['Omar Khaled', 'المدرس 3', '—'],
    ]);
  });
});

describe('filter drop-downs of referenced entities: POST /lookups/get', () => {
  it('asks once per entity with {lookups: [ref]}, and offers every row (the 117th too)', async () => {
    const { calls } = await start('en');
    await waitFor(() => expect(calls.filter((c) => c.url === '/lookups/get')).toHaveLength(2));
    const lookups = calls.filter((c) => c.url === '/lookups/get').map((c) => c.body);
    expect(lookups).toEqual(expect.arrayContaining([{ lookups: ['instructors'] }, { lookups: ['faculties'] }]));

    await act(async () => fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Advisor' })));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getAllByRole('option')).toHaveLength(INSTRUCTORS + 1); // and "All"
    await act(async () => within(listbox).getByRole('option', { name: 'Instructor 117' }).click());
    await waitFor(() =>
      expect(calls.at(-1)).toMatchObject({ url: '/students', body: { filters: { advisor_id: '117' } } }),
    );
    // the new page and the re-drawn drop-downs asked no more options
    expect(calls.filter((c) => c.url === '/lookups/get')).toHaveLength(2);
    expect(calls.map((c) => c.url)).not.toContain('/instructors');
  });
});

describe('the options cache', () => {
  it('shares one request among concurrent callers, per API client and session', async () => {
    const { adapter, calls } = server();
    const { api } = createApp({
      manifest: manifest(),
      jar: createMemoryCookieJar(),
      storage: createMemoryStorage(),
      adapter,
      memory: { initialEntries: ['/'] },
    });
    const [a, b] = await Promise.all([loadRefRows(api, 'instructors', 's1'), loadRefRows(api, 'instructors', 's1')]);
    expect(a).toBe(b);
    expect(a).toHaveLength(INSTRUCTORS);
    await loadRefRows(api, 'instructors', 's1');
    expect(calls).toHaveLength(1);
    await loadRefRows(api, 'faculties', 's1');
    expect(calls).toHaveLength(2);
    await loadRefRows(api, 'instructors', 's2'); // another user signed in: asked again
    expect(calls).toHaveLength(3);
  });
});

describe('pure label functions', () => {
  it('reads meta.lookup and names a referenced id in the language', () => {
    const lookup = readListLookup({
      data: [],
      meta: { count: 0, lookup: { instructors: [instructor(117)], student_status: [] } },
    });
    expect(refCellLabel(lookup, 'instructors', 117, 'en')).toBe('Instructor 117');
    expect(refCellLabel(lookup, 'instructors', '117', 'ar')).toBe('المدرس 117');
    expect(refCellLabel(lookup, 'instructors', 5, 'en')).toBe('5'); // not on the page: the id
    expect(refCellLabel(lookup, 'instructors', null, 'en')).toBe('—');
    expect(refCellLabel(lookup, 'faculties', 1, 'en')).toBeUndefined(); // no lookup for it at all
    expect(readListLookup({ data: { data: [], meta: { lookup: { faculties: FACULTIES } } } })).toEqual({
      faculties: FACULTIES,
    });
    expect(readListLookup({ data: [], total: 0 })).toEqual({});
    expect(readListLookup(null)).toEqual({});
  });

  it('reads a /lookups/get answer and labels options', () => {
    expect(lookupAnswerRows({ data: { faculties: FACULTIES }, lookup: { faculties: FACULTIES } }, 'faculties')).toBe(
      FACULTIES,
    );
    expect(lookupAnswerRows({ lookup: { faculties: FACULTIES } }, 'faculties')).toBe(FACULTIES);
    expect(lookupAnswerRows({}, 'faculties')).toEqual([]);
    expect(optionsOf(FACULTIES, 'ar')).toEqual([
      { value: '1', label: 'كلية الطب' },
      { value: '2', label: 'كلية الهندسة' },
    ]);
    expect(rowLabel({ id: 4, code: 'X-4' }, 'en')).toBe('X-4');
    expect(labelFor(undefined, 8, 'en')).toBe('8');
  });

  it('the fixture API answers /lookups/get and puts meta.lookup on list pages', () => {
    const m = manifest();
    const rows = { instructors: ALL_INSTRUCTORS, students: STUDENTS, faculties: FACULTIES };
    const ask = (path: string, body: unknown) =>
      answerFixture({ manifest: m, rows }, { method: 'post', path, query: new URLSearchParams(), body }).data;
    const got = ask('/lookups/get', { lookups: ['instructors', 'user_type'] }) as { data: Record<string, Row[]> };
    expect(got.data.instructors).toHaveLength(INSTRUCTORS);
    expect(got.data.instructors[116]).toEqual({
      id: 117,
      code: 'I-117',
      name: 'Instructor 117',
      name_local: 'المدرس 117',
    });
    expect(got.data.user_type.map((s) => s.key)).toEqual(['student', 'staff']);
    const page = ask('/students', { page: 1, perPage: 10 }) as {
      meta: { count: number; lookup: Record<string, Row[]> };
    };
    expect(page.meta.count).toBe(2);
    expect(page.meta.lookup.instructors.map((r) => r.id)).toEqual([3, 117]);
    expect(page.meta.lookup.faculties).toEqual([FACULTIES[1]]);
  });
});

describe('form selects of referenced entities', () => {
  it('two selects of one entity drawn together share one POST /lookups/get', async () => {
    const { adapter, calls } = server();
    const app = createApp({
      manifest: manifest(),
      jar: createMemoryCookieJar(),
      storage: createMemoryStorage(),
      adapter,
      memory: { initialEntries: ['/'] },
    });
    const { ApiProvider } = await import('../../../engine/react/data/ApiProvider.tsx');
    const { I18nProvider } = await import('../../../engine/react/i18n/I18nProvider.tsx');
    const { RefSelectWidget } = await import('../../../engine/react/renderers/form/widgets.tsx');
    const props = (id: string) =>
      ({
        id,
        name: id,
        label: id,
        value: 117,
        required: false,
        disabled: false,
        readonly: false,
        autofocus: false,
        placeholder: '',
        rawErrors: [],
        options: { ref: 'instructors' },
        schema: { type: 'integer' },
        onChange: () => undefined,
        onBlur: () => undefined,
        onFocus: () => undefined,
      }) as unknown as Parameters<typeof RefSelectWidget>[0];
    render(
      <I18nProvider i18n={app.i18n}>
        <ApiProvider api={app.api}>
          <RefSelectWidget {...props('advisor')} />
          <RefSelectWidget {...props('co_advisor')} />
        </ApiProvider>
      </I18nProvider>,
    );
    await waitFor(() => expect(screen.getAllByText('Instructor 117')).toHaveLength(2));
    expect(calls).toEqual([{ url: '/lookups/get', body: { lookups: ['instructors'] } }]);
  });

  it('choices from a server call (options.path and key): only the rows it answers, named in the language, one GET', async () => {
    const { adapter, calls } = server();
    const jar = createMemoryCookieJar({ [LANGUAGE_COOKIE]: 'ar' });
    const app = createApp({
      manifest: manifest(),
      jar,
      storage: createMemoryStorage(),
      adapter,
      memory: { initialEntries: ['/'] },
    });
    await app.ready;
    const { ApiProvider } = await import('../../../engine/react/data/ApiProvider.tsx');
    const { I18nProvider } = await import('../../../engine/react/i18n/I18nProvider.tsx');
    const { RefSelectWidget } = await import('../../../engine/react/renderers/form/widgets.tsx');
    const props = (id: string) =>
      ({
        id,
        name: id,
        label: id,
        value: 7,
        required: false,
        disabled: false,
        readonly: false,
        autofocus: false,
        placeholder: '',
        rawErrors: [],
        options: { path: '/excuses/get_lookups', key: 'courses', ref: 'instructors' },
        schema: { type: 'integer' },
        onChange: () => undefined,
        onBlur: () => undefined,
        onFocus: () => undefined,
      }) as unknown as Parameters<typeof RefSelectWidget>[0];
    render(
      <I18nProvider i18n={app.i18n}>
        <ApiProvider api={app.api}>
          <RefSelectWidget {...props('course')} />
          <RefSelectWidget {...props('course_again')} />
        </ApiProvider>
      </I18nProvider>,
    );
    await waitFor(() => expect(screen.getAllByText('هياكل البيانات 2')).toHaveLength(2));
    // the path's rows, not the ref's: no /lookups/get
    expect(calls.map((c) => c.url)).toEqual(['/excuses/get_lookups']);
  });
});
