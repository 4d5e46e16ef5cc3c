/**
 * The `grid#Grid` plugin screen: the screen's `source` rows (every page of the resource,
 * through the engine's API client) in the grid, columns from the screen's `columns` with their
 * `grid:` options, status badges in their colours, a link per row from `rowLink`. Edits,
 * import and export stay in the browser (admission-and-grid section 7).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { badge } from '../../../core/badges.ts';
import { useApi } from '../../../react/data/ApiProvider.tsx';
import { useManifest } from '../../../react/data/ManifestProvider.tsx';
import { useLabel, useLanguage } from '../../../react/i18n/hooks.ts';
import type { Screen } from '../../../../generator/manifest-types.ts';
import type { RendererProps } from '../../../react/registry/registry.ts';
import { chipColours } from '../../../react/renderers/cells.tsx';
import { listPath, normalizeListResponse, readListLookup, sourceEntity } from '../../../react/renderers/list/list-model.ts';
import { hrefFor, paramsFromRow } from '../../../react/router/paths.ts';
import { NO_PAGING_SIZE } from '../model/paging.ts';
import type { GridColumn, GridRow } from '../model/types.ts';
import { Grid } from './Grid.tsx';
import { normalizeChoiceValues, screenGridColumns, type LabelRow } from './screen-columns.ts';
import { gridUi } from './texts.ts';

/** The server's largest page (server/resources/list-query.ts MAX_PER_PAGE). */
const PER_PAGE = 100;
/** Pages asked at once while loading a long list. */
const PARALLEL = 4;

interface Loaded {
  rows: GridRow[];
  lookup: Record<string, LabelRow[]>;
}

/** Every row of a list path, page after page, up to the grid's 999999 rows. */
function useAllRows(path: string | undefined, source: Screen['source']) {
  const api = useApi();
  const [state, setState] = useState<{ data?: Loaded; loading: boolean; error: unknown }>({ loading: !!path, error: null });
  // The screen's fixed filters and order, as a list screen sends them (list-query.ts).
  const queryKey = JSON.stringify({ filters: source?.filters ?? {}, ...(source?.sort ? { sort: source.sort } : {}) });
  useEffect(() => {
    if (!path) {
      setState({ loading: false, error: null, data: { rows: [], lookup: {} } });
      return;
    }
    let live = true;
    const ask = (page: number) => api.post(path, { ...(JSON.parse(queryKey) as object), search: '', page, perPage: PER_PAGE });
    const lookup: Record<string, LabelRow[]> = {};
    const keep = (body: unknown) => {
      for (const [ref, labels] of Object.entries(readListLookup(body))) (lookup[ref] ??= []).push(...(labels as LabelRow[]));
      return normalizeListResponse(body).rows;
    };
    (async () => {
      const first = await ask(1);
      const rows = keep(first);
      const total = Math.min(normalizeListResponse(first).total, NO_PAGING_SIZE);
      const pages = Math.ceil(total / PER_PAGE);
      for (let from = 2; from <= pages && live; from += PARALLEL) {
        const batch = await Promise.all(Array.from({ length: Math.min(PARALLEL, pages - from + 1) }, (_, i) => ask(from + i)));
        for (const body of batch) rows.push(...keep(body));
      }
      if (live) setState({ loading: false, error: null, data: { rows, lookup } });
    })().catch((error: unknown) => live && setState({ loading: false, error }));
    return () => {
      live = false;
    };
  }, [api, path, queryKey]);
  return state;
}

export function GridScreen({ screen, params }: RendererProps) {
  const manifest = useManifest();
  const lang = useLanguage();
  const label = useLabel();
  const { data, loading, error } = useAllRows(listPath(screen), screen.source);
  const entity = sourceEntity(manifest, screen);
  const columns = useMemo<GridColumn[]>(
    () => screenGridColumns(screen, entity, manifest.statusTables, data?.lookup),
    [screen, entity, manifest.statusTables, data?.lookup],
  );
  const rows = useMemo(() => normalizeChoiceValues(data?.rows ?? [], columns), [data?.rows, columns]);

  const badges = useMemo(() => {
    const tables = new Map<string, NonNullable<(typeof manifest.statusTables)[string]>>();
    for (const c of screen.columns) if (c.badge && manifest.statusTables[c.badge]) tables.set(c.field, manifest.statusTables[c.badge]!);
    return tables;
  }, [screen.columns, manifest.statusTables]);

  // Badges are plain spans in the status colour: one MUI Chip per visible cell would cost more.
  const renderCell = useCallback(
    (column: GridColumn, value: unknown) => {
      const table = badges.get(column.name);
      if (!table || value === null || value === undefined || value === '') return undefined;
      const b = badge(table, value as string | number, lang);
      const c = chipColours(b.color);
      return (
        <span
          className="rg-badge"
          data-colour={b.color}
          style={{ background: c.background, color: c.color, border: `1px solid ${c.border}`, borderRadius: 10, padding: '0 8px', fontSize: 12 }}
        >
          {b.text || String(value)}
        </span>
      );
    },
    [badges, lang],
  );

  const rowLink = screen.rowLink;
  const rowHref = useMemo(
    () => (rowLink ? (row: GridRow) => hrefFor(manifest, rowLink.route, paramsFromRow(rowLink.params ?? { id: 'id' }, row, params)) : undefined),
    [rowLink, manifest, params],
  );

  const title = label(screen.title);
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      {loading && <LinearProgress aria-label={gridUi(lang, 'loading')} />}
      {error ? <Alert severity="error">{String((error as Error).message ?? error)}</Alert> : null}
      {!loading && (
        <Grid
          columns={columns}
          rows={rows}
          lang={lang}
          label={title}
          renderCell={badges.size ? renderCell : undefined}
          rowHref={rowHref}
          exportName={screen.name}
          height={480}
        />
      )}
    </Stack>
  );
}
