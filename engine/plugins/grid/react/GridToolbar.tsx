/**
 * Above the grid: the fuzzy search box, undo, clear filters, the selection note, and Import /
 * Export. The import and export code (SheetJS in a worker, ../io) loads only when used.
 * Plain elements styled by the grid's style block (styles.ts `.rg-search`, `.rg-btn`) to look
 * like MUI's small outlined field and buttons: the MUI components cost about a fifth of the
 * grid's first render (their own style computations, a dozen nested components per field).
 */
import { memo, useRef, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import { gridText } from '../model/messages.ts';
import { mergeRows } from '../model/merge.ts';
import type { GridColumn } from '../model/types.ts';
import { gridUi } from './texts.ts';
import type { GridController } from './useGridController.ts';

/** What the toolbar uses of the controller: all stable between scroll frames. */
export type ToolbarGrid = Pick<
  GridController,
  | 'search'
  | 'setSearch'
  | 'warmSearch'
  | 'coolSearch'
  | 'canUndo'
  | 'undo'
  | 'clearFilters'
  | 'rows'
  | 'view'
  | 'setAllRows'
> & {
  selectedCount: number;
};

interface Props {
  grid: ToolbarGrid;
  lang: string;
  columns: readonly GridColumn[];
  importExport: boolean;
  exportName?: string;
  /** More buttons at the toolbar's end (a grid screen's page actions). */
  extra?: ReactNode;
}

const ACCEPT = '.xlsx,.xls,.xlsm,.csv';
const SHOWN_MESSAGES = 10;

export const GridToolbar = memo(function GridToolbar({ grid, lang, columns, importExport, exportName, extra }: Props) {
  const file = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<{ severity: 'success' | 'error' | 'warning'; lines: string[] } | null>(null);

  const onImport = async (picked: File) => {
    setBusy(true);
    setReport(null);
    try {
      const io = await import('../io/index.ts');
      const result = await io.importSpreadsheet(picked, columns, lang);
      const lines = result.errors.map((e) => e.text || gridText(e.message, lang));
      if (result.rows.length) grid.setAllRows(mergeRows(grid.rows, result.rows, columns));
      const fatal = result.errors.some((e) => e.fatal);
      setReport({
        severity: fatal ? 'error' : lines.length ? 'warning' : 'success',
        lines: fatal ? lines : [gridUi(lang, 'imported', { n: result.rows.length }), ...lines],
      });
    } catch (error) {
      setReport({ severity: 'error', lines: [String((error as Error).message ?? error)] });
    } finally {
      setBusy(false);
    }
  };

  const onExport = async (format: 'xlsx' | 'csv') => {
    const io = await import('../io/index.ts');
    const shownColumns = columns.filter((c) => !c.invisible);
    await io.exportRows(
      grid.view.map((i) => grid.rows[i]!),
      shownColumns,
      format,
      exportName ?? 'export',
      lang,
    );
  };

  return (
    <div className="rg-toolbar">
      <div className="rg-tools">
        <input
          className="rg-search"
          type="search"
          value={grid.search}
          onChange={(e) => grid.setSearch(e.target.value)}
          onFocus={grid.warmSearch}
          onBlur={grid.coolSearch}
          placeholder={gridUi(lang, 'search')}
          aria-label={gridUi(lang, 'search')}
        />
        <button type="button" className="rg-btn" disabled={!grid.canUndo} onClick={grid.undo}>
          {gridUi(lang, 'undo')}
        </button>
        <button type="button" className="rg-btn rg-text-btn" onClick={grid.clearFilters}>
          {gridUi(lang, 'clearFilters')}
        </button>
        {importExport && (
          <>
            <button
              type="button"
              className="rg-btn"
              disabled={busy}
              onClick={() => {
                file.current?.click();
                void import('../io/index.ts').then((io) => io.prepareImport());
              }}
            >
              {busy ? gridUi(lang, 'importing') : gridUi(lang, 'import')}
            </button>
            <input
              ref={file}
              type="file"
              accept={ACCEPT}
              hidden
              data-testid="grid-import-file"
              onChange={(e) => {
                const picked = e.target.files?.[0];
                e.target.value = '';
                if (picked) void onImport(picked);
              }}
            />
            <button type="button" className="rg-btn" onClick={() => void onExport('xlsx')}>
              {gridUi(lang, 'exportXlsx')}
            </button>
            <button type="button" className="rg-btn" onClick={() => void onExport('csv')}>
              {gridUi(lang, 'exportCsv')}
            </button>
          </>
        )}
        {extra}
        {grid.selectedCount > 0 && (
          <span className="rg-note">{gridUi(lang, 'selected', { n: grid.selectedCount })}</span>
        )}
      </div>
      {report && (
        <Alert severity={report.severity} onClose={() => setReport(null)} sx={{ mt: 1 }} role="status">
          {report.lines.slice(0, SHOWN_MESSAGES).map((line, i) => (
            <div key={i}>{line}</div>
          ))}
          {report.lines.length > SHOWN_MESSAGES && <div>… (+{report.lines.length - SHOWN_MESSAGES})</div>}
        </Alert>
      )}
    </div>
  );
});
