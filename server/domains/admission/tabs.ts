/**
 * The admission form's tabs on the server: the applicant's tab set (the admission_form wizard's
 * `tabSets` by applicant type, hidden tabs left out), the record conditions are evaluated on,
 * and which form fields are files. The same pure functions the browser's wizard uses
 * (wizard-state.ts, conditions.ts), so both sides agree on which tabs and fields exist.
 */
import type { Form, FormField, Manifest, Wizard } from '../../../generator/manifest-types.ts';
import { evaluateCondition } from '../../../engine/core/conditions.ts';
import { tabsFor } from '../../../engine/core/wizard-state.ts';
import type { ApplicantRow } from './applicants.ts';

export const WIZARD_NAME = 'admission_form';

export function admissionWizard(manifest: Manifest): Wizard {
  const wizard = manifest.wizards[WIZARD_NAME];
  if (!wizard) throw new Error(`the manifest declares no ${WIZARD_NAME} wizard`);
  return wizard;
}

/** Route parameters of the form as the wizard sees them: type = the applicant type. */
export function paramsOf(applicant: Pick<ApplicantRow, 'applicant_type_id'>): Record<string, string> {
  return { type: String(applicant.applicant_type_id) };
}

/** Tab values stored per tab: { tab: { field: value } }. */
export type TabData = Record<string, Record<string, unknown>>;

export function tabData(applicant: Pick<ApplicantRow, 'data'>): TabData {
  const data = applicant.data;
  return data && typeof data === 'object' && !Array.isArray(data) ? (data as TabData) : {};
}

/**
 * What conditions and cross-field rules see: the applicant's columns, then every tab's values
 * (the form's own fields named after entity columns hold the same values).
 */
export function flatRecord(applicant: ApplicantRow, data: TabData = tabData(applicant)): Record<string, unknown> {
  const record: Record<string, unknown> = { ...applicant, data: undefined, secret: undefined };
  for (const values of Object.values(data)) Object.assign(record, values);
  return record;
}

/** The applicant's tabs, in order; a tab whose `visibleWhen` fails on the record is left out. */
export function applicantTabs(wizard: Wizard, applicant: ApplicantRow, record = flatRecord(applicant)): string[] {
  const params = paramsOf(applicant);
  return tabsFor(wizard, params).filter((tab) => evaluateCondition(wizard.tabs[tab]?.visibleWhen, { record, params }));
}

export function formOfTab(manifest: Manifest, wizard: Wizard, tab: string): Form | undefined {
  const name = wizard.tabs[tab]?.form;
  return name ? manifest.forms[name] : undefined;
}

export function isFileField(field: FormField): boolean {
  return !!field.upload || field.widget === 'file' || (field.schema as { format?: string }).format === 'data-url';
}

/** The visible fields of a form for this record. */
export function visibleFields(
  form: Form,
  record: Record<string, unknown>,
  params: Record<string, string>,
): FormField[] {
  return form.fields.filter((f) => evaluateCondition(f.visibleWhen, { record, params }));
}

export function fieldRequired(
  field: FormField,
  record: Record<string, unknown>,
  params: Record<string, string>,
): boolean {
  return (
    field.required ||
    field.rules.includes('required') ||
    (!!field.requiredWhen && evaluateCondition(field.requiredWhen, { record, params }))
  );
}

/** Every file field of the applicant's tabs, by name, with the tab it belongs to. */
export function fileFields(
  manifest: Manifest,
  wizard: Wizard,
  tabs: string[],
): Map<string, { tab: string; field: FormField }> {
  const out = new Map<string, { tab: string; field: FormField }>();
  for (const tab of tabs) {
    for (const field of formOfTab(manifest, wizard, tab)?.fields ?? [])
      if (isFileField(field)) out.set(field.name, { tab, field });
  }
  return out;
}

/** Completing `tab` marks it and every earlier tab of the set done. */
export function completeThrough(tabs: string[], done: string[], tab: string): string[] {
  const index = tabs.indexOf(tab);
  const marked = new Set([...done, ...tabs.slice(0, index + 1)]);
  return tabs.filter((t) => marked.has(t)).concat([...marked].filter((t) => !tabs.includes(t)));
}
