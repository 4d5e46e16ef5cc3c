/**
 * The detail screen kind: one record (GET /{resource}/details/{id}: the row with its referenced
 * rows and `meta.lookup`), its fields with labels and badges, page actions. A foreign key is
 * named from that answer; the entity's option list is only the fallback.
 */
import { Alert, Button, Card, CardContent, Grid, Stack, Typography, LinearProgress } from '@mui/material';
import { useManifest } from '../data/ManifestProvider.tsx';
import { useSession } from '../data/SessionProvider.tsx';
import { useLabel, useLanguage, useUi } from '../i18n/hooks.ts';
import type { RendererProps } from '../registry/registry.ts';
import { fillPath, useActionRunner } from './actions.ts';
import { IsolatedValue, StatusCell } from './cells.tsx';
import { cellText } from './cell-text.ts';
import { StoredFiles } from './files/StoredFiles.tsx';
import { columnLabel, sourceEntity, visibleActions } from './list/list-model.ts';
import { unwrapData, useResource } from './useResource.ts';
import { detailRefLabel } from './ref-labels.ts';
import { RefValue } from './useRefOptions.ts';
import { DetailTable } from './DetailTable.tsx';

/** The API path of a detail screen: its own (parameters filled), else /{resource}/details/{id}. */
export function detailPath(screen: RendererProps['screen'], params: RendererProps['params']): string | undefined {
  if (screen.source?.path) return fillPath(screen.source.path, params);
  const id = params.id ?? Object.values(params).find((v) => v !== undefined);
  return screen.source?.resource && id ? `/${screen.source.resource}/details/${encodeURIComponent(id)}` : undefined;
}

export function DetailRenderer({ screen, params }: RendererProps) {
  const manifest = useManifest();
  const { subject } = useSession();
  const label = useLabel();
  const language = useLanguage();
  const ui = useUi();
  const paidOf = (values: { paid: string; total: string }) => ui('paidOf', values);
  const entity = sourceEntity(manifest, screen);
  const record = useResource<unknown>(detailPath(screen, params), { raw: true });
  const run = useActionRunner(screen, params, record.reload);
  const row = (unwrapData(record.data) ?? {}) as Record<string, unknown>;
  // visibleWhen tests the record: an action that depends on it waits until it has loaded
  const actions = visibleActions(screen.actions, subject, { params, record: row }, manifest.screens).page;
  const columns = screen.columns.length
    ? screen.columns
    : Object.values(entity?.fields ?? {}).map((f) => ({ field: f.name, label: f.label, badge: f.status }));
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="h5" component="h1">
          {label(screen.title)}
        </Typography>
        <Stack direction="row" spacing={1}>
          {actions.map((a) => (
            <Button key={a.name} variant="contained" onClick={() => void run(a, row)}>
              {label(a.label)}
            </Button>
          ))}
        </Stack>
      </Stack>
      {record.loading && <LinearProgress aria-label={ui('loading')} />}
      {Boolean(record.error) && <Alert severity="error">{ui('loadFailed')}</Alert>}
      {record.data !== undefined && (
        <Card variant="outlined">
          <CardContent>
            <Grid container spacing={2}>
              {columns.map((c, i) => {
                const table = c.badge ? manifest.statusTables[c.badge] : undefined;
                const ref = entity?.fields[c.field]?.ref;
                const refLabel = ref ? detailRefLabel(record.data, c.field, ref, row[c.field], language) : undefined;
                if ('table' in c && c.table) {
                  // a list held by the record: its own small table across the card
                  return (
                    <Grid key={`${c.field}:${i}`} size={12}>
                      <Typography variant="subtitle2" component="h2" sx={{ mb: 0.5 }}>
                        {label(columnLabel(c, entity))}
                      </Typography>
                      <DetailTable table={c.table} value={row[c.field]} caption={label(columnLabel(c, entity))} />
                    </Grid>
                  );
                }
                return (
                  <Grid key={`${c.field}:${i}`} size={{ xs: 12, sm: 6, md: 4 }}>
                    <Typography variant="caption" color="text.secondary" component="div">
                      {label(columnLabel(c, entity))}
                    </Typography>
                    <Typography component="div">
                      {table ? (
                        <StatusCell
                          table={table}
                          value={row[c.field]}
                          format={'format' in c ? c.format : undefined}
                          language={language}
                        />
                      ) : refLabel !== undefined ? (
                        refLabel
                      ) : ref ? (
                        <RefValue refName={ref} value={row[c.field]} />
                      ) : entity?.fields[c.field]?.type === 'file' ? (
                        <StoredFiles value={row[c.field]} />
                      ) : (
                        // isolated: a Latin or numeric value (-1,500.00, +20 10..., an address) keeps its own order in Arabic
                        <IsolatedValue
                          text={cellText(
                            row,
                            c.field,
                            'format' in c ? c.format : undefined,
                            entity?.fields[c.field]?.type,
                            language,
                            paidOf,
                          )}
                        />
                      )}
                    </Typography>
                  </Grid>
                );
              })}
            </Grid>
          </CardContent>
        </Card>
      )}
    </Stack>
  );
}
