/**
 * The header: the column labels (click sorts ascending, descending, then not at all) and under
 * them the filter row, one input per column taking the spec's filter expressions, with a
 * button listing the column's values (at most 1000) to filter on one.
 */
import { memo, useMemo, useState } from 'react';
import Paper from '@mui/material/Paper';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { isCheck, isNumeric, typeOf } from '../model/columns.ts';
import { columnValueList, isInvalidFilter, valueFilterText } from '../model/filter.ts';
import { columnTitle, GRID_MESSAGES, gridText } from '../model/messages.ts';
import type { SortState } from '../model/sort.ts';
import type { GridColumn, GridRow } from '../model/types.ts';
import { gridUi } from './texts.ts';
import { listSx } from './styles.ts';
import type { LaidColumn } from './useGridColumns.ts';

interface Props {
  laid: readonly LaidColumn[];
  leadWidth: number;
  lang: string;
  sort: SortState | null;
  filters: Readonly<Record<string, string>>;
  rows: readonly GridRow[];
  allPicked: boolean;
  onPickAll(on: boolean): void;
  onSort(name: string): void;
  onFilter(name: string, text: string): void;
}

export const GridHeader = memo(function GridHeader({
  laid,
  leadWidth,
  lang,
  sort,
  filters,
  rows,
  allPicked,
  onPickAll,
  onSort,
  onFilter,
}: Props) {
  const [listFor, setListFor] = useState<{ column: GridColumn; anchor: HTMLElement } | null>(null);
  const sticky = (stickyAt: number | undefined) => (stickyAt !== undefined ? ' rg-sticky' : '');
  return (
    <div className="rg-head" role="rowgroup">
      <div className="rg-row" role="row" aria-rowindex={1}>
        <div className="rg-cell rg-lead" style={{ width: leadWidth }} role="columnheader" aria-colindex={1}>
          <input
            type="checkbox"
            checked={allPicked}
            onChange={(e) => onPickAll(e.target.checked)}
            aria-label={gridUi(lang, 'selectAll')}
            title={gridUi(lang, 'selectAll')}
          />
        </div>
        {laid.map(({ column, width, stickyAt }, c) => {
          const label = columnTitle(column, lang);
          const sorted = sort?.column === column.name ? sort.direction : undefined;
          return (
            <div
              key={column.name}
              className={`rg-cell rg-label${sticky(stickyAt)}${isNumeric(column) && typeOf(column) === 'number' && !column.words ? ' rg-num' : ''}`}
              style={{ width, insetInlineStart: stickyAt }}
              role="columnheader"
              aria-colindex={c + 2}
              aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
              title={`${label}: ${gridUi(lang, 'sortBy', { name: label })}`}
              onClick={() => onSort(column.name)}
            >
              {label}
              {sorted && <span className="rg-sort">{sorted === 'asc' ? '▲' : '▼'}</span>}
            </div>
          );
        })}
      </div>
      {/* The filter row: each filter sits in a gridcell, as a row may hold only cells (axe aria-required-children). */}
      <div className="rg-row" role="row" aria-rowindex={2}>
        <div className="rg-cell rg-lead" style={{ width: leadWidth }} role="gridcell" aria-colindex={1} />
        {laid.map(({ column, width, stickyAt }, c) => {
          const text = filters[column.name] ?? '';
          const bad = isInvalidFilter(text);
          const label = columnTitle(column, lang);
          return (
            <div
              key={column.name}
              className={`rg-cell${sticky(stickyAt)}`}
              style={{ width, insetInlineStart: stickyAt, padding: '0 4px' }}
              role="gridcell"
              aria-colindex={c + 2}
            >
              <input
                className={bad ? 'rg-filter rg-bad' : 'rg-filter'}
                value={text}
                dir="auto"
                aria-label={`${gridUi(lang, 'filter')} ${label}`}
                aria-invalid={bad || undefined}
                title={bad ? gridText(GRID_MESSAGES.invalidFilter, lang) : gridUi(lang, 'filterHelp')}
                placeholder={isCheck(column) ? '=' : ''}
                onChange={(e) => onFilter(column.name, e.target.value)}
                onKeyDown={(e) => e.stopPropagation()}
              />
              <button
                type="button"
                className="rg-list-btn"
                aria-label={`${gridUi(lang, 'valueList')}: ${label}`}
                title={gridUi(lang, 'valueList')}
                onClick={(e) => setListFor({ column, anchor: e.currentTarget })}
              >
                ▾
              </button>
            </div>
          );
        })}
      </div>
      {listFor && (
        <ValueList
          column={listFor.column}
          anchor={listFor.anchor}
          rows={rows}
          lang={lang}
          onClose={() => setListFor(null)}
          onPick={(text) => {
            onFilter(listFor.column.name, valueFilterText(text));
            setListFor(null);
          }}
        />
      )}
    </div>
  );
});

function ValueList(props: {
  column: GridColumn;
  anchor: HTMLElement;
  rows: readonly GridRow[];
  lang: string;
  onClose(): void;
  onPick(text: string): void;
}) {
  const { column, rows, lang } = props;
  const list = useMemo(() => columnValueList(column, rows, lang), [column, rows, lang]);
  return (
    <Popover
      open
      anchorEl={props.anchor}
      onClose={props.onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
    >
      <Paper sx={listSx} role="listbox" aria-label={gridUi(lang, 'valueList')}>
        {list.items.map((item) => (
          <div
            key={item.text}
            className="rg-option"
            role="option"
            aria-selected={false}
            title={item.text}
            tabIndex={0}
            onClick={() => props.onPick(item.text)}
            onKeyDown={(e) => e.key === 'Enter' && props.onPick(item.text)}
          >
            {/* Isolated: a count after a value in the other direction of text would join its run
                and sit against it (Latin names in an Arabic list, Arabic names in an English one). */}
            <bdi>{item.shown || '—'}</bdi>
            <span className="rg-count">{item.count}</span>
          </div>
        ))}
        {list.truncated && (
          <Typography variant="caption" sx={{ display: 'block', px: 1, py: 0.5, color: 'text.secondary' }}>
            {gridUi(lang, 'moreValues', { n: list.items.length })}
          </Typography>
        )}
      </Paper>
    </Popover>
  );
}
