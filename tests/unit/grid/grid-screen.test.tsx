// @vitest-environment jsdom
/**
 * The `grid#Grid` plugin screen over the fixture API (the server's list answers): every page
 * of the resource loaded, YAML `grid:` options applied, the status column drawn as coloured
 * badges and filterable by status name, referenced ids shown by name, a link per row, and the
 * plugin registered under `grid#Grid`.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { StoryProviders } from '../../../engine/react/testing/StoryProviders.tsx';
import { GridScreen } from '../../../engine/plugins/grid/react/GridScreen.tsx';
import { screenGridColumns } from '../../../engine/plugins/grid/react/screen-columns.ts';
import { gridPlugin } from '../../../engine/plugins/grid/index.ts';
import { PLUGINS } from '../../../engine/plugins/index.ts';
import { storyManifest } from '../../../stories/fixtures/manifest.ts';
import { STORY_ROWS } from '../../../stories/fixtures/records.ts';
import type { Screen } from '../../../generator/manifest-types.ts';

afterEach(cleanup);
beforeAll(() => {
  Element.prototype.scrollIntoView ??= () => {};
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains('rg-scroll') ? parseFloat(this.style.height) || 0 : 0;
    },
  });
});

const manifest = storyManifest();
const list = manifest.screens['students-list']!;
const gridScreen: Screen = {
  ...list,
  name: 'students-grid',
  view: 'plugin',
  plugin: 'grid#Grid',
  columns: list.columns.map((c) => (c.field === 'gpa' ? { ...c, grid: { type: 'number', summary: 'avg' } } : c.field === 'code' ? { ...c, grid: { keyField: true, sticky: true } } : c)),
};

function renderScreen(language: 'en' | 'ar' = 'en') {
  return render(
    <StoryProviders manifest={manifest} language={language} rows={STORY_ROWS}>
      <GridScreen screen={gridScreen} params={{}} />
    </StoryProviders>,
  );
}

describe('grid#Grid screen', () => {
  it('is the plugin the app ships', () => {
    expect(PLUGINS).toContain(gridPlugin);
    expect(Object.keys(gridPlugin.components ?? {})).toEqual(['grid#Grid']);
  });

  it('loads every page of the resource and draws badges, links and options', async () => {
    renderScreen();
    await waitFor(() => expect(screen.getByTestId('grid-count').textContent).toBe(`${STORY_ROWS.students!.length} of ${STORY_ROWS.students!.length} rows`), { timeout: 10_000 });
    const grid = screen.getByRole('grid');
    expect(grid.querySelector('.rg-badge')).toBeTruthy();
    expect(grid.querySelector('.rg-badge')!.getAttribute('data-colour')).toBeTruthy();
    expect(grid.querySelector('a.rg-open')!.getAttribute('href')).toMatch(/^\/students\/\d+$/);
    expect(grid.querySelector('[data-summary="avg"]')).toBeTruthy();
    expect(grid.querySelector('.rg-sticky')).toBeTruthy();
  });

  it('filters the status column by the status name', async () => {
    renderScreen();
    await waitFor(() => expect(screen.getByRole('grid').querySelector('.rg-badge')).toBeTruthy(), { timeout: 10_000 });
    const status = manifest.statusTables.student_status!.statuses[0]!;
    const expected = STORY_ROWS.students!.filter((r) => String(r.status_id) === String(status.id)).length;
    const statusLabel = manifest.entities.students!.fields.status_id!.label.en;
    const statusBox = screen.getByLabelText(`Filter ${statusLabel}`);
    fireEvent.change(statusBox, { target: { value: `=${status.name}` } });
    expect(screen.getByTestId('grid-count').textContent).toBe(`${expected} of ${STORY_ROWS.students!.length} rows`);
  });

  it('speaks Arabic', async () => {
    renderScreen('ar');
    await waitFor(() => expect(screen.getByRole('grid').querySelector('.rg-badge')).toBeTruthy(), { timeout: 10_000 });
    expect(screen.getByText(/صف$/)).toBeTruthy();
  });
});

describe('screenGridColumns', () => {
  it('takes grid options and makes badge and referenced columns map columns', () => {
    const columns = screenGridColumns(gridScreen, manifest.entities.students as never, manifest.statusTables, { faculties: [{ id: 1, name: 'Engineering', name_local: 'الهندسة' }] });
    const byName = Object.fromEntries(columns.map((c) => [c.name, c]));
    expect(byName.gpa).toMatchObject({ type: 'number', summary: 'avg' });
    expect(byName.code).toMatchObject({ keyField: true, sticky: true });
    expect(byName.status_id!.type).toBe('map');
    expect(byName.faculty_id).toMatchObject({ type: 'map', options: [{ value: '1', label: { en: 'Engineering', ar: 'الهندسة' } }] });
  });
});
