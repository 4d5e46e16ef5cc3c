/** The form screen kind: the screen's form, loaded for an edit address, submitted to its call. */
import { useMemo } from 'react';
import { Alert, Card, CardContent, Stack, Typography } from '@mui/material';
import { useManifest } from '../../data/ManifestProvider.tsx';
import { useLabel, useUi } from '../../i18n/hooks.ts';
import type { RendererProps } from '../../registry/registry.ts';
import { FormView } from './FormView.tsx';
import { formTarget, useFormController } from './useFormController.ts';

export function FormRenderer({ screen, params }: RendererProps) {
  const manifest = useManifest();
  const form = screen.form ? manifest.forms[screen.form] : undefined;
  const label = useLabel();
  const ui = useUi();
  if (!form) return <Alert severity="warning">{ui('unknownScreenHint', { view: screen.view, name: screen.name })}</Alert>;
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {label(screen.title)}
      </Typography>
      <Card variant="outlined">
        <CardContent>
          <ScreenForm form={form} resource={screen.source?.resource} params={params} />
        </CardContent>
      </Card>
    </Stack>
  );
}

function ScreenForm({ form, resource, params }: { form: NonNullable<ReturnType<typeof useManifest>['forms'][string]>; resource?: string; params: RendererProps['params'] }) {
  const manifest = useManifest();
  const target = useMemo(() => formTarget(form, resource, params), [form, resource, params]);
  const controller = useFormController(form, manifest, target, params);
  return <FormView controller={controller} />;
}
