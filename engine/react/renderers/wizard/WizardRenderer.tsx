/**
 * The wizard screen kind: tabs by name with done marks, each tab one form, Next / Finish.
 *
 * Each tab reads its saved values from the wizard's source (the entity's record by default; the
 * admission form passes its own source), with the local draft of what was typed but not yet
 * confirmed on top (./drafts.ts). Every change is written to the draft; the draft goes once the
 * server confirmed the save, so a failed save, a dropped network or a reload loses nothing.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { Alert, Box, Button, Card, CardContent, LinearProgress, Stack, Tab, Tabs, Typography } from '@mui/material';
import CheckCircle from '@mui/icons-material/CheckCircle';
import type { Form, Wizard } from '../../../../generator/manifest-types.ts';
import { ApiError } from '../../../core/api/api-error.ts';
import { useApi } from '../../data/ApiProvider.tsx';
import { useManifest } from '../../data/ManifestProvider.tsx';
import { useLabel, useLanguage, useUi } from '../../i18n/hooks.ts';
import type { RendererProps } from '../../registry/registry.ts';
import { FormView } from '../form/FormView.tsx';
import { withoutNulls, type Record_ } from '../form/form-model.ts';
import { useFormController } from '../form/useFormController.ts';
import { browserDraftStorage, createDraftStore, draftKey, mergeDraft, type DraftStore } from './drafts.ts';
import { useWizardController, type WizardController } from './useWizardController.ts';
import { entitySource, type TabAnswer, type WizardSource } from './wizard-source.ts';
import { wizardText } from './wizard-texts.ts';

export function WizardRenderer({ screen, params }: RendererProps) {
  const manifest = useManifest();
  const api = useApi();
  const ui = useUi();
  const wizard = screen.wizard ? manifest.wizards[screen.wizard] : undefined;
  const entity = wizard?.entity ?? screen.source?.resource;
  const source = useMemo(() => (entity ? entitySource(api, entity, params.id) : undefined), [api, entity, params.id]);
  if (!wizard || !source)
    return <Alert severity="warning">{ui('unknownScreenHint', { view: screen.view, name: screen.name })}</Alert>;
  return <WizardView wizard={wizard} screen={screen} params={params} source={source} />;
}

/** Draws something around one tab's form (the admission form puts the fees above its payment tab). */
export type TabFrame = ComponentType<{ tab: string; children: ReactNode }>;

export interface WizardViewProps extends RendererProps {
  wizard: Wizard;
  source: WizardSource;
  frame?: TabFrame;
  /** Called after the last tab was saved. */
  onFinished?: () => void;
  /** Called after any tab was saved (the page refreshes what depends on it). */
  onSaved?: (tab: string) => void;
  /** Drafts (tests pass their own storage). */
  drafts?: DraftStore;
  /** Drawn under the title, above the tabs (the admission form's status). */
  header?: ReactNode;
}

export function WizardView({
  wizard,
  screen,
  params,
  source,
  frame: Frame,
  onFinished,
  onSaved,
  drafts,
  header,
}: WizardViewProps) {
  const manifest = useManifest();
  const label = useLabel();
  const ui = useUi();
  const controller = useWizardController(wizard, screen, params);
  const store = useMemo(() => drafts ?? createDraftStore(browserDraftStorage()), [drafts]);
  const tab = controller.current ? wizard.tabs[controller.current] : undefined;
  const form = tab ? manifest.forms[tab.form] : undefined;
  const body =
    form && controller.current ? (
      <TabForm
        key={controller.current}
        wizard={wizard}
        tab={controller.current}
        form={form}
        controller={controller}
        source={source}
        drafts={store}
        params={params}
        onFinished={onFinished}
        onTabSaved={onSaved}
      />
    ) : (
      <Box />
    );
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {label(wizard.title ?? screen.title)}
      </Typography>
      {header}
      <Card variant="outlined">
        <Tabs
          value={controller.current ?? false}
          onChange={(_e, v: string) => controller.goTo(v)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={label(wizard.title)}
        >
          {controller.tabs.map((name) => (
            <Tab
              key={name}
              value={name}
              label={label(wizard.tabs[name]?.label) || name}
              icon={
                controller.done.has(name) ? (
                  <CheckCircle color="success" fontSize="small" aria-label={ui('done')} />
                ) : undefined
              }
              iconPosition="start"
              data-tab={name}
              data-done={controller.done.has(name) ? 'true' : 'false'}
            />
          ))}
        </Tabs>
        <CardContent>
          {controller.finished && (
            <Alert severity="success" sx={{ mb: 2 }}>
              {ui('done')}
            </Alert>
          )}
          {Frame && controller.current ? <Frame tab={controller.current}>{body}</Frame> : body}
        </CardContent>
      </Card>
    </Stack>
  );
}

interface TabFormProps {
  wizard: Wizard;
  tab: string;
  form: Form;
  controller: WizardController;
  source: WizardSource;
  drafts: DraftStore;
  params: RendererProps['params'];
  onFinished?: () => void;
  onTabSaved?: (tab: string) => void;
}

type LoadState = { status: 'loading' } | { status: 'ready'; data: Record_; restored: boolean; loadFailed: boolean };

/** One tab: its saved values and draft loaded, then its form. */
function TabForm(props: TabFormProps) {
  const { wizard, tab, source, drafts, controller } = props;
  const ui = useUi();
  const key = draftKey(wizard.name, source.recordKey, tab);
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const { adopt } = controller;
  useEffect(() => {
    let live = true;
    source.load(tab).then(
      (answer) => {
        if (!live) return;
        adopt(answer.done);
        setState({
          status: 'ready',
          ...mergeDraft(withoutNulls(answer.data ?? {}), drafts.read(key)),
          loadFailed: false,
        });
      },
      () => live && setState({ status: 'ready', ...mergeDraft(undefined, drafts.read(key)), loadFailed: true }),
    );
    return () => {
      live = false;
    };
  }, [source, tab, drafts, key, adopt]);
  if (state.status === 'loading') return <LinearProgress aria-label={ui('loading')} />;
  return (
    <LoadedTab
      {...props}
      draftKeyName={key}
      initialData={state.data}
      restored={state.restored}
      loadFailed={state.loadFailed}
    />
  );
}

function LoadedTab({
  tab,
  form,
  controller,
  source,
  drafts,
  params,
  onFinished,
  onTabSaved,
  draftKeyName,
  initialData,
  restored,
  loadFailed,
}: TabFormProps & { draftKeyName: string; initialData: Record_; restored: boolean; loadFailed: boolean }) {
  const manifest = useManifest();
  const ui = useUi();
  const language = useLanguage();
  // Why the last save did not land: no answer came (offline), or the server refused the values.
  const [unsaved, setUnsaved] = useState<'offline' | 'refused' | false>(false);
  const isLast = controller.isLast;
  const latest = useRef(initialData);
  // What the server holds as far as this tab knows: a change away from it is a draft.
  const confirmed = useRef(initialData);
  const send = useCallback((body: Record_) => source.save(tab, body), [source, tab]);
  const onSaved = useCallback(
    (answer: unknown) => {
      drafts.clear(draftKeyName);
      confirmed.current = latest.current;
      setUnsaved(false);
      controller.complete((answer as TabAnswer | undefined)?.done);
      onTabSaved?.(tab);
      if (isLast) onFinished?.();
    },
    [drafts, draftKeyName, controller, isLast, onFinished, onTabSaved, tab],
  );
  const onFailed = useCallback(
    (error: unknown) => {
      drafts.write(draftKeyName, latest.current);
      // A 4xx is the server refusing these values (marked on the fields); anything else is worth retrying.
      const refused =
        error instanceof ApiError && error.status !== undefined && error.status >= 400 && error.status < 500;
      setUnsaved(refused ? 'refused' : 'offline');
    },
    [drafts, draftKeyName],
  );
  const formController = useFormController(form, manifest, undefined, params, {
    initialData,
    skipLoad: true,
    send,
    onSaved,
    onFailed,
    successToast: false,
  });
  const { setFormData } = formController;
  const withDraft = useMemo(
    () => ({
      ...formController,
      setFormData: (update: Record_ | ((prev: Record_) => Record_)) => {
        const data = typeof update === 'function' ? update(latest.current) : update;
        latest.current = data;
        // RJSF calls onChange on mount with the same values: only a change from what the server holds is a draft.
        if (JSON.stringify(data) !== JSON.stringify(confirmed.current) || drafts.read(draftKeyName))
          drafts.write(draftKeyName, data);
        setFormData(data);
      },
    }),
    [formController, setFormData, drafts, draftKeyName],
  );
  const prev = controller.tabs.indexOf(tab) > 0;
  return (
    <Stack spacing={2}>
      {loadFailed && <Alert severity="warning">{wizardText('loadFailed', language)}</Alert>}
      {restored && !unsaved && (
        <Alert severity="info" data-draft="restored">
          {wizardText('draftRestored', language)}
        </Alert>
      )}
      {unsaved && (
        <Alert severity="warning" data-draft="kept">
          {wizardText(unsaved === 'refused' ? 'draftRefused' : 'draftKept', language)}
        </Alert>
      )}
      <FormView
        controller={withDraft}
        submitLabel={isLast ? ui('finish') : ui('next')}
        extraButtons={prev ? <Button onClick={controller.back}>{ui('previous')}</Button> : undefined}
      />
    </Stack>
  );
}
