/**
 * The application form /admissionForm/{type}/{id}/{secretKey}/{name?} (admission#ApplicationForm):
 * the engine's wizard over the admission API. The link's secret authorises every call; the
 * tab set is the wizard's for the type; each tab is read back and saved on its own, with local
 * drafts (renderers/wizard); files are stored as soon as chosen; the payment tab shows the fees;
 * the status, feedback and submit button sit above the tabs. A valid link also keeps the
 * applicant's session so that the guard confines the applicant to the admission pages.
 */
import { useCallback, useMemo, type ReactNode } from 'react';
import { Alert, LinearProgress, Stack } from '@mui/material';
import { useApi } from '../../data/ApiProvider.tsx';
import { useManifest } from '../../data/ManifestProvider.tsx';
import { useUi } from '../../i18n/hooks.ts';
import type { RendererProps } from '../../registry/registry.ts';
import { UploadTargetProvider } from '../../renderers/form/upload-target.tsx';
import { RefSourceProvider } from '../../renderers/ref-source.tsx';
import { WizardView } from '../../renderers/wizard/WizardRenderer.tsx';
import { admissionRefLoader, admissionSource, admissionUploads } from './admission-api.ts';
import { useApplicantSession } from './applicant-session.ts';
import { PaymentPanel } from './PaymentPanel.tsx';
import { StatusSummary } from './StatusSummary.tsx';
import { useAdmissionText } from './texts.ts';
import {
  DashboardProvider,
  useApplicantDashboard,
  useApplicantLink,
  useDashboardContext,
} from './useApplicantDashboard.ts';

export function ApplicationFormPage({ screen, params }: RendererProps) {
  const manifest = useManifest();
  const api = useApi();
  const ui = useUi();
  const t = useAdmissionText();
  const link = useApplicantLink(params);
  const dashboard = useApplicantDashboard(link);
  useApplicantSession(link, !!dashboard.data, dashboard.data?.name);
  const wizard = screen.wizard ? manifest.wizards[screen.wizard] : undefined;
  const source = useMemo(() => admissionSource(api, link), [api, link]);
  const editable = dashboard.data?.editable ?? false;
  const uploads = useMemo(() => admissionUploads(api, link, editable), [api, link, editable]);
  const level = dashboard.data?.degree_level_id;
  const loadRefs = useMemo(() => admissionRefLoader(api, level), [api, level]);
  const { reload } = dashboard;

  if (!wizard)
    return <Alert severity="warning">{ui('unknownScreenHint', { view: screen.view, name: screen.name })}</Alert>;
  if (!dashboard.data && dashboard.loading) return <LinearProgress aria-label={ui('loading')} />;
  if (!dashboard.data) {
    return (
      <Alert severity="error" role="alert" data-link-invalid>
        {dashboard.error?.message || t('linkInvalid')}
      </Alert>
    );
  }
  return (
    <DashboardProvider value={dashboard}>
      <RefSourceProvider load={loadRefs}>
        <UploadTargetProvider target={uploads}>
          <WizardView
            wizard={wizard}
            screen={screen}
            params={params}
            source={source}
            frame={PaymentFrame}
            onFinished={reload}
            onSaved={reload}
            header={
              <>
                <StatusSummary dashboard={dashboard.data} link={link} onChanged={reload} compact />
                {!editable && <Alert severity="info">{t('notEditable')}</Alert>}
              </>
            }
          />
        </UploadTargetProvider>
      </RefSourceProvider>
    </DashboardProvider>
  );
}

/** The payment tab: the fees and the provider's buttons above the tab's own fields. */
function PaymentFrame({ tab, children }: { tab: string; children: ReactNode }) {
  const state = useDashboardContext();
  const onChanged = useCallback(() => state?.reload(), [state]);
  if (tab !== 'payment' || !state?.data) return <>{children}</>;
  return (
    <Stack spacing={3}>
      <PaymentPanel dashboard={state.data} link={state.link} onChanged={onChanged} />
      {children}
    </Stack>
  );
}
