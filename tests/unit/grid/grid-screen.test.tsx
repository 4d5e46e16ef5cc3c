// @vitest-environment jsdom
/**
 * The `grid#Grid` plugin screen over the fixture API (the server's list answers): every page
 * of the resource loaded, YAML `grid:` options applied, the status column drawn as coloured
 * badges and filterable by status name, referenced ids shown by name, a link per row, and the
 * plugin registered under `grid#Grid`.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { FixtureRoute } from '../../../engine/react/testing/fixture-api.ts';
import { StoryProviders } from '../../../engine/react/testing/StoryProviders.tsx';
import { ScreenStory } from '../../../engine/react/testing/ScreenStory.tsx';
import { GridScreen } from '../../../engine/plugins/grid/react/GridScreen.tsx';
import { normalizeChoiceValues, screenGridColumns } from '../../../engine/plugins/grid/react/screen-columns.ts';
import { formatCell } from '../../../engine/plugins/grid/model/columns.ts';
import { CLIENT_MANIFEST } from '../../../stories/fixtures/screens.ts';
import { gridPlugin } from '../../../engine/plugins/grid/index.ts';
import { PLUGINS } from '../../../engine/plugins/index.ts';
import { storyManifest } from '../../../stories/fixtures/manifest.ts';
import { STORY_ROWS } from '../../../stories/fixtures/records.ts';
import type { Screen } from '../../../generator/manifest-types.ts';
import { fakeGridLayout } from './fake-layout.ts';

afterEach(cleanup);
fakeGridLayout();

const manifest = storyManifest();
const list = manifest.screens['students-list']!;
const gridScreen: Screen = {
  ...list,
  name: 'students-grid',
  view: 'plugin',
  plugin: 'grid#Grid',
  columns: list.columns.map((c) =>
    c.field === 'gpa'
      ? { ...c, grid: { type: 'number', summary: 'avg' } }
      : c.field === 'code'
        ? { ...c, grid: { keyField: true, sticky: true } }
        : c,
  ),
};

/** Where the screen's address is now (the grid writes its state there). */
let location: { pathname: string; search: string } = { pathname: '', search: '' };
function LocationProbe() {
  const at = useLocation();
  location = at;
  return null;
}

function renderScreen(language: 'en' | 'ar' = 'en', address = '/students', routes: FixtureRoute[] = []) {
  return render(
    <StoryProviders manifest={manifest} language={language} rows={STORY_ROWS} routes={routes}>
      <MemoryRouter initialEntries={[address]}>
        <Routes>
          <Route path="/students" element={<GridScreen screen={gridScreen} params={{}} />} />
          <Route path="*" element={<p data-testid="elsewhere" />} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
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
    await waitFor(
      () =>
        expect(screen.getByTestId('grid-count').textContent).toBe(
          `${STORY_ROWS.students!.length} of ${STORY_ROWS.students!.length} rows`,
        ),
      { timeout: 10_000 },
    );
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

describe('grid#Grid screen: server filters, actions and the address', () => {
  const students = STORY_ROWS.students!;
  const countText = () => screen.getByTestId('grid-count').textContent;
  const loaded = () =>
    waitFor(() => expect(screen.getByRole('grid').querySelector('.rg-badge')).toBeTruthy(), { timeout: 10_000 });

  it('draws the YAML filters; a chosen filter asks the server with it and is kept in the address', async () => {
    const status = manifest.statusTables.student_status!.statuses;
    renderScreen('en', `/students?filter.status_id=${status[0]!.id}`);
    const first = students.filter((r) => String(r.status_id) === String(status[0]!.id)).length;
    await waitFor(() => expect(countText()).toBe(`${first} of ${first} rows`), { timeout: 10_000 });
    const filters = screen.getByTestId('grid-server-filters');
    const statusBox = within(filters).getByRole('combobox', { name: 'Status' });
    expect(statusBox.textContent).toBe(status[0]!.name);
    expect(within(filters).getByRole('combobox', { name: 'Faculty' })).toBeTruthy();
    // Another status from the filter's menu: a new server call, and the address says so.
    fireEvent.mouseDown(statusBox);
    fireEvent.click(await screen.findByRole('option', { name: status[1]!.name }));
    const second = students.filter((r) => String(r.status_id) === String(status[1]!.id)).length;
    await waitFor(() => expect(countText()).toBe(`${second} of ${second} rows`), { timeout: 10_000 });
    expect(new URLSearchParams(location.search).get('filter.status_id')).toBe(String(status[1]!.id));
  });

  it('restores column filters, search and sort from a shared address and writes changes back', async () => {
    renderScreen('en', '/students?col.name=A*&sort=gpa&order=desc&other=kept');
    await loaded();
    const nameLabel = manifest.entities.students!.fields.name!.label.en;
    expect((screen.getByLabelText(`Filter ${nameLabel}`) as HTMLInputElement).value).toBe('A*');
    const wanted = students.filter((r) => /^a/i.test(String(r.name)));
    expect(wanted.length).toBeGreaterThan(0);
    expect(countText()).toBe(`${wanted.length} of ${students.length} rows`);
    const gpaHeader = screen
      .getAllByRole('columnheader')
      .find((h) => h.textContent?.startsWith(manifest.entities.students!.fields.gpa!.label.en))!;
    expect(gpaHeader.getAttribute('aria-sort')).toBe('descending');
    // A change goes to the address; keys that are not the grid's stay.
    fireEvent.change(screen.getByLabelText(`Filter ${nameLabel}`), { target: { value: '' } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search name or code' }), { target: { value: 'Ahmed' } });
    fireEvent.click(gpaHeader); // descending -> no sort
    await waitFor(() => {
      const q = new URLSearchParams(location.search);
      expect(q.get('search')).toBe('Ahmed');
      expect(q.has('col.name')).toBe(false);
      expect(q.has('sort')).toBe(false);
      expect(q.get('other')).toBe('kept');
    });
  });

  it('runs the page and row actions: the export posts the chosen filters, edit opens the edit screen', async () => {
    let exported: unknown;
    URL.createObjectURL ??= () => 'blob:export';
    URL.revokeObjectURL ??= () => undefined;
    const routes: FixtureRoute[] = [
      { method: 'post', path: '/students/export', respond: (request) => ((exported = request.body), { data: 'xlsx' }) },
    ];
    renderScreen('en', '/students?filter.faculty_id=2', routes);
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(exported).toMatchObject({ filters: { faculty_id: '2' }, search: '' }));
    const grid = screen.getByRole('grid');
    const firstRow = grid.querySelector('.rg-row[aria-selected]')!;
    expect(firstRow.querySelector('button[data-action="delete"]')).toBeTruthy();
    fireEvent.click(firstRow.querySelector('button[data-action="edit"]')!);
    await waitFor(() => expect(location.pathname).toMatch(/^\/students\/edit\/\d+$/));
  });

  it('shows row actions only with their permission', async () => {
    render(
      <StoryProviders
        manifest={manifest}
        language="en"
        rows={STORY_ROWS}
        user={{ id: 2, name: 'Viewer', type: { name: 'Staff', type: 4 }, permissions: ['access_users'] }}
      >
        <MemoryRouter initialEntries={['/students']}>
          <GridScreen screen={gridScreen} params={{}} />
        </MemoryRouter>
      </StoryProviders>,
    );
    await loaded();
    expect(screen.getByRole('grid').querySelector('button.rg-act')).toBeNull();
    expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy(); // no permission asked
  });

  it('colours a badge by the status name through grid_student_status, else by its own table', async () => {
    const own = manifest.statusTables.student_status!;
    const coloured = {
      ...manifest,
      statusTables: {
        ...manifest.statusTables,
        // 'active' is renamed Succeeded (own colour dark): the grid's table makes it success.
        student_status: {
          ...own,
          statuses: own.statuses.map((s, i) => (i === 0 ? { ...s, name: 'SUCCEEDED', color: 'dark' as const } : s)),
        },
        grid_student_status: {
          name: 'grid_student_status',
          label: { en: 'g', ar: 'g' },
          flags: false,
          statuses: [{ id: 3, key: 'succeeded', name: 'Succeeded', name_local: 'ناجح', color: 'success' as const }],
        },
      },
    };
    render(
      <StoryProviders manifest={coloured} language="en" rows={STORY_ROWS}>
        <MemoryRouter initialEntries={['/students']}>
          <GridScreen screen={gridScreen} params={{}} />
        </MemoryRouter>
      </StoryProviders>,
    );
    await loaded();
    const badges = [...screen.getByRole('grid').querySelectorAll('.rg-badge')].map((b) => [
      b.textContent,
      b.getAttribute('data-colour'),
    ]);
    expect(badges).toContainEqual(['SUCCEEDED', 'success']);
    const other = own.statuses.find((s) => badges.some(([text]) => text === s.name) && s !== own.statuses[0])!;
    expect(badges).toContainEqual([other.name, other.color]);
  });
});

describe('stories of grid screens', () => {
  it('register the portal plugins: a plugin: grid#Grid screen story draws the grid, not the Unknown renderer', async () => {
    render(
      <StoryProviders manifest={manifest} language="en" rows={STORY_ROWS}>
        <ScreenStory screen="students-grid" />
      </StoryProviders>,
    );
    await waitFor(() => expect(screen.getByRole('grid')).toBeTruthy(), { timeout: 10_000 });
    expect(screen.queryByTestId('unknown-renderer')).toBeNull();
    cleanup();
    // Without plugins the same story has no renderer for it: what the default prevents.
    render(
      <StoryProviders manifest={manifest} language="en" rows={STORY_ROWS} plugins={[]}>
        <ScreenStory screen="students-grid" />
      </StoryProviders>,
    );
    await waitFor(() => expect(screen.getByTestId('unknown-renderer')).toBeTruthy(), { timeout: 10_000 });
  });
});

describe('screenGridColumns', () => {
  it('takes grid options and makes badge and referenced columns map columns', () => {
    const columns = screenGridColumns(gridScreen, manifest.entities.students as never, manifest.statusTables, {
      faculties: [{ id: 1, name: 'Engineering', name_local: 'الهندسة' }],
    });
    const byName = Object.fromEntries(columns.map((c) => [c.name, c]));
    expect(byName.gpa).toMatchObject({ type: 'number', summary: 'avg' });
    expect(byName.code).toMatchObject({ keyField: true, sticky: true });
    expect(byName.status_id!.type).toBe('map');
    // A flag table's column holds combinations: not a map of its statuses (every value would be 'invalid').
    const flagged = screenGridColumns({ columns: [{ field: 'flags', badge: 'flags_table' }] } as never, undefined, {
      flags_table: {
        name: 'flags_table',
        label: { en: 'f', ar: 'f' },
        flags: true,
        statuses: [{ id: 16, key: 'fresh', name: 'Fresh', name_local: 'مستجد', color: 'info' }],
      },
    });
    expect(flagged[0]!.type).toBeUndefined();
    expect(byName.faculty_id).toMatchObject({
      type: 'map',
      options: [{ value: '1', label: { en: 'Engineering', ar: 'الهندسة' } }],
    });
  });

  it("a field shown twice, the second with `words`: its own column, the amount in words (the finance staff's transactions)", () => {
    const transactions = CLIENT_MANIFEST.screens.transactions!;
    expect(transactions.plugin).toBe('grid#Grid');
    const columns = screenGridColumns(
      transactions,
      CLIENT_MANIFEST.entities.transactions as never,
      CLIENT_MANIFEST.statusTables,
    );
    const amount = columns.filter((c) => c.name.startsWith('amount'));
    expect(amount.map((c) => c.name)).toEqual(['amount', 'amount__words']);
    const [row] = normalizeChoiceValues([{ id: 1, amount: 1250 }], columns);
    expect(row!.amount__words).toBe(1250);
    expect(formatCell(amount[0]!, 1250, 'en')).toBe('1,250');
    expect(formatCell(amount[1]!, 1250, 'en')).toBe('one thousand two hundred fifty');
    expect(formatCell(amount[1]!, 1250, 'ar')).toBe('ألف ومائتان وخمسون');
    expect(formatCell(amount[1]!, 1_000_000_000, 'en')).toBe('Number is too large (at most 9 digits)');
  });
});
