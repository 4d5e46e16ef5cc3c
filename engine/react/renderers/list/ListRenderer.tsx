/** The list screen kind: the controller (state in the address, server paging) wired to the MUI view. */
import { useMemo } from 'react';
import { Stack, Typography } from '@mui/material';
import { useApi } from '../../data/ApiProvider.tsx';
import { useManifest } from '../../data/ManifestProvider.tsx';
import { useSession } from '../../data/SessionProvider.tsx';
import { useLabel } from '../../i18n/hooks.ts';
import type { RendererProps } from '../../registry/registry.ts';
import { hrefFor, paramsFromRow } from '../../router/paths.ts';
import { useActionRunner } from '../actions.ts';
import { listRequestBody, rowLinkFor, sourceEntity, visibleActions } from './list-model.ts';
import { apiListFetcher, useListController } from './useListController.ts';
import { ListView } from './ListView.tsx';

export function ListRenderer({ screen, params }: RendererProps) {
  const manifest = useManifest();
  const api = useApi();
  const { subject } = useSession();
  const label = useLabel();
  const fetcher = useMemo(() => apiListFetcher(api), [api]);
  const controller = useListController(screen, fetcher);
  const run = useActionRunner(screen, params, controller.reload);
  const actions = useMemo(
    () => visibleActions(screen.actions, subject, { params }, manifest.screens),
    [screen.actions, subject, params, manifest.screens],
  );
  const actionContext = useMemo(() => ({ params, subject }), [params, subject]);
  const rowLink = rowLinkFor(screen.rowLink, subject, manifest.screens);
  const rowHref = rowLink
    ? {
        href: (row: Record<string, unknown>) =>
          hrefFor(manifest, rowLink.route, paramsFromRow(rowLink.params ?? { id: 'id' }, row, params)),
        newTab: rowLink.newTab,
      }
    : undefined;
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {label(screen.title)}
      </Typography>
      <ListView
        screen={screen}
        entity={sourceEntity(manifest, screen)}
        statusTables={manifest.statusTables}
        controller={controller}
        pageActions={actions.page}
        rowActions={actions.row}
        onAction={(action, row) => {
          // an export takes the list's current filters as its payload
          const body =
            action.type === 'export' ? listRequestBody(screen, controller.state, controller.sort) : undefined;
          void run(action, row, body);
        }}
        rowLink={rowHref}
        actionContext={actionContext}
      />
    </Stack>
  );
}
