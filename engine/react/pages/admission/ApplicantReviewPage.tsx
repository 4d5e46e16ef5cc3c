/**
 * The staff's applicant detail (applicants-show, admission#ApplicantReview): the application
 * tab by tab, each drawn with the form definition of the version it was saved with (GET
 * /api/admission/{id}/{tab}/dashboard answers it), so an old application reads as it was filled
 * even after the YAML changed; and the status change with a comment that the applicant sees as
 * feedback (GET /api/admission/review/{id}/actions, POST /api/admission/review/{id}/status).
 */
import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Grid,
  LinearProgress,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import Download from '@mui/icons-material/DownloadOutlined';
import type { RJSFSchema } from '@rjsf/utils';
import type { Form, FormField } from '../../../../generator/manifest-types.ts';
import { ApiError } from '../../../core/api/api-error.ts';
import { useApi } from '../../data/ApiProvider.tsx';
import { useManifest } from '../../data/ManifestProvider.tsx';
import { useLabel, useLanguage, useUi } from '../../i18n/hooks.ts';
import type { RendererProps } from '../../registry/registry.ts';
import { StatusBadge } from '../../renderers/cells.tsx';
import { fileNameOf } from '../../renderers/form/upload-target.tsx';
import { itemLabel, itemRefEntity } from '../../renderers/form/form-model.ts';
import { evaluateCondition } from '../../../core/conditions.ts';
import { RefValue } from '../../renderers/useRefOptions.ts';
import { hrefFor } from '../../router/paths.ts';
import { useToast } from '../../toasts/useToast.ts';
import { normalizeDashboard, type ApplicantDashboard, type StatusRef } from './admission-api.ts';
import { PaymentPanelStatic } from './PaymentPanelStatic.tsx';
import { useAdmissionText } from './texts.ts';

interface TabRead {
  key: string;
  data: Record<string, unknown>;
  form?: Form;
  form_version?: string;
}

/** A program the distribution may name; `preference` is the applicant's rank for it. */
interface ProgramChoice {
  id: number;
  name: string;
  name_local: string;
  preference: number | null;
}

interface StatusAction {
  action: string;
  to: StatusRef;
  /** The distribution names a program (server: reviewActions). */
  programs?: ProgramChoice[];
}

const enc = encodeURIComponent;
const dataOf = <T,>(body: unknown): T => ((body as { data?: T } | null)?.data ?? body) as T;

export function ApplicantReviewPage({ screen, params }: RendererProps) {
  const api = useApi();
  const manifest = useManifest();
  const label = useLabel();
  const language = useLanguage();
  const ui = useUi();
  const t = useAdmissionText();
  const id = params.id ?? '';
  const [dashboard, setDashboard] = useState<ApplicantDashboard | undefined>();
  const [tabs, setTabs] = useState<TabRead[]>([]);
  const [error, setError] = useState<string | undefined>();
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((r) => r + 1), []);

  useEffect(() => {
    let live = true;
    (async () => {
      try {
        const d = normalizeDashboard(
          dataOf(await api.get(`/admission/${enc(id)}/dashboard`, { admission: true, toast: false })),
        );
        if (!live) return;
        setDashboard(d);
        const reads = await Promise.all(
          d.tabs.map(async (tab) => {
            const body = (await api.get(`/admission/${enc(id)}/${enc(tab.key)}/dashboard`, {
              admission: true,
              toast: false,
            })) as Record<string, unknown>;
            return {
              key: tab.key,
              data: (body.data ?? {}) as Record<string, unknown>,
              form: body.form as Form | undefined,
              form_version: body.form_version as string | undefined,
            };
          }),
        );
        if (live) setTabs(reads);
      } catch (e) {
        if (live) setError(e instanceof Error ? e.message : ui('loadFailed'));
      }
    })();
    return () => {
      live = false;
    };
  }, [api, id, round, ui]);

  const wizard = manifest.wizards.admission_form;
  const listHref = hrefFor(manifest, 'applicants-list');
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h5" component="h1">
          {label(screen.title)} #{id}
        </Typography>
        {dashboard?.status && manifest.statusTables.applicant_status && (
          <StatusBadge table={manifest.statusTables.applicant_status} value={dashboard.status.id} language={language} />
        )}
        <Box sx={{ flexGrow: 1 }} />
        {listHref && (
          <Button component={RouterLink} to={listHref}>
            {t('backToList')}
          </Button>
        )}
      </Stack>
      {error && <Alert severity="error">{error}</Alert>}
      {!dashboard && !error && <LinearProgress aria-label={ui('loading')} />}
      {dashboard && (
        <>
          <Card variant="outlined">
            <CardContent>
              <Grid container spacing={2}>
                <Fact
                  caption={label(manifest.entities.applicants?.fields.email?.label)}
                  value={<bdi>{dashboard.email}</bdi>}
                />
                <Fact
                  caption={label(manifest.entities.applicants?.fields.name?.label)}
                  value={<bdi>{dashboard.name ?? '—'}</bdi>}
                />
                <Fact
                  caption={label(manifest.entities.applicants?.fields.name_local?.label)}
                  value={<bdi>{dashboard.name_local ?? '—'}</bdi>}
                />
                <Fact
                  caption={label(manifest.entities.applicants?.fields.applicant_type_id?.label)}
                  value={
                    manifest.statusTables.applicant_type ? (
                      <StatusBadge
                        table={manifest.statusTables.applicant_type}
                        value={dashboard.applicant_type_id}
                        language={language}
                      />
                    ) : (
                      dashboard.applicant_type_id
                    )
                  }
                />
                <Fact
                  caption={t('formVersion', { version: '' }).trim()}
                  value={<code>{dashboard.form_version ?? '—'}</code>}
                />
              </Grid>
              {dashboard.feedback && (
                <Alert severity="warning" sx={{ mt: 2 }}>
                  {t('feedback')}: {dashboard.feedback}
                </Alert>
              )}
            </CardContent>
          </Card>
          <StatusChange id={id} onChanged={reload} />
          <Card variant="outlined">
            <CardContent>
              <PaymentPanelStatic dashboard={dashboard} />
            </CardContent>
          </Card>
          {tabs.map((tab) => (
            <Card key={tab.key} variant="outlined" data-review-tab={tab.key}>
              <CardHeader
                title={label(wizard?.tabs[tab.key]?.label) || label(tab.form?.title) || tab.key}
                slotProps={{ title: { variant: 'h6', component: 'h2' } }}
                action={
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    {dashboard.tabs.find((x) => x.key === tab.key)?.done && (
                      <Chip size="small" color="success" label={ui('done')} />
                    )}
                    {/* a section's version only when it differs from the application's: otherwise noise */}
                    {tab.form_version && tab.form_version !== dashboard.form_version && (
                      <Chip size="small" variant="outlined" label={t('formVersion', { version: tab.form_version })} />
                    )}
                  </Stack>
                }
              />
              <CardContent>
                <TabValues id={id} tab={tab} type={String(dashboard.applicant_type_id)} />
              </CardContent>
            </Card>
          ))}
        </>
      )}
    </Stack>
  );
}

function Fact({ caption, value }: { caption: string; value: React.ReactNode }) {
  return (
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {caption}
      </Typography>
      <Typography component="div">{value}</Typography>
    </Grid>
  );
}

/** One tab's values under its own (archived) form: labels and choices as they were. */
function TabValues({ id, tab, type }: { id: string; tab: TabRead; type: string }) {
  const label = useLabel();
  const t = useAdmissionText();
  const fields =
    tab.form?.fields ??
    Object.keys(tab.data).map((name) => ({ name, label: { en: name, ar: name }, schema: {} }) as unknown as FormField);
  // What the application holds: the fields its own choices show (no passport copy of an Egyptian).
  const shown = fields.filter(
    (f) => f.widget !== 'hidden' && evaluateCondition(f.visibleWhen, { record: tab.data, params: { type } }),
  );
  if (!Object.keys(tab.data).length) return <Typography color="text.secondary">{t('notFilled')}</Typography>;
  return (
    <Grid container spacing={2}>
      {shown.map((field) => (
        <Grid key={field.name} size={{ xs: 12, sm: 6, md: 4 }} data-review-field={field.name}>
          <Typography variant="caption" color="text.secondary" component="div">
            {label(field.label) || field.name}
          </Typography>
          <Box>
            <FieldValue id={id} field={field} value={tab.data[field.name]} />
          </Box>
        </Grid>
      ))}
    </Grid>
  );
}

function FieldValue({ id, field, value }: { id: string; field: FormField; value: unknown }) {
  const manifest = useManifest();
  const language = useLanguage();
  const api = useApi();
  const ui = useUi();
  const t = useAdmissionText();
  if (value === undefined || value === null || value === '') return <>—</>;
  const schema = field.schema as { type?: string; format?: string };
  if (field.upload || field.widget === 'file' || schema.format === 'data-url') {
    const download = async () => {
      const blob = await api.get<Blob>(`/admission/${enc(id)}/files/${enc(field.name)}`, {
        admission: true,
        responseType: 'blob',
      });
      const url = URL.createObjectURL(blob);
      window.open(url, '_blank', 'noopener');
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    };
    return (
      <Button size="small" startIcon={<Download />} onClick={() => void download()}>
        {fileNameOf(value) || t('download')}
      </Button>
    );
  }
  const table = field.options?.status ? manifest.statusTables[field.options.status] : undefined;
  if (table && !Array.isArray(value))
    return (
      <>
        {(language === 'ar'
          ? table.statuses.find((s) => String(s.id) === String(value))?.name_local
          : table.statuses.find((s) => String(s.id) === String(value))?.name) ?? String(value)}
      </>
    );
  if (field.options?.ref) return <RefValue refName={field.options.ref} value={value} />;
  if (typeof value === 'boolean') return <>{value ? ui('yes') : ui('no')}</>;
  if (Array.isArray(value)) {
    const properties = ((field.schema as { items?: { properties?: Record<string, RJSFSchema> } }).items?.properties ??
      {}) as Record<string, RJSFSchema>;
    // Ranked rows (preferences) stand in their rank's order, and the list's number is the rank:
    // 'Rank: 1' beside '1.' would say it twice.
    const ranked = value.every(
      (item) => item && typeof item === 'object' && typeof (item as { order?: unknown }).order === 'number',
    );
    const rows = ranked
      ? [...value].sort((a, b) => (a as { order: number }).order - (b as { order: number }).order)
      : value;
    return (
      <Box component="ol" sx={{ m: 0, paddingInlineStart: 2.5 }}>
        {rows.map((item, i) => (
          <li key={i}>
            {typeof item === 'object' && item ? (
              <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 1.5 }}>
                {Object.entries(item as Record<string, unknown>)
                  .filter(([k]) => !(ranked && k === 'order'))
                  .map(([k, v]) => (
                    <span key={k}>
                      <Typography component="span" variant="caption" color="text.secondary">
                        {itemLabel(k, properties[k] ?? {}, language)}:{' '}
                      </Typography>
                      <ItemValue field={field} property={k} value={v} />
                    </span>
                  ))}
              </Stack>
            ) : (
              <bdi>{String(item)}</bdi>
            )}
          </li>
        ))}
      </Box>
    );
  }
  return <bdi>{String(value)}</bdi>;
}

/** One property of a list row: a status or referenced row by name, else the value. */
function ItemValue({ field, property, value }: { field: FormField; property: string; value: unknown }) {
  const manifest = useManifest();
  const language = useLanguage();
  const table =
    field.options?.status && /_id$/.test(property) ? manifest.statusTables[field.options.status] : undefined;
  if (table) {
    const s = table.statuses.find((x) => String(x.id) === String(value));
    return <>{s ? (language === 'ar' ? s.name_local : s.name) : String(value)}</>;
  }
  const ref = itemRefEntity(property, manifest.entities);
  if (ref) return <RefValue refName={ref} value={value} />;
  return <bdi>{value === null || value === undefined ? '—' : String(value)}</bdi>;
}

/** The transitions allowed from the current status, with the comment the applicant reads. */
function StatusChange({ id, onChanged }: { id: string; onChanged(): void }) {
  const api = useApi();
  const language = useLanguage();
  const toast = useToast();
  const t = useAdmissionText();
  const [actions, setActions] = useState<StatusAction[] | undefined>();
  const [action, setAction] = useState('');
  const [comment, setComment] = useState('');
  const [program, setProgram] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    api.get(`/admission/review/${enc(id)}/actions`, { admission: true, toast: false }).then(
      (body) => {
        const list = dataOf<StatusAction[]>(body);
        if (live) setActions(Array.isArray(list) ? list : []);
      },
      () => live && setActions([]),
    );
    return () => {
      live = false;
    };
  }, [api, id, round]);
  const chosen = actions?.find((a) => a.action === action);
  // The comment is what the applicant reads: required when sending back for changes or refusing.
  const needsComment = chosen?.to.key === 'feedback' || chosen?.to.key === 'rejected';
  const apply = async () => {
    if (!chosen) return;
    if (needsComment && !comment.trim()) {
      setErrors({ comment: t('commentRequired') });
      return;
    }
    if (chosen.programs && !program) {
      setErrors({ program_id: t('programRequired') });
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      await api.post(
        `/admission/review/${enc(id)}/status`,
        {
          action: chosen.action,
          comment: comment.trim() || undefined,
          program_id: chosen.programs ? Number(program) : undefined,
        },
        { admission: true, toast: false },
      );
      toast.success(t('statusChanged'));
      setAction('');
      setComment('');
      setProgram('');
      setRound((r) => r + 1);
      onChanged();
    } catch (error) {
      // Field errors go under their fields; one for a field this card has not is said on the status.
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length) {
        const { status, comment: onComment, program_id, ...other } = error.fieldErrors;
        setErrors({ status: status ?? Object.values(other)[0], comment: onComment, program_id });
      } else setErrors({ status: error instanceof Error ? error.message : '' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card variant="outlined" data-status-change>
      <CardHeader title={t('changeStatus')} slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
      <CardContent>
        {actions === undefined ? (
          <LinearProgress />
        ) : actions.length === 0 ? (
          <Typography color="text.secondary">{t('noActions')}</Typography>
        ) : (
          <Stack spacing={2} sx={{ maxWidth: 640 }}>
            <TextField
              select
              label={t('newStatus')}
              value={action}
              onChange={(e) => setAction(e.target.value)}
              error={!!errors.status || !!errors.action}
              helperText={errors.status ?? errors.action}
              id="review-status"
            >
              {actions.map((a) => (
                <MenuItem key={a.action} value={a.action} data-action-to={a.to.key}>
                  {language === 'ar' ? a.to.name_local : a.to.name}
                </MenuItem>
              ))}
            </TextField>
            {chosen?.programs && (
              <TextField
                select
                id="review-program"
                label={t('program')}
                value={program}
                required
                onChange={(e) => setProgram(e.target.value)}
                error={!!errors.program_id}
                helperText={errors.program_id ?? t('programHint')}
              >
                {chosen.programs.map((p) => (
                  <MenuItem key={p.id} value={String(p.id)} data-program={p.id}>
                    {language === 'ar' ? p.name_local : p.name}
                    {p.preference !== null && ` (${t('preferenceRank', { rank: p.preference })})`}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <TextField
              id="review-comment"
              label={t('comment')}
              multiline
              minRows={3}
              value={comment}
              required={needsComment}
              onChange={(e) => setComment(e.target.value)}
              error={!!errors.comment}
              helperText={errors.comment}
            />
            <Box>
              <Button
                variant="contained"
                onClick={() => void apply()}
                disabled={!chosen || busy}
                data-action="apply-status"
              >
                {t('apply')}
              </Button>
            </Box>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
