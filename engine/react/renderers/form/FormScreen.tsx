/**
 * The frame of the form screen kind, shared by its two renderers: the title, the card, the
 * screen's form with its controller (loaded for an edit address, submitted to its call), drawn
 * by the view the renderer passes (RJSF's `FormView` or the light `SimpleFormView`); once saved,
 * it opens the page `submit.next` picks from the server's answer.
 */
import { useCallback, useMemo, type ComponentType } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Card, CardContent, Stack, Typography } from '@mui/material';
import type { Form } from '../../../../generator/manifest-types.ts';
import { useManifest } from '../../data/ManifestProvider.tsx';
import { useLabel, useUi } from '../../i18n/hooks.ts';
import type { RendererProps } from '../../registry/registry.ts';
import type { FormViewProps } from './FormView.tsx';
import { formTarget, useFormController } from './useFormController.ts';
import { nextHref } from './form-next.ts';

export function FormScreen({ screen, params, View }: RendererProps & { View: ComponentType<FormViewProps> }) {
  const manifest = useManifest();
  const form = screen.form ? manifest.forms[screen.form] : undefined;
  const label = useLabel();
  const ui = useUi();
  if (!form)
    return <Alert severity="warning">{ui('unknownScreenHint', { view: screen.view, name: screen.name })}</Alert>;
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {label(screen.title)}
      </Typography>
      <Card variant="outlined">
        <CardContent>
          <ScreenForm form={form} resource={screen.source?.resource} params={params} View={View} />
        </CardContent>
      </Card>
    </Stack>
  );
}

function ScreenForm({
  form,
  resource,
  params,
  View,
}: {
  form: Form;
  resource?: string;
  params: RendererProps['params'];
  View: ComponentType<FormViewProps>;
}) {
  const manifest = useManifest();
  const navigate = useNavigate();
  const target = useMemo(() => formTarget(form, resource, params), [form, resource, params]);
  // submit.next: once saved, on to the page the answer leads to; without one, the user stays
  const next = form.submit?.next;
  const onSaved = useCallback(
    (answer: unknown) => {
      const href = nextHref(next, answer, manifest);
      if (href) void navigate(href);
    },
    [next, manifest, navigate],
  );
  const controller = useFormController(form, manifest, target, params, next ? { onSaved } : {});
  return <View controller={controller} />;
}
