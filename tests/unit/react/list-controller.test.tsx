// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import {
  useListController,
  type ListController,
  type ListFetcher,
} from '../../../engine/react/renderers/list/useListController.ts';
import { listRequestBody, nextSort, normalizeListResponse } from '../../../engine/react/renderers/list/list-model.ts';
import { fixtureManifest } from './fixture-manifest.ts';

const screen = fixtureManifest().screens['users-list'];

function setup(url: string) {
  const fetcher = vi.fn<ListFetcher>(async () => ({ data: [{ id: 1, name: 'Ali' }], total: 31 }));
  const seen: { current?: ListController } = {};
  function Probe() {
    seen.current = useListController(screen, fetcher);
    return null;
  }
  const router = createMemoryRouter([{ path: '/users', element: <Probe /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  const search = () => new URLSearchParams(router.state.location.search);
  return { fetcher, seen, router, search };
}

afterEach(cleanup);

describe('list controller: state in the address', () => {
  it('reads page, perPage, search, filters and sort from the address and asks the server with them', async () => {
    const { fetcher, seen } = setup(
      '/users?page=2&perPage=25&search=ali&filter.type=3&filter.unknown=1&sort=email&order=desc',
    );
    await act(async () => {});
    expect(seen.current?.state).toEqual({ page: 2, perPage: 25, search: 'ali', filters: { type: ['3'] } });
    expect(seen.current?.sort).toEqual({ field: 'email', order: 'desc' });
    expect(fetcher).toHaveBeenLastCalledWith('/users', {
      filters: { type: '3' },
      search: 'ali',
      sort: { field: 'email', order: 'desc' },
      page: 2,
      perPage: 25,
    });
    expect(seen.current?.rows).toEqual([{ id: 1, name: 'Ali' }]);
    expect(seen.current?.total).toBe(31);
  });

  it('uses the defaults (page 1, perPage 10, the screen sort) on a clean address', async () => {
    const { fetcher, seen } = setup('/users');
    await act(async () => {});
    expect(seen.current?.state).toEqual({ page: 1, perPage: 10, search: '', filters: {} });
    expect(fetcher.mock.calls[0][1]).toMatchObject({ page: 1, perPage: 10, sort: { field: 'name', order: 'asc' } });
  });

  it('writes changes back to the address, so a reload or shared link shows the same list', async () => {
    const { seen, search, fetcher } = setup('/users?page=3&keep=yes');
    await act(async () => {});
    await act(async () => seen.current?.setSearch('mona'));
    expect(search().get('search')).toBe('mona');
    expect(search().get('page')).toBeNull(); // a new search starts again at page 1
    expect(search().get('keep')).toBe('yes'); // unrelated keys stay

    await act(async () => seen.current?.setFilter('type', ['4']));
    expect(search().get('filter.type')).toBe('4');

    await act(async () => seen.current?.setPage(2));
    expect(search().get('page')).toBe('2');

    await act(async () => seen.current?.toggleSort('email'));
    expect(search().get('sort')).toBe('email');
    expect(search().get('order')).toBeNull();
    await act(async () => seen.current?.toggleSort('email'));
    expect(search().get('order')).toBe('desc');

    await act(async () => seen.current?.clearFilters());
    expect(search().get('filter.type')).toBeNull();
    expect(search().get('search')).toBeNull();
    expect(fetcher.mock.calls.at(-1)?.[1]).toMatchObject({
      filters: {},
      search: '',
      sort: { field: 'email', order: 'desc' },
    });
  });
});

describe('list model', () => {
  it('merges fixed filters of the definition with the user filters', () => {
    const body = listRequestBody(
      { source: { resource: 'users', filters: { active: true } } },
      { page: 1, perPage: 10, search: '', filters: { type: ['3', '4'] } },
      undefined,
    );
    expect(body.filters).toEqual({ active: true, type: ['3', '4'] });
  });

  it('reads rows and total from the usual answer shapes', () => {
    expect(normalizeListResponse({ data: [{ id: 1 }], total: 9 })).toEqual({ rows: [{ id: 1 }], total: 9 });
    expect(normalizeListResponse({ data: { data: [{ id: 2 }], meta: { total: 4 } } })).toEqual({
      rows: [{ id: 2 }],
      total: 4,
    });
    expect(normalizeListResponse([{ id: 3 }])).toEqual({ rows: [{ id: 3 }], total: 1 });
    expect(normalizeListResponse(null)).toEqual({ rows: [], total: 0 });
  });

  it("reads the total of the Rowaq server's answer {data, meta: {count, lookup}} (not the page's row count)", () => {
    const rows = Array.from({ length: 10 }, (_, i) => ({ id: i + 1 }));
    expect(normalizeListResponse({ data: rows, meta: { count: 2400, page: 1, perPage: 10, lookup: {} } })).toEqual({
      rows,
      total: 2400,
    });
    // page 3 of 5 rows of a filtered list: the total is the filtered count, not the 5 rows shown
    expect(
      normalizeListResponse({ data: rows.slice(0, 5), meta: { count: 37, page: 3, perPage: 5, lookup: {} } }).total,
    ).toBe(37);
    expect(normalizeListResponse({ data: [], meta: { count: 0, lookup: {} } })).toEqual({ rows: [], total: 0 });
  });

  it('cycles a header sort: ascending, descending, default', () => {
    expect(nextSort(undefined, 'name')).toEqual({ field: 'name', order: 'asc' });
    expect(nextSort({ field: 'name', order: 'asc' }, 'name')).toEqual({ field: 'name', order: 'desc' });
    expect(nextSort({ field: 'name', order: 'desc' }, 'name')).toBeUndefined();
  });
});
