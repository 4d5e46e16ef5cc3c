/**
 * The `grid#Grid` plugin screen: the screen's `source` rows (every page of the resource,
 * through the engine's API client) in the grid, columns from the screen's `columns` with their
 * `grid:` options, status badges in the grid's colours (./status-colours.ts), a link per row
 * from `rowLink`. Like a list screen it draws the screen's server `filters` (the list
 * renderer's FilterField) and its `actions` (the engine's action runner: the export posts the
 * chosen filters; row actions edit, delete, restore where permitted). The server filters, the
 * column filters, the search and the sort live in the address (./grid-url.ts). A column's
 * `grid.rules` (shared field rules) check its cells. Without `grid.save`, edits, import and the
 * grid's own export stay in the browser (admission-and-grid section 7); with it, the changed rows
 * are saved to the server (./useGridSave.ts, ./SaveBar.tsx, ./LeaveGuard.tsx).
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ScreenAction } from '../../../../generator/manifest-types.ts';
import { useManifest } from '../../../react/data/ManifestProvider.tsx';
import { useSession } from '../../../react/data/SessionProvider.tsx';
import { useLabel, useLanguage } from '../../../react/i18n/hooks.ts';
import type { RendererProps } from '../../../react/registry/registry.ts';
import { useActionRunner } from '../../../react/renderers/actions.ts';
import { chipColours } from '../../../react/renderers/cells.tsx';
import { FilterField } from '../../../react/renderers/list/ListFilters.tsx';
import { fillPath } from '../../../react/renderers/actions.ts';
import {
  listPath,
  listRequestBody,
  rowLinkFor,
  sourceEntity,
  visibleActions,
} from '../../../react/renderers/list/list-model.ts';
import { hrefFor, paramsFromRow } from '../../../react/router/paths.ts';
import { DEFAULT_GRID_HEIGHT } from '../model/paging.ts';
import type { GridColumn, GridRow } from '../model/types.ts';
import { Grid } from './Grid.tsx';
import { readGridUrl, writeGridUrl, type GridViewState } from './grid-url.ts';
import { actionIcon, ROW_ACTION_WIDTH, rowActionCount, RowActionButtons } from './RowActionButtons.tsx';
import { normalizeChoiceValues, screenGridColumns } from './screen-columns.ts';
import { LeaveGuard } from './LeaveGuard.tsx';
import { withCellErrors, withRules } from './save-model.ts';
import { SaveButtons, SaveNotes } from './SaveBar.tsx';
import { GRID_STATUS_TABLE, gridBadge, gridColoursByName } from './status-colours.ts';
import { gridUi } from './texts.ts';
import { useGridSave } from './useGridSave.ts';
import { useScreenRows } from './useScreenRows.ts';

export function GridScreen({ screen, params }: RendererProps) {
  const manifest = useManifest();
  const lang = useLanguage();
  const label = useLabel();
  const { subject } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const query = searchParams.toString();
  const url = useMemo(() => readGridUrl(query, screen), [query, screen]);
  const server = url.server;

  // The server filters the user chose, as POST /{resource} and the export take them.
  const serverFilters = useMemo(() => {
    const body = listRequestBody({}, server, undefined);
    return body.filters;
  }, [server]);
  // A source path may name the route's parameters (/grades/sections/:id/students).
  const path = useMemo(() => {
    const raw = listPath(screen);
    return raw ? fillPath(raw, params) : undefined;
  }, [screen, params]);
  const { data, loading, error, reload } = useScreenRows(path, screen.source, serverFilters);
  const entity = sourceEntity(manifest, screen);
  const checked = useMemo<GridColumn[]>(
    () =>
      withRules(
        screenGridColumns(screen, entity, manifest.statusTables, data?.lookup),
        screen.columns,
        manifest.rules ?? {},
      ),
    [screen, entity, manifest.statusTables, manifest.rules, data?.lookup],
  );
  const rows = useMemo(() => normalizeChoiceValues(data?.rows ?? [], checked), [data?.rows, checked]);
  const save = screen.grid?.save;
  const saver = useGridSave(save, rows, checked, params, lang, reload);
  // The server's messages of a refused save, on their cells.
  const columns = useMemo(
    () => (save ? withCellErrors(checked, saver.cellErrors, save.key) : checked),
    [save, checked, saver.cellErrors],
  );

  const badges = useMemo(() => {
    const tables = new Map<string, NonNullable<(typeof manifest.statusTables)[string]>>();
    for (const c of screen.columns)
      if (c.badge && manifest.statusTables[c.badge]) tables.set(c.field, manifest.statusTables[c.badge]!);
    return tables;
  }, [screen.columns, manifest.statusTables]); // eslint-disable-line react-hooks/exhaustive-deps -- only the status tables are read
  const byName = useMemo(() => gridColoursByName(manifest.statusTables[GRID_STATUS_TABLE]), [manifest.statusTables]);

  // Badges are plain spans in the status colour: one MUI Chip per visible cell would cost more.
  const renderCell = useCallback(
    (column: GridColumn, value: unknown) => {
      const table = badges.get(column.name);
      if (!table || value === null || value === undefined || value === '') return undefined;
      const b = gridBadge(table, value as string | number, lang, byName);
      const c = chipColours(b.color);
      return (
        <span
          className="rg-badge"
          data-colour={b.color}
          style={{
            background: c.background,
            color: c.color,
            border: `1px solid ${c.border}`,
            borderRadius: 10,
            padding: '0 8px',
            fontSize: 12,
          }}
        >
          <bdi>{b.text || String(value)}</bdi>
        </span>
      );
    },
    [badges, lang, byName],
  );

  // The link this user follows (a screen may send staff and students to different pages).
  const rowLink = useMemo(
    () => rowLinkFor(screen.rowLink, subject, manifest.screens),
    [screen.rowLink, subject, manifest.screens],
  );
  const rowHref = useMemo(
    () =>
      rowLink
        ? (row: GridRow) => hrefFor(manifest, rowLink.route, paramsFromRow(rowLink.params ?? { id: 'id' }, row, params))
        : undefined,
    [rowLink, manifest, params],
  );

  // Address writes replace the entry: a filter typed letter by letter is not a page of history.
  const write = useCallback(
    (change: (current: URLSearchParams) => URLSearchParams) =>
      setSearchParams(
        (current) => {
          const next = change(current);
          return next.toString() === current.toString() ? current : next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  const onViewChange = useCallback(
    (view: GridViewState) => write((current) => writeGridUrl(current, { ...readGridUrl(current, screen), view })),
    [write, screen],
  );
  const filterController = useMemo(
    () => ({
      state: server,
      setFilter: (field: string, ids: string[]) =>
        write((current) => {
          const now = readGridUrl(current, screen);
          return writeGridUrl(current, {
            ...now,
            server: { ...now.server, filters: { ...now.server.filters, [field]: ids } },
          });
        }),
    }),
    [server, write, screen],
  );

  const actions = useMemo(
    () => visibleActions(screen.actions, subject, { params }, manifest.screens),
    [screen.actions, subject, params, manifest.screens],
  );
  // A row action's visibleWhen reads the row, and the route and the user as a list's does.
  const actionContext = useMemo(() => ({ subject, params }), [subject, params]);
  const run = useActionRunner(screen, params, reload);
  const onAction = useCallback(
    (action: ScreenAction, row?: GridRow) => {
      // An export takes the chosen server filters (all matching rows, not the grid's view).
      const body =
        action.type === 'export' ? listRequestBody(screen, { ...server, search: '' }, screen.source?.sort) : undefined;
      void run(action, row, body);
    },
    [run, screen, server],
  );
  const rowActions = useMemo(() => {
    if (!actions.row.length) return undefined;
    return {
      width: ROW_ACTION_WIDTH * rowActionCount(actions.row),
      render: (row: GridRow) => (
        <RowActionButtons actions={actions.row} row={row} context={actionContext} onAction={onAction} label={label} />
      ),
    };
  }, [actions.row, actionContext, onAction, label]);
  const pageActions =
    actions.page.length || save ? (
      <>
        {save && <SaveButtons saver={saver} lang={lang} />}
        {actions.page.map((a) => (
          <Button key={a.name} size="small" variant="contained" startIcon={actionIcon(a)} onClick={() => onAction(a)}>
            {label(a.label)}
          </Button>
        ))}
      </>
    ) : undefined;

  const title = label(screen.title);
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      {screen.filters.length > 0 && (
        <Box
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}
          data-testid="grid-server-filters"
        >
          {screen.filters.map((f) => (
            <FilterField key={f.field} filter={f} controller={filterController} resource={screen.source?.resource} />
          ))}
        </Box>
      )}
      {loading && <LinearProgress aria-label={gridUi(lang, 'loading')} />}
      {error ? <Alert severity="error">{String((error as Error).message ?? error)}</Alert> : null}
      {save && <SaveNotes saver={saver} lang={lang} />}
      {save && <LeaveGuard count={saver.count} lang={lang} />}
      {!loading && (
        <Grid
          columns={columns}
          rows={save ? saver.rows : rows}
          onChange={save ? saver.onChange : undefined}
          lang={lang}
          label={title}
          renderCell={badges.size ? renderCell : undefined}
          rowHref={rowHref}
          exportName={screen.name}
          paging={screen.grid?.paging}
          height={screen.grid?.height ?? DEFAULT_GRID_HEIGHT}
          initialView={url.view}
          onViewChange={onViewChange}
          rowActions={rowActions}
          toolbarExtra={pageActions}
        />
      )}
    </Stack>
  );
}
