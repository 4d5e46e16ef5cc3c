/**
 * The MUI view of a list: toolbar (search, filters, page actions), a sortable table with
 * badges and row actions, the empty state and server paging. It draws the controller's
 * state and calls its commands; it loads nothing itself (a referenced id is named from the
 * page's lookup; only an answer without one falls back to the entity's options).
 */
import {
  Alert,
  Box,
  Button,
  Card,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  Tooltip,
  Typography,
  LinearProgress,
  Link,
} from '@mui/material';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import FileDownload from '@mui/icons-material/FileDownload';
import ChevronRight from '@mui/icons-material/ChevronRight';
import RestoreFromTrash from '@mui/icons-material/RestoreFromTrash';
import type { ClientEntity, Screen, ScreenAction, StatusTable } from '../../../../generator/manifest-types.ts';
import { useLabel, useLanguage, useUi } from '../../i18n/hooks.ts';
import { formatValue, IsolatedValue, StatusCell } from '../cells.tsx';
import { cellText } from '../cell-text.ts';
import { RefValue } from '../useRefOptions.ts';
import { ScrollCue } from '../ScrollCue.tsx';
import { columnLabel, refCellLabel, rowActionsFor, type Row } from './list-model.ts';
import { ListFilters } from './ListFilters.tsx';
import { keepsOneLine } from './cell-wrap.ts';
import type { ListController } from './useListController.ts';
import type { ConditionContext } from '../../../core/conditions.ts';
import { StoredFiles } from '../files/StoredFiles.tsx';

export const PER_PAGE_OPTIONS = [10, 25, 50, 100];

/** A code, an amount, a date or a time on one line (cell-wrap.ts); the table scrolls instead. */
const ONE_LINE = { whiteSpace: 'nowrap' } as const;

/**
 * The columns that matter stay in sight when a list is wider than its card (many columns at
 * 1366 or 1024 px): the first (what the row is, and its link) and the row's actions (Pay, Edit)
 * stick to the card's edges while the columns between scroll under them. `left` and `right`
 * are flipped in right to left by the Emotion cache, so the first column sticks to the right.
 */
const STICK_START = { position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper' } as const;
const STICK_END = { position: 'sticky', right: 0, zIndex: 1, bgcolor: 'background.paper' } as const;

export interface ListViewProps {
  screen: Screen;
  entity: ClientEntity | undefined;
  statusTables: Record<string, StatusTable>;
  controller: ListController;
  pageActions: ScreenAction[];
  rowActions: ScreenAction[];
  onAction(action: ScreenAction, row?: Row): void;
  /** Where a row leads, for a user who may follow its link (none: the rows are no links). */
  rowLink?: { href(row: Row): string | undefined; newTab?: boolean };
  /** What a row action's `visibleWhen` sees besides the row: the route parameters and the user. */
  actionContext?: Omit<ConditionContext, 'record'>;
}

/** The icon that says what an action does; null when no icon would (the action shows its words). */
function knownIcon(action: ScreenAction) {
  if (action.type === 'export') return <FileDownload fontSize="small" />;
  if (action.type === 'delete') return <Delete fontSize="small" />;
  if (action.type === 'restore') return <RestoreFromTrash fontSize="small" />;
  if (action.name.includes('edit')) return <Edit fontSize="small" />;
  if (action.name.includes('add') || action.name.includes('create')) return <Add />;
  return null;
}

function actionIcon(action: ScreenAction) {
  return knownIcon(action) ?? <ChevronRight fontSize="small" />;
}

export function ListView(props: ListViewProps) {
  const { screen, entity, statusTables, controller, pageActions, rowActions, onAction, rowLink, actionContext } = props;
  const navigate = useNavigate();
  const open = (href: string) => {
    if (rowLink?.newTab) window.open(href, '_blank', 'noopener');
    else void navigate(href);
  };
  const label = useLabel();
  const language = useLanguage();
  const ui = useUi();
  const { state, sort } = controller;
  const paidOf = (values: { paid: string; total: string }) => ui('paidOf', values);
  return (
    <Card variant="outlined">
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ p: 2, justifyContent: 'space-between' }}>
        <ListFilters filters={screen.filters} controller={controller} resource={screen.source?.resource} />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          {pageActions.map((a) => (
            <Button
              key={a.name}
              variant={a.type === 'export' ? 'outlined' : 'contained'}
              startIcon={actionIcon(a)}
              onClick={() => onAction(a)}
              sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
            >
              {label(a.label)}
            </Button>
          ))}
        </Stack>
      </Stack>
      {controller.loading && <LinearProgress aria-label={ui('loading')} />}
      {Boolean(controller.error) && !controller.loading && (
        <Alert
          severity="error"
          sx={{ mx: 2 }}
          action={
            <Button color="inherit" size="small" onClick={controller.reload}>
              {ui('retry')}
            </Button>
          }
        >
          {ui('loadFailed')}
        </Alert>
      )}
      <ScrollCue testId="list-table">
        <Table size="small" aria-label={label(screen.title)}>
          <TableHead>
            <TableRow>
              {screen.columns.map((c, ci) => (
                <TableCell
                  key={c.field}
                  sortDirection={sort?.field === c.field ? sort.order : false}
                  sx={ci === 0 ? STICK_START : undefined}
                >
                  <TableSortLabel
                    active={sort?.field === c.field}
                    direction={sort?.field === c.field ? sort.order : 'asc'}
                    onClick={() => controller.toggleSort(c.field)}
                  >
                    {label(columnLabel(c, entity))}
                  </TableSortLabel>
                </TableCell>
              ))}
              {rowActions.length > 0 && (
                <TableCell align="right" sx={STICK_END}>
                  {ui('actions')}
                </TableCell>
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {controller.rows.map((row, i) => {
              const href = rowLink?.href(row);
              return (
                <TableRow
                  key={String(row.id ?? i)}
                  hover
                  sx={href ? { cursor: 'pointer' } : undefined}
                  // The whole row answers a click; its first cell holds a real link, which the
                  // keyboard reaches with Tab and opens with Enter.
                  onClick={href ? () => open(href) : undefined}
                >
                  {screen.columns.map((c, ci) => {
                    const field = entity?.fields[c.field];
                    const table = c.badge ? statusTables[c.badge] : undefined;
                    const refLabel =
                      field?.ref && !c.format
                        ? refCellLabel(controller.lookup, field.ref, row[c.field], language)
                        : undefined;
                    const content = table ? (
                      <StatusCell table={table} value={row[c.field]} format={c.format} language={language} />
                    ) : field?.ref && !c.format ? (
                      (refLabel ?? <RefValue refName={field.ref} value={row[c.field]} />)
                    ) : field?.type === 'file' ? (
                      <StoredFiles value={row[c.field]} size="small" />
                    ) : (
                      // isolated: a Latin or numeric value (-1,500.00, +20 10..., an address) keeps its own order in Arabic
                      <IsolatedValue text={cellText(row, c.field, c.format, field?.type, language, paidOf)} />
                    );
                    return (
                      <TableCell
                        key={c.field}
                        sx={keepsOneLine(c, field, row[c.field], refLabel) ? ONE_LINE : undefined}
                      >
                        {href && ci === 0 ? (
                          <Link
                            component={RouterLink}
                            to={href}
                            target={rowLink?.newTab ? '_blank' : undefined}
                            rel={rowLink?.newTab ? 'noopener' : undefined}
                            underline="hover"
                            onClick={(e) => e.stopPropagation()}
                          >
                            {content}
                          </Link>
                        ) : (
                          content
                        )}
                      </TableCell>
                    );
                  })}
                  {rowActions.length > 0 && (
                    <TableCell
                      align="right"
                      sx={{ whiteSpace: 'nowrap', ...STICK_END }}
                      onClick={(e) => e.stopPropagation()}
                    >
                      {rowActionsFor(rowActions, row, actionContext).map((a) => {
                        const icon = knownIcon(a);
                        // An action no icon describes (pay, other options, ...) shows its words:
                        // two identical chevrons would tell the user nothing.
                        return icon ? (
                          <Tooltip key={a.name} title={label(a.label)}>
                            <IconButton size="small" aria-label={label(a.label)} onClick={() => onAction(a, row)}>
                              {icon}
                            </IconButton>
                          </Tooltip>
                        ) : (
                          <Button key={a.name} size="small" onClick={() => onAction(a, row)}>
                            {label(a.label)}
                          </Button>
                        );
                      })}
                    </TableCell>
                  )}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </ScrollCue>
      {!controller.loading && controller.rows.length === 0 && !controller.error && (
        <Box sx={{ py: 6, textAlign: 'center' }}>
          <Typography color="text.secondary">{ui('noRecords')}</Typography>
        </Box>
      )}
      <TablePagination
        component="div"
        count={controller.total}
        page={Math.max(0, state.page - 1)}
        onPageChange={(_e, page) => controller.setPage(page + 1)}
        rowsPerPage={state.perPage}
        rowsPerPageOptions={
          PER_PAGE_OPTIONS.includes(state.perPage)
            ? PER_PAGE_OPTIONS
            : [...PER_PAGE_OPTIONS, state.perPage].sort((a, b) => a - b)
        }
        onRowsPerPageChange={(e) => controller.setPerPage(Number(e.target.value))}
        labelRowsPerPage={ui('rowsPerPage')}
        // Counts with thousands separators, as the grid's and every number cell's (17,833).
        labelDisplayedRows={({ from, to, count }) => {
          const n = (x: number) => formatValue(x, 'number', undefined, language);
          return ui('displayedRows', { from: n(from), to: n(to), count: n(count) });
        }}
      />
    </Card>
  );
}
