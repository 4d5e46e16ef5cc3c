/**
 * Starting an application (admission-and-grid 2): /apply chooses the kind, /apply/{type} asks
 * for the email (the YAML form apply_start), PUT /api/admission/apply creates the applicant and
 * emails the private link, and /apply/{type}/{id}/{success} says to check the email. The same
 * four addresses under /apply-staff are the staff application (type 7). A closed admission
 * round answers 409 'Cannot apply to this program now', shown above the form.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Alert, Box, Button, Card, CardActionArea, CardContent, Grid, Stack, Typography } from '@mui/material';
import MarkEmailRead from '@mui/icons-material/MarkEmailReadOutlined';
import type { Form } from '../../../../generator/manifest-types.ts';
import { ApiError } from '../../../core/api/api-error.ts';
import { useApi } from '../../data/ApiProvider.tsx';
import { useManifest } from '../../data/ManifestProvider.tsx';
import { useLabel, useLanguage, useUi } from '../../i18n/hooks.ts';
import type { RendererProps } from '../../registry/registry.ts';
import { FormViewFor } from '../../renderers/form/FormViewFor.tsx';
import type { Record_ } from '../../renderers/form/form-model.ts';
import { useFormController } from '../../renderers/form/useFormController.ts';
import { RefSourceProvider } from '../../renderers/ref-source.tsx';
import { hrefFor } from '../../router/paths.ts';
import { admissionRefLoader, openAdmissionKinds, startApplication } from './admission-api.ts';
import { STAFF_TYPE, studentKinds } from './kinds.ts';
import { useAdmissionText } from './texts.ts';

export function ApplyPage({ screen, params }: RendererProps) {
  const manifest = useManifest();
  const api = useApi();
  const label = useLabel();
  const staff = screen.name === 'apply-staff';
  const type = staff ? STAFF_TYPE : params.type;
  const form = screen.form ? manifest.forms[screen.form] : undefined;
  const loadRefs = useMemo(() => admissionRefLoader(api), [api]);
  let body;
  if (params.success && params.id) body = <CheckEmail screenName={screen.name} id={params.id} />;
  else if (!type) body = <KindChooser screenName={screen.name} />;
  else if (form) body = <ApplyForm form={form} type={type} screenName={screen.name} params={params} />;
  return (
    <RefSourceProvider load={loadRefs}>
      <Stack spacing={2} sx={{ maxWidth: 880, mx: 'auto' }}>
        <Typography variant="h5" component="h1">
          {label(screen.title)}
        </Typography>
        {body}
      </Stack>
    </RefSourceProvider>
  );
}

/**
 * The kinds of application, each open to choose while one of its admission rounds is open today
 * (GET /website/admissionData, `open_now`); a kind with no open round says so instead of
 * letting the applicant fill the form only to hear 'Cannot apply to this program now'. While the
 * rounds load, or if they cannot be read, every kind is offered (the server still decides).
 */
function KindChooser({ screenName }: { screenName: string }) {
  const manifest = useManifest();
  const api = useApi();
  const language = useLanguage();
  const t = useAdmissionText();
  const [openKinds, setOpenKinds] = useState<ReadonlySet<number> | undefined>();
  useEffect(() => {
    let live = true;
    openAdmissionKinds(api).then(
      (kinds) => live && setOpenKinds(kinds),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api]);
  const kinds = manifest.statusTables.applicant_type?.statuses.filter((s) => studentKinds([s.id]).length) ?? [];
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{t('chooseKind')}</Typography>
      <Grid container spacing={2}>
        {kinds.map((kind) => {
          const closed = openKinds !== undefined && !openKinds.has(kind.id);
          const title = (
            <Typography variant="h6" component="h2">
              {language === 'ar' ? kind.name_local : kind.name}
            </Typography>
          );
          return (
            <Grid key={kind.id} size={{ xs: 12, sm: 6, md: 4 }}>
              <Card variant="outlined" sx={{ height: '100%', ...(closed && { bgcolor: 'action.hover' }) }}>
                {closed ? (
                  <CardContent data-kind={kind.id} data-kind-closed aria-disabled>
                    {title}
                    <Typography color="text.secondary" variant="body2">
                      {t('kindClosed')}
                    </Typography>
                  </CardContent>
                ) : (
                  <CardActionArea
                    component={RouterLink}
                    to={hrefFor(manifest, screenName, { type: String(kind.id) }) ?? '#'}
                    sx={{ height: '100%' }}
                    data-kind={kind.id}
                  >
                    <CardContent>{title}</CardContent>
                  </CardActionArea>
                )}
              </Card>
            </Grid>
          );
        })}
      </Grid>
    </Stack>
  );
}

function ApplyForm({
  form,
  type,
  screenName,
  params,
}: {
  form: Form;
  type: string;
  screenName: string;
  params: RendererProps['params'];
}) {
  const manifest = useManifest();
  const api = useApi();
  const navigate = useNavigate();
  const language = useLanguage();
  const ui = useUi();
  const t = useAdmissionText();
  const [refusal, setRefusal] = useState<string | undefined>();
  // The kind is chosen by the address: its field is carried, not shown.
  const shown = useMemo<Form>(
    () => ({
      ...form,
      fields: form.fields.map((f) => (f.name === 'applicant_type_id' ? { ...f, widget: 'hidden' } : f)),
    }),
    [form],
  );
  const initialData = useMemo(() => ({ applicant_type_id: Number(type) }), [type]);
  const send = useCallback(
    (body: Record_) => {
      setRefusal(undefined);
      return startApplication(api, { ...body, type: Number(type), applicant_type_id: Number(type) });
    },
    [api, type],
  );
  const onSaved = useCallback(
    (answer: unknown) => {
      const id = (answer as { id?: number } | undefined)?.id;
      const href =
        id !== undefined ? hrefFor(manifest, screenName, { type, id: String(id), success: 'success' }) : undefined;
      if (href) void navigate(href);
    },
    [manifest, navigate, screenName, type],
  );
  const onFailed = useCallback((error: unknown) => {
    // A closed round (409) or another refusal that is not about one field: said above the form.
    if (error instanceof ApiError && error.status !== undefined && !Object.keys(error.fieldErrors).length)
      setRefusal(error.message);
  }, []);
  const controller = useFormController(shown, manifest, undefined, params, {
    initialData,
    send,
    onSaved,
    onFailed,
    successToast: false,
  });
  const kind = manifest.statusTables.applicant_type?.statuses.find((s) => String(s.id) === type);
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={2}>
          {kind && (
            <Typography variant="h6" component="h2" data-kind-chosen={kind.id}>
              {language === 'ar' ? kind.name_local : kind.name}
            </Typography>
          )}
          <Typography color="text.secondary">{type === STAFF_TYPE ? t('staffIntro') : t('applyIntro')}</Typography>
          {refusal && (
            <Alert severity="error" role="alert">
              {refusal}
            </Alert>
          )}
          <FormViewFor form={shown} controller={controller} submitLabel={t('startApplication')} />
          {type !== STAFF_TYPE && (
            <Box>
              <Button component={RouterLink} to={hrefFor(manifest, screenName) ?? '/apply'} size="small">
                {ui('goBack')}
              </Button>
            </Box>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

function CheckEmail({ screenName, id }: { screenName: string; id: string }) {
  const manifest = useManifest();
  const t = useAdmissionText();
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 3 }} data-apply-success>
          <MarkEmailRead color="success" sx={{ fontSize: 72 }} />
          <Typography variant="h5" component="h2">
            {t('checkEmailTitle')}
          </Typography>
          <Typography color="text.secondary" sx={{ maxWidth: 560 }}>
            {t('checkEmailText')}
          </Typography>
          <Typography variant="body2">{t('applicationNumber', { id })}</Typography>
          <Button component={RouterLink} to={hrefFor(manifest, screenName) ?? '/apply'}>
            {t('applyAgain')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
