/**
 * A grid screen's pure parts: its state in the address (grid-url.ts: the list renderer's
 * filter., search, sort/order keys plus col.<column>), and the status badge colours by status
 * name (status-colours.ts) against the spec's list and the grid_student_status YAML.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import type { StatusTable } from '../../../generator/manifest-types.ts';
import { readGridUrl, writeGridUrl } from '../../../engine/plugins/grid/react/grid-url.ts';
import { gridBadge, gridColoursByName } from '../../../engine/plugins/grid/react/status-colours.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const screen = {
  columns: [{ field: 'code' }, { field: 'name' }, { field: 'gpa' }, { field: 'status_id' }],
  filters: [{ field: 'faculty_id' }, { field: 'status_id' }],
  source: { resource: 'students', sort: { field: 'name', order: 'asc' as const } },
} as never;

describe('grid screen state in the address', () => {
  it('reads server filters, column filters, search and sort; ignores unknown fields', () => {
    const state = readGridUrl(
      'filter.status_id=1,3&filter.other=9&col.name=A*&col.gpa=%3E%3D3&col.__proto__=x&col.nope=1&search=ahmed&sort=gpa&order=desc',
      screen,
    );
    expect(state.server.filters).toEqual({ status_id: ['1', '3'] });
    expect(state.view).toEqual({
      filters: { name: 'A*', gpa: '>=3' },
      search: 'ahmed',
      sort: { column: 'gpa', direction: 'desc' },
    });
    expect(Object.getPrototypeOf(state.view.filters)).toBe(Object.prototype);
  });

  it('has no sort without one in the address (the source sort is the loading order) and none for an unknown column', () => {
    expect(readGridUrl('', screen).view.sort).toBeNull();
    expect(readGridUrl('sort=nope', screen).view.sort).toBeNull();
    expect(readGridUrl('sort=name', screen).view.sort).toEqual({ column: 'name', direction: 'asc' });
  });

  it('writes the state back in the same format, keeping other keys and leaving empties out', () => {
    const state = readGridUrl('filter.status_id=1&col.name=A*&sort=gpa&order=desc&tab=x', screen);
    state.view.filters = { name: '', code: '~^20' };
    state.view.search = 'mona';
    state.view.sort = { column: 'name', direction: 'asc' };
    const out = writeGridUrl('filter.status_id=1&col.name=A*&sort=gpa&order=desc&tab=x', state);
    expect(Object.fromEntries(out)).toEqual({
      tab: 'x',
      'filter.status_id': '1',
      search: 'mona',
      sort: 'name',
      'col.code': '~^20',
    });
    // Round trip: what is written reads back as the same state.
    expect(readGridUrl(out, screen).view).toEqual({
      filters: { code: '~^20' },
      search: 'mona',
      sort: { column: 'name', direction: 'asc' },
    });
  });
});

/** The spec's list (admission-and-grid section 4, "Grid status badge colours"). */
const SPEC_COLOURS: Record<string, string> = {
  Registered: 'info',
  Fresh: 'info',
  Succeeded: 'success',
  Repeat: 'secondary',
  Improve: 'primary',
  Elective: 'primary',
  'Drop Request': 'warning',
  'Register Request': 'warning',
  'Withdraw Request': 'warning',
  Dropped: 'danger',
  Failed: 'danger',
  Withdrawn: 'danger',
};

const yamlTable = (file: string) => parse(fs.readFileSync(path.join(ROOT, file), 'utf8')) as StatusTable;

describe('grid status badge colours by status name', () => {
  const grid = yamlTable('screens/registration/grid-student-status.status.yaml');
  const byName = gridColoursByName(grid);

  it('the grid_student_status table holds exactly the spec colours', () => {
    expect(Object.fromEntries(grid.statuses.map((s) => [s.name, s.color]))).toEqual(SPEC_COLOURS);
  });

  it('colours registration codes by name (case-insensitive), others by their own table', () => {
    const codes = yamlTable('screens/registration/registration-code.status.yaml');
    const colour = (id: number) => gridBadge(codes, id, 'en', byName).color;
    const own = (id: number) => codes.statuses.find((s) => s.id === id)!.color;
    expect(colour(2)).toBe('info'); // Registered (own: success)
    expect(own(2)).toBe('success');
    expect(colour(3)).toBe('warning'); // 'Withdraw request' = 'Withdraw Request'
    expect(colour(5)).toBe('danger'); // Withdrawn
    expect(colour(6)).toBe('danger'); // Dropped
    expect(colour(14)).toBe(own(14)); // Removed: not a grid name
    expect(colour(1)).toBe(own(1)); // Requested
    expect(gridBadge(codes, 2, 'ar', byName)).toEqual({ color: 'info', text: 'مسجل' });
  });

  it('colours registration flags by the name of their first flag', () => {
    const flags = yamlTable('screens/registration/registration-status.status.yaml');
    expect(gridBadge(flags, 16, 'en', byName).color).toBe('info'); // Fresh (own: light-dark)
    expect(gridBadge(flags, 32, 'en', byName).color).toBe('secondary'); // Repeat (own: light-danger)
    expect(gridBadge(flags, 64, 'en', byName).color).toBe('primary'); // Improve (own: info)
    expect(gridBadge(flags, 32 | 1024, 'en', byName)).toEqual({ color: 'secondary', text: 'Repeat, Withdrawn' });
    expect(gridBadge(flags, 4, 'en', byName).color).toBe('dark'); // no flag: the table's fallback
  });

  it('without the grid table every badge keeps its own colour', () => {
    const codes = yamlTable('screens/registration/registration-code.status.yaml');
    expect(gridBadge(codes, 2, 'en', gridColoursByName(undefined)).color).toBe('success');
  });
});
