/**
 * The admission client's pure logic: local drafts of wizard tabs (kept until the server
 * confirms, restored on reload, one per applicant link and tab), the browser's upload checks
 * (30 MB, accepted types), the fee badges and the payment-due rule, and when the browser keeps
 * an applicant session.
 */
import { describe, expect, it } from 'vitest';
import {
  createDraftStore,
  draftKey,
  mergeDraft,
  type DraftStorage,
} from '../../../engine/react/renderers/wizard/drafts.ts';
import { doneTabsOf } from '../../../engine/react/renderers/wizard/wizard-source.ts';
import { acceptAttribute, checkFiles } from '../../../engine/react/renderers/form/upload-rules.ts';
import { fileNameOf } from '../../../engine/react/renderers/form/upload-target.tsx';
import {
  feeNotDue,
  payableFees,
  paymentDue,
  pendingPaymentStore,
  returnPath,
} from '../../../engine/react/pages/admission/payment.ts';
import { applicantUser, shouldStoreApplicant } from '../../../engine/react/pages/admission/applicant-session.ts';
import { canSubmit } from '../../../engine/react/pages/admission/StatusSummary.tsx';
import { studentKinds } from '../../../engine/react/pages/admission/kinds.ts';
import { normalizeDashboard, type Fee } from '../../../engine/react/pages/admission/admission-api.ts';
import { buildFormSchema, choiceText, itemRefEntity } from '../../../engine/react/renderers/form/form-model.ts';
import type { ClientManifest, Form, FormField } from '../../../generator/manifest-types.ts';

const MB = 1024 * 1024;

function memoryStorage(): DraftStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

describe('wizard drafts', () => {
  it('keeps one draft per wizard, record and tab, and clears only the one confirmed', () => {
    const storage = memoryStorage();
    const drafts = createDraftStore(storage, () => 1000);
    const a = draftKey('admission_form', '12-abc', 'personal_info');
    const b = draftKey('admission_form', '12-abc', 'contact_info');
    const other = draftKey('admission_form', '13-xyz', 'personal_info');
    drafts.write(a, { first_name_en: 'Omar' });
    drafts.write(b, { city: 'Giza' });
    drafts.write(other, { first_name_en: 'Laila' });
    expect(drafts.read(a)).toEqual({ data: { first_name_en: 'Omar' }, savedAt: 1000 });
    drafts.clear(a);
    expect(drafts.read(a)).toBeUndefined();
    expect(drafts.read(b)?.data).toEqual({ city: 'Giza' });
    expect(drafts.read(other)?.data).toEqual({ first_name_en: 'Laila' });
  });

  it('survives a storage that throws and ignores a broken stored value', () => {
    const broken: DraftStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    const drafts = createDraftStore(broken);
    expect(() => drafts.write('k', { a: 1 })).not.toThrow();
    expect(drafts.read('k')).toBeUndefined();
    expect(() => drafts.clear('k')).not.toThrow();
    const storage = memoryStorage();
    storage.setItem('k', '{not json');
    expect(createDraftStore(storage).read('k')).toBeUndefined();
    storage.setItem('k', JSON.stringify({ data: 'text' }));
    expect(createDraftStore(storage).read('k')).toBeUndefined();
    expect(createDraftStore(undefined).read('k')).toBeUndefined();
  });

  it('puts the draft over the server copy and says whether it changed anything', () => {
    const server = { first_name_en: 'Omar', city: 'Cairo' };
    expect(mergeDraft(server, undefined)).toEqual({ data: server, restored: false });
    expect(mergeDraft(server, { data: { city: 'Giza', postal_code: '12345' }, savedAt: 1 })).toEqual({
      data: { first_name_en: 'Omar', city: 'Giza', postal_code: '12345' },
      restored: true,
    });
    expect(mergeDraft(server, { data: { city: 'Cairo' }, savedAt: 1 }).restored).toBe(false);
    // The server could not be reached: the draft alone.
    expect(mergeDraft(undefined, { data: { city: 'Giza' }, savedAt: 1 })).toEqual({
      data: { city: 'Giza' },
      restored: true,
    });
  });

  it('reads the done tabs from an answer', () => {
    expect(doneTabsOf({ data: {}, completed_tabs: ['nationality', 'personal_info'] })).toEqual([
      'nationality',
      'personal_info',
    ]);
    expect(doneTabsOf({ data: { completed_tabs: ['nationality'] } })).toEqual(['nationality']);
    expect(doneTabsOf({ data: {} })).toBeUndefined();
    expect(doneTabsOf(null)).toBeUndefined();
  });
});

describe('upload checks in the browser', () => {
  const documents = { maxSizeMB: 30, accept: ['pdf', 'jpg', 'png'] };
  it('refuses a file over 30 MB and accepts one of exactly 30 MB', () => {
    expect(checkFiles([{ name: 'scan.pdf', size: 31 * MB }], documents)).toEqual([
      { kind: 'too-large', file: 'scan.pdf', maxMB: 30 },
    ]);
    expect(checkFiles([{ name: 'scan.pdf', size: 30 * MB }], documents)).toEqual([]);
  });

  it('refuses a type the field does not accept, whatever the case of the extension', () => {
    expect(checkFiles([{ name: 'setup.exe', size: 10 }], documents)).toEqual([
      { kind: 'type', file: 'setup.exe', accept: ['pdf', 'jpg', 'png'] },
    ]);
    expect(checkFiles([{ name: 'ID.PNG', size: 10 }], documents)).toEqual([]);
    expect(checkFiles([{ name: 'noextension', size: 10 }], documents)[0]?.kind).toBe('type');
    expect(checkFiles([{ name: 'bundle.rar', size: 10 }], { maxSizeMB: 30, accept: ['zip', 'rar', 'pdf'] })).toEqual(
      [],
    );
    expect(acceptAttribute(documents)).toBe('.pdf,.jpg,.png');
  });

  it('names a stored file from its reference or a data URL', () => {
    expect(fileNameOf('files/photo/ab12cd.png')).toBe('ab12cd.png');
    expect(fileNameOf('data:application/pdf;name=my%20scan.pdf;base64,AAAA')).toBe('my scan.pdf');
    expect(fileNameOf(undefined)).toBe('');
  });
});

describe('fees and the payment-due rule', () => {
  const fee = (over: Partial<Fee>): Fee => ({
    billing_kind_id: 1,
    key: 'application',
    label: { en: 'Application fees', ar: 'رسوم التقديم' },
    amount: 500,
    currency: 'EGP',
    status: 'unpaid',
    payment_id: 7,
    due: true,
    ...over,
  });
  it("shows 'not due yet' only for an unpaid fee the server says is not due (other badges are the payment_status table's)", () => {
    expect(feeNotDue(fee({ due: false }))).toBe(true);
    expect(feeNotDue(fee({}))).toBe(false);
    expect(feeNotDue(fee({ status: 'paid', due: false }))).toBe(false);
    expect(feeNotDue(fee({ status: 'pending_review', due: false }))).toBe(false);
  });

  it('offers only unpaid fees that are due, with or without an invoice yet', () => {
    const fees = [
      fee({}),
      fee({ key: 'exam', billing_kind_id: 2, status: 'paid' }),
      fee({ key: 'final', billing_kind_id: 5, due: false }),
      fee({ payment_id: null }),
    ];
    expect(payableFees(fees)).toEqual([fees[0], fees[3]]);
  });

  it('keeps the started payment while the browser is at the provider', () => {
    const map = new Map<string, string>();
    const storage = {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
      removeItem: (k: string) => void map.delete(k),
    };
    const a = pendingPaymentStore(storage, '12');
    a.set('PP-1');
    expect(pendingPaymentStore(storage, '12').get()).toBe('PP-1');
    expect(pendingPaymentStore(storage, '13').get()).toBeUndefined();
    a.clear();
    expect(a.get()).toBeUndefined();
    expect(returnPath({ pathname: '/admissionForm/1/12/s/payment' })).toBe(
      '/admissionForm/1/12/s/payment?transaction=1',
    );
  });

  it("follows the server's payment_due, else the spec's rule", () => {
    const status = (key: string) => ({ id: 1, key, name: key, name_local: key, color: 'danger' });
    expect(paymentDue({ payment_due: false, status: status('final_fees_required'), require_payment: true })).toBe(
      false,
    );
    expect(
      paymentDue({
        payment_due: undefined as unknown as boolean,
        status: status('final_fees_required'),
        require_payment: true,
      }),
    ).toBe(true);
    expect(
      paymentDue({
        payment_due: undefined as unknown as boolean,
        status: status('exam_fails'),
        require_payment: false,
      }),
    ).toBe(false);
    expect(
      paymentDue({
        payment_due: undefined as unknown as boolean,
        status: status('incomplete'),
        require_payment: true,
        early: true,
      }),
    ).toBe(true);
    expect(
      paymentDue({
        payment_due: undefined as unknown as boolean,
        status: status('incomplete'),
        require_payment: true,
        early: false,
      }),
    ).toBe(false);
  });
});

describe('the applicant in the browser', () => {
  const link = { id: '12', type: '1', secret: 'S'.repeat(43) };
  it('keeps an Applicant session (no token) that the guard confines, never replacing staff', () => {
    const user = applicantUser(link, 'Omar');
    expect(user.type.name).toBe('Applicant');
    expect(user.applicant).toEqual({ id: '12', applicant_type_id: '1', secret: link.secret });
    expect(shouldStoreApplicant(null, false, link)).toBe(true);
    expect(shouldStoreApplicant(user, true, link)).toBe(false);
    expect(shouldStoreApplicant(user, true, { ...link, id: '13' })).toBe(true);
    expect(shouldStoreApplicant({ id: 1, name: 'Mona', type: { name: 'Staff', type: 4 } }, true, link)).toBe(false);
  });

  it('submits only when every tab is done and the application may change', () => {
    const tabs = [
      { key: 'nationality', done: true },
      { key: 'payment', done: true },
    ];
    expect(canSubmit({ editable: true, tabs, next_step: { key: 'submit', text: { en: '', ar: '' } } })).toBe(true);
    expect(
      canSubmit({
        editable: true,
        tabs: [...tabs, { key: 'documents', done: false }],
        next_step: { key: 'complete_tabs', text: { en: '', ar: '' } },
      }),
    ).toBe(false);
    expect(canSubmit({ editable: false, tabs, next_step: { key: 'wait_review', text: { en: '', ar: '' } } })).toBe(
      false,
    );
    expect(canSubmit({ editable: true, tabs, next_step: { key: 'fix_feedback', text: { en: '', ar: '' } } })).toBe(
      true,
    );
  });

  it('offers every kind but the staff flow on /apply', () => {
    expect(studentKinds([1, 2, 3, 4, 5, 6, 7])).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe('admission forms in the form model', () => {
  const label = { en: 'x', ar: 'x' };
  const f = (over: Partial<FormField>): FormField =>
    ({ name: 'x', label, schema: { type: 'string' }, required: false, rules: [], ...over }) as FormField;
  const manifest = {
    statusTables: {
      scholarship_kind: {
        name: 'scholarship_kind',
        label,
        flags: false,
        statuses: [{ id: 1, key: 'a', name: 'Academic excellence', name_local: 'التفوق الدراسي', color: 'light' }],
      },
    },
    filters: {},
    entities: { faculties: {}, programs: {}, countries: {} },
  } as unknown as Pick<ClientManifest, 'statusTables' | 'filters' | 'entities'>;
  const form = (fields: FormField[]): Form => ({ name: 'f', title: label, version: 'v', fields }) as unknown as Form;

  it('keeps a hidden field hidden even when it names a ref', () => {
    const { uiSchema } = buildFormSchema(
      form([
        f({ name: 'nationality_id', schema: { type: 'integer' }, widget: 'hidden', options: { ref: 'countries' } }),
      ]),
      manifest,
      'en',
      {},
    );
    expect(uiSchema.nationality_id).toMatchObject({ 'ui:widget': 'hidden' });
  });

  it('draws the ids of a list of preferences as named drop-downs with labels in the language', () => {
    const preferences = f({
      name: 'preferences',
      schema: {
        type: 'array',
        items: {
          type: 'object',
          properties: { faculty_id: { type: 'integer' }, program_id: { type: 'integer' }, order: { type: 'integer' } },
        },
      },
    });
    const { schema, uiSchema } = buildFormSchema(form([preferences]), manifest, 'ar', {});
    // Per row: headed by its number, not by the list's label and "-1"; each list narrowed by the
    // row's other ids (the programs of the chosen faculty).
    expect((uiSchema.preferences.items as (row: unknown, index: number) => unknown)({ faculty_id: 3 }, 1)).toEqual({
      'ui:title': '2',
      faculty_id: { 'ui:widget': 'rowaqRef', 'ui:options': { ref: 'faculties', where: { program_id: undefined } } },
      program_id: { 'ui:widget': 'rowaqRef', 'ui:options': { ref: 'programs', where: { faculty_id: 3 } } },
    });
    const items = (schema.properties!.preferences as { items: { properties: Record<string, { title: string }> } }).items
      .properties;
    expect([items.faculty_id.title, items.program_id.title, items.order.title]).toEqual([
      'الكلية',
      'البرنامج',
      'الترتيب',
    ]);
    expect(itemRefEntity('country_id', manifest.entities)).toBe('countries');
    expect(itemRefEntity('order', manifest.entities)).toBeUndefined();
  });

  it("offers a status table's choices for the id of a list row, not for the list itself", () => {
    const scholarships = f({
      name: 'scholarships',
      schema: {
        type: 'array',
        maxItems: 5,
        items: { type: 'object', properties: { scholarship_id: { type: 'integer' }, reason: { type: 'string' } } },
      },
      options: { status: 'scholarship_kind' },
    });
    const { schema } = buildFormSchema(form([scholarships]), manifest, 'en', {});
    const list = schema.properties!.scholarships as {
      oneOf?: unknown;
      items: { properties: { scholarship_id: { oneOf: unknown } } };
    };
    expect(list.oneOf).toBeUndefined();
    expect(list.items.properties.scholarship_id.oneOf).toEqual([{ const: 1, title: 'Academic excellence' }]);
  });

  it('leaves the content of a file field to its widget (a stored reference is not a data URL)', () => {
    const { schema, uiSchema } = buildFormSchema(
      form([
        f({
          name: 'photo',
          schema: { type: 'string', format: 'data-url' },
          widget: 'file',
          upload: { maxSizeMB: 30, accept: ['png'] },
        }),
      ]),
      manifest,
      'en',
      {},
    );
    expect((schema.properties!.photo as { format?: string }).format).toBeUndefined();
    expect(uiSchema.photo).toMatchObject({ 'ui:widget': 'rowaqUpload' });
  });

  it('keeps a Latin choice such as a blood type in its order on Arabic pages', () => {
    expect(choiceText('A+', 'ar')).toBe('\u2066A+\u2069');
    expect(choiceText('A+', 'en')).toBe('A+');
    expect(choiceText('مسلم', 'ar')).toBe('مسلم');
    expect(choiceText('12', 'ar')).toBe('12');
  });

  it('draws a partial dashboard answer without crashing', () => {
    const d = normalizeDashboard({});
    expect(d.tabs).toEqual([]);
    expect(d.fees).toEqual([]);
    expect(d.status.key).toBe('incomplete');
  });
});
