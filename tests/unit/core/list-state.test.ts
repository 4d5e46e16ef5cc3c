import { describe, expect, it } from 'vitest';
import {
  defaultListState,
  listStateToQuery,
  mergeListQuery,
  readListState,
  updateListState,
  type ListState,
} from '../../../engine/core/index.ts';

describe('list state in the address query', () => {
  it('defaults: page 1, perPage 10, no search, no filters', () => {
    expect(readListState('')).toEqual({ page: 1, perPage: 10, search: '', filters: {} });
    expect(readListState(undefined)).toEqual(defaultListState());
  });

  it('reads page, perPage, search and filter ids', () => {
    expect(readListState('?page=3&perPage=25&search=%20ahmed%20&filter.status_id=1,3&filter.faculty_id=7')).toEqual({
      page: 3,
      perPage: 25,
      search: 'ahmed',
      filters: { status_id: ['1', '3'], faculty_id: ['7'] },
    });
  });

  it('reads a router record with repeated filter keys, dropping empties and duplicates', () => {
    expect(readListState({ 'filter.status_id': ['1', '2,1', ''], page: '2' }).filters).toEqual({
      status_id: ['1', '2'],
    });
  });

  it.each([
    ['0', 1],
    ['-2', 1],
    ['abc', 1],
    ['2.5', 1],
    ['', 1],
    ['1e3', 1],
    ['99999999999', 1],
    ['4', 4],
  ])('page=%s reads as %i', (value, page) => {
    expect(readListState({ page: value }).page).toBe(page);
  });

  it.each([
    ['0', 10],
    ['x', 10],
    ['1001', 10],
    ['-5', 10],
    ['50', 50],
    ['1000', 1000],
  ])('perPage=%s reads as %i', (value, perPage) => {
    expect(readListState({ perPage: value }).perPage).toBe(perPage);
  });

  it('perPage must be one of the offered sizes when given', () => {
    expect(readListState({ perPage: '30' }, { perPageOptions: [10, 25, 50] }).perPage).toBe(10);
    expect(readListState({ perPage: '25' }, { perPageOptions: [10, 25, 50] }).perPage).toBe(25);
  });

  it('reads only declared filter fields, and never odd field names', () => {
    const query = { 'filter.status_id': '1', 'filter.secret': '2', 'filter.__proto__': '3', 'filter.': '4' };
    expect(readListState(query, { filterFields: ['status_id'] }).filters).toEqual({ status_id: ['1'] });
    expect(readListState(query).filters).toEqual({ status_id: ['1'], secret: ['2'] });
  });

  it('writes defaults as nothing', () => {
    expect(listStateToQuery(defaultListState())).toEqual({});
  });

  it('round-trips', () => {
    const state: ListState = {
      page: 4,
      perPage: 50,
      search: 'محمد',
      filters: { status_id: ['262144', '16'], term_id: ['3'] },
    };
    const query = listStateToQuery(state);
    expect(query).toEqual({
      page: '4',
      perPage: '50',
      search: 'محمد',
      'filter.status_id': '262144,16',
      'filter.term_id': '3',
    });
    expect(readListState(query)).toEqual(state);
    expect(readListState(new URLSearchParams(query).toString())).toEqual(state);
  });

  it('mergeListQuery keeps unrelated keys and replaces list keys', () => {
    const merged = mergeListQuery('?tab=2&page=9&filter.old=1', { ...defaultListState(), search: 'x' });
    expect(merged.toString()).toBe('tab=2&search=x');
  });

  it('a new search, filter or page size resets the page to 1; a page change does not', () => {
    const state: ListState = { ...defaultListState(), page: 5 };
    expect(updateListState(state, { search: 'a' }).page).toBe(1);
    expect(updateListState(state, { filters: { status_id: ['1'] } }).page).toBe(1);
    expect(updateListState(state, { perPage: 25 }).page).toBe(1);
    expect(updateListState(state, { page: 6 }).page).toBe(6);
    expect(updateListState(state, { search: '' }).page).toBe(5);
  });
});
