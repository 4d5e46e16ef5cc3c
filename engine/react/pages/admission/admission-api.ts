/**
 * The admission API as the applicant's pages call it (server/domains/admission/README.md): base
 * /api, the applicant's secret from the emailed link in the X-Applicant-Secret header (never a
 * static credential), errors left to the page (no toast: fields show their own).
 */
import type { ApiClient, ApiRequestConfig } from '../../../core/api/client.ts';
import type { LocalText } from '../../../../generator/manifest-types.ts';
import type { LabelRow } from '../../renderers/ref-labels.ts';
import type { UploadTarget } from '../../renderers/form/upload-target.tsx';
import { doneTabsOf, type TabAnswer, type WizardSource } from '../../renderers/wizard/wizard-source.ts';

export const SECRET_HEADER = 'X-Applicant-Secret';

export interface ApplicantLink {
  id: string;
  type: string;
  secret: string;
}

export interface StatusRef {
  id: number;
  key: string;
  name: string;
  name_local: string;
  color: string;
}

export interface Fee {
  billing_kind_id: number;
  key: string;
  label: LocalText;
  amount: number;
  currency: string;
  status: 'paid' | 'unpaid' | 'pending' | 'pending_review' | string;
  /** The payment status from the YAML's payment_status table (names and colour of its badge). */
  status_ref?: StatusRef | null;
  payment_id?: number | null;
  due?: boolean;
}

export interface ApplicantDashboard {
  id: number;
  applicant_type_id: number;
  email: string;
  name?: string | null;
  name_local?: string | null;
  nationality_id?: number | null;
  /** 1 undergraduate, 2 postgraduate: the programs the applicant may choose. */
  degree_level_id?: number | null;
  /** The program the applicant was distributed to, once accepted. */
  program_id?: number | null;
  status: StatusRef;
  feedback?: string | null;
  status_changed_at?: string | null;
  submitted_at?: string | null;
  editable: boolean;
  tabs: { key: string; done: boolean }[];
  completed_tabs: string[];
  form_version?: string;
  next_step?: { key: string; text: LocalText };
  payment_due: boolean;
  fees: Fee[];
  require_payment?: boolean;
  early?: boolean;
}

/** Request options of an applicant call. */
export function applicantConfig(secret: string, extra: ApiRequestConfig = {}): ApiRequestConfig {
  return {
    ...extra,
    admission: true,
    toast: false,
    headers: { ...(extra.headers as Record<string, string> | undefined), [SECRET_HEADER]: secret },
  };
}

const enc = encodeURIComponent;

function dataOf<T>(body: unknown): T {
  return ((body as { data?: T } | null)?.data ?? body) as T;
}

/** PUT /api/admission/apply: starts an application; the link with the secret is emailed. */
export async function startApplication(
  api: ApiClient,
  body: Record<string, unknown>,
): Promise<{ id: number; applicant_type_id: number }> {
  return dataOf(await api.put('/admission/apply', body, { admission: true, toast: false }));
}

export async function loadDashboard(
  api: ApiClient,
  link: Pick<ApplicantLink, 'id' | 'secret'>,
): Promise<ApplicantDashboard> {
  return normalizeDashboard(
    dataOf(await api.get(`/admission/${enc(link.id)}/dashboard`, applicantConfig(link.secret))),
  );
}

/** The dashboard answer with its lists present (an older or partial answer draws, it does not crash). */
export function normalizeDashboard(raw: unknown): ApplicantDashboard {
  const d = (raw && typeof raw === 'object' ? raw : {}) as Partial<ApplicantDashboard>;
  return {
    ...d,
    id: Number(d.id ?? 0),
    applicant_type_id: Number(d.applicant_type_id ?? 0),
    email: d.email ?? '',
    status: d.status ?? { id: 1, key: 'incomplete', name: 'Incomplete', name_local: 'غير مكتمل', color: 'danger' },
    editable: d.editable ?? false,
    tabs: Array.isArray(d.tabs) ? d.tabs : [],
    completed_tabs: Array.isArray(d.completed_tabs) ? d.completed_tabs : [],
    payment_due: d.payment_due ?? false,
    fees: Array.isArray(d.fees) ? d.fees : [],
  };
}

/** POST /api/admission/{id}/submit: incomplete -> submitted, feedback -> updated. */
export async function submitApplication(api: ApiClient, link: Pick<ApplicantLink, 'id' | 'secret'>): Promise<unknown> {
  return api.post(`/admission/${enc(link.id)}/submit`, {}, applicantConfig(link.secret));
}

/** The wizard's source: GET and POST /api/admission/{id}/{tab}. */
export function admissionSource(api: ApiClient, link: ApplicantLink): WizardSource {
  const config = applicantConfig(link.secret);
  const answer = (body: unknown): TabAnswer => ({
    data: ((body as { data?: Record<string, unknown> } | null)?.data ?? {}) as Record<string, unknown>,
    done: doneTabsOf(body),
  });
  return {
    // The secret is part of the key: another link (another applicant on a shared computer) never sees this draft.
    recordKey: `${link.id}-${link.secret.slice(0, 12)}`,
    load: async (tab) => answer(await api.get(`/admission/${enc(link.id)}/${enc(tab)}`, config)),
    save: async (tab, data) => answer(await api.post(`/admission/${enc(link.id)}/${enc(tab)}`, data, config)),
  };
}

/** Files stored as soon as chosen: POST/DELETE /api/admission/{id}/files/{field}, with progress. */
export function admissionUploads(
  api: ApiClient,
  link: Pick<ApplicantLink, 'id' | 'secret'>,
  editable: boolean,
): UploadTarget {
  return {
    editable,
    async upload(field, file, onProgress) {
      const body = new FormData();
      body.append('file', file, file.name);
      const answer = await api.post(
        `/admission/${enc(link.id)}/files/${enc(field)}`,
        body,
        applicantConfig(link.secret, { onUploadProgress: (e) => onProgress(e.total ? e.loaded / e.total : 0) }),
      );
      const value = dataOf<{ value?: string }>(answer).value;
      if (typeof value !== 'string') throw new Error('');
      return value;
    },
    async remove(field) {
      await api.delete(`/admission/${enc(link.id)}/files/${enc(field)}`, applicantConfig(link.secret));
    },
  };
}

/** The kinds of application (applicant_type_id) with a round open today: GET /api/website/admissionData. */
export async function openAdmissionKinds(api: ApiClient): Promise<ReadonlySet<number>> {
  const body = await api.get('/website/admissionData', { admission: true, toast: false });
  const rounds =
    (body as { admissions?: Array<{ applicant_type_id?: unknown; open_now?: unknown }> } | null)?.admissions ?? [];
  return new Set(rounds.filter((r) => r.open_now === true).map((r) => Number(r.applicant_type_id)));
}

/** The option lists of the admission forms, loaded once per client: GET /api/admission/website/applicant/lookups. */
const lookupCache = new WeakMap<ApiClient, Promise<Record<string, LabelRow[]>>>();

export function admissionLookups(api: ApiClient): Promise<Record<string, LabelRow[]>> {
  let cached = lookupCache.get(api);
  if (!cached) {
    cached = api.get('/admission/website/applicant/lookups', { admission: true, toast: false }).then(
      (body) => dataOf<Record<string, LabelRow[]>>(body) ?? {},
      (error: unknown) => {
        lookupCache.delete(api);
        throw error;
      },
    );
    lookupCache.set(api, cached);
  }
  return cached;
}

/**
 * A RefRowsLoader over the admission lookups. With the applicant's degree level, programs are
 * those of that level (an undergraduate is not offered a master's program; the server refuses
 * one too).
 */
export function admissionRefLoader(api: ApiClient, degreeLevel?: number | null) {
  return (ref: string): Promise<LabelRow[]> =>
    admissionLookups(api).then(
      (all) => {
        const rows = all[ref] ?? [];
        if (ref !== 'programs' || degreeLevel === undefined || degreeLevel === null) return rows;
        return rows.filter((row) => row.degree_level_id === undefined || Number(row.degree_level_id) === degreeLevel);
      },
      () => [],
    );
}

/** The download address of a stored file (applicant secret needed: fetched, not linked). */
export function fileDownloadPath(link: Pick<ApplicantLink, 'id'>, field: string): string {
  return `/admission/${enc(link.id)}/files/${enc(field)}`;
}
