/**
 * Above the grid: the fuzzy search box, undo, clear filters, the selection note, and Import /
 * Export. The import and export code (SheetJS in a worker, ../io) loads only when used.
 */
import { memo, useRef, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { gridText } from '../model/messages.ts';
import { mergeRows } from '../model/merge.ts';
import type { GridColumn } from '../model/types.ts';
import { gridUi } from './texts.ts';
import type { GridController } from './useGridController.ts';

/** What the toolbar uses of the controller: all stable between scroll frames. */
export type ToolbarGrid = Pick<GridController, 'search' | 'setSearch' | 'warmSearch' | 'canUndo' | 'undo' | 'clearFilters' | 'rows' | 'view' | 'setAllRows'> & {
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
    <Box sx={{ mb: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          size="small"
          type="search"
          value={grid.search}
          onChange={(e) => grid.setSearch(e.target.value)}
          onFocus={grid.warmSearch}
          placeholder={gridUi(lang, 'search')}
          slotProps={{ htmlInput: { 'aria-label': gridUi(lang, 'search') } }}
          sx={{ minWidth: 220 }}
        />
        <Button size="small" variant="outlined" disabled={!grid.canUndo} onClick={grid.undo}>
          {gridUi(lang, 'undo')}
        </Button>
        <Button size="small" onClick={grid.clearFilters}>
          {gridUi(lang, 'clearFilters')}
        </Button>
        {importExport && (
          <>
            <Button
              size="small"
              variant="outlined"
              disabled={busy}
              onClick={() => {
                file.current?.click();
                void import('../io/index.ts').then((io) => io.prepareImport());
              }}
            >
              {busy ? gridUi(lang, 'importing') : gridUi(lang, 'import')}
            </Button>
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
            <Button size="small" variant="outlined" onClick={() => void onExport('xlsx')}>
              {gridUi(lang, 'exportXlsx')}
            </Button>
            <Button size="small" variant="outlined" onClick={() => void onExport('csv')}>
              {gridUi(lang, 'exportCsv')}
            </Button>
          </>
        )}
        {extra}
        {grid.selectedCount > 0 && (
          <Typography variant="body2" color="primary">
            {gridUi(lang, 'selected', { n: grid.selectedCount })}
          </Typography>
        )}
      </Box>
      {report && (
        <Alert severity={report.severity} onClose={() => setReport(null)} sx={{ mt: 1 }} role="status">
          {report.lines.slice(0, SHOWN_MESSAGES).map((line, i) => (
            <div key={i}>{line}</div>
          ))}
          {report.lines.length > SHOWN_MESSAGES && <div>… (+{report.lines.length - SHOWN_MESSAGES})</div>}
        </Alert>
      )}
    </Box>
  );
});
