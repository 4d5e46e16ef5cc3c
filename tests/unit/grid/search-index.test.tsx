// @vitest-environment jsdom
/**
 * The fuzzy index lives only while a search is under way (model/search.ts): on 100,000 rows it
 * is 20 MB that every major collection marks again while the grid scrolls. Fuse.js is counted,
 * not replaced: each index built is a Fuse constructed, and the searches are Fuse's own.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFuzzySearcher } from '../../../engine/plugins/grid/model/search.ts';
import type { GridColumn, GridRow } from '../../../engine/plugins/grid/model/types.ts';
import { Grid } from '../../../engine/plugins/grid/react/Grid.tsx';
import { fakeGridLayout } from './fake-layout.ts';

const built = vi.hoisted(() => ({ count: 0 }));
vi.mock('fuse.js', async (importOriginal) => {
  const Fuse = (await importOriginal<typeof import('fuse.js')>()).default;
  class Counted<T> extends Fuse<T> {
    constructor(...args: ConstructorParameters<typeof Fuse<T>>) {
      super(...args);
      built.count++;
    }
  }
  return { default: Counted };
});

afterEach(cleanup);
beforeEach(() => {
  built.count = 0;
});
fakeGridLayout();

const rows = (): GridRow[] => [
  { code: 'S1', name: 'Ahmed', name_local: 'أحمد' },
  { code: 'S2', name: 'Mona', name_local: 'منى' },
  { code: 'S3', name: 'Omar', name_local: 'عمر' },
];

describe('the fuzzy searcher', () => {
  it('builds its index once for every search, again after release, with the same results', () => {
    const searcher = createFuzzySearcher(rows());
    expect(built.count).toBe(0);
    expect(searcher.search('Muna')).toEqual([1]);
    expect(searcher.search('Omar')).toEqual([2]);
    expect(built.count).toBe(1);
    searcher.release();
    expect(searcher.search('')).toEqual([0, 1, 2]);
    expect(built.count).toBe(1);
    expect(searcher.search('Muna')).toEqual([1]);
    expect(built.count).toBe(2);
    searcher.release();
    searcher.warm();
    expect(built.count).toBe(3);
    expect(searcher.search('عمر')).toEqual([2]);
    expect(built.count).toBe(3);
  });
});

describe('the grid keeps the index only while the search is in use', () => {
  const columns: GridColumn[] = [
    { name: 'code', label: 'Code', keyField: true },
    { name: 'name', label: 'Name' },
    { name: 'name_local', label: 'Local name' },
  ];
  const setup = () => {
    render(<Grid columns={columns} rows={rows()} importExport={false} />);
    const box = screen.getByLabelText('Search name or code');
    const shown = () => screen.getByRole('grid').querySelectorAll('[data-r]').length;
    return { box, shown };
  };

  it('built on focus, kept while the box has it, dropped when the box is left empty', () => {
    const { box, shown } = setup();
    fireEvent.focus(box);
    expect(built.count).toBe(1);
    fireEvent.change(box, { target: { value: 'Muna' } });
    expect(shown()).toBe(1);
    fireEvent.change(box, { target: { value: '' } });
    expect(shown()).toBe(3);
    fireEvent.change(box, { target: { value: 'Omar' } });
    expect(shown()).toBe(1);
    expect(built.count).toBe(1);
    // Left with a search in it: kept (the search still filters the rows).
    fireEvent.blur(box);
    fireEvent.change(box, { target: { value: 'Ahmad' } });
    expect(shown()).toBe(1);
    expect(built.count).toBe(1);
    // Emptied and left: dropped; the next search builds it again and still finds.
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: '' } });
    fireEvent.blur(box);
    fireEvent.change(box, { target: { value: 'Mona' } });
    expect(shown()).toBe(1);
    expect(built.count).toBe(2);
  });

  it('a search cleared while the box is not in use drops it too', () => {
    const { box, shown } = setup();
    fireEvent.change(box, { target: { value: 'Muna' } });
    expect(shown()).toBe(1);
    expect(built.count).toBe(1);
    fireEvent.change(box, { target: { value: '' } });
    expect(shown()).toBe(3);
    fireEvent.change(box, { target: { value: 'Omar' } });
    expect(shown()).toBe(1);
    expect(built.count).toBe(2);
  });
});
