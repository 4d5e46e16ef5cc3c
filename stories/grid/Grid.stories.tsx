/**
 * The spreadsheet grid (engine/plugins/grid): every column type, editing, filtering, import
 * and export, paging and virtual scrolling, in English and Arabic.
 */
import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Grid, type GridProps } from '../../engine/plugins/grid/react/Grid.tsx';
import type { GridRow } from '../../engine/plugins/grid/model/types.ts';
import { arabic, english } from '../fixtures/parameters.ts';
import { rowsWithErrors, STORY_COLUMNS, STORY_ROW_VALIDATORS, storyRows } from './grid-fixtures.ts';

/** The grid with its rows kept in state, and the last change written under it. */
function GridStory(props: GridProps) {
  const [rows, setRows] = useState<readonly GridRow[]>(props.rows);
  const [last, setLast] = useState('');
  return (
    <Box sx={{ p: 2 }} dir={props.lang === 'ar' ? 'rtl' : 'ltr'}>
      <Grid
        {...props}
        rows={rows}
        onChange={(next, changes) => {
          setRows(next);
          setLast(changes.map((c) => `${c.column}[${c.row}] = ${String(c.after)}`).join(', '));
        }}
      />
      <Typography variant="caption" data-testid="last-change">
        {last}
      </Typography>
    </Box>
  );
}

const meta = {
  component: GridStory,
  args: { columns: STORY_COLUMNS, rows: storyRows(45), lang: 'en', label: 'Students', importExport: false },
} satisfies Meta<typeof GridStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const ar = { lang: 'ar', label: 'الطلاب' };

/** Every column type: text, numbers with separators and in words, dates, ticks, checks, map, select. */
export const ColumnTypesEnglish: Story = { globals: english };
export const ColumnTypesArabic: Story = { globals: arabic, args: ar };

/** Invalid cells as an import leaves them, a mandatory cell empty, and a row validator. */
const errors = { rows: rowsWithErrors(), rowValidators: STORY_ROW_VALIDATORS };
export const EditingEnglish: Story = { globals: english, args: errors };
export const EditingArabic: Story = { globals: arabic, args: { ...errors, ...ar } };

/** Filters typed in the header row (operators, wildcards, ~regex), fuzzy search, sorting. */
export const FilteringEnglish: Story = { globals: english, args: { rows: storyRows(300) } };
export const FilteringArabic: Story = { globals: arabic, args: { rows: storyRows(300), ...ar } };

/** Import (.xlsx, .xls, .xlsm, .csv) and export (.xlsx, .csv) buttons. */
export const ImportExportEnglish: Story = { globals: english, args: { importExport: true, exportName: 'Students' } };
export const ImportExportArabic: Story = {
  globals: arabic,
  args: { importExport: true, exportName: 'Students', ...ar },
};

/** Paging off: 100,000 rows in one virtually scrolled body. */
export const VirtualEnglish: Story = {
  globals: english,
  args: { rows: storyRows(100_000), paging: false, height: 480 },
};
export const VirtualArabic: Story = {
  globals: arabic,
  args: { rows: storyRows(100_000), paging: false, height: 480, ...ar },
};

/** The page size fitted to a 240 px high body (10 rows a page). */
export const SizedEnglish: Story = { globals: english, args: { height: 240 } };
export const SizedArabic: Story = { globals: arabic, args: { height: 240, ...ar } };

export const EmptyEnglish: Story = { globals: english, args: { rows: [] } };
export const EmptyArabic: Story = { globals: arabic, args: { rows: [], ...ar } };
