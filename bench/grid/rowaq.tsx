/**
 * The Rowaq grid on the benchmark's rows: paging off (every row in one virtually scrolled
 * body), driven through its own controls as a user would: the filter box of a column, a click
 * on a header, the search box.
 */
import { createRoot } from 'react-dom/client';
import { Grid } from '../../engine/plugins/grid/react/Grid.tsx';
import { gridText } from '../../engine/plugins/grid/model/messages.ts';
import { GRID_TEXTS } from '../../engine/plugins/grid/react/texts.ts';
import type { GridColumn } from '../../engine/plugins/grid/model/types.ts';
import type { GridAdapter, GridControls } from './adapter.ts';

/** Types into a React-controlled input as the keyboard would (value setter, then an input event). */
function typeInto(input: HTMLInputElement, text: string): void {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  setter.call(input, text);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

function must<T extends Element>(element: HTMLElement, selector: string): T {
  const found = element.querySelector<T>(selector);
  if (!found) throw new Error(`bench: no ${selector} in the grid`);
  return found;
}

export const rowaq: GridAdapter = {
  name: 'Rowaq grid',
  rowSelector: '.rg-row[aria-selected]',
  mount(element, rows, columns) {
    createRoot(element).render(
      <Grid columns={columns} rows={rows} lang="en" paging={false} height={700} label="bench" />,
    );
    const label = (name: string) => gridText(columns.find((c: GridColumn) => c.name === name)?.label, 'en');
    const filterBox = (name: string) =>
      must<HTMLInputElement>(element, `input[aria-label="${gridText(GRID_TEXTS.filter, 'en')} ${label(name)}"]`);
    const header = (name: string) => {
      const found = [...element.querySelectorAll<HTMLElement>('[role="columnheader"]')].find((h) =>
        h.textContent?.startsWith(label(name)),
      );
      if (!found) throw new Error(`bench: no header ${label(name)}`);
      return found;
    };
    const searchBox = () => must<HTMLInputElement>(element, `input[aria-label="${gridText(GRID_TEXTS.search, 'en')}"]`);
    let sorted = 0;
    let filtered = '';
    const controls: GridControls = {
      filter: (name, text) => {
        filtered = name;
        typeInto(filterBox(name), text);
      },
      clearFilter: () => typeInto(filterBox(filtered), ''),
      // A header click sorts ascending, the next descending, the third clears.
      sort: (name, direction) => {
        for (let i = 0; i < (direction === 'asc' ? 1 : 2); i++) header(name).click();
        sorted = direction === 'asc' ? 1 : 2;
      },
      clearSort: () => {
        const name = 'gpa';
        for (let i = sorted; i < 3; i++) header(name).click();
        sorted = 0;
      },
      search: (text) => typeInto(searchBox(), text),
      clearSearch: () => typeInto(searchBox(), ''),
      importFile: (file) => {
        const input = must<HTMLInputElement>(element, '[data-testid="grid-import-file"]');
        const picked = new DataTransfer();
        picked.items.add(file);
        input.files = picked.files;
        input.dispatchEvent(new Event('change', { bubbles: true }));
      },
      importReport: () => element.querySelector('[role="status"]')?.textContent ?? '',
      scroller: () => must<HTMLElement>(element, '.rg-scroll'),
      resultText: () => must<HTMLElement>(element, '[data-testid="grid-count"]').textContent ?? '',
    };
    return Promise.resolve(controls);
  },
};
