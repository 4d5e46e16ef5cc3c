// @vitest-environment jsdom
/**
 * The grid searching through its worker (a stand-in that runs the worker's protocol on a later
 * task): the answer shows when it comes, the last answer stays until then, a cleared search shows
 * every row at once, and the worker ends with the grid.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Grid } from '../../../engine/plugins/grid/react/Grid.tsx';
import { computeView } from '../../../engine/plugins/grid/model/view.ts';
import type { GridColumn, GridRow } from '../../../engine/plugins/grid/model/types.ts';
import { fakeGridLayout } from './fake-layout.ts';
import { FakeWorker } from './fake-search-worker.ts';

// The real view, counted: text typed while a query runs must not work the view out again.
vi.mock('../../../engine/plugins/grid/model/view.ts', async (original) => {
  const real = await original<typeof import('../../../engine/plugins/grid/model/view.ts')>();
  return { ...real, computeView: vi.fn(real.computeView) };
});

fakeGridLayout();
beforeEach(() => vi.stubGlobal('Worker', FakeWorker));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  FakeWorker.made = [];
});

const columns: GridColumn[] = [
  { name: 'code', label: 'Code', keyField: true },
  { name: 'name', label: 'Name' },
  { name: 'name_local', label: 'Local name' },
];
const rows: GridRow[] = [
  { code: 'S1', name: 'Ahmed', name_local: 'أحمد' },
  { code: 'S2', name: 'Mona', name_local: 'منى' },
  { code: 'S3', name: 'Omar', name_local: 'عمر' },
];

describe('the grid searching in its worker', () => {
  it('shows each answer when it comes, the last one until then; cleared, every row at once', async () => {
    const { unmount } = render(<Grid columns={columns} rows={rows} importExport={false} />);
    const box = screen.getByLabelText('Search name or code');
    const shown = () =>
      [...screen.getByRole('grid').querySelectorAll<HTMLElement>('[role="row"][data-r]')].map((row) => row.textContent);
    fireEvent.focus(box);
    expect(FakeWorker.made).toHaveLength(1);
    fireEvent.change(box, { target: { value: 'Muna' } });
    // Not answered yet: every row still shown.
    expect(shown()).toHaveLength(3);
    await waitFor(() => expect(shown()).toEqual([expect.stringContaining('S2')]));
    fireEvent.change(box, { target: { value: 'Omar' } });
    // The last answer stays until the new one comes.
    expect(shown()).toEqual([expect.stringContaining('S2')]);
    await waitFor(() => expect(shown()).toEqual([expect.stringContaining('S3')]));
    fireEvent.change(box, { target: { value: '' } });
    expect(shown()).toHaveLength(3);
    // The worker was given the rows once and asked each query.
    const worker = FakeWorker.made[0]!;
    expect(worker.sent.map((r) => (r.type === 'search' ? r.query : r.type))).toEqual(['index', 'Muna', 'Omar']);
    // Left empty: the worker ends (its index with it); the grid's end ends a new one too.
    fireEvent.blur(box);
    expect(worker.terminated).toBe(true);
    fireEvent.change(box, { target: { value: 'Ahmad' } });
    await waitFor(() => expect(shown()).toEqual([expect.stringContaining('S1')]));
    expect(FakeWorker.made).toHaveLength(2);
    act(() => unmount());
    expect(FakeWorker.made[1]!.terminated).toBe(true);
  });

  it('works the view out again when an answer comes, not at each key typed while a query runs', async () => {
    render(<Grid columns={columns} rows={rows} importExport={false} />);
    const box = screen.getByLabelText('Search name or code');
    const shown = () =>
      [...screen.getByRole('grid').querySelectorAll<HTMLElement>('[role="row"][data-r]')].map((row) => row.textContent);
    const views = vi.mocked(computeView);
    fireEvent.focus(box);
    views.mockClear();
    for (const text of ['M', 'Mo', 'Mon', 'Muna']) fireEvent.change(box, { target: { value: text } });
    expect(views).not.toHaveBeenCalled();
    await waitFor(() => expect(shown()).toEqual([expect.stringContaining('S2')]));
    const answered = views.mock.calls.length;
    expect(answered).toBeGreaterThan(0);
    // Typed on while the next query runs: the view stays as it was until that answer.
    fireEvent.change(box, { target: { value: 'Oma' } });
    fireEvent.change(box, { target: { value: 'Omar' } });
    expect(views).toHaveBeenCalledTimes(answered);
    await waitFor(() => expect(shown()).toEqual([expect.stringContaining('S3')]));
  });
});
