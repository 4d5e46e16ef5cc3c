/**
 * The reference: @mui/x-data-grid (community, MIT) on the same rows. Its limits shape the
 * scenario: the MIT grid shows pages of at most 100 rows (so first render and scrolling cover
 * a 100-row page), it has no wildcard operator (a custom operator with the same wildcard test
 * is added, as a user of it would), and its quick filter is a substring search, not fuzzy.
 */
import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { DataGrid, useGridApiRef, type GridApi, type GridColDef, type GridFilterOperator } from '@mui/x-data-grid';
import { gridText, plainText } from '../../engine/plugins/grid/model/index.ts';
import { wildcardToRegExp } from '../../engine/plugins/grid/model/filter.ts';
import type { GridColumn, GridRow } from '../../engine/plugins/grid/model/types.ts';
import { largestScroller, type GridAdapter, type GridControls } from './adapter.ts';

const wildcard: GridFilterOperator = {
  label: 'wildcard',
  value: 'wildcard',
  getApplyFilterFn: (item) => {
    if (!item.value) return null;
    const re = wildcardToRegExp(String(item.value));
    return (value) => re.test(String(value ?? ''));
  },
};

function colDefs(columns: GridColumn[]): GridColDef[] {
  return columns.map((c) => ({
    field: c.name,
    headerName: gridText(c.label, 'en'),
    width: c.width ?? 120,
    type: c.type === 'number' ? 'number' : 'string',
    valueFormatter: (value: unknown) => plainText(c, value),
    ...(c.name === 'name' ? { filterOperators: [wildcard] } : {}),
  }));
}

export const mui: GridAdapter = {
  name: '@mui/x-data-grid (MIT)',
  rowSelector: '.MuiDataGrid-row',
  mount(element, rows: GridRow[], columns) {
    return new Promise<GridControls>((resolve) => {
      const cols = colDefs(columns);
      const withId = rows.map((r) => ({ ...r, id: r.code as string }));
      function Bench() {
        const apiRef = useGridApiRef();
        useEffect(() => resolve(controls(apiRef.current!, element)), [apiRef]);
        return (
          <div style={{ height: '100%', width: '100%' }}>
            <DataGrid
              apiRef={apiRef}
              rows={withId}
              columns={cols}
              rowHeight={24}
              columnHeaderHeight={32}
              initialState={{ pagination: { paginationModel: { pageSize: 100, page: 0 } } }}
              pageSizeOptions={[100]}
            />
          </div>
        );
      }
      createRoot(element).render(<Bench />);
    });
  },
};

function controls(api: GridApi, element: HTMLElement): GridControls {
  return {
    filter: (column, text) =>
      api.setFilterModel({ items: [{ id: 1, field: column, operator: 'wildcard', value: text }] }),
    clearFilter: () => api.setFilterModel({ items: [] }),
    sort: (column, direction) => api.setSortModel([{ field: column, sort: direction }]),
    clearSort: () => api.setSortModel([]),
    search: (text) => api.setQuickFilterValues([text]),
    clearSearch: () => api.setQuickFilterValues([]),
    exportCsv: () => api.getDataAsCsv().length,
    scroller: () => element.querySelector<HTMLElement>('.MuiDataGrid-virtualScroller') ?? largestScroller(element),
    // The pagination footer's '1–100 of N': N is the number of matching rows.
    resultText: () => element.querySelector('.MuiTablePagination-displayedRows')?.textContent ?? '',
  };
}
