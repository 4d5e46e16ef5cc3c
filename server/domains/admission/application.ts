/**
 * The application, tab by tab: read a tab back (with the form of the version it was saved
 * with, for staff), save a tab (validated with its form; the tab and every earlier one marked
 * done; the form version recorded), and submit (every tab of the set valid with what is stored,
 * the application fee paid when due). One transaction per call, the applicant row locked, so
 * two saves of the same applicant never lose each other's tabs.
 */
import type { FastifyRequest } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Form, Manifest } from '../../../generator/manifest-types.ts';
import { readFormVersion } from '../../../generator/versions.ts';
import { jsonValue } from '../../db/json.ts';
import { HttpError, ValidationError, type FieldErrors } from '../../http/errors.ts';
import { recordAccess } from '../../resources/access-log.ts';
import { transitionAllowed } from '../../resources/write-checks.ts';
import { APPLICANTS_TABLE, authorize, doneTabs, requireEditable, statusKey, type ApplicantRow } from './applicants.ts';
import { dropDocuments, removeStoredFiles, storedFiles } from './files.ts';
import { applicantFees, applicationFeeOutstanding, feeKind, invoiceFor } from './fees.ts';
import { PAYMENT_STATUS } from '../finance/codes.ts';
import { lockInvoice, markPending, openInstallments } from '../finance/ledger.ts';
import { validateTab } from './tab-validation.ts';
import {
  admissionWizard,
  applicantTabs,
  completeThrough,
  flatRecord,
  formOfTab,
  isFileField,
  paramsOf,
  tabData,
  visibleFields,
  type TabData,
} from './tabs.ts';

export interface AdmissionContext {
  db: Kysely<any>;
  manifest: Manifest;
  uploadsDir: string;
}

type Row = Record<string, unknown>;

function tabOrNotFound(manifest: Manifest, applicant: ApplicantRow, tab: string): { form: Form; tabs: string[] } {
  const wizard = admissionWizard(manifest);
  const tabs = applicantTabs(wizard, applicant);
  const form = tabs.includes(tab) ? formOfTab(manifest, wizard, tab) : undefined;
  if (!form) throw new HttpError(404, 'unknown_tab', { tab });
  return { form, tabs };
}

/** A tab's values as the form shows them: stored values, entity columns for entity fields, current files. */
function tabValues(form: Form, applicant: ApplicantRow, stored: Row, files: Map<string, string>): Row {
  const out: Row = {};
  for (const field of form.fields) {
    if (isFileField(field)) out[field.name] = files.get(field.name) ?? null;
    else if (Object.hasOwn(stored, field.name)) out[field.name] = stored[field.name];
    else if (field.field) out[field.name] = (applicant as unknown as Row)[field.field] ?? null;
  }
  return out;
}

/** Tab data is stored by tab key; older rows may lack a tab. */
function dataOf(applicant: ApplicantRow, tab: string): Row {
  return tabData(applicant)[tab] ?? {};
}

export async function readTab(
  ctx: AdmissionContext,
  request: FastifyRequest,
  rawId: unknown,
  tab: string,
  withForm: boolean,
) {
  const { applicant } = await authorize(ctx.db, ctx.manifest, request, rawId, { staffMayRead: true });
  const { form } = tabOrNotFound(ctx.manifest, applicant, tab);
  const files = await storedFiles(ctx.db, applicant.id);
  const versions = (applicant.tab_versions ?? {}) as Record<string, string>;
  const answer: Row = {
    data: tabValues(form, applicant, dataOf(applicant, tab), files),
    completed_tabs: doneTabs(applicant),
    form_version: versions[tab] ?? applicant.form_version,
  };
  if (withForm) answer.form = (await formOfVersion(ctx.manifest, tab, versions[tab] ?? applicant.form_version)) ?? form;
  return answer;
}

/** The tab's form as it was in the admission_form version `version` (versions/forms archive). */
async function formOfVersion(
  manifest: Manifest,
  tab: string,
  version: string | null | undefined,
): Promise<Form | undefined> {
  if (!version) return undefined;
  const archived = await readFormVersion(admissionWizard(manifest).name, version);
  if (!archived || archived.kind !== 'wizard') return undefined;
  const name = archived.wizard.tabs[tab]?.form;
  return name ? archived.forms[name] : undefined;
}

/** Values of entity-bound form fields go to the applicants columns as well. */
function columnValues(manifest: Manifest, form: Form, values: Row, tab: string): Row {
  const entity = manifest.entities[APPLICANTS_TABLE]!;
  const columns: Row = {};
  for (const field of form.fields) {
    // A hidden copy (the nationality on later tabs) is read for conditions; its own tab writes it.
    if (field.widget === 'hidden') continue;
    if (
      field.field &&
      entity.fields[field.field] &&
      !entity.fields[field.field]!.readOnly &&
      Object.hasOwn(values, field.name)
    ) {
      columns[field.field] = values[field.name];
    }
  }
  if (tab === 'personal_info') {
    const join = (keys: string[]) =>
      keys
        .map((k) => values[k])
        .filter((v) => typeof v === 'string' && v)
        .join(' ') || null;
    columns.name = join(['first_name_en', 'father_name_en', 'grandfather_name_en', 'family_name_en']);
    columns.name_local = join(['first_name_ar', 'father_name_ar', 'grandfather_name_ar', 'family_name_ar']);
  }
  return columns;
}

export async function saveTab(
  ctx: AdmissionContext,
  request: FastifyRequest,
  rawId: unknown,
  tab: string,
  body: unknown,
) {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HttpError(400, 'body_not_object');
  const { db, manifest } = ctx;
  const saved = await db.transaction().execute(async (trx) => {
    const { applicant } = await authorize(trx, manifest, request, rawId, { lock: true });
    requireEditable(manifest, applicant);
    const { form } = tabOrNotFound(manifest, applicant, tab);
    const wizard = admissionWizard(manifest);
    const data = tabData(applicant);
    // Most tabs hold no file: skip the documents query for them.
    const files = form.fields.some(isFileField) ? await storedFiles(trx, applicant.id) : new Map<string, string>();
    const { values, errors } = await validateTab(trx, manifest, {
      form,
      body: body as Row,
      record: flatRecord(applicant, data),
      params: paramsOf(applicant),
      files,
    });
    if (Object.keys(errors).length) throw new ValidationError(errors);

    const newData: TabData = { ...data, [tab]: values };
    const columns = columnValues(manifest, form, values, tab);
    const updated = { ...applicant, ...columns, data: newData } as ApplicantRow;
    const record = flatRecord(updated, newData);
    const tabs = applicantTabs(wizard, updated, record);
    // The tab's files its saved choices no longer ask for are not part of the application.
    const shown = new Set(visibleFields(form, record, paramsOf(applicant)).map((f) => f.name));
    const dropped = await dropDocuments(
      trx,
      applicant.id,
      form.fields.filter((f) => isFileField(f) && !shown.has(f.name) && files.has(f.name)).map((f) => f.name),
    );
    for (const doc of dropped) files.delete(doc.field);
    const completed = completeThrough(tabs, doneTabs(applicant), tab);
    const versions = { ...((applicant.tab_versions ?? {}) as Record<string, string>), [tab]: wizard.version };
    await trx
      .updateTable(APPLICANTS_TABLE)
      .set({
        ...columns,
        data: jsonValue(newData),
        completed_tabs: jsonValue(completed),
        tab_versions: jsonValue(versions),
        form_version: wizard.version,
        updated_at: sql`now()`,
      })
      .where('id', '=', applicant.id)
      .execute();
    if (tab === 'payment') await receiptForDueFee(trx, manifest, updated, values);
    await recordAccess(trx, manifest, {
      user: null,
      action: 'update',
      resource: APPLICANTS_TABLE,
      recordId: applicant.id,
      ip: request.ip,
      details: { tab },
    });
    const index = tabs.indexOf(tab);
    return {
      dropped,
      answer: {
        data: tabValues(form, updated, values, files),
        completed_tabs: doneTabs({ completed_tabs: completed, tab_versions: versions }),
        next_tab: tabs[index + 1] ?? null,
        last: index === tabs.length - 1,
        form_version: wizard.version,
      },
    };
  });
  await removeStoredFiles(ctx.uploadsDir, saved.dropped);
  return saved.answer;
}

/**
 * Manual payment or bank transfer chosen with a receipt: the fee due now waits as pending_review
 * (finance staff confirm it with the receipt number), so the office sees it without a search.
 */
async function receiptForDueFee(
  trx: Transaction<any>,
  manifest: Manifest,
  applicant: ApplicantRow,
  values: Row,
): Promise<void> {
  const option = manifest.statusTables.payment_option?.statuses.find((s) => s.id === Number(values.payment_option_id));
  if (option?.key !== 'manual' && option?.key !== 'bank_transfer') return;
  const line = (await applicantFees(trx, manifest, applicant)).find((f) => f.due && f.status === 'unpaid');
  const fee = line && feeKind(line.key);
  if (!fee) return;
  const invoice = await lockInvoice(trx, (await invoiceFor(trx, manifest, applicant, fee)).id);
  await markPending(trx, invoice, await openInstallments(trx, invoice), PAYMENT_STATUS.pending_review);
}

/**
 * Every tab of the set, checked again with what is stored: a tab marked done because a later
 * one was completed must still hold valid values before the application goes to review.
 */
async function incompleteTabs(
  trx: Transaction<any>,
  manifest: Manifest,
  applicant: ApplicantRow,
): Promise<FieldErrors> {
  const wizard = admissionWizard(manifest);
  const data = tabData(applicant);
  const files = await storedFiles(trx, applicant.id);
  const errors: FieldErrors = {};
  for (const tab of applicantTabs(wizard, applicant)) {
    const form = formOfTab(manifest, wizard, tab);
    if (!form) continue;
    const body = Object.fromEntries(
      Object.entries(tabValues(form, applicant, data[tab] ?? {}, files)).filter(
        ([name]) => !form.fields.find((f) => f.name === name && isFileField(f)),
      ),
    );
    const result = await validateTab(trx, manifest, {
      form,
      body,
      record: flatRecord(applicant, data),
      params: paramsOf(applicant),
      files,
    });
    if (!doneTabs(applicant).includes(tab) || Object.keys(result.errors).length)
      errors[tab] = [{ key: 'tab_not_done' }];
  }
  return errors;
}

/** incomplete -> submitted, feedback -> updated: the applicant's transitions of applicant_status. */
export async function submitApplication(ctx: AdmissionContext, request: FastifyRequest, rawId: unknown) {
  const { db, manifest } = ctx;
  return db.transaction().execute(async (trx) => {
    const { applicant } = await authorize(trx, manifest, request, rawId, { lock: true });
    requireEditable(manifest, applicant);
    const errors = await incompleteTabs(trx, manifest, applicant);
    if (Object.keys(errors).length) throw new ValidationError(errors);
    if (await applicationFeeOutstanding(trx, manifest, applicant)) throw new HttpError(409, 'payment_due');
    const table = manifest.statusTables.applicant_status!;
    const from = statusKey(manifest, applicant.status_id);
    const to = table.statuses.find((s) => s.key === (from === 'feedback' ? 'updated' : 'submitted'))!;
    if (!transitionAllowed(table, request.user, applicant.status_id, to.id))
      throw ValidationError.single('status', { key: 'status_transition' });
    await trx
      .updateTable(APPLICANTS_TABLE)
      .set({
        status_id: to.id,
        status_changed_at: sql`now()`,
        updated_at: sql`now()`,
        submitted_at: applicant.submitted_at ?? sql`now()`,
      })
      .where('id', '=', applicant.id)
      .execute();
    await recordAccess(trx, manifest, {
      user: null,
      action: to.key,
      resource: APPLICANTS_TABLE,
      recordId: applicant.id,
      ip: request.ip,
    });
    return { data: { id: applicant.id, status: to }, message: 'application_submitted' as const };
  });
}
