/** The wizard screen kind: tabs by name with done marks, each tab one form, Next / Finish. */
import { useMemo } from 'react';
import { Alert, Box, Button, Card, CardContent, Stack, Tab, Tabs, Typography } from '@mui/material';
import CheckCircle from '@mui/icons-material/CheckCircle';
import type { Form, Wizard } from '../../../../generator/manifest-types.ts';
import { useManifest } from '../../data/ManifestProvider.tsx';
import { useLabel, useUi } from '../../i18n/hooks.ts';
import type { RendererProps } from '../../registry/registry.ts';
import { FormView } from '../form/FormView.tsx';
import { formTarget, useFormController } from '../form/useFormController.ts';
import { useWizardController, type WizardController } from './useWizardController.ts';

export function WizardRenderer({ screen, params }: RendererProps) {
  const manifest = useManifest();
  const ui = useUi();
  const wizard = screen.wizard ? manifest.wizards[screen.wizard] : undefined;
  if (!wizard) return <Alert severity="warning">{ui('unknownScreenHint', { view: screen.view, name: screen.name })}</Alert>;
  return <WizardView wizard={wizard} screen={screen} params={params} />;
}

function WizardView({ wizard, screen, params }: RendererProps & { wizard: Wizard }) {
  const manifest = useManifest();
  const label = useLabel();
  const ui = useUi();
  const controller = useWizardController(wizard, screen, params);
  const tab = controller.current ? wizard.tabs[controller.current] : undefined;
  const form = tab ? manifest.forms[tab.form] : undefined;
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {label(wizard.title ?? screen.title)}
      </Typography>
      <Card variant="outlined">
        <Tabs value={controller.current ?? false} onChange={(_e, v: string) => controller.goTo(v)} variant="scrollable" scrollButtons="auto" aria-label={label(wizard.title)}>
          {controller.tabs.map((name) => (
            <Tab
              key={name}
              value={name}
              label={label(wizard.tabs[name]?.label) || name}
              icon={controller.done.has(name) ? <CheckCircle color="success" fontSize="small" aria-label={ui('done')} /> : undefined}
              iconPosition="start"
              data-done={controller.done.has(name) ? 'true' : 'false'}
            />
          ))}
        </Tabs>
        <CardContent>
          {controller.finished && <Alert severity="success" sx={{ mb: 2 }}>{ui('done')}</Alert>}
          {form && controller.current ? (
            <TabForm key={controller.current} form={form} controller={controller} resource={wizard.entity} params={params} />
          ) : (
            <Box />
          )}
        </CardContent>
      </Card>
    </Stack>
  );
}

function TabForm({ form, controller, resource, params }: { form: Form; controller: WizardController; resource?: string; params: RendererProps['params'] }) {
  const manifest = useManifest();
  const ui = useUi();
  const target = useMemo(() => formTarget(form, resource, params), [form, resource, params]);
  const formController = useFormController(form, manifest, target, params, { onSaved: () => controller.complete(), skipLoad: true });
  const prev = controller.tabs.indexOf(controller.current ?? '') > 0;
  return (
    <FormView
      controller={formController}
      submitLabel={controller.isLast ? ui('finish') : ui('next')}
      extraButtons={prev ? <Button onClick={controller.back}>{ui('previous')}</Button> : undefined}
    />
  );
}
