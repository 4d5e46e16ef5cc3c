// @vitest-environment jsdom
/**
 * The grid's style sheet and theme (react/styles.ts, GridRoot): one sheet in the document however
 * many grids are drawn (again after the head is replaced), the theme's colours as custom
 * properties on each grid's root, the dark skin's own header colour, and plain pixel values where
 * MUI's `sx` read numbers as theme spacing.
 */
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { Grid } from '../../../engine/plugins/grid/react/Grid.tsx';
import { GRID_CSS, gridVars } from '../../../engine/plugins/grid/react/styles.ts';
import type { GridColumn } from '../../../engine/plugins/grid/model/types.ts';

afterEach(cleanup);

const columns: GridColumn[] = [
  { name: 'code', label: 'Code' },
  { name: 'gpa', label: 'GPA', type: 'number' },
];
const rows = [{ code: 'S1', gpa: 3.5 }];
const sheets = () => document.head.querySelectorAll('style[data-rowaq-grid]');

describe('the grid style sheet', () => {
  it('is put in the document once for every grid, and again in a new head', () => {
    render(
      <>
        <Grid columns={columns} rows={rows} importExport={false} />
        <Grid columns={columns} rows={rows} importExport={false} />
      </>,
    );
    expect(sheets()).toHaveLength(1);
    expect(sheets()[0]!.textContent).toBe(GRID_CSS);
    cleanup();
    document.head.innerHTML = '';
    render(<Grid columns={columns} rows={rows} importExport={false} />);
    expect(sheets()).toHaveLength(1);
  });

  it("carries the theme as custom properties on the grid's root, worked out once per theme", () => {
    const light = createTheme();
    const dark = createTheme({ palette: { mode: 'dark' } });
    const { container } = render(
      <ThemeProvider theme={dark}>
        <Grid columns={columns} rows={rows} importExport={false} />
      </ThemeProvider>,
    );
    const root = container.querySelector<HTMLElement>('.rg-root')!;
    expect(root.style.getPropertyValue('--rg-primary')).toBe(dark.palette.primary.main);
    expect(root.style.getPropertyValue('--rg-paper')).toBe(dark.palette.background.paper);
    // The header follows the skin (it stayed light grey in the dark skin before).
    expect(gridVars(dark)['--rg-head' as never]).toBe(dark.palette.grey[900]);
    expect(gridVars(light)['--rg-head' as never]).toBe(light.palette.grey[100]);
    expect(gridVars(dark)).toBe(gridVars(dark));
  });

  it('gives the filter box its own pixels of padding (not theme spacing), room for the list button on its side', () => {
    const rule = GRID_CSS.slice(GRID_CSS.indexOf('.rg-root .rg-filter {'));
    // Physical sides by the grid's direction, not logical ones: the box's own direction follows
    // what is typed (dir="auto"), the list button's side does not.
    expect(rule.slice(0, rule.indexOf('}'))).toContain('padding: 0 18px 0 4px');
    expect(GRID_CSS).toContain(".rg-root[dir='rtl'] .rg-filter { padding: 0 4px 0 18px; }");
    expect(GRID_CSS).toContain('.rg-root .rg-sort { margin-inline-start: 4px;');
  });
});
